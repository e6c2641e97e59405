/**
 * Volume price breaks (issue 32, decision 048): one rule for the product page, listing cards ("from $X"), the cart,
 * saved lists, checkout, orders and partners. Pure functions: the server prices with them, the client re-prices a
 * quantity as it is typed with the same code.
 *
 * A price list offers a product at a price for a quantity of one and, optionally, cheaper prices from larger
 * quantities (10+, 50+, 250+). Every list that applies to the buyer is an offer; the buyer pays, for the line's
 * quantity, the lowest price any offer gives at that quantity.
 *
 * - **Quantity** is the line's quantity: pieces, or packs where the product is sold by the pack.
 * - **Configured products** (base plus options): a break's price stands for the configured piece at its list price;
 *   the piece is priced `(base + options) × breakPrice / listPrice`, rounded once to the cent (decision 011), so a
 *   break is the same discount on every configuration.
 */
import { array, number, object, string, type InferType } from 'yup';
import { round2 } from './money';

/** From `minQuantity` (2 or more) up, one unit costs `price` on this list. */
export interface PriceBreak {
  minQuantity: number;
  price: number;
}

/** One price list's terms for a product, in the buyer's currency: its price for one, base price, breaks. */
export interface PriceOffer {
  /** The price list it comes from: '' for the catalogue's own prices (decision 079 tells contract lines apart). */
  list?: string;
  price: number;
  /** Configured products: the price before options (null: the price is the base). */
  basePrice?: number | null;
  breaks: readonly PriceBreak[];
}

/** A quantity from which a unit costs `unitPrice`, and how much less that is than one unit bought alone. */
export interface PriceTier {
  minQuantity: number;
  unitPrice: number;
  /** Whole percent saved against the price for one, rounded down (never overstated); 0 for the first tier. */
  savingPct: number;
}

/** The most quantity tiers a product carries on one list (the console and the import refuse more). */
export const MAX_PRICE_BREAKS = 8;

/**
 * One offer's unit price at a quantity: its highest break reached, else its price for one. `options` is the sum of
 * a configured piece's options (value × unit price, in the pricing's terms); undefined or null for plain products.
 */
export function offerUnitPrice(offer: PriceOffer, quantity: number, options?: number | null): number {
  const reached = breakAt(offer.breaks, quantity);
  if (options === undefined || options === null) return round2(reached?.price ?? offer.price);
  const piece = (offer.basePrice ?? offer.price) + options;
  if (!reached || offer.price <= 0) return round2(piece);
  return round2((piece * reached.price) / offer.price);
}

/** The highest break whose minimum the quantity reaches, or undefined. */
function breakAt(breaks: readonly PriceBreak[], quantity: number): PriceBreak | undefined {
  let best: PriceBreak | undefined;
  for (const b of breaks)
    if (b.minQuantity <= quantity && (!best || b.minQuantity > best.minQuantity)) best = b;
  return best;
}

/**
 * The tiers a buyer sees: at one and at every break of every offer, the lowest unit price then; a quantity that
 * is not cheaper than the tier before it is left out. Empty when nothing is offered (sold on quotation).
 */
export function tiersOf(offers: readonly PriceOffer[], options?: number | null): PriceTier[] {
  if (offers.length === 0) return [];
  const quantities = [...new Set([1, ...offers.flatMap((o) => o.breaks.map((b) => b.minQuantity))])].sort(
    (a, b) => a - b,
  );
  const tiers: PriceTier[] = [];
  for (const minQuantity of quantities) {
    const unitPrice = Math.min(...offers.map((o) => offerUnitPrice(o, minQuantity, options)));
    const before = tiers[tiers.length - 1];
    if (before && unitPrice >= before.unitPrice) continue;
    const first = tiers[0]?.unitPrice ?? unitPrice;
    tiers.push({ minQuantity, unitPrice, savingPct: savingPct(first, unitPrice) });
  }
  return tiers;
}

/**
 * The offer that prices a quantity (the index in `offers`): the lowest unit price there; a tie goes to a price list
 * over the catalogue, so a contract price that matches the catalogue's still counts as the contract's (decision 079).
 * -1 when nothing is offered.
 */
