import { approvalDecisionSchema, COMPANY_CAN } from '../../../../domain/company';
import { ORDER_STATUS_CODE } from '../../../../domain/order-status';
import { round2 } from '../../../../domain/money';
import { AppError, notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { isUuid } from '../../../../domain/ids';
import { BRAND } from '../../../../domain/constants';
import { isStaffRole } from '../../../../domain/roles';
import { recordAudit } from '../audit';
import { outcome, type OrderMail, changeOrderStatus } from '../order';
import type { PaymentIntent } from '../payment';
import { companyCaller, personName } from './company-access';
import { forgetHeldCard, heldCard, type HeldCard } from './company-limits';

/*
 * Orders waiting for approval (issue 31, decision 044): the company's queue, and an approver's decision. The order's
 * row is locked for the decision, so of two approvers deciding at once one wins and the other is told it is decided.
 */

export interface ApprovalLineView {
  itemId: string;
  name: string;
  manufacturerPartNumber: string | null;
  quantity: number;
  lineTotal: number;
}

/** An order in the company's approval queue. */
export interface ApprovalView {
  orderId: string;
  orderNumber: string;
  buyerName: string;
  buyerEmail: string;
  total: number;
  currencyCode: string;
  /** 'order' or 'month': which limit the order went over. */
  reason: string;
  spendingLimit: number;
  /** The limit's currency: the company's (decision 052). */
  limitCurrency: string;
  paymentKind: string;
  poNumber: string | null;
  shipTo: string;
  requestedAt: string;
  lines: ApprovalLineView[];
}

/** An approval's outcome, as its buyer sees it on the order. */
export interface ApprovalOutcome {
  reason: string;
  spendingLimit: number;
  /** The limit's currency: the company's (decision 052). */
  limitCurrency: string;
  /** Waiting for staff's credit decision first (decision 046). */
  creditHold: boolean;
  decision: string | null;
  decidedBy: string | null;
  note: string;
  decidedAt: string | null;
}

/** The caller's company if their role approves; UNPROCESSABLE otherwise. */
async function approverOf(ctx: Ctx): Promise<string> {
  const [row] = await ctx.db.execute<{ accountId: string | null; role: number | null }[]>(
    'select account_id as "accountId", company_role as role from app_user where id = ?',
    [companyCaller(ctx).id],
  );
  if (!row?.accountId || row.role === null)
    throw new AppError('UNPROCESSABLE', 'You do not belong to a company.');
  if (!COMPANY_CAN.approve(row.role)) {
    throw new AppError('UNPROCESSABLE', 'Only an approver or an admin of your company can do this.');
  }
  return row.accountId;
}

/** An order's approval and what deciding it needs, for `?` order and `?` company. */
const DECISION_ROW = `select a.id as "approvalId", a.buyer_id as "buyerId", a.reason, a.credit_hold as "creditHold",
    a.payment_method_id as "paymentMethodId", a.save_card as "saveCard", b.payment_key as "paymentKey", o.status,
    o.payment_kind as "paymentKind", o.total::float8 as total, o.currency_code as "currencyCode"
  from company_approval a join customer_order o on o.id = a.order_id
  left join app_user b on b.id = a.buyer_id
  where a.order_id = ? and a.account_id = ?`;

type CardBrand = { brand: string; last4: string };

interface DecisionRow {
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

export const approvalService = {
  /** The orders of the caller's company waiting for approval, oldest first (approvers and admins). */
  async queue(ctx: Ctx): Promise<ApprovalView[]> {
    const accountId = await approverOf(ctx);
    const rows = await ctx.db.execute<
      (Omit<ApprovalView, 'buyerName' | 'buyerEmail' | 'requestedAt' | 'shipTo'> & {
        firstName: string | null;
        lastName: string | null;
        email: string | null;
        requestedAt: Date | string;
        shippingAddress: { name: string; city: string; state: string };
      })[]
    >(
      `select o.id as "orderId", o.order_number::text as "orderNumber", u.first_name as "firstName",
         u.last_name as "lastName", coalesce(u.email, o.contact_email) as email, o.total::float8 as total,
         o.currency_code as "currencyCode", a.reason, a.spending_limit::float8 as "spendingLimit",
         (select c.currency_code from business_account c where c.id = a.account_id) as "limitCurrency",
         o.payment_kind as "paymentKind", o.po_number as "poNumber", o.shipping_address as "shippingAddress",
         a.requested_at as "requestedAt",
         (select json_agg(json_build_object('itemId', l.product_id, 'name', l.name,
            'manufacturerPartNumber', l.manufacturer_part_number, 'quantity', l.quantity,
            'lineTotal', l.line_total::float8) order by l.line_no) from order_line l where l.order_id = o.id) as lines
       from company_approval a join customer_order o on o.id = a.order_id
       left join app_user u on u.id = a.buyer_id
       where a.account_id = ? and a.decision is null and not a.credit_hold and o.status = ?
         and a.buyer_id is distinct from ?
       order by a.requested_at, o.order_number`,
      [accountId, ORDER_STATUS_CODE.AwaitingApproval, companyCaller(ctx).id],
    );
    return rows.map(({ firstName, lastName, email, shippingAddress: to, ...r }) => ({
      ...r,
      buyerName: personName(firstName, lastName, email),
      buyerEmail: email ?? '',
      shipTo: `${to.name}, ${to.city}, ${to.state}`,
      requestedAt: new Date(r.requestedAt).toISOString(),
      lines: r.lines ?? [],
    }));
  },

  /** How many orders wait for the caller's approval (0 for a role that does not approve). */
  async waiting(ctx: Ctx, accountId: string, role: number): Promise<number> {
    if (!COMPANY_CAN.approve(role)) return 0;
    const [row] = await ctx.db.execute<{ n: number }[]>(
      `select count(*)::int as n from company_approval a join customer_order o on o.id = a.order_id
       where a.account_id = ? and a.decision is null and not a.credit_hold and o.status = ?
         and a.buyer_id is distinct from ?`,
      [accountId, ORDER_STATUS_CODE.AwaitingApproval, companyCaller(ctx).id],
    );
    return row?.n ?? 0;
  },

  /**
   * An approver decides an order of their company: approved, it is paid with the card kept for it (authorised,
   * declined or asking the bank's check, as at checkout) or its purchase order is taken; rejected, it is cancelled
   * with the note. The buyer gets an e-mail. Nobody decides their own order; an order already decided (or
   * cancelled) answers CONFLICT. Entry point: `{ approve, note }` as sent.
   */
  async decide(ctx: Ctx, orderId: string, body: unknown): Promise<ApprovalOutcome> {
    const input = validate(approvalDecisionSchema, body);
    const note = input.note ?? '';
    const me = companyCaller(ctx);
    const accountId = await approverOf(ctx);
    if (!isUuid(orderId)) throw notFound('Order');
    const by = personName(me.firstName, me.lastName, me.email);
    // The card's payment is made, and recorded on the order, before the decision locks it: should the decision
    // fail after the card is charged, a later cancel still finds the payment to release.
    const intentId = input.approve ? await this.startPayment(ctx, orderId, accountId) : null;
    let held: HeldCard | null = null;
    await ctx.db.transactional(async () => {
      // The approver's role as it is now (a member removed or demoted a moment ago can no longer decide).
      const [approver] = await ctx.db.execute<{ accountId: string | null; role: number | null }[]>(
        'select account_id as "accountId", company_role as role from app_user where id = ? for share',
        [me.id],
        'all',
      );
      if (approver?.accountId !== accountId || !COMPANY_CAN.approve(approver.role)) {
        throw new AppError('UNPROCESSABLE', 'Only an approver or an admin of your company can do this.');
      }
      const [row] = await ctx.db.execute<DecisionRow[]>(
        `${DECISION_ROW} for update of o, a`,
        [orderId, accountId],
        'all',
      );
      if (!row) throw notFound('Order');
      if (row.buyerId === me.id) throw new AppError('UNPROCESSABLE', 'Nobody approves their own order.');
      if (row.status !== ORDER_STATUS_CODE.AwaitingApproval) {
        throw new AppError('CONFLICT', 'This order was already approved, rejected or cancelled.');
      }
      // Staff decide the company's credit first (decision 046): the order is not in the company's queue yet.
      if (row.creditHold) throw notFound('Order');
      await ctx.db.execute(
        `update company_approval set decision = ?, decided_by_id = ?, note = ?, decided_at = now() where id = ?`,
        [input.approve ? 'approved' : 'rejected', me.id, note, row.approvalId],
        'run',
      );
      // The buyer is told with the change: rejected, or approved and what comes next (paid, to pay, on terms).
      const move = (
        to: number,
        paymentStatus: string | null,
        history: string,
        notice: OrderMail,
        card?: CardBrand | null,
      ) =>
        changeOrderStatus(ctx, { orderId, from: row.status, to, note: history, paymentStatus, card, notice });
      const approved =
        (next: 'paid' | 'pay' | 'terms'): OrderMail =>
        (order) => ({ kind: 'order-approved', ...order, by, note, next });
      const said = note ? ` (${note})` : '';
      if (!input.approve) {
        await move(ORDER_STATUS_CODE.OrderCancelled, null, `Rejected by ${by}${said}`, (order) => ({
          kind: 'order-rejected',
          ...order,
          by,
          note,
        }));
      } else {
        if (row.paymentKind === 'purchaseOrder') {
          await move(
            ORDER_STATUS_CODE.Processing,
            'PENDING',
            `Approved by ${by}${said}; purchase order received`,
            approved('terms'),
          );
        } else {
          const charged = intentId && row.paymentMethodId ? await this.charge(ctx, intentId, row) : null;
          const result = charged && outcome(charged);
          if (charged && result) {
            const paid = result.status === ORDER_STATUS_CODE.Authorized;
            const how = paid
              ? charged.card
                ? `; card ${charged.card.brand} ending ${charged.card.last4}`
                : ''
              : `; ${charged.lastError ?? 'waiting for the buyer to pay'}`;
            await move(
              result.status,
              result.paymentStatus,
              `Approved by ${by}${said}${how}`,
              approved(paid ? 'paid' : 'pay'),
              charged.card,
            );
          } else {
            // No card to charge (none kept, or it is no longer usable): the buyer pays from the order's page.
            await move(
              ORDER_STATUS_CODE.PaymentRequiresAction,
              'PAYMENT_REQUIRES_ACTION',
              `Approved by ${by}${said}; waiting for the buyer to pay`,
              approved('pay'),
            );
          }
        }
      }
      held = heldCard(row);
      await recordAudit(ctx, {
        action: input.approve ? 'company.order-approved' : 'company.order-rejected',
        targetType: 'order',
        targetId: orderId,
        before: { status: row.status },
        after: { decision: input.approve ? 'approved' : 'rejected', note },
      });
    });
    await forgetHeldCard(ctx, held);
    return (await this.outcomeOf(ctx, orderId))!;
  },

  /**
   * The payment of a waiting card order, made at the provider and recorded on the order before it is approved (the
   * order's own key `order:<id>`: the buyer's Pay now continues it). Null when there is no card to charge.
   */
  async startPayment(ctx: Ctx, orderId: string, accountId: string): Promise<string | null> {
    const [row] = await ctx.db.execute<DecisionRow[]>(DECISION_ROW, [orderId, accountId]);
    if (!row || row.status !== ORDER_STATUS_CODE.AwaitingApproval || row.paymentKind !== 'card') return null;
    // Nobody approves their own order: nothing is started for it (the decision refuses it).
    if (row.buyerId === companyCaller(ctx).id) return null;
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
  },

  /**
   * Charges the card kept for the order; null when the provider refuses it as unknown (the buyer removed it from
   * their saved cards meanwhile): the buyer then pays from the order.
   */
  async charge(ctx: Ctx, intentId: string, row: DecisionRow): Promise<PaymentIntent | null> {
    try {
      return await ctx.app.payments.confirm(intentId, row.paymentMethodId!, { save: row.saveCard });
    } catch (err) {
      if (err instanceof AppError) return null;
      throw err;
    }
  },

  /** The approval of an order (its reason, decision and note), or null for an order that needed none. */
  async outcomeOf(ctx: Ctx, orderId: string): Promise<ApprovalOutcome | null> {
    const [row] = await ctx.db.execute<
      (Omit<ApprovalOutcome, 'decidedBy' | 'decidedAt'> & {
        firstName: string | null;
        lastName: string | null;
        email: string | null;
        deciderRole: number | null;
        decidedAt: Date | string | null;
      })[]
    >(
      `select a.reason, a.spending_limit::float8 as "spendingLimit",
         (select c.currency_code from business_account c where c.id = a.account_id) as "limitCurrency", a.credit_hold as "creditHold", a.decision, a.note, a.decided_at as "decidedAt",
         u.first_name as "firstName", u.last_name as "lastName", u.email, u.role as "deciderRole"
       from company_approval a left join app_user u on u.id = a.decided_by_id where a.order_id = ?`,
      [orderId],
    );
    if (!row) return null;
    const { firstName, lastName, email, deciderRole, ...rest } = row;
    return {
      ...rest,
      // Staff decide a credit hold as the store: the buyer never reads an employee's name (decision 046).
      decidedBy:
        deciderRole !== null && isStaffRole(deciderRole)
          ? BRAND.name
          : firstName || lastName || email
            ? personName(firstName, lastName, email)
            : null,
      decidedAt: rest.decidedAt ? new Date(rest.decidedAt).toISOString() : null,
    };
  },
};
