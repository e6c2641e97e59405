import { STORE_TIME_ZONE } from '../../../../domain/admin';
import { orderNumberLabel } from '../../../../domain/checkout';
import {
  approvalReasonAcross,
  COMPANY_CAN,
  COMPANY_ROLES,
  overCreditLimit,
  type ApprovalReason,
} from '../../../../domain/company';
import { BRAND } from '../../../../domain/constants';
import { ORDER_STATUS_CODE } from '../../../../domain/order-status';
import { formatAmount, round2 } from '../../../../domain/money';
import { convertAmount, FX_REFERENCE, fxFactor, type FxRates } from '../../../../domain/fx';
import { AppError } from '../../common/errors';
import type { Ctx, Db } from '../../context';
import { ROUTES } from '../../../../domain/routes';
import { VALIDITY } from '../../../../domain/roles';
import { localeOr, queueEmail, sendMessage } from '../mail';

/*
 * Spending limits at checkout (issue 31, decision 044): whether a company member may buy, and whether their order
 * waits for an approver. The decision itself is the flow server/src/flows/decide-approval.ts.
 */

/** Orders counted against a monthly limit: placed and not cancelled (nor deleted). */
const NOT_CANCELLED = [ORDER_STATUS_CODE.OrderCancelled, ORDER_STATUS_CODE.OrderDeleted];

/** The first instant of this calendar month in the store's time zone (SQL). */
const MONTH_START = `(date_trunc('month', now() at time zone '${STORE_TIME_ZONE}') at time zone '${STORE_TIME_ZONE}')`;

/**
 * What a member placed for their company this calendar month (the store's), not cancelled, on every site, in the
 * company's currency `currency` (decision 052): other currencies converted at `rates`; null when one has no rate.
 * `except`: an order not to count (the one being paid).
 */
export async function spentThisMonth(
  db: Db,
  member: { userId: string; accountId: string; currency: string },
  rates: FxRates,
  except: string | null = null,
): Promise<number | null> {
  const rows = await db.execute<{ currency: string; spent: number }[]>(
    `select currency_code as currency, sum(total)::float8 as spent from customer_order
     where user_id = ? and account_id = ? and status not in (?) and created_at >= ${MONTH_START}
       and id is distinct from ?::uuid
     group by currency_code`,
    [member.userId, member.accountId, NOT_CANCELLED, except],
    'all',
  );
  let total = 0;
  for (const row of rows) {
    const converted = convertAmount(row.spent, row.currency, member.currency, rates);
    if (converted === null) return null;
    total += converted;
  }
  return round2(total);
}

declare module '../../context' {
  interface AppServices {
    /** Exchange rates for spending limits across sites (FX_RATES, decision 052). */
    fxRates: FxRates;
  }
}

/**
 * A company member placing an order: their company, why the order must wait for approval (null: it need not), and
 * whether it also waits for staff, a purchase order over the company's credit limit (decision 046).
 */
export interface CompanyPurchase {
  accountId: string;
  reason: ApprovalReason | null;
  creditHold: boolean;
  openBalance: number | null;
  /** The company's currency, its limits' (decision 052). */
  limitCurrency: string;
  /** What had no exchange rate into the company's currency ("an order in EUR"): it waits for an approver. */
  unconverted: string | null;
}

/**
 * A company's open terms balance, in SQL for the company `a`: its purchase orders placed and not cancelled (those
 * waiting for approval too), less the payments recorded against them.
 */
export const OPEN_TERMS_BALANCE = `(select coalesce(sum(greatest(o.total - coalesce((select sum(p.amount)
    from terms_payment p where p.order_id = o.id), 0), 0)), 0)::float8
  from customer_order o where o.account_id = a.id and o.payment_kind = 'purchaseOrder'
    and o.status not in (${ORDER_STATUS_CODE.OrderCancelled}, ${ORDER_STATUS_CODE.OrderDeleted}))`;

/**
 * In the caller's transaction: the company's credit limit and open terms balance, its row locked first (`for no key update`, then read
 * in a second statement, which sees what the transaction that held the lock wrote), so two purchase orders of one
 * company count one after the other.
 */
