import type { Ctx } from '../../context';
import { DEFAULT_CURRENCY } from '../../../../domain/constants';
import type { PriceBreak, PriceOffer } from '../../../../domain/price-breaks';

/**
 * Whose prices a request sees (decision 017). A site selling in its own currency (pay-ca) prices from its own
 * list: a product missing there is sold on quotation, and option prices follow the list's ratio for that
 * product. Any other site offers the list prices and the signed-in account's price list side by side, and the
 * lower applies for the quantity bought (decision 048).
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

/**
 * The columns `pricedBy` needs, next to PRICE_LIST_JOIN: the product's and the list's prices, and the breaks of
 * both lists (the primary key's index finds them; price-breaks.ts).
 */
export const PRICE_COLUMNS = `p.price::float8 as "ownPrice", p.base_price::float8 as "ownBasePrice",
  pli.price::float8 as "listPrice", pli.base_price::float8 as "listBasePrice", pli.price_list_id as "listId",
  coalesce((select json_agg(json_build_object('list', b.price_list_id, 'minQuantity', b.min_quantity,
              'price', b.price::float8))
            from price_break b where b.price_list_id in ('', pli.price_list_id) and b.product_id = p.id),
    '[]'::json) as breaks`;

export const pricingParams = (pricing: Pricing): [string | null, string | null] => [
  pricing.siteListId,
  pricing.siteListId ? null : pricing.accountId,
];

export interface PriceColumns {
  ownPrice: number | null;
  ownBasePrice: number | null;
  listPrice: number | null;
  listBasePrice: number | null;
  listId: string | null;
  breaks: { list: string; minQuantity: number; price: number }[];
}

export interface Priced {
  /** The price for one (configured products: with `basePrice`, the cheapest list's for one piece). */
  price: number | null;
  basePrice: number | null;
  /** The factor option and market prices take (a site's own list), null when the product is not on it. */
  rate: number | null;
  /** The lists that apply, with their breaks: the buyer pays the lowest for a quantity (decision 048). */
  offers: PriceOffer[];
}

/**
 * A product row's offers (decision 048): a site's own list alone (missing: on quotation), else the catalogue's
 * prices and the account's list side by side; `price`/`basePrice` are the cheapest for one.
 */
export function pricedBy(pricing: Pricing, row: PriceColumns): Priced {
  const breaksOf = (list: string): PriceBreak[] =>
    row.breaks.filter((b) => b.list === list).map(({ minQuantity, price }) => ({ minQuantity, price }));
  if (!pricing.siteListId) {
    const offers: PriceOffer[] = [];
    if (row.ownPrice !== null) {
      offers.push({ list: '', price: row.ownPrice, basePrice: row.ownBasePrice, breaks: breaksOf('') });
    }
    if (row.listPrice !== null && row.listId !== null) {
      const basePrice = row.listBasePrice ?? row.ownBasePrice;
      offers.push({ list: row.listId, price: row.listPrice, basePrice, breaks: breaksOf(row.listId) });
    }
    const forOne = cheapestForOne(offers);
    return { price: forOne?.price ?? null, basePrice: forOne?.basePrice ?? null, rate: 1, offers };
  }
  const rate =
    row.listBasePrice !== null && row.ownBasePrice
      ? row.listBasePrice / row.ownBasePrice
      : row.listPrice !== null && row.ownPrice
        ? row.listPrice / row.ownPrice
        : null;
  const offers =
    row.listPrice === null
      ? []
      : [
          {
            list: pricing.siteListId,
            price: row.listPrice,
            basePrice: row.listBasePrice,
            breaks: breaksOf(pricing.siteListId),
          },
        ];
  return { price: row.listPrice, basePrice: row.listBasePrice, rate, offers };
}

/** The offer a single piece is cheapest on: by base price (options cost the same on every list), then price. */
function cheapestForOne(offers: readonly PriceOffer[]): PriceOffer | undefined {
  const key = (o: PriceOffer) => [o.basePrice ?? o.price, o.price] as const;
  return offers.reduce<PriceOffer | undefined>((best, o) => {
    if (!best) return o;
    const [a, b] = [key(o), key(best)];
    return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? o : best;
  }, undefined);
}

/** An amount of the list prices (market price, option price) in the pricing's terms. */
export const scaled = (amount: number | null, rate: number | null): number | null =>
  amount === null || rate === null ? null : rate === 1 ? amount : amount * rate;
