import { unpaidCancelAt, type UnpaidOrderPolicy } from '../../../../domain/checkout';
import { AWAITING_PAYMENT, ORDER_STATUS_CODE } from '../../../../domain/order-status';
import type { PaymentProvider } from '../payment';
import { changeOrderStatus } from './order-status';
import { lockStockOfOrders } from '../stock';
import { cancellationMail, paymentReminderMail, queueOrderEmail, type MailDeps } from './order-mail';

declare module '../../context' {
  interface AppServices {
    /** When unpaid orders are reminded and cancelled. */
    unpaidOrders: UnpaidOrderPolicy;
  }
}

export interface SweepDeps extends MailDeps {
  payments: PaymentProvider;
  policy: UnpaidOrderPolicy;
}

const BATCH = 50;

/** The processor's reasons the e-mail knows how to say in every language. */
const PROVIDER_REASONS: Record<string, 'declined' | 'authentication'> = {
  'Your card was declined.': 'declined',
  'Your bank could not authenticate this payment.': 'authentication',
};

/** When payment first failed (or first waited for the bank) for each unpaid order: the cancel clock's start. */
const UNPAID_SINCE = `(select min(e.at) from order_event e where e.order_id = o.id and e.to_status in (?))`;

/**
 * One pass over orders left waiting for payment (14, 15): the buyer gets one e-mail with the link to pay once the
 * order has been left so for `remindAfterMinutes`; `cancelAfterDays` after payment first failed, the payment is
 * cancelled at the provider, the order goes to Order Cancelled and the buyer is told. Rows are claimed with
 * `for update skip locked`, so every process may run it; a buyer paying at that moment either wins the row lock
 * (the order is paid and no longer unpaid) or finds the order cancelled.
 */
export async function sweepUnpaidOrders(deps: SweepDeps): Promise<{ reminded: number; cancelled: number }> {
  // The store cancels: no user; stock given back may answer back-in-stock requests, linked on their sites.
  const actor = { db: deps.db, log: deps.log, app: { auth: { siteUrl: deps.siteUrl } }, user: null };
  let reminded = 0;
  let cancelled = 0;
  for (;;) {
    const done = await deps.db.transactional(async () => {
      const rows = await deps.db.execute<{ id: string; status: number; intentId: string | null }[]>(
        `select o.id, o.status, o.payment_intent_id as "intentId" from customer_order o
         where o.status in (?) and ${UNPAID_SINCE} <= now() - make_interval(days => ?)
         order by o.id limit ? for update of o skip locked`,
        [AWAITING_PAYMENT, AWAITING_PAYMENT, deps.policy.cancelAfterDays, BATCH],
        'all',
      );
      // Their stock goes back: every part of the batch locked at once, in order, as placing an order locks them.
      await lockStockOfOrders(
        deps,
        rows.map((r) => r.id),
      );
      for (const row of rows) {
        if (row.intentId) await deps.payments.cancel(row.intentId);
        const days = deps.policy.cancelAfterDays;
        await changeOrderStatus(actor, {
          orderId: row.id,
          from: row.status,
          to: ORDER_STATUS_CODE.OrderCancelled,
          note: `Cancelled: not paid within ${days} day${days === 1 ? '' : 's'}`,
          notice: cancellationMail('unpaid', { kind: 'none' }, days),
        });
      }
      cancelled += rows.length;
      return rows.length < BATCH;
    });
    if (done) break;
  }
  for (;;) {
    const done = await deps.db.transactional(async () => {
      const rows = await deps.db.execute<{ id: string; status: number; since: Date; reason: string }[]>(
        `select o.id, o.status, ${UNPAID_SINCE} as since,
           coalesce((select e.note from order_event e where e.order_id = o.id order by e.id desc limit 1), '') as reason
         from customer_order o
         where o.status in (?) and o.payment_reminded_at is null
           and o.updated_at <= now() - make_interval(mins => ?)
         order by o.id limit ? for update of o skip locked`,
        [AWAITING_PAYMENT, AWAITING_PAYMENT, deps.policy.remindAfterMinutes, BATCH],
        'all',
      );
      for (const row of rows) {
        // A failed payment's last history entry is the provider's reason; one waiting for the bank has none.
        const reason =
          row.status !== ORDER_STATUS_CODE.PaymentFailed
            ? 'unconfirmed'
            : (PROVIDER_REASONS[row.reason] ?? 'other');
        await queueOrderEmail(
          deps,
          row.id,
          paymentReminderMail(reason, unpaidCancelAt(new Date(row.since), deps.policy)),
        );
        await deps.db.execute(
          'update customer_order set payment_reminded_at = now() where id = ?',
          [row.id],
          'all',
        );
      }
      reminded += rows.length;
      return rows.length < BATCH;
    });
    if (done) break;
  }
  if (reminded || cancelled) deps.log.info({ reminded, cancelled }, 'unpaid orders: reminded and cancelled');
  return { reminded, cancelled };
}
