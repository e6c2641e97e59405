import { ORDER_STATUS_CODE } from '../../../domain/order-status';
import { returnRestocks } from '../../../domain/returns';
import type { Ctx } from '../context';
import { markReturned, orderService, refundReturned } from '../modules/order';
import {
  mailReturnStep,
  moveOrderWithReturn,
  recordReturnStep,
  returnedBefore,
  returnStep,
  returnsService,
  wholeOrderReturned,
  type ReturnView,
} from '../modules/returns';
import { restockReturned } from '../modules/stock';

/*
 * Complete a return (issue 53): staff follow an accepted return, shipped, processing, completed. Completing refunds
 * the returned lines with their tax first (a card at the provider, outside the transaction; a purchase order is
 * credited on its invoice); then, in one transaction, the return's status and refund, the stocked pieces put back
 * on the shelf when the reason says they are sellable, the order marked returned and refunded (wholly or in part),
 * the buyer's e-mail and the order moved along with its return through the order-status seam.
 */

/** Moves an accepted return on to `{ status }` as sent (the next step only); the return as it is now. */
export async function advanceReturn(ctx: Ctx, id: string, body: unknown): Promise<ReturnView> {
  const { current, to } = await returnStep(ctx, id, body);
  const order = await orderService.load(ctx, current.orderId);
  const completes = to === ORDER_STATUS_CODE.ReturnCompleted;
  const refund = completes
    ? await refundReturned(
        ctx,
        order,
        { lines: current.lines, before: await returnedBefore(ctx, order.id, id) },
        `return:${id}`,
      )
    : null;
  await ctx.db.transactional(async () => {
    await recordReturnStep(ctx, id, to, refund);
    if (completes) {
      const whole = await wholeOrderReturned(ctx, order.id);
      if (returnRestocks(current.reason)) {
        await restockReturned(ctx, { id: order.id, state: order.shippingAddress.state }, current.lines);
      }
      await markReturned(ctx, order, whole);
    }
    await mailReturnStep(ctx, order, current, to, refund);
    await moveOrderWithReturn(ctx, order.id, to);
  });
  return returnsService.get(ctx, id);
}
