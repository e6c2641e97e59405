/**
 * The one rule of which events a principal may see (decision 070), used by the event feed and by the webhooks
 * consumer for owned endpoints:
 *
 * - staff see every event;
 * - a company's viewer (an API key with `company:orders` whose user belongs to a company) sees that company's order
 *   and quote events (`customer_order.account_id`, `quote.account_id`);
 * - a brand's viewer (an API key with `supplier:products` whose user keeps a brand) sees that brand's inventory and
 *   product events (the product's `brand_id`; an import's stock chunks carry their brand's `brandId`, decision 069);
 * - everything else (`price.changed`, `company.changed`, `company.member_changed`) is staff's only.
 *
 * It is SQL: `eventVisibleTo(e, v)` is a condition over an event row `e` and a viewer row `v` with the columns
 * `sees_all boolean`, `company_id uuid`, `brand_id uuid` (null: none). A request's viewer row is `viewerRow(viewer)`;
 * the webhooks consumer builds one from each endpoint's owner.
 */

/** Who is looking, as the rule needs it: everything, or a company's and/or a brand's events (by the user's brand). */
export type EventViewer =
  { seesAll: true } | { seesAll: false; companyId: string | null; brandOfUserId: string | null };

/** The event types a company's viewer may see, by aggregate; a brand's viewer's. */
const COMPANY_AGGREGATES = ['order', 'quote'] as const;
const BRAND_TYPES = ['inventory.changed', 'product.changed'] as const;

/** The brand a user keeps (a Supplier's `supplier_brand_handle`), as SQL over a user id expression. */
export const brandOfUserSql = (userId: string) =>
  `(select b.id from app_user bu join brand b on b.handle = bu.supplier_brand_handle where bu.id = ${userId})`;

/** A viewer row (`sees_all`, `company_id`, `brand_id`) for a request's viewer: its SQL and parameters. */
export function viewerRow(viewer: EventViewer): { sql: string; params: unknown[] } {
  return {
    sql: `(select ?::boolean as sees_all, ?::uuid as company_id, ${brandOfUserSql('?::uuid')} as brand_id)`,
    params: viewer.seesAll ? [true, null, null] : [false, viewer.companyId, viewer.brandOfUserId],
  };
}

/**
 * Whether the event row `e` is visible to the viewer row `v` (both SQL aliases). `case` keeps each aggregate's id
 * cast behind its type test, so no other aggregate's id is ever read as a uuid.
 */
export function eventVisibleTo(e: string, v: string): string {
  const types = (list: readonly string[]) => list.map((t) => `'${t}'`).join(', ');
  return `(${v}.sees_all or case
    when ${e}.aggregate_type = 'order' and ${v}.company_id is not null then exists (
      select 1 from customer_order vo where vo.id = ${e}.aggregate_id::uuid and vo.account_id = ${v}.company_id)
    when ${e}.aggregate_type = 'quote' and ${v}.company_id is not null then exists (
      select 1 from quote vq where vq.id = ${e}.aggregate_id::uuid and vq.account_id = ${v}.company_id)
    when ${e}.type in (${types(BRAND_TYPES)}) and ${v}.brand_id is not null and ${e}.aggregate_type = 'import'
      then ${e}.payload->>'brandId' = ${v}.brand_id::text
    when ${e}.type in (${types(BRAND_TYPES)}) and ${v}.brand_id is not null then exists (
      select 1 from product vp where vp.id = ${e}.payload->>'productId' and vp.brand_id = ${v}.brand_id)
    else false end)`;
}

/** For the docs and tests: what each kind of viewer may see. */
export const VISIBILITY = { companyAggregates: COMPANY_AGGREGATES, brandTypes: BRAND_TYPES } as const;