export function cheapestOfferAt(
  offers: readonly PriceOffer[],
  quantity: number,
  options?: number | null,
): number {
  let best = -1;
  let bestPrice = Infinity;
  offers.forEach((o, i) => {
    const price = offerUnitPrice(o, quantity, options);
    if (price < bestPrice || (price === bestPrice && (o.list ?? '') !== '')) {
      best = i;
      bestPrice = price;
    }
  });
  return best;
}

/** Whole percent from `from` down to `to`, rounded down; 0 when nothing is saved. */
export function savingPct(from: number, to: number): number {
  if (from <= 0 || to >= from) return 0;
  // Cents, so 12.50 → 11.00 is exactly 12, not 11.999….
  return Math.floor(((Math.round(from * 100) - Math.round(to * 100)) * 100) / Math.round(from * 100));
}

/** The tier a quantity reaches (the highest minimum at or below it), or null when nothing is offered. */
export function tierAt(tiers: readonly PriceTier[], quantity: number): PriceTier | null {
  let reached: PriceTier | null = null;
  for (const t of tiers) if (t.minQuantity <= Math.max(1, quantity)) reached = t;
  return reached;
}

/** The next tier above a quantity (the product page's "Buy 50 for $x each"), or null at the last one. */
export function nextTier(tiers: readonly PriceTier[], quantity: number): PriceTier | null {
  return tiers.find((t) => t.minQuantity > quantity) ?? null;
}

/** The lowest unit price any quantity reaches (listing cards' "from"), or null on quotation. */
export const lowestTierPrice = (tiers: readonly PriceTier[]): number | null =>
  tiers.length === 0 ? null : tiers[tiers.length - 1]!.unitPrice;

/* ---------- Staff keep the breaks (console → Prices, GraphQL setPriceBreaks) ---------- */

export const PRICE_BREAK_MESSAGES = {
  minQuantity: 'Volume prices start from a quantity of 2.',
  sameQuantity: 'Each quantity can have one price.',
  price: 'Enter a price of 0 or more.',
  tooMany: `At most ${MAX_PRICE_BREAKS} volume prices per list.`,
  notLower: 'Each volume price must be below the price for a smaller quantity.',
  noPrice: 'This product has no price on this list.',
} as const;

/** A price: 0 or more (a list's price for one, a break's price). */
export const priceSchema = number()
  .typeError(PRICE_BREAK_MESSAGES.price)
  .min(0, PRICE_BREAK_MESSAGES.price)
  .max(1_000_000_000, PRICE_BREAK_MESSAGES.price)
  .required(PRICE_BREAK_MESSAGES.price);

/** One break: from a quantity of 2 or more, a price. */
export const priceBreakSchema = object({
  minQuantity: number()
    .typeError(PRICE_BREAK_MESSAGES.minQuantity)
    .integer(PRICE_BREAK_MESSAGES.minQuantity)
    .min(2, PRICE_BREAK_MESSAGES.minQuantity)
    .max(1_000_000, PRICE_BREAK_MESSAGES.minQuantity)
    .required(PRICE_BREAK_MESSAGES.minQuantity),
  price: priceSchema,
});

/** One list's breaks for one product, as staff send them: they replace what the list had for the product. */
export const priceBreaksSchema = object({
  productId: string().trim().required('Product is required').max(64),
  /** '' is the catalogue's own prices. */
  priceListId: string().trim().max(64).default(''),
  breaks: array(priceBreakSchema).max(MAX_PRICE_BREAKS, PRICE_BREAK_MESSAGES.tooMany).default([]),
});
export type PriceBreaksInput = InferType<typeof priceBreaksSchema>;

/**
 * What is wrong with a list's breaks against its price for one, by row (`breaks[i].minQuantity` or `.price`): a
 * quantity twice, or a price not below the price of a smaller quantity. Empty when they stand.
 */
export function priceBreakProblems(
  priceForOne: number,
  breaks: readonly PriceBreak[],
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const seen = new Set<number>();
  breaks.forEach((b, i) => {
    if (seen.has(b.minQuantity))
      problems.push({ field: `breaks[${i}].minQuantity`, message: PRICE_BREAK_MESSAGES.sameQuantity });
    seen.add(b.minQuantity);
    const smaller = breaks.filter((o) => o.minQuantity < b.minQuantity).map((o) => o.price);
    if (round2(b.price) >= Math.min(priceForOne, ...smaller))
      problems.push({ field: `breaks[${i}].price`, message: PRICE_BREAK_MESSAGES.notLower });
  });
  return problems;
}
