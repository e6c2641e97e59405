import { POPULARITY_WINDOW_DAYS } from './popularity';

/** Orders are few and trusted (no one can forge an order line): co-purchases look back a year. */
export const CO_BOUGHT_ORDER_DAYS = 365;
/** A product bought together with the one shown weighs this many co-viewers. */
export const CO_BOUGHT_WEIGHT = 5;
/** The most recent viewers of the product whose other views count (bounds the work of a popular product). */
const MAX_VIEWERS = 500;

/**
 * Common table expressions ending in `related(id, score)`: the products seen or bought together with one
 * product (the `?` parameters are `relatedParams(productId)`, in order), for the recommendations statement:
 *
 * - co-viewed: distinct visitors (of the product's latest 500 viewers) who also opened the product's detail
 *   page, in the last POPULARITY_WINDOW_DAYS of the click-stream;
 * - co-bought: purchases holding both products — purchase-complete events in that window, or orders of the last
 *   CO_BOUGHT_ORDER_DAYS (order lines). The shop reports each of its orders as an event too, so the larger of
 *   the two counts is taken, not their sum.
 *
 * score = co-viewers + CO_BOUGHT_WEIGHT × co-purchases; the product itself is left out. The viewers and purchase
 * events are found by the partial GIN index on `clickstream_event.product_ids`, their other views by
 * (visitor_id, event_time), the orders by `order_line.product_id`: the work grows with the product's own
 * traffic, not with the click-stream's size.
 */
export const RELATED_CTES = `
  viewers as (
    select e.visitor_id from clickstream_event e
    where e.event_type = 'detail-page-view' and e.product_ids @> array[?]::text[]
      and e.received_at >= now() - make_interval(days => ?)
    group by e.visitor_id order by max(e.received_at) desc limit ${MAX_VIEWERS}
  ),
  co_viewed as (
    select pid as id, count(distinct e.visitor_id)::int as n
    from clickstream_event e join viewers v on v.visitor_id = e.visitor_id
      cross join lateral unnest(e.product_ids) as pid
    where e.event_type = 'detail-page-view' and e.received_at >= now() - make_interval(days => ?)
    group by pid
  ),
  bought_in_events as (
    select pid as id, count(*)::int as n
    from clickstream_event e cross join lateral unnest(e.product_ids) as pid
    where e.event_type = 'purchase-complete' and e.product_ids @> array[?]::text[]
      and e.received_at >= now() - make_interval(days => ?)
    group by pid
  ),
  bought_in_orders as (
    select other.product_id as id, count(distinct other.order_id)::int as n
    from order_line l
    join customer_order o on o.id = l.order_id and o.created_at >= now() - make_interval(days => ?)
    join order_line other on other.order_id = l.order_id
    where l.product_id = ?
    group by other.product_id
  ),
  related as (
    select id, (max(viewed) + ${CO_BOUGHT_WEIGHT} * max(bought))::int as score
    from (
      select id, n as viewed, 0 as bought from co_viewed
      union all select id, 0, n from bought_in_events
      union all select id, 0, n from bought_in_orders
    ) signals
    where id <> ?
    group by id
  )`;

/** The parameters of RELATED_CTES for `productId`. */
export function relatedParams(productId: string): unknown[] {
  const days = POPULARITY_WINDOW_DAYS;
  return [productId, days, days, productId, days, CO_BOUGHT_ORDER_DAYS, productId, productId];
}
