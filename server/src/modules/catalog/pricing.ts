import type { Ctx } from '../../context';
import { DEFAULT_CURRENCY } from '../../../../domain/constants';

/**
 * Whose prices a request sees (decision 017). A site selling in its own currency (pay-ca) prices from its own
 * list: a product missing there is sold on quotation, and option prices follow the list's ratio for that
 * product. Any other site shows the list prices, replaced by the signed-in account's price list where it has one.
 */
export interface Pricing {
  site: string;
  /** The signed-in buyer's business account (its price list applies on sites without their own). */
  accountId: string | null;
}

export const pricingOf = (ctx: Ctx): Pricing => ({ site: ctx.site, accountId: ctx.user?.accountId ?? null });

/** The site's prices whoever asks (product views: the same for every shopper of the site). */
export const sitePricing = (ctx: Ctx): Pricing => ({ site: ctx.site, accountId: null });

/** The currency the request's site sells in. */
export async function currencyOf(ctx: Ctx): Promise<string> {
  return (await ctx.catalog.site())?.currency ?? DEFAULT_CURRENCY;
}

/**
 * A lateral join giving, for product `p`, `pr.price`, `pr.base_price` and `pr.option_rate` (what option unit
 * prices are multiplied by). Two parameters, in this order: `pricingParams(pricing)`.
 */
export const PRICE_LATERAL = `
  cross join lateral (
    select
      case when l.list is null then coalesce(pli.price, p.price) else pli.price end as price,
      case when l.list is null then coalesce(pli.base_price, p.base_price) else pli.base_price end as base_price,
      case when l.list is null then 1
        else coalesce(pli.base_price / nullif(p.base_price, 0), pli.price / nullif(p.price, 0)) end as option_rate
    from (select (select price_list_id from site where id = ?) as list) l
    left join price_list_item pli on pli.product_id = p.id
      and pli.price_list_id = coalesce(l.list, (select price_list_id from business_account where id = ?::uuid))
  ) pr`;

export const pricingParams = (pricing: Pricing): [string, string | null] => [pricing.site, pricing.accountId];
