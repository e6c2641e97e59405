import { cutsPerPiece, planShipment, stockShortMessage, type ShipPart } from '../../../../domain/ship-dates';
import { bookedCuts, lockedPartStock } from './stock.read';
import { WAREHOUSES, warehousesFor } from '../../../../domain/warehouses';
import type { Logger } from 'pino';
import { productPath } from '../../../../domain/routes';
import { AppError, notFound } from '../../common/errors';
import { prepared } from '../../db/prepared';
import { localeOr, sendMessage } from '../mail';
import type { Db } from '../../context';
import { forgetTypeaheadAnswers, bumpIndexVersion } from '../search';
import { publish } from '../events';

/*
 * Stock and reservations (issue 33, decision 050). Every writer locks stock_level rows in (product, warehouse) order,
 * so concurrent orders for the same parts wait for each other and never deadlock; a reservation takes only what is
 * available (on hand less reserved) under that lock, so nothing is oversold.
 */

type WithDb = { db: Db };

/** A stock row as its writer returns it. */
type StockRow = { productId: string; warehouseId: string; onHand: number; reserved: number };

/** `inventory.changed` for each stock row a writer changed, with the row's new counts (decision 065). */
function inventoryChanged(ctx: WithDb, rows: readonly StockRow[], reason: string): void {
  publish(
    ctx,
    ...rows.map((r) => ({
      type: 'inventory.changed' as const,
      aggregateType: 'inventory',
      aggregateId: `${r.productId}:${r.warehouseId}`,
      version: null,
      payload: {
        productId: r.productId,
        warehouseId: r.warehouseId,
        onHand: r.onHand,
        reserved: r.reserved,
        reason,
      },
    })),
  );
}

/**
 * What a writer that may put stock back needs besides the database: the mailer's log and each site's address, for
 * the back-in-stock notices a restock sends (a request's Ctx has both).
 */
export interface StockDeps {
  db: Db;
  log: Logger;
  app: { auth: { siteUrl(site: string): string } };
}

/**
 * Locks the parts' stock rows in (product, warehouse) order: every writer takes them through here (a reservation
 * through lockedPartStock, in the same order), before any other stock lock, and a transaction that touches several orders locks all their parts at once first (lockStockOfOrders).
 */
export async function lockStock(ctx: WithDb, productIds: readonly string[]): Promise<void> {
  const ids = [...new Set(productIds)].sort();
  if (ids.length === 0) return;
  await ctx.db.execute(
    'select 1 from stock_level where product_id in (?) order by product_id, warehouse_id for update',
    [ids],
    'all',
  );
}

/** Locks the stock rows of every part these orders hold (before cancelling several orders in one transaction). */
export async function lockStockOfOrders(ctx: WithDb, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const rows = await ctx.db.execute<{ productId: string }[]>(
    `select distinct product_id as "productId" from stock_reservation where order_id in (?) and status = 'reserved'`,
    [[...orderIds]],
    'all',
  );
  await lockStock(
    ctx,
    rows.map((r) => r.productId),
  );
}

/**
 * The work centres' bookings are changed by one transaction at a time (a transaction-scoped lock per warehouse,
 * taken in warehouse order, after the stock rows): two orders cannot both fill the last hours of a day.
 */
async function lockWorkCentres(ctx: WithDb): Promise<void> {
  for (const w of WAREHOUSES.map((x) => x.id).sort()) {
    await ctx.db.execute('select pg_advisory_xact_lock(hashtext(?))', [`work_centre:${w}`], 'all');
  }
}

/** An order line as reservations read it: pieces in the part's selling unit, and the cuts each piece needs. */
export interface LineToReserve {
  lineId: string;
  productId: string;
  name: string;
  quantity: number;
  cutsPerPiece: number;
}

