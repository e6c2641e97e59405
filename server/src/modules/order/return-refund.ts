import { lineSubtotal, round2 } from '../../../../domain/money';
import type { Ctx } from '../../context';
import { changeOrderSubStatus } from './order-status';
import type { OrderView } from './order.service';

/*
 * The order's steps of completing a return (the flow is server/src/flows/complete-return.ts): the returned lines
 * refunded with their tax, and the order marked returned and refunded, wholly or in part.
 */

/**
 * The refund of returned lines (each line's subtotal as the order priced it, packs included, with the order's tax). A card is refunded at the provider (the key
 * makes a retry safe), before the return's transaction; a purchase order (even one whose card failed before) is
 * credited on its invoice. The amount.
 */
export async function refundReturned(
  ctx: Ctx,
  order: Pick<OrderView, 'taxPct' | 'paymentKind' | 'paymentIntentId'>,
  lines: readonly Parameters<typeof lineSubtotal>[0][],
  idempotencyKey: string,
): Promise<number> {
  const goods = lines.reduce((sum, l) => sum + lineSubtotal(l), 0);
  const refund = round2(goods * (1 + order.taxPct / 100));
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
