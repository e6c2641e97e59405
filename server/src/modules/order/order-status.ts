import type { Logger } from 'pino';
import type { Ctx, Db } from '../../context';
import { Prepared } from '../../db/prepared';
import {
  ORDER_STATUS,
  ORDER_STATUS_CODE,
  type OrderStatusCode,
  type PaymentStatus,
} from '../../../../domain/order-status';
import { publish, type EventType, type NewEvent } from '../events';
import type { OrderMail } from './order-mail';
import { SALES_ORDER_KEY } from './sales-order';

/*
 * The one writer of an order's status and of its history (`order_event`), decision 067: a placement, a payment, an
 * approval, the console's edit, a shipment, a cancellation, a return, the sweep of unpaid orders, a company's or the
 * store's decision. Each status change is published, inside its transaction, to the subscribers wired at start
 * (app.ts): they only write rows (stock given back, a quote reopened, the buyer's e-mail queued in the outbox), and
 * one that throws rolls the whole change back. Nothing that leaves the process runs in a subscriber.
 */

/** What a subscriber may use: the request's (or the sweep's) connection, logger and site links. */
export type StatusDeps = Pick<Ctx, 'user'> & {
  db: Db;
  log: Logger;
  app: { auth: { siteUrl(site: string): string } };
};

/** A status change, as written and as its subscribers (and the business events) read it. */
export interface OrderStatusChanged {
  orderId: string;
  /** Null for a placement (the order's first status). */
  from: number | null;
  to: number;
  /** Who changed it (null: the buyer as a guest, or the store itself). */
  actorId: string | null;
  /** The order's version after the change. */
  version: number;
  placed: boolean;
  /** Payment received (a card authorised or charged) or a purchase order accepted. */
  paid: boolean;
  shipped: boolean;
  cancelled: boolean;
  /** The e-mail the buyer gets for this change, if any (queued in the outbox by its subscriber). */
  notice: OrderMail | null;
}

/** Runs inside the change's transaction and only writes rows. */
export type OrderStatusSubscriber = (deps: StatusDeps, change: OrderStatusChanged) => Promise<void>;

const subscribers = new Set<OrderStatusSubscriber>();

/** Wires subscribers (once each, however many apps a process makes); returns how to take them off again. */
export function subscribeToOrderStatus(...added: OrderStatusSubscriber[]): () => void {
  for (const s of added) subscribers.add(s);
  return () => added.forEach((s) => subscribers.delete(s));
}

export interface StatusChange {
  orderId: string;
  from: number;
  to: number;
  note: string;
  paymentStatus?: string | null;
  returnStatus?: string | null;
  card?: { brand: string; last4: string } | null;
  notice?: OrderMail | null;
}

const CHANGE_STATUS = new Prepared<{ version: number }>(
  `with changed as (
     update customer_order set status = ?, payment_status = coalesce(?, payment_status),
       return_status = coalesce(?, return_status), card_brand = coalesce(?, card_brand),
       card_last4 = coalesce(?, card_last4), version = version + 1, updated_at = now()
     where id = ? returning id, version)
   insert into order_event (order_id, actor_id, from_status, to_status, note)
   select id, ?::uuid, ?::smallint, ?::smallint, ? from changed
   returning (select version from changed)`,
);

const PLACE = new Prepared<{ version: number }>(
  `with placed as (update customer_order set status = ? where id = ? returning id, version)
   insert into order_event (order_id, actor_id, from_status, to_status, note)
   select id, ?::uuid, null, ?::smallint, ? from placed
   returning (select version from placed)`,
);

const SUB_STATUSES = new Prepared(
  `update customer_order set
     payment_status = case when ?::text is null or payment_status = ? then coalesce(?, payment_status)
                           else payment_status end,
     return_status = coalesce(?, return_status), shipment_status = coalesce(?, shipment_status),
     delivery_status = coalesce(?, delivery_status),
     delivered_at = case when not ? then delivered_at when ?::date is null then null
                         else least((?::date + time '12:00') at time zone 'UTC', now()) end,
     version = version + (case when ? then 1 else 0 end), updated_at = case when ? then now() else updated_at end
   where id = ?`,
);