/** An order's reservations and what they hold of each stock row, in one statement (prepared: a hot path). */
const RESERVE = prepared<StockRow>(
  `with r as (select * from jsonb_to_recordset(?::jsonb) as r(line_id uuid, product_id text, warehouse_id text,
       quantity int, backordered boolean, ship_on date, cuts jsonb)),
   held as (insert into stock_reservation (order_id, order_line_id, product_id, warehouse_id, quantity,
       backordered, ship_on, cuts)
     select ?::uuid, r.line_id, r.product_id, r.warehouse_id, r.quantity, r.backordered, r.ship_on, r.cuts from r)
   update stock_level s set reserved = s.reserved + m.quantity, updated_at = now()
   from (select product_id, warehouse_id, sum(quantity)::int as quantity from r where not backordered
     group by product_id, warehouse_id) m
   where s.product_id = m.product_id and s.warehouse_id = m.warehouse_id
   returning s.product_id as "productId", s.warehouse_id as "warehouseId", s.on_hand as "onHand", s.reserved`,
);

/**
 * Reserves an order's lines inside its transaction (decision 050): the stock rows of its parts locked in order,
 * each line planned by the domain's rule (nearest warehouse first, then the others, the rest on backorder where the
 * part allows it), the plan's pieces reserved, its cuts booked. A line that cannot be filled is refused with its name
 * and what is left (BAD_USER_INPUT on `cart`: the whole order rolls back). Returns each line's ship day.
 */
export async function reserveOrderStock(
  ctx: StockDeps,
  order: { id: string; state: string; lines: readonly LineToReserve[] },
  now = new Date(),
): Promise<Map<string, string>> {
  const productIds = [...new Set(order.lines.map((l) => l.productId))].sort();
  if (productIds.length === 0) return new Map();
  // Locked and read in one statement (lockStock's order).
  const parts = await lockedPartStock(ctx, productIds);
  const cutting = order.lines.some((l) => l.cutsPerPiece > 0);
  if (cutting) await lockWorkCentres(ctx);
  const booked = cutting ? await bookedCuts(ctx) : () => 0;
  const extraCuts = new Map<string, number>();
  const bookedNow = (w: string, day: string) => booked(w, day) + (extraCuts.get(`${w}:${day}`) ?? 0);
  // Two lines of one part (two lengths, say) share its stock: what the first takes, the second does not see.
  const taken = new Map<string, number>();
  const reservations: (ShipPart & { lineId: string; productId: string })[] = [];
  const shipDays = new Map<string, string>();
  for (const line of order.lines) {
    const part = parts.get(line.productId)!;
    const stock = part.stock.map((s) => ({
      warehouseId: s.warehouseId,
      available: s.available - (taken.get(`${line.productId}:${s.warehouseId}`) ?? 0),
    }));
    const plan = planShipment({
      quantity: line.quantity,
      stock,
      state: order.state,
      backorder: part.backorder,
      cutsPerPiece: line.cutsPerPiece,
      booked: bookedNow,
      now,
    });
    if (!plan.fillable) {
      const message = stockShortMessage(line.name, plan.available);
      throw new AppError('BAD_USER_INPUT', message, [{ field: 'cart', message }]);
    }
    for (const p of plan.parts) {
      if (!p.backordered) {
        const key = `${line.productId}:${p.warehouseId}`;
        taken.set(key, (taken.get(key) ?? 0) + p.quantity);
      }
      for (const c of p.cuts) {
        const key = `${p.warehouseId}:${c.day}`;
        extraCuts.set(key, (extraCuts.get(key) ?? 0) + c.cuts);
      }
      reservations.push({ ...p, lineId: line.lineId, productId: line.productId });
    }
    shipDays.set(line.lineId, plan.shipOn);
  }
  const reserved = await RESERVE.all(ctx.db, [
    JSON.stringify(
      reservations.map((r) => ({
        line_id: r.lineId,
        product_id: r.productId,
        warehouse_id: r.warehouseId,
        quantity: r.quantity,
        backordered: r.backordered,
        ship_on: r.shipOn,
        cuts: r.cuts,
      })),
    ),
    order.id,
  ]);
  inventoryChanged(ctx, reserved, 'reserved');
  await bookCuts(
    ctx,
    reservations.flatMap((r) => r.cuts.map((c) => ({ ...c, warehouseId: r.warehouseId }))),
    1,
  );
  // Only a part whose last pieces this order took flips its flag (most orders leave every part in stock).
  const flipping = productIds.filter((id) => {
    const part = parts.get(id)!;
    const left = part.stock.reduce((n, s) => n + s.available - (taken.get(`${id}:${s.warehouseId}`) ?? 0), 0);
    return part.inStock !== left > 0;
  });
  await syncInStock(ctx, flipping);
  return shipDays;
}

