import { accountDeletionSchema } from '../../../../domain/account.schema';
import { CONSENT_COOKIE } from '../../../../domain/consent';
import { readCookieFrom } from '../../../../domain/cookies';
import { isStaffRole, VALIDITY } from '../../../../domain/roles';
import { AppError } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { recordAudit } from '../audit';
import { verifyPassword, endSession, requireUser } from '../auth';
import { accountService } from './account.service';
import { deleteSavedCards, detachAll } from './saved-cards.service';
import { runClosingChecks } from './account-hooks';

/** What an anonymised account's e-mail becomes: unique, and never deliverable (`.invalid`). */
const deletedEmail = (userId: string) => `deleted+${userId}@deleted.invalid`;

/**
 * A buyer's own data (decision 030): a copy of everything the store keeps about them, and the closing of their
 * account. Orders stay for the records the law requires (invoices, tax), with the personal fields removed.
 */
export const privacyService = {
  /** Everything kept about the signed-in user, as one JSON document; audited. */
  async exportData(ctx: Ctx): Promise<Record<string, unknown>> {
    const user = requireUser(ctx);
    const db = ctx.db;
    const [account, orders, returns, lists, forms, alerts, applications, quotes] = await Promise.all([
      accountService.userView(ctx, user.id),
      db.execute(
        `select o.order_number as "orderNumber", o.created_at as "placedAt", o.site, o.currency_code as currency,
           o.status, o.payment_status as "paymentStatus", o.sub_total::float8 as "subTotal",
           o.freight_amt::float8 as freight, o.tax_amount::float8 as tax, o.total::float8 as total,
           o.contact_email as "contactEmail", o.shipping_address as "shippingAddress", o.shipping_note as "shippingNote",
           o.payment_kind as "paymentKind", o.card_brand as "cardBrand", o.card_last4 as "cardLast4",
           o.po_number as "poNumber",
           coalesce((select json_agg(json_build_object('productId', l.product_id, 'name', l.name,
             'quantity', l.quantity, 'price', l.price) order by l.line_no) from order_line l where l.order_id = o.id),
             '[]'::json) as lines
         from customer_order o where o.user_id = ? order by o.created_at`,
        [user.id],
      ),
      db.execute(
        `select r.rma_number as "rmaNumber", r.status, r.decision, r.reason, r.comment, r.created_at as "createdAt"
         from return_request r where r.user_id = ? order by r.created_at`,
        [user.id],
      ),
      db.execute(
        `select s.name, s.description, s.sharing, s.created_at as "createdAt",
           coalesce((select json_agg(json_build_object('productId', i.product_id, 'quantity', i.quantity,
             'configurations', i.configurations) order by i.date_added) from saved_list_item i where i.list_id = s.id),
             '[]'::json) as items
         from saved_list s where s.user_id = ? order by s.created_at`,
        [user.id],
      ),
      db.execute(
        `select kind, payload, created_at as "createdAt" from form_submission
         where user_id = ? or lower(email) = lower(?) order by created_at`,
        [user.id, user.email],
      ),
      db.execute(
        `select product_id as "productId", created_at as "createdAt" from back_in_stock_request
         where lower(email) = lower(?) order by created_at`,
        [user.email],
      ),
      db.execute(
        `select company_name as company, erp_account_id as "erpAccountId", tax_certificate as "taxCertificate",
           to_char(tax_certificate_expires, 'YYYY-MM-DD') as "taxCertificateExpires",
           certificate_filename as "certificateFile", status, note, created_at as "createdAt",
           decided_at as "decidedAt"
         from company_application where user_id = ? order by created_at`,
        [user.id],
      ),
      db.execute(
        `select q.number::text as number, q.status, to_char(q.needed_by, 'YYYY-MM-DD') as "neededBy", q.note,
           q.phone, q.company_name as "companyName", q.created_at as "createdAt",
           coalesce((select json_agg(a.filename order by a.created_at) from quote_attachment a
             where a.quote_id = q.id), '[]'::json) as drawings,
           coalesce((select json_agg(json_build_object('revision', l.revision, 'productId', l.product_id,
             'description', l.description, 'quantity', l.quantity, 'unitPrice', l.unit_price)
             order by l.revision, l.line_no) from quote_line l where l.quote_id = q.id), '[]'::json) as lines
         from quote q
         where q.user_id = ? or (q.user_id is null and lower(q.contact_email) = lower(?))
         order by q.created_at`,
        [user.id, user.email],
      ),
    ]);
    const consent = readCookieFrom(ctx.req.headers.cookie, CONSENT_COOKIE);
    await db.transactional(() =>
      recordAudit(ctx, {
        action: 'user.data-exported',
        targetType: 'user',
        targetId: user.id,
        after: { orders: orders.length },
      }),
    );
    return {
      exportedAt: new Date().toISOString(),
      account,
      orders,
      returns,
      savedLists: lists,
      formSubmissions: forms,
      backInStockAlerts: alerts,
      companyApplications: applications,
      quotes,
      consent: consent ? safeJson(decodeURIComponent(consent)) : null,
    };
  },

  /**
   * Closes the signed-in buyer's account after checking their password: personal data is removed (profile,
   * addresses, saved cards (also at the payment provider), lists, carts, quotes, sessions, keys, alerts, pending links), orders and returns are kept with their
   * personal fields anonymised, and the session ends. Staff accounts are closed by an Admin instead.
   */
  async deleteAccount(ctx: Ctx, input: unknown): Promise<void> {
    const user = requireUser(ctx);
    const { password } = validate(accountDeletionSchema, input);
    if (isStaffRole(user.role)) {
      throw new AppError('FORBIDDEN', 'Staff accounts are closed by an Admin in the console.');
    }
    const [row] = await ctx.db.execute<{ hash: string | null }[]>(
      'select password_hash as hash from app_user where id = ?',
      [user.id],
    );
    if (!(await verifyPassword(password, row?.hash ?? null))) {
      const message = 'The password is not correct.';
      throw new AppError('BAD_USER_INPUT', message, [{ field: 'password', message }]);
    }
    const email = user.email.toLowerCase();
    const cards = await ctx.db.transactional(async () => {
      const run = (sql: string, params: unknown[]) => ctx.db.execute(sql, params, 'run');
      // Modules above account may refuse first (a company's last active admin, issue 52), in this transaction.
      await runClosingChecks(ctx, user.id);
      const kept = await ctx.db.execute<{ id: string }[]>(
        `update customer_order set contact_email = ?, shipping_note = '',
           shipping_address = shipping_address || jsonb_build_object('name', '', 'email', '', 'phone', '',
             'addressLine1', '', 'addressLine2', '')
         where user_id = ? returning id`,
        [deletedEmail(user.id), user.id],
        'all',
      );
      await run(`update return_request set comment = '' where user_id = ?`, [user.id]);
      await run('update app_user set primary_address_id = null, primary_payment_id = null where id = ?', [
        user.id,
      ]);
      await run('delete from address where user_id = ?', [user.id]);
      const savedCards = await deleteSavedCards(ctx, user.id);
      await run('delete from saved_list where user_id = ?', [user.id]);
      // Company account applications: the certificate and its file are theirs (an approved company keeps its record).
      await run('delete from company_application where user_id = ?', [user.id]);
      // Their quotes, and a guest quote form sent from their address and never claimed (decision 061).
      await run(
        'delete from quote where user_id = ? or (user_id is null and lower(contact_email) = lower(?))',
        [user.id, user.email],
      );
      await run('delete from cart where user_id = ?', [user.id]);
      await run('delete from password_reset where user_id = ?', [user.id]);
      await run('update api_key set revoked_at = now() where user_id = ? and revoked_at is null', [user.id]);
      await run('delete from back_in_stock_request where lower(email) = ?', [email]);
      await run('delete from registration where lower(email) = ?', [email]);
      await run(
        `update form_submission set email = ?, payload = '{}'::jsonb where user_id = ? or lower(email) = ?`,
        [deletedEmail(user.id), user.id, email],
      );
      await run(`update email_outbox set to_address = ?, text_body = '' where lower(to_address) = ?`, [
        deletedEmail(user.id),
        email,
      ]);
      await run(
        `update app_user set email = ?, first_name = 'Deleted', last_name = 'Account', title = '', phone = '',
           password_hash = null, validity = ?, erp_account_claim = null, credentials_changed_at = now(),
           updated_at = now()
         where id = ?`,
        [deletedEmail(user.id), VALIDITY.Expired, user.id],
      );
      await run(`delete from session where sess->>'userId' = ?`, [user.id]);
      await recordAudit(ctx, {
        action: 'user.deleted',
        targetType: 'user',
        targetId: user.id,
        after: { ordersKept: kept.length },
      });
      return savedCards;
    });
    await detachAll(ctx, cards);
    await endSession(ctx.req, ctx.res, ctx.app.auth.cookies);
  },
};

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
