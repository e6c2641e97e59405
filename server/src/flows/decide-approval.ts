import type { Ctx } from '../context';
import {
  approvalDecision,
  approvalService,
  auditDecision,
  chargeApprovedCard,
  forgetHeldCard,
  heldCard,
  recordDecision,
  startApprovalPayment,
  type ApprovalOutcome,
  type HeldCard,
} from '../modules/company';
import { moveOnApproval } from '../modules/order';

/*
 * Decide an approval (issue 53; decision 044): an approver approves or rejects an order of their company. The card
 * order's payment is started at the provider first; then, in one transaction, the company's decision, the kept card
 * charged, the order's move on through the order-status seam (paid, to pay, on terms, or cancelled; the buyer's
 * e-mail with it) and the audit; once it commits, a card kept only for this approval is forgotten at the provider.
 */

/**
 * An approver decides an order of their company (`{ approve, note }` as sent). Nobody decides their own order; an
 * order already decided (or cancelled) answers CONFLICT. The approval's outcome as the buyer reads it.
 */
export async function decideApproval(ctx: Ctx, orderId: string, body: unknown): Promise<ApprovalOutcome> {
  const decision = await approvalDecision(ctx, orderId, body);
  const intentId = await startApprovalPayment(ctx, decision);
  let held: HeldCard | null = null;
  await ctx.db.transactional(async () => {
    const row = await recordDecision(ctx, decision);
    const charged = await chargeApprovedCard(ctx, decision, row, intentId);
    await moveOnApproval(ctx, { ...decision, from: row.status, paymentKind: row.paymentKind, charged });
    held = heldCard(row);
    await auditDecision(ctx, decision, row);
  });
  await forgetHeldCard(ctx, held);
  return (await approvalService.outcomeOf(ctx, orderId))!;
}
