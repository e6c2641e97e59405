import { approvalDecisionSchema, COMPANY_CAN } from '../../../../domain/company';
import { ORDER_STATUS_CODE } from '../../../../domain/order-status';
import { round2 } from '../../../../domain/money';
import { isUuid } from '../../../../domain/ids';
import { AppError, notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { recordAudit } from '../audit';
import type { PaymentIntent } from '../payment';
import { approverOf } from './approval.service';
import { companyCaller, personName } from './company-access';

/*
 * The company's steps of deciding an approval (issue 31, decision 044; the flow is server/src/flows/decide-approval.ts):
 * who decides and what, the payment of a waiting card order started at the provider, the decision written on the
 * locked approval, the kept card charged, and the audit. The order's row is locked for the decision, so of two
 * approvers deciding at once one wins and the other is told it is decided.
 */

/** An approver's decision as sent, with who makes it. */
export interface ApprovalDecision {
  orderId: string;
  approve: boolean;
  note: string;
  /** The approver's company. */
  accountId: string;
  /** The approver's id and name as the buyer reads it. */
  approverId: string;
  by: string;
}

/** An order's approval and what deciding it needs, for `?` order and `?` company. */
const DECISION_ROW = `select a.id as "approvalId", a.buyer_id as "buyerId", a.reason, a.credit_hold as "creditHold",
    a.payment_method_id as "paymentMethodId", a.save_card as "saveCard", b.payment_key as "paymentKey", o.status,
    o.payment_kind as "paymentKind", o.total::float8 as total, o.currency_code as "currencyCode"
  from company_approval a join customer_order o on o.id = a.order_id
  left join app_user b on b.id = a.buyer_id
  where a.order_id = ? and a.account_id = ?`;

/** The decided approval and its order, as they were when the decision locked them. */
export interface DecidedApproval {
  approvalId: string;
  buyerId: string | null;
  reason: string;
  creditHold: boolean;
  paymentMethodId: string | null;
  saveCard: boolean;
  paymentKey: string | null;
  status: number;
  paymentKind: string;
  total: number;
  currencyCode: string;
}

/**
 * The decision `{ approve, note }` as sent, by an approver or admin of the order's company (UNPROCESSABLE for
 * another role, NOT_FOUND for an id that is no order's).
 */
export async function approvalDecision(ctx: Ctx, orderId: string, body: unknown): Promise<ApprovalDecision> {
  const input = validate(approvalDecisionSchema, body);
  const me = companyCaller(ctx);
  const accountId = await approverOf(ctx);
  if (!isUuid(orderId)) throw notFound('Order');
  return {
    orderId,
    approve: input.approve,
    note: input.note ?? '',
    accountId,
    approverId: me.id,
    by: personName(me.firstName, me.lastName, me.email),
  };
}

/**
 * The payment of a waiting card order being approved, made at the provider and recorded on the order before the
 * decision locks it (the order's own key `order:<id>`: the buyer's Pay now continues it), so that should the
 * decision fail after the card is charged, a later cancel still finds the payment to release. Null when rejecting
 * or when there is no card to charge.
 */
export async function startApprovalPayment(ctx: Ctx, decision: ApprovalDecision): Promise<string | null> {
  if (!decision.approve) return null;
  const { orderId } = decision;
  const [row] = await ctx.db.execute<DecidedApproval[]>(DECISION_ROW, [orderId, decision.accountId]);
  if (!row || row.status !== ORDER_STATUS_CODE.AwaitingApproval || row.paymentKind !== 'card') return null;
  // Nobody approves their own order: nothing is started for it (the decision refuses it).
  if (row.buyerId === decision.approverId) return null;
  if (!row.paymentMethodId || !row.paymentKey) return null;
  const intent = await ctx.app.payments.createIntent({
    amount: round2(row.total),
    currency: row.currencyCode,
    idempotencyKey: `order:${orderId}`,
    customer: row.paymentKey,
  });
  await ctx.db.execute(
    'update customer_order set payment_intent_id = ? where id = ? and status = ? and payment_intent_id is null',
    [intent.id, orderId, ORDER_STATUS_CODE.AwaitingApproval],
  );
  return intent.id;
}

/**
 * Writes the decision on the approval, in the decision's transaction: the approver's role as it is now (a member
 * removed or demoted a moment ago can no longer decide), the order and its approval locked. Nobody decides their
 * own order; an order already decided (or cancelled) answers CONFLICT; one on staff's credit hold is not found.
 */
export async function recordDecision(ctx: Ctx, decision: ApprovalDecision): Promise<DecidedApproval> {
  const [approver] = await ctx.db.execute<{ accountId: string | null; role: number | null }[]>(
    'select account_id as "accountId", company_role as role from app_user where id = ? for share',
    [decision.approverId],
    'all',
  );
  if (approver?.accountId !== decision.accountId || !COMPANY_CAN.approve(approver.role)) {
    throw new AppError('UNPROCESSABLE', 'Only an approver or an admin of your company can do this.');
  }
  const [row] = await ctx.db.execute<DecidedApproval[]>(
    `${DECISION_ROW} for update of o, a`,
    [decision.orderId, decision.accountId],
    'all',
  );
  if (!row) throw notFound('Order');
  if (row.buyerId === decision.approverId)
    throw new AppError('UNPROCESSABLE', 'Nobody approves their own order.');
  if (row.status !== ORDER_STATUS_CODE.AwaitingApproval) {
    throw new AppError('CONFLICT', 'This order was already approved, rejected or cancelled.');
  }
  // Staff decide the company's credit first (decision 046): the order is not in the company's queue yet.
  if (row.creditHold) throw notFound('Order');
  await ctx.db.execute(
    `update company_approval set decision = ?, decided_by_id = ?, note = ?, decided_at = now() where id = ?`,
    [decision.approve ? 'approved' : 'rejected', decision.approverId, decision.note, row.approvalId],
    'run',
  );
  return row;
}

/**
 * Charges the card kept for an approved card order with the payment started for it; null when rejecting, for a
 * purchase order, with no card or payment, or when the provider refuses the card as unknown (the buyer removed it
 * from their saved cards meanwhile): the buyer then pays from the order.
 */
export async function chargeApprovedCard(
  ctx: Ctx,
  decision: ApprovalDecision,
  row: DecidedApproval,
  intentId: string | null,
): Promise<PaymentIntent | null> {
  if (!decision.approve || row.paymentKind === 'purchaseOrder' || !intentId || !row.paymentMethodId)
    return null;
  try {
    return await ctx.app.payments.confirm(intentId, row.paymentMethodId, { save: row.saveCard });
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

/** The decision in the audit log, in its transaction. */
export async function auditDecision(
  ctx: Ctx,
  decision: ApprovalDecision,
  row: DecidedApproval,
): Promise<void> {
  await recordAudit(ctx, {
    action: decision.approve ? 'company.order-approved' : 'company.order-rejected',
    targetType: 'order',
    targetId: decision.orderId,
    before: { status: row.status },
    after: { decision: decision.approve ? 'approved' : 'rejected', note: decision.note },
  });
}
