import type { Ctx } from '../context';
import { cancelApproval, forgetHeldCard, type HeldCard } from '../modules/company';
import {
  auditOrderEdit,
  authorisedOnCard,
  checkEditedAddress,
  checkEditedQuantities,
  checkEditedStatus,
  checkLoweredPrices,
  editChanges,
  editLines,
  editTotals,
  lockOrderVersion,
  moveEditedStatus,
  orderPromotionFacts,
  orderService,
  publishOrderEdit,
  readOrderEdit,
  refuseEdit,
  reserveEditedLines,
  writeEditedLines,
  writeEditedPromotions,
  writeOrderEdit,
  type OrderView,
} from '../modules/order';

/*
 * Edit an order in the console (issue 53): the order's steps (modules/order/order-edit.ts) in one transaction, the
 * version checked under the lock, every refusal collected before anything is written; when the edit cancels the
 * order, the company's step runs in it (an approval still asked for is withdrawn), and once it commits a card held
 * for that approval is forgotten at the provider.
 */

/** Saves the console's order edit form (`version` the one the editor loaded); the order as it is now. */
export async function editOrder(ctx: Ctx, id: string, version: number, input: unknown): Promise<OrderView> {
  const form = readOrderEdit(ctx, id, input);
  const authorised = await authorisedOnCard(ctx, id);
  // A card kept for the company's approval of an order cancelled here: forgotten once the cancel commits.
  let held: HeldCard | null = null;
  await ctx.db.transactional(async () => {
    const current = await lockOrderVersion(ctx, id, version);
    const { lines, problems: lineProblems } = editLines(current, form);
    const facts = await orderPromotionFacts(ctx, id);
    const totals = editTotals(current, form, lines, facts);
    const { changes, problems: standing } = editChanges(current, form, lines, totals, authorised);
    refuseEdit([
      ...checkEditedStatus(current, form),
      ...lineProblems,
      ...checkEditedAddress(current, form),
      ...totals.problems,
      ...standing,
      ...(await checkEditedQuantities(ctx, current, form)),
    ]);
    await checkLoweredPrices(ctx, id, current, lines, changes);
    await writeOrderEdit(ctx, id, current, version, form, totals);
    await writeEditedLines(ctx, id, lines, totals, facts);
    await writeEditedPromotions(ctx, id, form, totals, facts);
    await reserveEditedLines(ctx, id, current, form, lines);
    if (await moveEditedStatus(ctx, id, current, form)) held = await cancelApproval(ctx, id);
    await auditOrderEdit(ctx, id, changes);
    publishOrderEdit(ctx, id, current, changes);
  });
  await forgetHeldCard(ctx, held);
  return orderService.load(ctx, id);
}