export async function companyCredit(
  db: Db,
  accountId: string,
): Promise<{ creditLimit: number | null; openBalance: number }> {
  await db.execute('select 1 from business_account where id = ? for no key update', [accountId], 'all');
  const [row] = await db.execute<{ creditLimit: string | null; openBalance: number }[]>(
    `select a.credit_limit as "creditLimit", ${OPEN_TERMS_BALANCE} as "openBalance" from business_account a
     where a.id = ?`,
    [accountId],
    'all',
  );
  return {
    creditLimit: row?.creditLimit == null ? null : Number(row.creditLimit),
    openBalance: row?.openBalance ?? 0,
  };
}

/** An order being paid later (decision 052): it was placed for `accountId` (null: for nobody's company). */
export interface OrderPaidLater {
  orderId: string;
  accountId: string | null;
}

/**
 * The one rule for a company member's purchase, placing an order or paying one later (issue 52): their company,
 * whether their role buys, and whether an order of `total` is over their limits (in the company's currency) or a
 * purchase order over the company's credit. Paying later, the order must be the payer's company's (a personal order
 * is paid by card), the order itself is not counted twice, and an order an approver already approved is not asked
 * for again. In the caller's transaction; the member's row is locked until the order is written, so two orders of
 * one member count one after the other. Null when the order is nobody's company's.
 */
export async function companyPurchase(
  ctx: Ctx,
  userId: string,
  order: {
    total: number;
    currency: string;
    paymentKind: string;
    paying?: OrderPaidLater;
    /** false: the buyer's spending limits do not apply (a punchout order, approved in the procurement system). */
    spendingLimits?: boolean;
  },
): Promise<CompanyPurchase | null> {
  const [member] = await ctx.db.execute<
    {
      accountId: string | null;
      role: number | null;
      orderLimit: string | null;
      monthlyLimit: string | null;
      currency: string | null;
    }[]
  >(
    `select u.account_id as "accountId", u.company_role as role, u.order_limit as "orderLimit",
       u.monthly_limit as "monthlyLimit", a.currency_code as currency
     from app_user u left join business_account a on a.id = u.account_id where u.id = ? for no key update of u`,
    [userId],
    'all',
  );
  const paying = order.paying;
  if (paying) {
    if (paying.accountId === null) {
      // A personal order stays personal: it is paid by card, never on a company's terms.
      if (order.paymentKind === 'purchaseOrder') throw personalOrderByCard();
      return null;
    }
    if (member?.accountId !== paying.accountId) throw notYourCompanysOrder();
  }
  if (!member?.accountId) return null;
  if (!COMPANY_CAN.buy(member.role)) {
    throw new AppError('UNPROCESSABLE', 'Viewers cannot place orders for your company.');
  }
  const limitCurrency = member.currency ?? FX_REFERENCE;
  const limits = {
    orderLimit: member.orderLimit === null ? null : Number(member.orderLimit),
    monthlyLimit: member.monthlyLimit === null ? null : Number(member.monthlyLimit),
  };
  const approved = paying ? await alreadyApproved(ctx, paying.orderId) : false;
  const factor = fxFactor(order.currency, limitCurrency, ctx.app.fxRates);
  const spent =
    limits.monthlyLimit === null || approved || factor === null || order.spendingLimits === false
      ? 0
      : await spentThisMonth(
          ctx.db,
          { userId, accountId: member.accountId, currency: limitCurrency },
          ctx.app.fxRates,
          paying?.orderId ?? null,
        );
  const spending =
    approved || order.spendingLimits === false
      ? null
      : approvalReasonAcross(order.total, factor, limits, spent);
  // What the store could not convert, for the order's history: only when that is why the order waits.
  const unconverted =
    factor === null
      ? `an order in ${order.currency.toUpperCase()}`
      : spent === null && spending?.kind === 'month'
        ? 'this month’s orders'
        : null;
  // A purchase order is checked against the company's credit (its row locked: two at once count one by one).
  const credit = order.paymentKind === 'purchaseOrder' ? await companyCredit(ctx.db, member.accountId) : null;
  const creditHold = Boolean(credit && overCreditLimit(order.total, credit.openBalance, credit.creditLimit));
  if (creditHold && approved) {
    // Its approval is decided (one per order): over the credit now, the buyer pays by card.
    const message =
      'This purchase order would take your company over its credit limit. Pay by card, or contact us.';
    throw new AppError('BAD_USER_INPUT', message, [{ field: 'payment.kind', message }]);
  }
  const reason: ApprovalReason | null =
    spending ??
    (creditHold ? { kind: 'credit', limit: credit!.creditLimit!, openBalance: credit!.openBalance } : null);
  if (spending) {
    const [others] = await ctx.db.execute<{ n: number }[]>(
      `select count(*)::int as n from app_user where account_id = ? and company_role in (?, ?) and id <> ?
         and validity = ?`,
      [member.accountId, COMPANY_ROLES.Admin, COMPANY_ROLES.Approver, userId, VALIDITY.Valid],
      'all',
    );
    if (!others?.n) {
      const message =
        'This order is over your spending limit and nobody else in your company can approve it. Ask your company admin to change your limits.';
      throw new AppError('BAD_USER_INPUT', message, [{ field: 'cart', message }]);
    }
  }
  return {
    accountId: member.accountId,
    reason,
    creditHold,
    openBalance: credit ? credit.openBalance : null,
    limitCurrency,
    unconverted: spending ? unconverted : null,
  };
}

