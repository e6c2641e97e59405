import { CONSOLE_ACCESS, STORE_TIME_ZONE } from '../../../../domain/admin';
import { orderNumberLabel } from '../../../../domain/checkout';
import {
  approvalDecisionSchema,
  COMPANY_ROLES,
  companyMemberRoleSchema,
  companyRecordSchema,
  companyRoleName,
  type CompanyRecordInput,
  invoiceDueDay,
  storeDay,
  taxExemptOn,
  termsPaymentSchema,
  type ApprovalReason,
} from '../../../../domain/company';
import { BRAND } from '../../../../domain/constants';
import { locationErpShipToSchema } from '../../../../domain/erp';
import { isUuid } from '../../../../domain/ids';
import { formatAmount } from '../../../../domain/money';
import { ORDER_STATUS_CODE, orderStatusLabel } from '../../../../domain/order-status';
import { VALIDITY } from '../../../../domain/roles';
import { AppError, notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { recordAudit } from '../audit';
import { assertAccess, requireUser } from '../auth';
import { type OrderMail, changeOrderStatus, changeOrderSubStatus } from '../order';
import { keepsActiveAdmin, lastActiveAdmin, personName } from './company-access';
import { askApprovers, OPEN_TERMS_BALANCE } from './company-limits';
import { pricingOf } from '../catalog';
import { companyChanged, memberChanged } from './company-events';

/*
 * Companies as staff keep them in the console (issue 31, decision 046): their record (ERP number and its check, tax
 * exemption and certificate, terms and credit limit), their terms invoices and the payments recorded against them,
 * and the purchase orders waiting for a credit decision. Admin and Service (CONSOLE_ACCESS.companies).
 */

export interface CompanySummary {
  id: string;
  name: string;
  erpAccountId: string | null;
  erpVerified: boolean;
  netTermsDays: number | null;
  creditLimit: number | null;
  taxExempt: boolean;
  priceListId: string | null;
  members: number;
  openBalance: number;
  overdueBalance: number;
  overdueInvoices: number;
  creditWaiting: number;
}

export interface CompanyRecord extends CompanySummary {
  erpVerifiedAt: string | null;
  erpVerifiedBy: string | null;
  taxCertificate: string;
  taxCertificateExpires: string | null;
  /** Whether its exemption applies today (exempt, and the certificate not expired). */
  taxExemptToday: boolean;
  createdAt: string;
  /** Its members; `active`: they can sign in (not locked, not closed). */
  people: { userId: string; name: string; email: string; role: number | null; active: boolean }[];
  invoices: TermsInvoice[];
  creditHolds: CreditHold[];
  /** Its locations (the bill-to first) with the ERP ship-to id staff keep on each (decision 071). */
  locations: AdminLocationView[];
}

/** A company location as staff see it: where it is and its ERP ship-to id. */
export interface AdminLocationView {
  id: string;
  label: string;
  addressLine1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  billTo: boolean;
  erpShipToId: string | null;
}

const LOCATIONS_SQL = `select id, label, address_line1 as "addressLine1", city, state, zip, country,
    bill_to as "billTo", erp_ship_to_id as "erpShipToId"
  from company_address where account_id = ? order by bill_to desc, lower(label)`;

export interface TermsPaymentView {
  amount: number;
  paidOn: string;
  reference: string;
  recordedBy: string | null;
}

/** A terms invoice: an order of the company paid by purchase order. */
export interface TermsInvoice {
  orderId: string;
  orderNumber: string;
  currencyCode: string;
  poNumber: string | null;
  placedAt: string;
  dueOn: string;
  total: number;
  paid: number;
  balance: number;
  overdue: boolean;
  status: number;
  statusLabel: string;
  payments: TermsPaymentView[];
}

/** A purchase order over the company's credit limit, waiting for staff. */
export interface CreditHold {
  orderId: string;
  orderNumber: string;
  buyerName: string;
  total: number;
  currencyCode: string;
  poNumber: string | null;
  creditLimit: number;
  openBalance: number;
  /** Also over the buyer's spending limit: the company's approvers decide after staff. */
  alsoSpending: boolean;
  requestedAt: string;
}

/** Statuses of a terms invoice that is not one (not placed yet, waiting for approval, cancelled). */
const NOT_INVOICED = [
  ORDER_STATUS_CODE.Open,
  ORDER_STATUS_CODE.AwaitingApproval,
  ORDER_STATUS_CODE.OrderCancelled,
  ORDER_STATUS_CODE.OrderDeleted,
];

/** Unpaid terms invoices of the company `a` past their due day: their count and balance (SQL). */
const OVERDUE = (what: 'count' | 'balance') => `(select ${
  what === 'count' ? 'count(*)::int' : 'coalesce(sum(i.balance), 0)::float8'
} from (select o.total - coalesce((select sum(p.amount) from terms_payment p where p.order_id = o.id), 0) as balance,
    (o.created_at at time zone '${STORE_TIME_ZONE}')::date + coalesce(a.net_terms_days, 0) as due
  from customer_order o where o.account_id = a.id and o.payment_kind = 'purchaseOrder'
    and o.status not in (${NOT_INVOICED.join(', ')})) i
  where i.balance > 0 and i.due < ?::date)`;

const SUMMARY_COLUMNS = `a.id, a.company as name, a.erp_account_id as "erpAccountId",
  a.erp_verified_at is not null as "erpVerified", a.net_terms_days as "netTermsDays",
  a.credit_limit::float8 as "creditLimit", a.tax_exempt as "taxExempt", a.price_list_id as "priceListId",
  (select count(*)::int from app_user u where u.account_id = a.id) as members,
  ${OPEN_TERMS_BALANCE} as "openBalance", ${OVERDUE('balance')} as "overdueBalance",
  ${OVERDUE('count')} as "overdueInvoices",
  (select count(*)::int from company_approval h join customer_order o on o.id = h.order_id
   where h.account_id = a.id and h.credit_hold and h.decision is null and o.status = ${ORDER_STATUS_CODE.AwaitingApproval}) as "creditWaiting"`;

/** Customer price lists (from the ERP's price list items), not a site's own list, with their product counts. */
const PRICE_LISTS = `select price_list_id as id, count(*)::int as products from price_list_item
  where price_list_id not in (select price_list_id from site where price_list_id is not null)
  group by price_list_id`;

/** An ERP number another company has. */
function erpTaken(err: unknown): never {
  if ((err as { code?: string }).code === '23505') {
    const message = 'Another company has this ERP account number.';
    throw new AppError('BAD_USER_INPUT', message, [{ field: 'erpAccountId', message }]);
  }
  throw err;
}

/**
 * Makes (no id) or changes a company's record in the caller's transaction; its id. Marked verified, its ERP number's check is recorded
 * (who, when) unless it was verified already with the same number; a changed number, or unmarked, is not verified.
 */
export async function writeCompanyRecord(
  ctx: Ctx,
  id: string | null,
  input: CompanyRecordInput,
  /** A new company's currency, its limits' (decision 052): by default the console's site's. */
  currency?: string,
): Promise<string> {
  const me = requireUser(ctx).id;
  const [before] = id
    ? isUuid(id)
      ? await ctx.db.execute<Record<string, unknown>[]>(
          `select company as name, erp_account_id as "erpAccountId", erp_verified_at as "erpVerifiedAt",
             tax_exempt as "taxExempt", tax_certificate as "taxCertificate",
             to_char(tax_certificate_expires, 'YYYY-MM-DD') as "taxCertificateExpires",
             net_terms_days as "netTermsDays", credit_limit::float8 as "creditLimit",
             price_list_id as "priceListId"
           from business_account where id = ? for update`,
          [id],
          'all',
        )
      : []
    : [];
  if (id && !before) throw notFound('Company');
  const keepCheck = input.erpVerified && before?.erpVerifiedAt && before.erpAccountId === input.erpAccountId;
  const values = [
    input.name,
    input.erpAccountId,
    input.taxExempt,
    input.taxCertificate,
    input.taxCertificateExpires,
    input.netTermsDays,
    input.creditLimit,
    input.priceListId,
  ];
  if (input.priceListId && input.priceListId !== before?.priceListId) {
    const [known] = await ctx.db.execute<unknown[]>(
      `select 1 from (${PRICE_LISTS}) l where l.id = ?`,
      [input.priceListId],
      'all',
    );
    if (!known) {
      const message = 'Choose one of the price lists.';
      throw new AppError('BAD_USER_INPUT', message, [{ field: 'priceListId', message }]);
    }
  }
  const verified = input.erpVerified ? (keepCheck ? 'keep' : 'now') : 'none';
  const verifiedAt = { keep: 'erp_verified_at', now: 'now()', none: 'null' }[verified];
  const verifiedBy = { keep: 'erp_verified_by', now: '?::uuid', none: 'null' }[verified];
  const [row] = await ctx.db
    .execute<{ id: string }[]>(
      before
        ? `update business_account set company = ?, erp_account_id = ?, tax_exempt = ?, tax_certificate = ?,
             tax_certificate_expires = ?::date, net_terms_days = ?, credit_limit = ?, price_list_id = ?,
             erp_verified_at = ${verifiedAt}, erp_verified_by = ${verifiedBy} where id = ? returning id`
        : `insert into business_account (company, erp_account_id, tax_exempt, tax_certificate,
             tax_certificate_expires, net_terms_days, credit_limit, price_list_id, erp_verified_at, erp_verified_by,
             currency_code)
           values (?, ?, ?, ?, ?::date, ?, ?, ?, ${verified === 'now' ? 'now()' : 'null'}, ${verified === 'now' ? '?::uuid' : 'null'}, ?)
           returning id`,
      before
        ? [...values, ...(verified === 'now' ? [me] : []), id]
        : [
            ...values,
            ...(verified === 'now' ? [me] : []),
            (currency ?? (await pricingOf(ctx)).currency).toUpperCase(),
          ],
      'all',
    )
    .catch(erpTaken);
  const after: Record<string, unknown> = { ...input };
  companyChanged(ctx, row!.id, before ? 'updated' : 'created', after);
  await recordAudit(ctx, {
    action: before ? 'company.record-changed' : 'company.created',
    targetType: 'company',
    targetId: row!.id,
    before: before ?? null,
    after,
  });
  return row!.id;
}

export const companiesAdminService = {
  /** The customer price lists a company may buy at. */
  async priceLists(ctx: Ctx): Promise<{ id: string; products: number }[]> {
    assertAccess(ctx, CONSOLE_ACCESS.companies);
    return ctx.db.execute(`${PRICE_LISTS} order by id limit 500`);
  },

  /** Companies by name or ERP number (`q`), those with overdue invoices or credit decisions waiting first. */
  async list(ctx: Ctx, q: string): Promise<CompanySummary[]> {
    assertAccess(ctx, CONSOLE_ACCESS.companies);
    const search = q.trim().slice(0, 200);
    const today = storeDay();
    return ctx.db.execute<CompanySummary[]>(
      `select * from (select ${SUMMARY_COLUMNS} from business_account a
         where ? = '' or a.company ilike ? or a.erp_account_id ilike ?) c
       order by c."creditWaiting" desc, c."overdueInvoices" desc, lower(c.name) limit 200`,
      [today, today, search, `%${search}%`, `%${search}%`],
    );
  },

  /** One company, with its people, its terms invoices (open first) and its credit decisions waiting. */
  async get(ctx: Ctx, id: string): Promise<CompanyRecord> {
    assertAccess(ctx, CONSOLE_ACCESS.companies);
    if (!isUuid(id)) throw notFound('Company');
    const today = storeDay();
    const [row] = await ctx.db.execute<
      (CompanySummary & {
        erpVerifiedAt: Date | null;
        erpVerifiedBy: string | null;
        taxCertificate: string;
        taxCertificateExpires: string | null;
        createdAt: Date;
      })[]
    >(
      `select ${SUMMARY_COLUMNS}, a.erp_verified_at as "erpVerifiedAt",
         (select coalesce(nullif(trim(concat_ws(' ', v.first_name, v.last_name)), ''), v.email)
          from app_user v where v.id = a.erp_verified_by) as "erpVerifiedBy",
         a.tax_certificate as "taxCertificate", to_char(a.tax_certificate_expires, 'YYYY-MM-DD') as "taxCertificateExpires",
         a.created_at as "createdAt"
       from business_account a where a.id = ?`,
      [today, today, id],
    );
    if (!row) throw notFound('Company');
    const people = await ctx.db.execute<
      {
        userId: string;
        firstName: string;
        lastName: string;
        email: string;
        role: number | null;
        active: boolean;
      }[]
    >(
      `select id as "userId", first_name as "firstName", last_name as "lastName", email, company_role as role,
         validity = ? as active
       from app_user where account_id = ? order by company_role nulls last, lower(last_name), email`,
      [VALIDITY.Valid, id],
    );
    const invoices = await ctx.db.execute<
      (Omit<TermsInvoice, 'dueOn' | 'overdue' | 'statusLabel' | 'placedAt'> & { placedAt: Date })[]
    >(
      `select o.id as "orderId", o.order_number::text as "orderNumber", o.po_number as "poNumber",
         o.created_at as "placedAt", o.total::float8 as total, o.status, o.currency_code as "currencyCode",
         coalesce((select sum(p.amount) from terms_payment p where p.order_id = o.id), 0)::float8 as paid,
         coalesce((select json_agg(json_build_object('amount', p.amount::float8,
            'paidOn', to_char(p.paid_on, 'YYYY-MM-DD'), 'reference', p.reference,
            'recordedBy', (select coalesce(nullif(trim(concat_ws(' ', r.first_name, r.last_name)), ''), r.email)
                           from app_user r where r.id = p.recorded_by_id)) order by p.paid_on, p.created_at)
          from terms_payment p where p.order_id = o.id), '[]'::json) as payments
       from customer_order o
       where o.account_id = ? and o.payment_kind = 'purchaseOrder' and o.status not in (?)
       order by o.created_at desc limit 500`,
      [id, NOT_INVOICED],
    );
    const terms = row.netTermsDays ?? 0;
    const invoiceViews = invoices
      .map((i) => {
        const balance = Math.round((i.total - i.paid) * 100) / 100;
        const dueOn = invoiceDueDay(i.placedAt, terms);
        return {
          ...i,
          placedAt: new Date(i.placedAt).toISOString(),
          balance,
          dueOn,
          overdue: balance > 0 && dueOn < today,
          statusLabel: orderStatusLabel(i.status),
        };
      })
      // Open invoices first (the oldest due first), then the paid ones, newest first.
      .sort((a, b) =>
        a.balance > 0 !== b.balance > 0
          ? a.balance > 0
            ? -1
            : 1
          : a.balance > 0
            ? a.dueOn.localeCompare(b.dueOn)
            : b.placedAt.localeCompare(a.placedAt),
      );
    return {
      ...row,
      erpVerifiedAt: row.erpVerifiedAt ? new Date(row.erpVerifiedAt).toISOString() : null,
      createdAt: new Date(row.createdAt).toISOString(),
      taxExemptToday: taxExemptOn(row, today),
      people: people.map((p) => ({
        userId: p.userId,
        name: personName(p.firstName, p.lastName, p.email),
        email: p.email,
        role: p.role,
        active: p.active,
      })),
      invoices: invoiceViews,
      creditHolds: await this.creditHolds(ctx, id),
      locations: await ctx.db.execute<AdminLocationView[]>(LOCATIONS_SQL, [id]),
    };
  },

  /**
   * Sets a location's ERP ship-to id (decision 071; empty: none), one line of at most 64 characters, audited, with
   * a `company.changed` event. The order events' salesOrder gives it to orders shipped or billed to that street.
   * Entry point: the location's id and the id as sent; answers the location's company.
   */
  async setLocationErpShipTo(ctx: Ctx, body: unknown): Promise<CompanyRecord> {
    assertAccess(ctx, CONSOLE_ACCESS.companies);
    const input = validate(locationErpShipToSchema, body);
    const erpShipToId = input.erpShipToId || null;
    const accountId = await ctx.db.transactional(async () => {
      const [before] = await ctx.db.execute<
        { accountId: string; label: string; erpShipToId: string | null }[]
      >(
        `select account_id as "accountId", label, erp_ship_to_id as "erpShipToId" from company_address
         where id = ? for update`,
        [input.locationId],
      );
      if (!before) throw notFound('Location');
      if (before.erpShipToId !== erpShipToId) {
        await ctx.db.execute('update company_address set erp_ship_to_id = ? where id = ?', [
          erpShipToId,
          input.locationId,
        ]);
        await recordAudit(ctx, {
          action: 'company.location-erp-ship-to',
          targetType: 'company',
          targetId: before.accountId,
          before: { locationId: input.locationId, label: before.label, erpShipToId: before.erpShipToId },
          after: { locationId: input.locationId, label: before.label, erpShipToId },
        });
        companyChanged(ctx, before.accountId, 'updated', {
          location: { id: input.locationId, erpShipToId },
        });
      }
      return before.accountId;
    });
    return this.get(ctx, accountId);
  },

  /**
   * Staff set a member's company role (naming another admin before locking one, issue 52), audited. The company
   * keeps an admin who can sign in; another company's member answers NOT_FOUND, as a made-up one.
   */
  async setMemberRole(ctx: Ctx, companyId: string, body: unknown): Promise<CompanyRecord> {
    assertAccess(ctx, CONSOLE_ACCESS.companies);
    const { userId, role } = validate(companyMemberRoleSchema, body);
    if (!isUuid(companyId)) throw notFound('Member');
    await ctx.db.transactional(async () => {
      const [before] = await ctx.db.execute<
        { firstName: string; lastName: string; email: string; role: number; company: string }[]
      >(
        `select u.first_name as "firstName", u.last_name as "lastName", u.email, u.company_role as role, a.company
         from app_user u join business_account a on a.id = u.account_id
         where u.id = ? and u.account_id = ? and u.company_role is not null for update of u`,
        [userId, companyId],
        'all',
      );
      if (!before) throw notFound('Member');
      if (
        before.role === COMPANY_ROLES.Admin &&
        role !== 'Admin' &&
        !(await keepsActiveAdmin(ctx, companyId, userId))
      ) {
        throw lastActiveAdmin(personName(before.firstName, before.lastName, before.email), before.company);
      }
      await ctx.db.execute(
        'update app_user set company_role = ?, updated_at = now() where id = ?',
        [COMPANY_ROLES[role], userId],
        'run',
      );
      memberChanged(ctx, companyId, userId, 'updated', { role });
      await recordAudit(ctx, {
        action: 'company.member-changed',
        targetType: 'user',
        targetId: userId,
        before: { role: companyRoleName(before.role) },
        after: { role },
      });
    });
    return this.get(ctx, companyId);
  },

  /** The company's purchase orders waiting for a credit decision, oldest first. */
  async creditHolds(ctx: Ctx, accountId: string): Promise<CreditHold[]> {
    const rows = await ctx.db.execute<
      (Omit<CreditHold, 'buyerName' | 'requestedAt' | 'alsoSpending'> & {
        firstName: string | null;
        lastName: string | null;
        email: string | null;
        reason: string;
        requestedAt: Date;
      })[]
    >(
      `select o.id as "orderId", o.order_number::text as "orderNumber", u.first_name as "firstName",
         u.last_name as "lastName", coalesce(u.email, o.contact_email) as email, o.total::float8 as total,
         o.currency_code as "currencyCode", o.po_number as "poNumber", h.reason,
         (case when h.reason = 'credit' then h.spending_limit else coalesce(a.credit_limit, 0) end)::float8
           as "creditLimit", coalesce(h.open_balance, 0)::float8 as "openBalance",
         h.requested_at as "requestedAt"
       from company_approval h join customer_order o on o.id = h.order_id
       join business_account a on a.id = h.account_id left join app_user u on u.id = h.buyer_id
       where h.account_id = ? and h.credit_hold and h.decision is null and o.status = ?
       order by h.requested_at`,
      [accountId, ORDER_STATUS_CODE.AwaitingApproval],
    );
    return rows.map(({ firstName, lastName, email, reason, ...r }) => ({
      ...r,
      buyerName: personName(firstName, lastName, email),
      alsoSpending: reason !== 'credit',
      requestedAt: new Date(r.requestedAt).toISOString(),
    }));
  },

  /** Staff make (no id) or change a company's record (writeCompanyRecord). Entry point: the record as sent. */
  async save(ctx: Ctx, id: string | null, body: unknown): Promise<CompanyRecord> {
    assertAccess(ctx, CONSOLE_ACCESS.companies);
    const input = validate(companyRecordSchema, body);
    const saved = await ctx.db.transactional(() => writeCompanyRecord(ctx, id, input));
    return this.get(ctx, saved);
  },

  /**
   * Records a payment against a terms invoice (amount, the day it was paid, the reference). It may not exceed the
   * invoice's balance; the invoice is paid once its payments reach its total. Entry point: the payment as sent.
   */
  async recordPayment(ctx: Ctx, orderId: string, body: unknown): Promise<CompanyRecord> {
    assertAccess(ctx, CONSOLE_ACCESS.companies);
    const input = validate(termsPaymentSchema, body);
    if (!isUuid(orderId)) throw notFound('Invoice');
    const accountId = await ctx.db.transactional(async () => {
      // The order locked first, then its payments summed in another statement: a payment recorded a moment ago by
      // someone else (who held the lock) is counted.
      const [locked] = await ctx.db.execute<
        { accountId: string | null; status: number; total: number; currencyCode: string }[]
      >(
        `select o.account_id as "accountId", o.status, o.total::float8 as total, o.currency_code as "currencyCode"
         from customer_order o where o.id = ? and o.payment_kind = 'purchaseOrder' for update`,
        [orderId],
        'all',
      );
      const [{ paid }] = (await ctx.db.execute<{ paid: number }[]>(
        'select coalesce(sum(amount), 0)::float8 as paid from terms_payment where order_id = ?',
        [orderId],
        'all',
      )) as [{ paid: number }];
      const order = locked && { ...locked, paid };
      if (!order?.accountId || NOT_INVOICED.includes(order.status as (typeof NOT_INVOICED)[number])) {
        throw notFound('Invoice');
      }
      const cents = (n: number) => Math.round(n * 100);
      const balance = (cents(order.total) - cents(order.paid)) / 100;
      if (cents(input.amount) > cents(balance)) {
        const message =
          balance > 0
            ? `The invoice's balance is ${formatAmount(balance, order.currencyCode, 'en-US')}: enter at most that.`
            : 'This invoice is paid.';
        throw new AppError('BAD_USER_INPUT', message, [{ field: 'amount', message }]);
      }
      await ctx.db.execute(
        `insert into terms_payment (order_id, account_id, amount, paid_on, reference, recorded_by_id)
         values (?, ?, ?, ?::date, ?, ?)`,
        [orderId, order.accountId, input.amount, input.paidOn, input.reference, requireUser(ctx).id],
        'run',
      );
      const paidInFull = cents(order.paid) + cents(input.amount) >= cents(order.total);
      await changeOrderSubStatus(ctx, {
        orderId,
        paymentStatus: paidInFull ? 'PAID' : 'PARTIALLY_PAID',
        touch: true,
      });
      await recordAudit(ctx, {
        action: 'order.terms-payment-recorded',
        targetType: 'order',
        targetId: orderId,
        before: { paid: order.paid },
        after: { ...input, paidInFull },
      });
      return order.accountId;
    });
    return this.get(ctx, accountId);
  },

  /**
   * Staff decide a purchase order over its company's credit limit. Approved: it proceeds (its purchase order taken),
   * or, when it is also over its buyer's spending limit, it goes to the company's approvers (e-mailed then). Rejected
   * (a note is required): it is cancelled and the buyer told. Entry point: `{ approve, note }` as sent.
   */
  async decideCredit(ctx: Ctx, orderId: string, body: unknown): Promise<CompanyRecord> {
    assertAccess(ctx, CONSOLE_ACCESS.companies);
    const input = validate(approvalDecisionSchema, body);
    const note = input.note ?? '';
    if (!isUuid(orderId)) throw notFound('Order');
    const me = requireUser(ctx);
    const accountId = await ctx.db.transactional(async () => {
      const [row] = await ctx.db.execute<
        {
          approvalId: string;
          accountId: string;
          reason: string;
          spendingLimit: number;
          status: number;
          orderNumber: string;
          total: number;
          currencyCode: string;
          limitCurrency: string;
          buyerId: string | null;
          firstName: string;
          lastName: string;
          email: string;
        }[]
      >(
        `select h.id as "approvalId", h.account_id as "accountId", h.reason, h.spending_limit::float8 as "spendingLimit",
           o.status, o.order_number::text as "orderNumber", o.total::float8 as total,
           o.currency_code as "currencyCode", a.currency_code as "limitCurrency", h.buyer_id as "buyerId",
           u.first_name as "firstName", u.last_name as "lastName", u.email
         from company_approval h join customer_order o on o.id = h.order_id
         join business_account a on a.id = h.account_id left join app_user u on u.id = h.buyer_id
         where h.order_id = ? and h.credit_hold and h.decision is null
         for update of o, h`,
        [orderId],
        'all',
      );
      if (!row) throw notFound('Order');
      if (row.status !== ORDER_STATUS_CODE.AwaitingApproval) {
        throw new AppError('CONFLICT', 'This order was already approved, rejected or cancelled.');
      }
      const said = note ? ` (${note})` : '';
      const move = (to: number, paymentStatus: string | null, history: string, notice: OrderMail) =>
        changeOrderStatus(ctx, { orderId, from: row.status, to, note: history, paymentStatus, notice });
      if (!input.approve) {
        await ctx.db.execute(
          `update company_approval set decision = 'rejected', decided_by_id = ?, note = ?, decided_at = now(),
             credit_hold = false where id = ?`,
          [me.id, note, row.approvalId],
          'run',
        );
        await move(
          ORDER_STATUS_CODE.OrderCancelled,
          null,
          `Credit refused by ${BRAND.name}${said}`,
          (order) => ({
            kind: 'order-rejected',
            ...order,
            by: BRAND.name,
            note,
          }),
        );
      } else if (row.reason === 'credit') {
        await ctx.db.execute(
          `update company_approval set decision = 'approved', decided_by_id = ?, note = ?, decided_at = now(),
             credit_hold = false where id = ?`,
          [me.id, note, row.approvalId],
          'run',
        );
        await move(
          ORDER_STATUS_CODE.Processing,
          'PENDING',
          `Credit approved by ${BRAND.name}${said}; purchase order received`,
          (order) => ({ kind: 'order-approved', ...order, by: BRAND.name, note, next: 'terms' }),
        );
      } else {
        // Also over the buyer's spending limit: now the company's approvers decide.
        await ctx.db.execute(
          'update company_approval set credit_hold = false where id = ?',
          [row.approvalId],
          'run',
        );
        await changeOrderSubStatus(ctx, {
          orderId,
          note: {
            text: `Credit approved by ${BRAND.name}${said}; waiting for the company's approval`,
            at: row.status,
          },
          touch: false,
        });
        await askApprovers(ctx, {
          orderNumber: row.orderNumber,
          accountId: row.accountId,
          buyer: {
            id: row.buyerId ?? '',
            firstName: row.firstName ?? '',
            lastName: row.lastName ?? '',
            email: row.email ?? '',
          },
          reason: { kind: row.reason, limit: row.spendingLimit } as ApprovalReason,
          total: row.total,
          currency: row.currencyCode,
          limitCurrency: row.limitCurrency,
        });
      }
      await recordAudit(ctx, {
        action: input.approve ? 'company.credit-approved' : 'company.credit-refused',
        targetType: 'order',
        targetId: orderId,
        before: { status: row.status, order: orderNumberLabel(row.orderNumber) },
        after: { decision: input.approve ? 'approved' : 'rejected', note },
      });
      return row.accountId;
    });
    return this.get(ctx, accountId);
  },
};
