import type { Logger } from 'pino';
import type { Ctx, Db } from '../../context';
import { Prepared } from '../../db/prepared';
import { ORDER_STATUS, ORDER_STATUS_CODE, type OrderStatusCode } from '../../../../domain/order-status';
import { publish, type EventType, type NewEvent } from '../events';
import type { OrderMail } from './order-mail';

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

const NOTE = new Prepared(
  `with noted as (
     update customer_order set version = version + (case when ? then 1 else 0 end),
       updated_at = case when ? then now() else updated_at end
     where id = ? returning id)
   insert into order_event (order_id, actor_id, from_status, to_status, note)
   select id, ?::uuid, ?::smallint, ?::smallint, ? from noted`,
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

/**
 * A history entry that changes no status (a partial delivery, credit approved while the company still decides):
 * `at` the status it was written at (null: none named), `touch` when the order takes a new version with it.
 */
export async function recordOrderNote(
  deps: StatusDeps,
  entry: { orderId: string; note: string; at: number | null; touch: boolean },
): Promise<void> {
  await NOTE.all(deps.db, [
    entry.touch,
    entry.touch,
    entry.orderId,
    deps.user?.id ?? null,
    entry.at,
    entry.at,
    entry.note,
  ]);
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
 * order's id, the status codes and labels it went from and to, and who made it.
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
  }));
}