/** Adds (`sign` 1) or gives back (-1) reserved pieces, row by row in lock order. */
async function moveReserved(
  ctx: WithDb,
  rows: readonly { productId: string; warehouseId: string; quantity: number }[],
  sign: 1 | -1,
): Promise<void> {
  if (rows.length === 0) return;
  const changed = await ctx.db.execute<StockRow[]>(
    `update stock_level s set reserved = greatest(s.reserved + ? * m.quantity, 0), updated_at = now()
     from (select r.product_id, r.warehouse_id, sum(r.quantity)::int as quantity
       from jsonb_to_recordset(?::jsonb) as r(product_id text, warehouse_id text, quantity int)
       group by r.product_id, r.warehouse_id) m
     where s.product_id = m.product_id and s.warehouse_id = m.warehouse_id
     returning s.product_id as "productId", s.warehouse_id as "warehouseId", s.on_hand as "onHand", s.reserved`,
    [
      sign,
      JSON.stringify(
        rows.map((r) => ({ product_id: r.productId, warehouse_id: r.warehouseId, quantity: r.quantity })),
      ),
    ],
    'all',
  );
  inventoryChanged(ctx, changed, sign === 1 ? 'reserved' : 'released');
}

/** Books (1) or gives back (-1) work-centre cuts. */
async function bookCuts(
  ctx: WithDb,
  cuts: readonly { warehouseId: string; day: string; cuts: number }[],
  sign: 1 | -1,
): Promise<void> {
  if (cuts.length === 0) return;
  const days = JSON.stringify(cuts.map((c) => ({ warehouse_id: c.warehouseId, day: c.day, cuts: c.cuts })));
  const summed = `select r.warehouse_id, r.day, sum(r.cuts)::int as cuts
    from jsonb_to_recordset(?::jsonb) as r(warehouse_id text, day date, cuts int) group by r.warehouse_id, r.day`;
  await ctx.db.execute(
    sign === 1
      ? `insert into work_centre_day (warehouse_id, day, cuts) ${summed}
         on conflict (warehouse_id, day) do update set cuts = work_centre_day.cuts + excluded.cuts`
      : `update work_centre_day w set cuts = greatest(w.cuts - m.cuts, 0) from (${summed}) m
         where w.warehouse_id = m.warehouse_id and w.day = m.day`,
    [days],
    'run',
  );
}

interface HeldReservation {
  id: string;
  productId: string;
  warehouseId: string;
  quantity: number;
  backordered: boolean;
  cuts: { day: string; cuts: number }[];
}

/** The reservations an order (or some of its lines) still holds, their stock rows locked in order. */
async function held(
  ctx: WithDb,
  orderId: string,
  lineIds: readonly string[] | null,
): Promise<HeldReservation[]> {
  // Stock rows first, then the reservations (the order every writer follows).
  await lockStock(ctx, await reservedParts(ctx, orderId));
  const rows = await ctx.db.execute<HeldReservation[]>(
    `select r.id, r.product_id as "productId", r.warehouse_id as "warehouseId", r.quantity, r.backordered, r.cuts
     from stock_reservation r
     where r.order_id = ? and r.status = 'reserved' and (?::boolean or r.order_line_id::text in (?))
     order by r.product_id, r.warehouse_id, r.created_at, r.id for update of r`,
    [orderId, lineIds === null, lineIds?.length ? lineIds : ['']],
    'all',
  );
  if (rows.some((r) => r.cuts.length > 0)) await lockWorkCentres(ctx);
  return rows;
}

