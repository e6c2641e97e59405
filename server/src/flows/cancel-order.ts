import type { Ctx } from '../context';
import { cancelApproval, forgetHeldCard, type HeldCard } from '../modules/company';
import { checkoutService, orderService, type OrderView } from '../modules/order';

/*
 * Cancel an order (issue 53): the buyer cancels an order that has not shipped. In one transaction the order's step
 * (payment released or refunded, Order Cancelled, the buyer's e-mail) and the company's (an approval still asked
 * for is withdrawn); once it commits, a card held for that approval is forgotten at the provider.
 */

/** Cancels the caller's order; the order as it is now. */
export async function cancelOrder(ctx: Ctx, orderId: string): Promise<OrderView> {
  const order = await orderService.get(ctx, orderId);
  let held: HeldCard | null = null;
  await ctx.db.transactional(async () => {
    await checkoutService.cancelLocked(ctx, order);
    held = await cancelApproval(ctx, orderId);
  });
  await forgetHeldCard(ctx, held);
  return orderService.load(ctx, orderId);
}
