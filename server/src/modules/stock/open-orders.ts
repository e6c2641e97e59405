import { planShipment, type ShipPart } from '../../../../domain/ship-dates';
import { warehousesFor } from '../../../../domain/warehouses';
import { partStockBy, type Run } from './stock.read';

/** Orders still to ship (some of their pieces): open, processing, partly shipped, waiting for payment or approval. */
const OPEN_ORDER_STATUSES = [0, 1, 2, 14, 15, 18, 19];

/**
 * Reservations for open orders that hold none (decision 050): orders placed before stock was kept, and the demo's.
 * Each line's pieces not yet shipped are planned by the domain's rule, oldest order first, from the ship-to's nearest
 * warehouse; what the stock cannot fill is backordered whatever the part's terms (the order was already accepted),
 * so a later count serves these orders before new buyers. With `counted` (the demo's seed) the stock is taken to
 * count the pieces these orders hold: on hand rises by what each reserves, and what buyers see is unchanged.
 * Work-centre time is not booked (the cuts are not known to have been planned). `numbers`: only the orders numbered
 * from…to (a batch of demo orders). Returns the lines held.
 */
export async function holdOpenOrders(
  run: Run,
  {
    counted = false,
    numbers = null,
    now = new Date(),
  }: { counted?: boolean; numbers?: readonly [string, string] | null; now?: Date } = {},
): Promise<number> {
  const lines = await run<
    { lineId: string; orderId: string; productId: string; state: string | null; quantity: number }[]
  >(
    `select l.id as "lineId", l.order_id as "orderId", l.product_id as "productId",
       o.shipping_address->>'state' as state,
       (l.quantity - coalesce((select sum(s.quantity) from shipment_line s where s.order_line_id = l.id), 0))::int
         as quantity
     from order_line l join customer_order o on o.id = l.order_id
     where o.status in (?) and (?::bigint is null or o.order_number between ? and ?)
       and not exists (select 1 from stock_reservation r where r.order_line_id = l.id)
     order by o.created_at, o.id, l.line_no`,
    [OPEN_ORDER_STATUSES, numbers?.[0] ?? null, numbers?.[0] ?? null, numbers?.[1] ?? null],
  );
  const due = lines.filter((l) => l.quantity > 0);
  if (due.length === 0) return 0;
  const productIds = [...new Set(due.map((l) => l.productId))];
  const byId = await partStockBy(run, productIds);
  const held: (ShipPart & { orderId: string; lineId: string; productId: string })[] = [];
  for (const line of due) {
    const part = byId.get(line.productId);
    if (!part) continue;
    const plan = planShipment({
      quantity: line.quantity,
      // The demo's stock counts these pieces: each line finds them at its nearest warehouse.
      stock: counted
        ? [{ warehouseId: warehousesFor(line.state)[0]!.id, available: line.quantity }]
        : part.stock,
      state: line.state,
      backorder: { allowed: true, leadTimeDays: part.backorder.leadTimeDays },
      now,
    });
    // Backorders allowed: every plan is fillable.
    if (!plan.fillable) continue;
    for (const p of plan.parts) {
      const at = part.stock.find((s) => s.warehouseId === p.warehouseId);
      if (at && !counted && !p.backordered) at.available -= p.quantity;
      held.push({ ...p, orderId: line.orderId, lineId: line.lineId, productId: line.productId });
    }
  }
  await run(
    `insert into stock_reservation (order_id, order_line_id, product_id, warehouse_id, quantity, backordered, ship_on)
     select r.order_id, r.line_id, r.product_id, r.warehouse_id, r.quantity, r.backordered, r.ship_on
     from jsonb_to_recordset(?::jsonb) as r(order_id uuid, line_id uuid, product_id text, warehouse_id text,
       quantity int, backordered boolean, ship_on date)`,
    [
      JSON.stringify(
        held.map((h) => ({
          order_id: h.orderId,
          line_id: h.lineId,
          product_id: h.productId,
          warehouse_id: h.warehouseId,
          quantity: h.quantity,
          backordered: h.backordered,
          ship_on: h.shipOn,
        })),
      ),
    ],
  );
  const reserved = held.filter((h) => !h.backordered);
  if (reserved.length > 0) {
    await run(
      `insert into stock_level (product_id, warehouse_id, on_hand, reserved)
       select m.product_id, m.warehouse_id, case when ? then m.quantity else 0 end, m.quantity
       from (select r.product_id, r.warehouse_id, sum(r.quantity)::int as quantity
         from jsonb_to_recordset(?::jsonb) as r(product_id text, warehouse_id text, quantity int)
         group by r.product_id, r.warehouse_id order by r.product_id, r.warehouse_id) m
       on conflict (product_id, warehouse_id) do update set
         on_hand = stock_level.on_hand + case when ? then excluded.on_hand else 0 end,
         reserved = stock_level.reserved + excluded.reserved, updated_at = now()`,
      [
        counted,
        JSON.stringify(
          reserved.map((r) => ({
            product_id: r.productId,
            warehouse_id: r.warehouseId,
            quantity: r.quantity,
          })),
        ),
        counted,
      ],
    );
  }
  if (!counted) {
    // A counted part whose last pieces these orders took reads out of stock, in search and the typeahead too (a
    // part never counted keeps its flag until it is).
    await run(
      `with n as (
         update product p set in_stock = exists (select 1 from stock_level s where s.product_id = p.id
           and s.on_hand > s.reserved), updated_at = now()
         where p.id in (?) and exists (select 1 from stock_level s where s.product_id = p.id)
         returning p.id, p.in_stock)
       update product_search s set in_stock = n.in_stock from n where s.product_id = n.id`,
      [productIds],
    );
    await run('update typeahead_answer set answer = null, stale = false');
    await run('update search_index_state set version = version + 1, refreshed_at = now() where id = 1');
  }
  return due.length;
}