/** The parts an order's reservations hold (read without a lock, to lock their stock rows first). */
async function reservedParts(ctx: WithDb, orderId: string): Promise<string[]> {
  const rows = await ctx.db.execute<{ productId: string }[]>(
    `select distinct product_id as "productId" from stock_reservation where order_id = ? and status = 'reserved'`,
    [orderId],
    'all',
  );
  return rows.map((r) => r.productId);
}

/** The stock's subscriber to an order's status changes (decision 067): a cancelled order's stock goes back. */
export async function releaseStockOfCancelledOrder(
  ctx: StockDeps,
  change: { orderId: string; cancelled: boolean },
): Promise<void> {
  if (change.cancelled) await releaseOrderStock(ctx, change.orderId);
}

/**
 * Gives back what an order holds (cancelled, by anyone or for an unpaid payment), or some of its lines (the console
 * changed them): pieces and cuts return, the reservations read `released`.
 */
export async function releaseOrderStock(
  ctx: StockDeps,
  orderId: string,
  lineIds: readonly string[] | null = null,
): Promise<void> {
  const rows = await held(ctx, orderId, lineIds);
  if (rows.length === 0) return;
  await moveReserved(
    ctx,
    rows.filter((r) => !r.backordered),
    -1,
  );
  await bookCuts(
    ctx,
    rows.flatMap((r) => r.cuts.map((c) => ({ ...c, warehouseId: r.warehouseId }))),
    -1,
  );
  await ctx.db.execute(
    `update stock_reservation set status = 'released' where id in (?)`,
    [rows.map((r) => r.id)],
    'run',
  );
  await syncInStock(ctx, [...new Set(rows.map((r) => r.productId))]);
}

/**
 * A shipment left with these lines' pieces: the reservations they held are consumed (on hand and reserved both
 * fall), oldest first; a part of a reservation left for a later shipment stays reserved.
 */
export async function consumeShippedStock(
  ctx: WithDb,
  orderId: string,
  shipped: readonly { orderLineId: string; quantity: number }[],
): Promise<void> {
  await lockStock(ctx, await reservedParts(ctx, orderId));
  const rows = await ctx.db.execute<(HeldReservation & { lineId: string })[]>(
    `select r.id, r.order_line_id as "lineId", r.product_id as "productId", r.warehouse_id as "warehouseId",
       r.quantity, r.backordered, r.cuts
     from stock_reservation r where r.order_id = ? and r.status = 'reserved'
     order by r.backordered, r.ship_on, r.created_at, r.id for update of r`,
    [orderId],
    'all',
  );
  if (rows.length === 0) return;
  const left = new Map(shipped.map((s) => [s.orderLineId, s.quantity]));
  const consumed: { productId: string; warehouseId: string; quantity: number }[] = [];
  for (const r of rows) {
    const take = Math.min(left.get(r.lineId) ?? 0, r.quantity);
    if (take <= 0) continue;
    left.set(r.lineId, (left.get(r.lineId) ?? 0) - take);
    if (!r.backordered) consumed.push({ productId: r.productId, warehouseId: r.warehouseId, quantity: take });
    if (take === r.quantity) {
      await ctx.db.execute(`update stock_reservation set status = 'shipped' where id = ?`, [r.id], 'run');
    } else {
      await ctx.db.execute(
        `with rest as (update stock_reservation set quantity = quantity - ? where id = ? returning *)
         insert into stock_reservation (order_id, order_line_id, product_id, warehouse_id, quantity, backordered,
           ship_on, cuts, status)
         select order_id, order_line_id, product_id, warehouse_id, ?, backordered, ship_on, '[]', 'shipped' from rest`,
        [take, r.id, take],
        'run',
      );
    }
  }
  if (consumed.length === 0) return;
  const changed = await ctx.db.execute<StockRow[]>(
    `update stock_level s set on_hand = greatest(s.on_hand - m.quantity, 0),
       reserved = greatest(s.reserved - m.quantity, 0), updated_at = now()
     from (select r.product_id, r.warehouse_id, sum(r.quantity)::int as quantity
       from jsonb_to_recordset(?::jsonb) as r(product_id text, warehouse_id text, quantity int)
       group by r.product_id, r.warehouse_id) m
     where s.product_id = m.product_id and s.warehouse_id = m.warehouse_id
     returning s.product_id as "productId", s.warehouse_id as "warehouseId", s.on_hand as "onHand", s.reserved`,
    [
      JSON.stringify(
        consumed.map((c) => ({ product_id: c.productId, warehouse_id: c.warehouseId, quantity: c.quantity })),
      ),
    ],
    'all',
  );
  inventoryChanged(ctx, changed, 'shipped');
}