const NOTE = new Prepared(
  `insert into order_event (order_id, actor_id, from_status, to_status, note) values (?, ?::uuid, ?::smallint, ?::smallint, ?)`,
);

/**
 * Changes an order's status inside the caller's transaction (the order row already locked): the new status and
 * sub-statuses, a new version (stale staff edits then conflict) and the history entry (who, from, to, note) in one
 * statement; then the subscribers.
 */
export async function changeOrderStatus(deps: StatusDeps, change: StatusChange): Promise<OrderStatusChanged> {
  const [row] = await CHANGE_STATUS.all(deps.db, [
    change.to,
    change.paymentStatus ?? null,
    change.returnStatus ?? null,
    change.card?.brand ?? null,
    change.card?.last4 ?? null,
    change.orderId,
    deps.user?.id ?? null,
    change.from,
    change.to,
    change.note,
  ]);
  const to = change.to;
  return statusChanged(deps, {
    orderId: change.orderId,
    from: change.from,
    to,
    actorId: deps.user?.id ?? null,
    version: row!.version,
    placed: false,
    paid:
      to === ORDER_STATUS_CODE.Authorized ||
      (to === ORDER_STATUS_CODE.Processing && change.paymentStatus === 'PENDING'),
    shipped: to === ORDER_STATUS_CODE.PartiallyShipped || to === ORDER_STATUS_CODE.Shipped,
    cancelled: to === ORDER_STATUS_CODE.OrderCancelled,
    notice: change.notice ?? null,
  });
}

/** A placed order's first status (Open) and its first history entry, in the placement's transaction. */
export async function recordPlacement(
  deps: StatusDeps,
  placement: { orderId: string; note: string },
): Promise<OrderStatusChanged> {
  const to = ORDER_STATUS_CODE.Open;
  const [row] = await PLACE.all(deps.db, [to, placement.orderId, deps.user?.id ?? null, to, placement.note]);
  return statusChanged(deps, {
    orderId: placement.orderId,
    from: null,
    to,
    actorId: deps.user?.id ?? null,
    version: row!.version,
    placed: true,
    paid: false,
    shipped: false,
    cancelled: false,
    notice: null,
  });
}

/** What moves without the status code: the payment, return, shipment and delivery statuses, a history note. */
export interface SubStatusChange {
  orderId: string;
  paymentStatus?: PaymentStatus;
  /** The payment status changes only from this one (a capture that raced another is not written twice). */
  paymentStatusWas?: PaymentStatus;
  returnStatus?: string;
  shipmentStatus?: string;
  deliveryStatus?: string;
  /** With the delivery status: the day it was delivered (null: not delivered). */
  deliveredOn?: string | null;
  /** A new version with it (a form opened before then is stale). */
  touch: boolean;
  /** A history entry that changes no status (a partial delivery, credit approved while the company decides), `at` the status it was written at (null: none named). */
  note?: { text: string; at: number | null };
}

/**
 * The order's sub-statuses and history note, inside the caller's transaction (or alone, one statement each): the
 * payment captured, recorded or refunded, the return's progress, the shipment and delivery, without a status
 * change (changeOrderStatus moves the status code, and the sub-statuses that go with it).
 */
export async function changeOrderSubStatus(deps: StatusDeps, change: SubStatusChange): Promise<void> {
  const moves = change.paymentStatus ?? change.returnStatus ?? change.shipmentStatus ?? change.deliveryStatus;
  if (moves !== undefined || change.touch) {
    const delivery = change.deliveredOn !== undefined;
    await SUB_STATUSES.all(deps.db, [
      change.paymentStatusWas ?? null,
      change.paymentStatusWas ?? null,
      change.paymentStatus ?? null,
      change.returnStatus ?? null,
      change.shipmentStatus ?? null,
      change.deliveryStatus ?? null,
      delivery,
      change.deliveredOn ?? null,
      change.deliveredOn ?? null,
      change.touch,
      change.touch,
      change.orderId,
    ]);
  }
  if (change.note) {
    const { text, at } = change.note;
    await NOTE.all(deps.db, [change.orderId, deps.user?.id ?? null, at, at, text]);
  }
}

