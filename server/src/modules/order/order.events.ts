import type { Ctx } from '../../context';
import { Prepared } from '../../db/prepared';
import { ORDER_STATUS_CODE } from '../../../../domain/order-status';
import { releaseOrderStock, type StockDeps } from '../stock/stock.service';

const RECORD_STATUS_CHANGE = new Prepared(
  `with changed as (
     update customer_order set status = ?, payment_status = coalesce(?, payment_status),
       return_status = coalesce(?, return_status), card_brand = coalesce(?, card_brand),
       card_last4 = coalesce(?, card_last4), version = version + 1, updated_at = now()
     where id = ? returning id)
   insert into order_event (order_id, actor_id, from_status, to_status, note)
   select id, ?::uuid, ?::smallint, ?::smallint, ? from changed`,
);

/**
 * Writes a status change inside the caller's transaction (the order row already locked): the new status and
 * sub-statuses, a new version (stale staff edits then conflict), and the history entry (who, from, to, note), in
 * one statement.
 */
export async function recordStatusChange(
  ctx: Pick<Ctx, 'user'> & StockDeps,
  change: {
    orderId: string;
    from: number;
    to: number;
    note: string;
    paymentStatus?: string | null;
    returnStatus?: string | null;
    card?: { brand: string; last4: string } | null;
  },
): Promise<void> {
  await RECORD_STATUS_CHANGE.all(ctx.db, [
    change.to,
    change.paymentStatus ?? null,
    change.returnStatus ?? null,
    change.card?.brand ?? null,
    change.card?.last4 ?? null,
    change.orderId,
    ctx.user?.id ?? null,
    change.from,
    change.to,
    change.note,
  ]);
  if (change.to === ORDER_STATUS_CODE.OrderCancelled) await onOrderCancelled(ctx, change.orderId);
}

/** An order was cancelled (by anyone, or for an unpaid payment): its stock goes back, its quote reopens. */
export async function onOrderCancelled(ctx: StockDeps, orderId: string): Promise<void> {
  await releaseOrderStock(ctx, orderId);
  await reopenQuoteOf(ctx, orderId);
}

/**
 * An order placed from a quote is cancelled (rejected by an approver, refused credit, unpaid, by the buyer or the
 * store): its quote is accepted again, so the buyer may check it out anew while it is open (decision 049).
 */
async function reopenQuoteOf(ctx: Pick<Ctx, 'db'>, orderId: string): Promise<void> {
  await ctx.db.execute(
    `update quote set status = 'accepted', order_id = null, version = version + 1, updated_at = now()
     where order_id = ?`,
    [orderId],
    'run',
  );
}