/**
 * Keeps `product.in_stock` (and the search rows' copy) true while some warehouse has a piece available. Only a flip
 * writes: the typeahead's answers that may show the part are then forgotten, as for any stock change.
 */
export async function syncInStock(ctx: StockDeps, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  const flipped = await ctx.db.execute<{ id: string; inStock: boolean }[]>(
    `update product p set in_stock = n.in_stock, updated_at = now()
     from (select q.id, exists (select 1 from stock_level s where s.product_id = q.id and s.on_hand > s.reserved)
       as in_stock from product q where q.id in (select jsonb_array_elements_text(?::jsonb))) n
     where p.id = n.id and p.in_stock is distinct from n.in_stock
     returning p.id, p.in_stock as "inStock"`,
    // As JSON: an import syncs up to 50,000 parts, more than a statement's bind parameters.
    [JSON.stringify(productIds)],
    'all',
  );
  if (flipped.length === 0) return;
  publish(
    ctx,
    ...flipped.map((f) => ({
      type: 'product.changed' as const,
      aggregateType: 'product',
      aggregateId: f.id,
      version: null,
      payload: { productId: f.id, changes: { inStock: f.inStock } },
    })),
  );
  const ids = flipped.map((f) => f.id);
  await ctx.db.execute(
    `update product_search s set in_stock = p.in_stock from product p
     where p.id = s.product_id and p.id in (select jsonb_array_elements_text(?::jsonb))`,
    [JSON.stringify(ids)],
    'run',
  );
  await forgetTypeaheadAnswers(ctx.db, ids);
  await bumpIndexVersion(ctx.db);
  await noticeBackInStock(
    ctx,
    flipped.filter((f) => f.inStock).map((f) => f.id),
  );
}

/**
 * Parts back in stock: each confirmed back-in-stock request not yet answered (decision 053) is e-mailed once (in its language, with a link
 * on its site) and marked, in the caller's transaction, so a rolled-back restock sends nothing.
 */
async function noticeBackInStock(ctx: StockDeps, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  const due = await ctx.db.execute<
    { email: string; locale: string; site: string; productId: string; name: string }[]
  >(
    `update back_in_stock_request r set notified_at = now() from product p
     where p.id = r.product_id and r.product_id in (?) and r.notified_at is null and r.confirmed_at is not null
     returning r.email, r.locale, r.site, r.product_id as "productId", p.name`,
    [[...productIds]],
    'all',
  );
  for (const d of due) {
    await sendMessage(ctx.db, ctx.log, {
      to: d.email,
      locale: localeOr(d.locale),
      message: {
        kind: 'back-in-stock',
        name: d.name,
        partNumber: d.productId,
        url: `${ctx.app.auth.siteUrl(d.site)}${productPath(d.productId)}`,
      },
    });
  }
}

/**
 * New on-hand counts of a part (a count, a delivery, a supplier's feed), its rows locked in order; a restock
 * e-mails the back-in-stock requests. Returns the counts before. NOT_FOUND for an unknown part.
 */