/** Whether an approver already approved this order (an order has one approval). */
async function alreadyApproved(ctx: Ctx, orderId: string): Promise<boolean> {
  const [row] = await ctx.db.execute<{ decision: string | null }[]>(
    'select decision from company_approval where order_id = ?',
    [orderId],
    'all',
  );
  return row?.decision === 'approved';
}

const personalOrderByCard = () => {
  const message =
    'This order was placed without a company: a purchase order cannot pay it. Please pay by card.';
  return new AppError('BAD_USER_INPUT', message, [{ field: 'payment.kind', message }]);
};

const notYourCompanysOrder = () =>
  new AppError(
    'UNPROCESSABLE',
    'This order was placed for a company you no longer buy for: it can only be paid by that company.',
  );

/** The history's note for an order held for approval (the store's words, in English as every history note). */
export function heldNote(
  reason: ApprovalReason,
  currency: string,
  creditHold = false,
  unconverted: string | null = null,
): string {
  const limit = formatAmount(reason.limit, currency, 'en-US');
  const credit = creditHold ? '; over the company’s credit limit, for staff to approve first' : '';
  if (reason.kind === 'credit') return `Waiting for approval: over the company’s credit limit of ${limit}`;
  const which = reason.kind === 'order' ? 'order limit' : 'monthly limit';
  if (unconverted) {
    return `Waiting for approval: no exchange rate to count ${unconverted} against the ${which} of ${limit}${credit}`;
  }
  return `Waiting for approval: over the ${which} of ${limit}${credit}`;
}

/**
 * Records the order's approval request, with the card to charge once approved, and e-mails every approver and
 * admin of the company but the buyer (each in their language), in the placement's transaction.
 */
export async function requestApproval(
  ctx: Ctx,
  request: {
    orderId: string;
    orderNumber: string;
    accountId: string;
    buyer: { id: string; firstName: string; lastName: string; email: string };
    reason: ApprovalReason;
    creditHold: boolean;
    openBalance: number | null;
    total: number;
    currency: string;
    /** The company's currency, its limits' (decision 052). */
    limitCurrency: string;
    card: { paymentMethodId: string; saveCard: boolean } | null;
  },
): Promise<void> {
  await ctx.db.execute(
    `insert into company_approval (order_id, account_id, buyer_id, reason, spending_limit, payment_method_id, save_card,
       credit_hold, open_balance)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      request.orderId,
      request.accountId,
      request.buyer.id,
      request.reason.kind,
      request.reason.limit,
      request.card?.paymentMethodId ?? null,
      request.card?.saveCard ?? false,
      request.creditHold,
      request.openBalance,
    ],
    'run',
  );
  // Held for staff's credit decision: staff are told, and the company's approvers are asked once staff release it.
  if (request.creditHold) await tellStaffOfCreditHold(ctx, request);
  else await askApprovers(ctx, request);
}

/** E-mails staff (the help mailbox, as applications) a link to the company whose purchase order waits for credit. */
async function tellStaffOfCreditHold(
  ctx: Ctx,
  request: {
    orderNumber: string;
    accountId: string;
    openBalance: number | null;
    total: number;
    currency: string;
  },
): Promise<void> {
  const [company] = await ctx.db.execute<{ name: string; creditLimit: number | null }[]>(
    'select company as name, credit_limit::float8 as "creditLimit" from business_account where id = ?',
    [request.accountId],
    'all',
  );
  const money = (n: number) => formatAmount(n, request.currency, 'en-US');
  const label = orderNumberLabel(request.orderNumber);
  await queueEmail(ctx.db, ctx.log, {
    to: BRAND.email.help,
    kind: 'credit-hold',
    subject: `Purchase order ${label} from ${company!.name} is over its credit limit`,
    text: `${company!.name} placed purchase order ${label} for ${money(request.total)}. Its open balance was ${money(request.openBalance ?? 0)} and its credit limit is ${money(company!.creditLimit ?? 0)}: the order waits for your credit decision.\n\nApprove or reject it on the company's page:\n${ctx.app.auth.publicUrl}${ROUTES.admin}/companies/${request.accountId}\n`,
  });
}

