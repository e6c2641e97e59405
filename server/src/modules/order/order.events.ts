import type { Transaction } from '@mikro-orm/core';
import type { Ctx } from '../../context';
import { Prepared } from '../../db/prepared';

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
  ctx: Pick<Ctx, 'db' | 'user'>,
  trx: Transaction,
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
  await RECORD_STATUS_CHANGE.all(
    ctx.db,
    [
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
    ],
    trx,
  );
}
