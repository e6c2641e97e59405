import { COMPANY_CAN } from '../../../../domain/company';
import { ORDER_STATUS_CODE } from '../../../../domain/order-status';
import { AppError } from '../../common/errors';
import type { Ctx } from '../../context';
import { BRAND } from '../../../../domain/constants';
import { isStaffRole } from '../../../../domain/roles';
import { companyCaller, personName } from './company-access';

/*
 * Orders waiting for approval (issue 31, decision 044): the company's queue and an approval's outcome. An approver's
 * decision is the flow server/src/flows/decide-approval.ts, its company's steps in approval-decision.ts.
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
export async function approverOf(ctx: Ctx): Promise<string> {
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
