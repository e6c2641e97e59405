import { returnRefund } from '../../../../domain/returns';
import type { Ctx } from '../../context';
import { changeOrderSubStatus } from './order-status';
import type { OrderView } from './order.service';

/*
 * The order's steps of completing a return (the flow is server/src/flows/complete-return.ts): the returned lines
 * refunded with their tax, and the order marked returned and refunded, wholly or in part.
 */

/**
 * The refund of returned lines (decision 079, `returnRefund`): each line at what was paid for it (its net after
 * promotions, packs counted), cumulative over the order's returns, with each of the order's taxes. A card is refunded
 * at the provider (the key makes a retry safe), before the return's transaction; a purchase order (even one whose card
 * failed before) is credited on its invoice. The amount.
 */
export async function refundReturned(
  ctx: Ctx,
  order: Pick<OrderView, 'lines' | 'taxes' | 'freightAmt' | 'paymentKind' | 'paymentIntentId'>,
  returned: {
    lines: readonly { orderLineId: string; quantity: number }[];
    before: ReadonlyMap<string, number>;
  },
  idempotencyKey: string,
): Promise<number> {
  const { total: refund } = returnRefund({
    lines: order.lines.map((l) => ({
      net: l.netLineTotal,
      quantity: l.quantity,
      returnedBefore: returned.before.get(l.id) ?? 0,
      returnedNow: returned.lines
        .filter((r) => r.orderLineId === l.id)
        .reduce((sum, r) => sum + r.quantity, 0),
    })),
    taxes: order.taxes,
    freight: order.freightAmt,
  });
  if (order.paymentKind === 'card' && order.paymentIntentId) {
    await ctx.app.payments.refund(order.paymentIntentId, refund, idempotencyKey);
  }
  return refund;
}

/** The order returned and, paid by card, refunded: wholly, or in part while lines are still not returned. */
export async function markReturned(
  ctx: Ctx,
  order: Pick<OrderView, 'id' | 'paymentKind'>,
  whole: boolean,
): Promise<void> {
  await changeOrderSubStatus(ctx, {
    orderId: order.id,
    returnStatus: whole ? 'RETURNED' : 'PARTIALLY_RETURNED',
    ...(order.paymentKind === 'card' ? { paymentStatus: whole ? 'REFUNDED' : 'PARTIALLY_REFUNDED' } : {}),
    touch: false,
  });
}
