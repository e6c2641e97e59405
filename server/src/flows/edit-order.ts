import type { Ctx } from '../context';
import { cancelApproval, forgetHeldCard, type HeldCard } from '../modules/company';
import { adminOrderService, orderService, type OrderView } from '../modules/order';

/*
 * Edit an order in the console (issue 53): the order module saves the edit form in one transaction; when the edit
 * cancels the order, the company's step runs in it (an approval still asked for is withdrawn), and once it commits
 * a card held for that approval is forgotten at the provider.
 */

/** Saves the console's order edit form (`version` the one the editor loaded); the order as it is now. */
export async function editOrder(ctx: Ctx, id: string, version: number, input: unknown): Promise<OrderView> {
  // A card kept for the company's approval of an order cancelled here: forgotten once the cancel commits.
  let held: HeldCard | null = null;
  await adminOrderService.update(ctx, id, version, input, {
    cancelled: async (tx, orderId) => {
      held = await cancelApproval(tx, orderId);
    },
  });
  await forgetHeldCard(ctx, held);
  return orderService.load(ctx, id);
}