/**
 * The statuses of card orders whose history happened before the store held them (the demo's seeded orders),
 * set-based: the status code with the sub-statuses it implies (a card is captured when the order ships, decision
 * 035; a delivered order arrived four days after it was placed, never in the future). No history entry, no
 * subscriber and no business event: nothing changes now.
 */
export async function importOrderStatuses(
  db: Db,
  orders: { id: string; status: number; at: string }[],
): Promise<void> {
  const S = ORDER_STATUS_CODE;
  const shipped = `${S.PartiallyShipped}, ${S.Shipped}, ${S.Delivered}`;
  for (let i = 0; i < orders.length; i += 10_000) {
    await db.execute(
      `update customer_order o set status = t.status,
         payment_status = case when t.status = ${S.PaymentFailed} then 'FAILED'
                               when t.status = ${S.OrderCancelled} then 'REFUNDED'
                               when t.status in (${shipped}) then 'PAID' else 'AUTHORIZED' end,
         shipment_status = case when t.status in (${S.Shipped}, ${S.Delivered}) then 'SHIPPED'
                                when t.status = ${S.PartiallyShipped} then 'PARTIALLY_SHIPPED' else 'UNSHIPPED' end,
         delivery_status = case when t.status = ${S.Delivered} then 'DELIVERED' else 'NO_DELIVERY' end,
         delivered_at = case when t.status = ${S.Delivered}
                             then least(t.at + interval '4 days', greatest(t.at, now() - interval '2 hours')) end
       from jsonb_to_recordset(?::jsonb) as t(id uuid, status smallint, at timestamptz)
       where o.id = t.id`,
      [JSON.stringify(orders.slice(i, i + 10_000))],
      'run',
    );
  }
}

/**
 * Where a status change is published: every subscriber, in the change's transaction. The one spot the business
 * events of a change (order.placed, order.status_changed, order.paid, order.shipped, order.cancelled) are written.
 */
async function statusChanged(deps: StatusDeps, change: OrderStatusChanged): Promise<OrderStatusChanged> {
  if (subscribers.size === 0)
    throw new Error('No order status subscribers are wired (createApp wires them).');
  for (const subscriber of subscribers) await subscriber(deps, change);
  publish(deps, ...orderEvents(change));
  return change;
}

/**
 * The business events of a status change (decision 065), written with it: `order.status_changed` every time, and
 * `order.placed` / `order.paid` / `order.shipped` / `order.cancelled` for the change they name. Each carries the
 * order's id, the status codes and labels it went from and to, and who made it, and the order's `salesOrder` as
 * committed (sales-order.ts, decision 071).
 */
function orderEvents(change: OrderStatusChanged): NewEvent[] {
  const payload = {
    orderId: change.orderId,
    from: change.from,
    fromLabel: change.from === null ? null : ORDER_STATUS[change.from as OrderStatusCode],
    to: change.to,
    toLabel: ORDER_STATUS[change.to as OrderStatusCode],
    actor: change.actorId,
  };
  const types: EventType[] = ['order.status_changed'];
  if (change.placed) types.unshift('order.placed');
  if (change.paid) types.push('order.paid');
  if (change.shipped) types.push('order.shipped');
  if (change.cancelled) types.push('order.cancelled');
  return types.map((type) => ({
    type,
    aggregateType: 'order',
    aggregateId: change.orderId,
    version: change.version,
    actorId: change.actorId,
    payload,
    attach: SALES_ORDER_KEY,
  }));
}
