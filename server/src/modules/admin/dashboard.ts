import {
  CONSOLE_ACCESS,
  dashboardRangeSchema,
  SALES_STATUSES,
  STORE_TIME_ZONE,
} from '../../../../domain/admin';
import { orderStatusLabel } from '../../../../domain/order-status';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { assertAccess } from '../auth';

/**
 * A search the shopper committed to (issue 28, item 9): a results page, or a typeahead suggestion they chose
 * (clicked). Typeahead keystrokes and blank queries are not searches.
 */
const COMMITTED = `btrim(a.query) <> '' and (a.kind = 'search'
  or exists (select 1 from search_click c where c.token = a.token))`;

export interface Dashboard {
  from: string;
  to: string;
  sales: number;
  orderCount: number;
  averageOrderValue: number;
  ordersByStatus: { status: number; label: string; count: number }[];
  salesByDay: { day: string; sales: number; orders: number }[];
  topProducts: { itemId: string; name: string; quantity: number; revenue: number }[];
  /** Each promotion the range's orders took (decision 079): how many, what it took off, and those orders' net sales. */
  promotions: {
    name: string;
    code: string | null;
    redemptions: number;
    discount: number;
    netSales: number;
  }[];
  topSearches: { query: string; count: number }[];
  zeroResultSearches: { query: string; count: number }[];
  /**
   * views -> add to cart -> checkout -> purchase. `views` and `addToCart` are shoppers (distinct click-stream
   * visitors) of the request's site; null when that site sent no click-stream event in the range (not collected).
   */
  funnel: { views: number | null; addToCart: number | null; checkout: number; purchase: number };
  searchClicks: number;
  searches: number;
}

/**
 * The console dashboard for [from, to): one statement per panel, run in parallel on the pool. Sales count
 * orders in SALES_STATUSES; days are the store's (America/New_York).
 */
export async function dashboard(ctx: Ctx, input: unknown): Promise<Dashboard> {
  assertAccess(ctx, CONSOLE_ACCESS.dashboard);
  const range = validate(dashboardRangeSchema, input);
  const from = new Date(range.from);
  const to = new Date(range.to);
  const inRange = 'o.created_at >= ? and o.created_at < ?';
  const [totals, byStatus, byDay, products, promotions, searches, zero, searchCounts, stream] =
    await Promise.all([
      ctx.readDb.execute<{ sales: number; orders: number; placed: number }[]>(
        `select coalesce(sum(o.total) filter (where o.status in (?)), 0)::float8 as sales,
         (count(*) filter (where o.status in (?)))::int as orders, count(*)::int as placed
       from customer_order o where ${inRange}`,
        [SALES_STATUSES, SALES_STATUSES, from, to],
      ),
      ctx.readDb.execute<{ status: number; count: number }[]>(
        `select o.status, count(*)::int as count from customer_order o where ${inRange}
       group by o.status order by count desc, o.status`,
        [from, to],
      ),
      ctx.readDb.execute<{ day: string; sales: number; orders: number }[]>(
        `select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(sum(o.total), 0)::float8 as sales,
         count(o.id)::int as orders
       from generate_series(date_trunc('day', ?::timestamptz at time zone '${STORE_TIME_ZONE}'),
                            ?::timestamptz at time zone '${STORE_TIME_ZONE}' - interval '1 microsecond',
                            interval '1 day') as d(day)
       left join customer_order o on ${inRange} and o.status in (?)
         and date_trunc('day', o.created_at at time zone '${STORE_TIME_ZONE}') = d.day
       group by d.day order by d.day`,
        [from, to, from, to, SALES_STATUSES],
      ),
      ctx.readDb.execute<{ itemId: string; name: string; quantity: number; revenue: number }[]>(
        `select l.product_id as "itemId", min(l.name) as name, sum(l.quantity)::int as quantity,
         sum(l.line_total - l.discount_amount)::float8 as revenue
       from order_line l join customer_order o on o.id = l.order_id
       where ${inRange} and o.status in (?)
       group by l.product_id order by revenue desc, quantity desc limit 10`,
        [from, to, SALES_STATUSES],
      ),
      ctx.readDb.execute<Dashboard['promotions']>(
        `select min(p.name) as name, min(p.code) as code, count(*)::int as redemptions,
         sum(p.amount + p.freight_amount)::float8 as discount, sum(o.sub_total - o.discount_total)::float8 as "netSales"
       from order_promotion p join customer_order o on o.id = p.order_id
       where ${inRange} and o.status in (?) and p.dropped_at is null and (p.amount > 0 or p.freight_amount > 0)
       group by coalesce(p.promotion_id::text, p.name) order by discount desc, name limit 10`,
        [from, to, SALES_STATUSES],
      ),
      ctx.readDb.execute<{ query: string; count: number }[]>(
        `select lower(btrim(query)) as query, count(*)::int as count from search_attribution a
       where ${COMMITTED} and created_at >= ? and created_at < ? group by lower(btrim(query))
       order by count desc, query limit 10`,
        [from, to],
      ),
      ctx.readDb.execute<{ query: string; count: number }[]>(
        `select lower(btrim(query)) as query, count(*)::int as count from search_attribution a
       where ${COMMITTED} and result_count = 0 and created_at >= ? and created_at < ? group by lower(btrim(query))
       order by count desc, query limit 10`,
        [from, to],
      ),
      ctx.readDb.execute<{ searches: number; clicks: number }[]>(
        `select (select count(*)::int from search_attribution a where ${COMMITTED} and created_at >= ? and created_at < ?)
         as searches,
         (select count(*)::int from search_click where created_at >= ? and created_at < ?) as clicks`,
        [from, to, from, to],
      ),
      // The funnel's top: distinct visitors, not events (a shopper opening ten products is one shopper who looked),
      // so each step reads as "how many of those who looked went on". The event's appName is the site; ranges by
      // received_at (the server's clock, BRIN-indexed) like the other panels by created_at.
      ctx.readDb.execute<{ collected: boolean; views: number; addToCart: number }[]>(
        `select count(*) > 0 as collected,
         (count(distinct visitor_id) filter (where event_type = 'detail-page-view'))::int as views,
         (count(distinct visitor_id) filter (where event_type = 'add-to-cart'))::int as "addToCart"
       from clickstream_event where received_at >= ? and received_at < ? and app_name = ?`,
        [from, to, ctx.site],
      ),
    ]);
  const t = totals[0]!;
  const c = stream[0]!;
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    sales: t.sales,
    orderCount: t.orders,
    averageOrderValue: t.orders ? Math.round((t.sales / t.orders) * 100) / 100 : 0,
    ordersByStatus: byStatus.map((r) => ({ ...r, label: orderStatusLabel(r.status) })),
    salesByDay: byDay,
    topProducts: products,
    promotions,
    topSearches: searches,
    zeroResultSearches: zero,
    funnel: {
      views: c.collected ? c.views : null,
      addToCart: c.collected ? c.addToCart : null,
      checkout: t.placed,
      purchase: t.orders,
    },
    searches: searchCounts[0]!.searches,
    searchClicks: searchCounts[0]!.clicks,
  };
}