/** E-mails every active approver and admin of the company but the buyer (each in their language) about the order. */
export async function askApprovers(
  ctx: Ctx,
  request: {
    orderNumber: string;
    accountId: string;
    buyer: { id: string; firstName: string; lastName: string; email: string };
    reason: ApprovalReason;
    total: number;
    currency: string;
    limitCurrency: string;
  },
): Promise<void> {
  if (request.reason.kind === 'credit') return;
  const reason = request.reason;
  const approvers = await ctx.db.execute<{ email: string; locale: string; company: string }[]>(
    `select u.email, u.locale, a.company from app_user u join business_account a on a.id = u.account_id
     where u.account_id = ? and u.company_role in (?, ?) and u.id <> ? and u.validity = ? order by u.email`,
    [request.accountId, COMPANY_ROLES.Admin, COMPANY_ROLES.Approver, request.buyer.id, VALIDITY.Valid],
    'all',
  );
  const buyer = `${request.buyer.firstName} ${request.buyer.lastName}`.trim() || request.buyer.email;
  for (const approver of approvers) {
    await sendMessage(ctx.db, ctx.log, {
      to: approver.email,
      locale: localeOr(approver.locale),
      message: {
        kind: 'approval-requested',
        company: approver.company,
        buyer,
        label: orderNumberLabel(request.orderNumber),
        total: { value: request.total, currency: request.currency },
        reason: reason.kind,
        limit: { value: reason.limit, currency: request.limitCurrency },
        url: `${ctx.app.auth.publicUrl}${ROUTES.companyApprovals}`,
      },
    });
  }
}

/**
 * Closes the approval request of an order cancelled while it waited (by its buyer, by staff, or as its buyer left the
 * company): the card kept for it, to forget once the cancellation commits, or null.
 */
export async function cancelApproval(ctx: Ctx, orderId: string): Promise<HeldCard | null> {
  const [closed] = await ctx.db.execute<{ paymentMethodId: string | null; paymentKey: string | null }[]>(
    `update company_approval a set decision = 'cancelled', decided_by_id = ?, decided_at = now()
     where a.order_id = ? and a.decision is null
     returning a.payment_method_id as "paymentMethodId",
       (select payment_key from app_user where id = a.buyer_id) as "paymentKey"`,
    [ctx.user?.id ?? null, orderId],
    'all',
  );
  return heldCard(closed);
}

/** A card kept at the provider for an approval, to forget once it is decided (unless the buyer saved it). */
export interface HeldCard {
  paymentMethodId: string;
  paymentKey: string;
}

export function heldCard(
  row: { paymentMethodId: string | null; paymentKey: string | null } | undefined,
): HeldCard | null {
  return row?.paymentMethodId && row.paymentKey
    ? { paymentMethodId: row.paymentMethodId, paymentKey: row.paymentKey }
    : null;
}

/**
 * Forgets a held card at the provider, after the transaction that decided its order committed: not when the buyer
 * saved it (it is among their saved cards), nor while another of their orders still waits with it.
 */
export async function forgetHeldCard(ctx: Ctx, card: HeldCard | null): Promise<void> {
  if (!card) return;
  const [kept] = await ctx.db.execute<{ kept: boolean }[]>(
    `select exists (select 1 from saved_card where payment_method_id = ?)
       or exists (select 1 from company_approval where payment_method_id = ? and decision is null) as kept`,
    [card.paymentMethodId, card.paymentMethodId],
  );
  if (kept?.kept) return;
  try {
    await ctx.app.payments.detach(card.paymentMethodId, card.paymentKey);
  } catch (err) {
    // The order is decided: a card left saved at the provider is logged, not the buyer's problem.
    ctx.log.warn(
      { err, paymentMethodId: card.paymentMethodId },
      'Could not forget the card held for an approval',
    );
  }
}