export async function setOnHand(
  ctx: StockDeps,
  productId: string,
  levels: readonly { warehouseId: string; onHand: number }[],
): Promise<{ warehouseId: string; onHand: number }[]> {
  // Not locked: stock rows first, the product row after (syncInStock), as orders take them.
  const [part] = await ctx.db.execute<{ id: string }[]>(
    'select id from product where id = ?',
    [productId],
    'all',
  );
  if (!part) throw notFound(`Product ${productId}`);
  const before = await ctx.db.execute<{ warehouseId: string; onHand: number }[]>(
    `select warehouse_id as "warehouseId", on_hand as "onHand" from stock_level where product_id = ?
     order by warehouse_id for update`,
    [productId],
    'all',
  );
  const counted = await ctx.db.execute<StockRow[]>(
    `insert into stock_level as s (product_id, warehouse_id, on_hand)
     select ?, r.warehouse_id, r.on_hand from jsonb_to_recordset(?::jsonb) as r(warehouse_id text, on_hand int)
     order by r.warehouse_id
     on conflict (product_id, warehouse_id) do update set on_hand = excluded.on_hand, updated_at = now()
     returning s.product_id as "productId", s.warehouse_id as "warehouseId", s.on_hand as "onHand", s.reserved`,
    [productId, JSON.stringify(levels.map((l) => ({ warehouse_id: l.warehouseId, on_hand: l.onHand })))],
    'all',
  );
  inventoryChanged(ctx, counted, 'counted');
  await allocateBackorders(ctx, productId);
  await syncInStock(ctx, [productId]);
  return before;
}

/**
 * New on-hand counts of many parts at once (an import, decision 069), set-based: the stock rows upserted in
 * (product, warehouse) order by one statement, the backorders of those parts that have any filled first, the stock
 * flags synced (back-in-stock notices included). Their `inventory.changed` events are the caller's (an import's go
 * out in chunks). The rows as counted.
 */
export async function countStockLevels(
  ctx: StockDeps,
  levels: readonly { productId: string; warehouseId: string; onHand: number }[],
): Promise<StockRow[]> {
  if (levels.length === 0) return [];
  const counted = await ctx.db.execute<StockRow[]>(
    `insert into stock_level as s (product_id, warehouse_id, on_hand)
     select r.product_id, r.warehouse_id, r.on_hand
     from jsonb_to_recordset(?::jsonb) as r(product_id text, warehouse_id text, on_hand int)
     order by r.product_id, r.warehouse_id
     on conflict (product_id, warehouse_id) do update set on_hand = excluded.on_hand, updated_at = now()
     returning s.product_id as "productId", s.warehouse_id as "warehouseId", s.on_hand as "onHand", s.reserved`,
    [
      JSON.stringify(
        levels.map((l) => ({ product_id: l.productId, warehouse_id: l.warehouseId, on_hand: l.onHand })),
      ),
    ],
    'all',
  );
  const ids = [...new Set(levels.map((l) => l.productId))];
  const waiting = await ctx.db.execute<{ productId: string }[]>(
    `select distinct product_id as "productId" from stock_reservation
     where product_id in (select jsonb_array_elements_text(?::jsonb)) and status = 'reserved' and backordered
     order by 1`,
    [JSON.stringify(ids)],
    'all',
  );
  for (const w of waiting) await allocateBackorders(ctx, w.productId);
  await syncInStock(ctx, ids);
  return counted;
}

/**
 * Stock that arrives goes to the part's backorders first, oldest first at each warehouse (whole reservations, in
 * order: a later backorder never overtakes an earlier one), then to buyers. The part's stock rows are locked.
 */
