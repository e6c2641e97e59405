import { round2 } from './money';

/**
 * Prices staff may give without a second person (issue 52, decision 054): a quote's line or an order line priced
 * more than a share below its catalogue price, or at zero, needs a Service or Admin role (CONSOLE_ACCESS
 * .belowCataloguePrices). The share is the store's STAFF_DISCOUNT_LIMIT_PCT setting.
 */

/** The share, in percent, when STAFF_DISCOUNT_LIMIT_PCT is not set. */
export const DEFAULT_STAFF_DISCOUNT_LIMIT_PCT = 15;

/**
 * True when `price` (per unit) is zero or below, or more than `limitPct` percent below `cataloguePrice` (per unit,
 * as the line counts its quantity): at 15%, 85.00 for a 100.00 part stands, 84.99 needs a Service or Admin role.
 * A line the catalogue does not price (null) is held only at zero.
 */
export function needsPriceApproval(price: number, cataloguePrice: number | null, limitPct: number): boolean {
  if (round2(price) <= 0) return true;
  if (cataloguePrice === null || cataloguePrice <= 0) return false;
  return Math.round(price * 100) < Math.round(lowestPriceWithoutApproval(cataloguePrice, limitPct) * 100);
}

/**
 * The lowest price `limitPct` percent below `cataloguePrice` allows, to the cent above (in whole cents, so no
 * binary fraction moves it): 15% off 10.50 is 8.925, so 8.93 stands and 8.92 is held.
 */
export function lowestPriceWithoutApproval(cataloguePrice: number, limitPct: number): number {
  const cents = Math.round(cataloguePrice * 100) * (100 - limitPct);
  return Math.ceil(cents / 100 - 1e-9) / 100;
}

/** The refusal next to such a price (translated in domain/message-translations.ts). */
export const belowCatalogueMessage = (limitPct: number) =>
  `More than ${limitPct}% below the catalogue price, or zero: this price needs a Service or Admin role.`;

export const PRICE_APPROVAL_MESSAGES = {
  /** A Service or Admin user sends a draft; none is saved. */
  noDraft: 'This quote has no draft to send: reload it.',
} as const;
