import type { Ctx } from '../../context';
import { DEFAULT_CURRENCY } from '../../../../domain/constants';

/**
 * Whose prices a request sees (decision 017). A site selling in its own currency (pay-ca) prices from its own
 * list: a product missing there is sold on quotation, and option prices follow the list's ratio for that
 * product. Any other site shows the list prices, replaced by the signed-in account's price list where it has one.
 */
export interface Pricing {
  /** The site's own price list, or null. */
  siteListId: string | null;
  /** The signed-in buyer's business account (its price list applies on sites without their own). */
  accountId: string | null;
  currency: string;
}

export async function pricingOf(ctx: Ctx): Promise<Pricing> {
  const site = await ctx.catalog.site();
  return {
    siteListId: site?.priceListId ?? null,
    accountId: ctx.user?.accountId ?? null,
    currency: site?.currency ?? DEFAULT_CURRENCY,
  };
}

/** The site's prices whoever asks (product views: the same for every shopper of the site). */
export async function sitePricing(ctx: Ctx): Promise<Pricing> {
  return { ...(await pricingOf(ctx)), accountId: null };
}

/**
 * Joins product `p` to the price list that applies (`pli`): two parameters, `pricingParams(pricing)`. Kept a
 * plain join (planned in a fraction of a millisecond); `pricedBy` applies the rule to what it reads.
 */
export const PRICE_LIST_JOIN = `left join price_list_item pli on pli.product_id = p.id
  and pli.price_list_id = coalesce(?::text, (select price_list_id from business_account where id = ?::uuid))`;

/** The columns `pricedBy` needs, next to PRICE_LIST_JOIN. */
export const PRICE_COLUMNS = `p.price::float8 as "ownPrice", p.base_price::float8 as "ownBasePrice",
  pli.price::float8 as "listPrice", pli.base_price::float8 as "listBasePrice"`;

export const pricingParams = (pricing: Pricing): [string | null, string | null] => [
  pricing.siteListId,
  pricing.siteListId ? null : pricing.accountId,
];

export interface PriceColumns {
  ownPrice: number | null;
  ownBasePrice: number | null;
  listPrice: number | null;
  listBasePrice: number | null;
}

/**
 * The price, base price and option-price factor of a product row: the site's own list alone (missing: on
 * quotation), else the account's list over the list prices.
 */
export function pricedBy(
  pricing: Pricing,
  row: PriceColumns,
): { price: number | null; basePrice: number | null; rate: number | null } {
  if (!pricing.siteListId) {
    return {
      price: row.listPrice ?? row.ownPrice,
      basePrice: row.listBasePrice ?? row.ownBasePrice,
      rate: 1,
    };
  }
  const rate =
    row.listBasePrice !== null && row.ownBasePrice
      ? row.listBasePrice / row.ownBasePrice
      : row.listPrice !== null && row.ownPrice
        ? row.listPrice / row.ownPrice
        : null;
  return { price: row.listPrice, basePrice: row.listBasePrice, rate };
}

/** An amount of the list prices (market price, option price) in the pricing's terms. */
export const scaled = (amount: number | null, rate: number | null): number | null =>
  amount === null || rate === null ? null : rate === 1 ? amount : amount * rate;