async function allocateBackorders(ctx: WithDb, productId: string): Promise<void> {
  const waiting = await ctx.db.execute<{ id: string; warehouseId: string; quantity: number }[]>(
    `select id, warehouse_id as "warehouseId", quantity from stock_reservation
     where product_id = ? and status = 'reserved' and backordered order by created_at, id for update`,
    [productId],
    'all',
  );
  if (waiting.length === 0) return;
  const levels = await ctx.db.execute<{ warehouseId: string; available: number }[]>(
    `select warehouse_id as "warehouseId", greatest(on_hand - reserved, 0) as available from stock_level
     where product_id = ?`,
    [productId],
    'all',
  );
  const free = new Map(levels.map((l) => [l.warehouseId, l.available]));
  const blocked = new Set<string>();
  const filled = waiting.filter((r) => {
    if (blocked.has(r.warehouseId) || (free.get(r.warehouseId) ?? 0) < r.quantity) {
      blocked.add(r.warehouseId);
      return false;
    }
    free.set(r.warehouseId, free.get(r.warehouseId)! - r.quantity);
    return true;
  });
  if (filled.length === 0) return;
  await ctx.db.execute(
    'update stock_reservation set backordered = false where id in (?)',
    [filled.map((r) => r.id)],
    'run',
  );
  await moveReserved(
    ctx,
    filled.map((r) => ({ productId, warehouseId: r.warehouseId, quantity: r.quantity })),
    1,
  );
}

/**
 * Returned pieces back on the shelf (a return completed: received, inspected, refunded). A stocked part goes back
 * to the warehouse that shipped most of its line (the ship-to's nearest for a line shipped before reservations were
 * kept); a configured piece (cut to length, machined) was made for the buyer and is not stock again. What comes back
 * serves the part's backorders first, then buyers, and a part out of stock e-mails its back-in-stock requests.
 */
export async function restockReturned(
  ctx: StockDeps,
  order: { id: string; state: string },
  returned: readonly { orderLineId: string; quantity: number }[],
): Promise<void> {
  if (returned.length === 0) return;
  const lines = await ctx.db.execute<
    { lineId: string; productId: string; configurations: unknown[]; shippedFrom: string | null }[]
  >(
    `select l.id as "lineId", l.product_id as "productId", l.configurations,
       (select r.warehouse_id from stock_reservation r where r.order_line_id = l.id and r.status = 'shipped'
        group by r.warehouse_id order by sum(r.quantity) desc, r.warehouse_id limit 1) as "shippedFrom"
     from order_line l where l.order_id = ? and l.id in (?)`,
    [order.id, returned.map((r) => r.orderLineId)],
    'all',
  );
  const nearest = warehousesFor(order.state)[0]!.id;
  const back = new Map<string, { product_id: string; warehouse_id: string; quantity: number }>();
  for (const line of lines) {
    if (cutsPerPiece(line.configurations) > 0) continue;
    const quantity = returned
      .filter((r) => r.orderLineId === line.lineId)
      .reduce((n, r) => n + r.quantity, 0);
    const warehouseId = line.shippedFrom ?? nearest;
    const key = `${line.productId}:${warehouseId}`;
    const at = back.get(key) ?? { product_id: line.productId, warehouse_id: warehouseId, quantity: 0 };
    back.set(key, { ...at, quantity: at.quantity + quantity });
  }
  if (back.size === 0) return;
  const productIds = [...new Set([...back.values()].map((b) => b.product_id))].sort();
  await lockStock(ctx, productIds);
  const returnedRows = await ctx.db.execute<StockRow[]>(
    `insert into stock_level as s (product_id, warehouse_id, on_hand)
     select r.product_id, r.warehouse_id, r.quantity
     from jsonb_to_recordset(?::jsonb) as r(product_id text, warehouse_id text, quantity int)
     order by r.product_id, r.warehouse_id
     on conflict (product_id, warehouse_id) do update set on_hand = s.on_hand + excluded.on_hand,
       updated_at = now()
     returning s.product_id as "productId", s.warehouse_id as "warehouseId", s.on_hand as "onHand", s.reserved`,
    [JSON.stringify([...back.values()])],
    'all',
  );
  inventoryChanged(ctx, returnedRows, 'returned');
  for (const id of productIds) await allocateBackorders(ctx, id);
  await syncInStock(ctx, productIds);
}
