import { CONSOLE_ACCESS } from '../../../../domain/admin';
import {
  APPLICATION_STATUSES,
  applicationDeclineSchema,
  CERTIFICATE_KINDS,
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_REFUSED,
  certificateKind,
  COMPANY_ROLES,
  companyApplicationSchema,
  companyRecordSchema,
  type ApplicationStatus,
  type CertificateKind,
} from '../../../../domain/company';
import { BRAND } from '../../../../domain/constants';
import { isUuid } from '../../../../domain/ids';
import { ROLES, VALIDITY } from '../../../../domain/roles';
import { ROUTES } from '../../../../domain/routes';
import { AppError, notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import type { UploadedFile } from '../../rest/multipart';
import { recordAudit } from '../audit';
import { assertAccess, hit, requireUser } from '../auth';
import { localeOr, queueEmail, sendMessage } from '../mail';
import { unshareLists } from '../saved-list';
import { pricingOf } from '../catalog';
import { writeCompanyRecord } from './companies-admin.service';
import { personName } from './company-access';
import { memberChanged } from './company-events';

/*
 * "My company buys on account" (issue 31, decision 047): a customer without a company applies with its name, its ERP
 * number if any and its tax certificate; staff (CONSOLE_ACCESS.companies) approve it, which makes the company with
 * the applicant as its admin, or decline it with a note. The applicant is e-mailed either way; staff are e-mailed
 * when an application arrives.
 */

export interface CompanyApplicationView {
  id: string;
  status: ApplicationStatus;
  name: string;
  erpAccountId: string | null;
  taxCertificate: string;
  taxCertificateExpires: string | null;
  certificateFilename: string | null;
  note: string;
  createdAt: string;
  decidedAt: string | null;
  /** Who decided: the staff member's name for staff, the store's name for the applicant. */
  decidedBy: string | null;
  /** The company made on approval. */
  companyId: string | null;
  applicant: { userId: string; name: string; email: string; erpAccountClaim: string | null };
}

/** Applications a person may send in a day (each e-mails staff). */
const APPLICATIONS_PER_DAY = 5;

const COLUMNS = `c.id, c.status, c.company_name as name, c.erp_account_id as "erpAccountId",
  c.tax_certificate as "taxCertificate", to_char(c.tax_certificate_expires, 'YYYY-MM-DD') as "taxCertificateExpires",
  c.certificate_filename as "certificateFilename", c.note, c.created_at as "createdAt", c.decided_at as "decidedAt",
  (select coalesce(nullif(trim(concat_ws(' ', d.first_name, d.last_name)), ''), d.email) from app_user d
   where d.id = c.decided_by_id) as "decidedBy", c.account_id as "companyId",
  u.id as "userId", u.first_name as "firstName", u.last_name as "lastName", u.email,
  u.erp_account_claim as "erpAccountClaim", c.currency_code as "currencyCode"`;

type Row = Omit<CompanyApplicationView, 'applicant' | 'createdAt' | 'decidedAt'> & {
  createdAt: Date;
  decidedAt: Date | null;
  /** The currency of the site it was made on: the company's once approved (decision 052). */
  currencyCode: string;
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  erpAccountClaim: string | null;
};

function view(row: Row): CompanyApplicationView {
  const { userId, firstName, lastName, email, erpAccountClaim, ...rest } = row;
  return {
    ...rest,
    createdAt: new Date(row.createdAt).toISOString(),
    decidedAt: row.decidedAt ? new Date(row.decidedAt).toISOString() : null,
    applicant: { userId, name: personName(firstName, lastName, email), email, erpAccountClaim },
  };
}

async function read(ctx: Ctx, where: string, params: unknown[]): Promise<Row[]> {
  return ctx.db.execute<Row[]>(
    `select ${COLUMNS} from company_application c join app_user u on u.id = c.user_id ${where}`,
    params,
    'all',
  );
}

/** The certificate's file, if one came: one PDF, PNG or JPEG by its content, within the size limit. */
async function certificateFile(files: UploadedFile[]) {
  if (!files.length) return null;
  const [file] = files;
  const buffer = files.length === 1 && file!.size <= CERTIFICATE_MAX_BYTES ? await file!.read() : null;
  const kind = buffer ? certificateKind(file!.originalname, buffer) : null;
  if (!kind) {
    throw new AppError('BAD_USER_INPUT', CERTIFICATE_REFUSED, [
      { field: 'certificate', message: CERTIFICATE_REFUSED },
    ]);
  }
  return { filename: file!.originalname.replace(/[^\w. -]/g, '_').slice(0, 120), kind, buffer: buffer! };
}

/** A pending application, locked; NOT_FOUND or CONFLICT (decided already) otherwise. */
async function pending(ctx: Ctx, id: string): Promise<Row> {
  if (!isUuid(id)) throw notFound('Application');
  const [row] = await read(ctx, 'where c.id = ? for update of c', [id]);
  if (!row) throw notFound('Application');
  if (row.status !== 'pending') {
    throw new AppError('CONFLICT', 'This application was decided already: reload it.');
  }
  return row;
}

export const companyApplicationService = {
  /**
   * A signed-in customer without a company applies (multipart: the fields and an optional `certificate` file).
   * One pending application at a time; staff are e-mailed a link to it. Entry point: the form as sent.
   */
  async apply(ctx: Ctx, body: unknown, files: UploadedFile[]): Promise<CompanyApplicationView> {
    const me = requireUser(ctx);
    const input = validate(companyApplicationSchema, {
      ...(body as object),
      certificateAttached: files.length > 0,
    });
    const file = await certificateFile(files);
    // The company it becomes keeps its limits in this site's currency (decision 052).
    const currency = (await pricingOf(ctx)).currency.toUpperCase();
    const id = await ctx.db.transactional(async () => {
      const [person] = await ctx.db.execute<{ role: number; accountId: string | null }[]>(
        'select role, account_id as "accountId" from app_user where id = ? for update',
        [me.id],
        'all',
      );
      if (person?.role !== ROLES.Customer) {
        throw new AppError('FORBIDDEN', 'Only customer accounts buy for a company.');
      }
      if (person.accountId) throw new AppError('UNPROCESSABLE', 'You already belong to a company.');
      const [open] = await ctx.db.execute<unknown[]>(
        "select 1 from company_application where user_id = ? and status = 'pending'",
        [me.id],
        'all',
      );
      if (open) {
        throw new AppError('CONFLICT', 'Your application is being reviewed: withdraw it to send another.');
      }
      const limit = await hit(ctx.db, {
        key: `company-application:${me.id}`,
        max: APPLICATIONS_PER_DAY,
        windowMs: 24 * 3600_000,
      });
      if (!limit.allowed) {
        throw new AppError('TOO_MANY_REQUESTS', 'Too many requests sent. Please try again later.');
      }
      const [made] = await ctx.db.execute<{ id: string }[]>(
        `insert into company_application (user_id, company_name, erp_account_id, tax_certificate,
           tax_certificate_expires, certificate_filename, certificate_kind, certificate_data, currency_code)
         values (?, ?, ?, ?, ?::date, ?, ?, ?, ?) returning id`,
        [
          me.id,
          input.name,
          input.erpAccountId,
          input.taxCertificate,
          input.taxCertificateExpires,
          file?.filename ?? null,
          file?.kind ?? null,
          file?.buffer ?? null,
          currency,
        ],
        'all',
      );
      const lines = [
        `Company: ${input.name}`,
        `ERP account number: ${input.erpAccountId ?? 'none given'}`,
        `Tax certificate: ${input.taxCertificate || 'none given'}${input.taxCertificateExpires ? `, until ${input.taxCertificateExpires}` : ''}${file ? ` (file ${file.filename})` : ''}`,
        `Applicant: ${personName(me.firstName, me.lastName, me.email)} <${me.email}>`,
      ];
      await queueEmail(ctx.db, ctx.log, {
        to: BRAND.email.help,
        kind: 'company-application',
        subject: `Company account application from ${input.name}`,
        text: `${lines.join('\n')}\n\nApprove or decline it in the console:\n${ctx.app.auth.publicUrl}${ROUTES.admin}/companies/applications/${made!.id}\n`,
      });
      await recordAudit(ctx, {
        action: 'company.application-sent',
        targetType: 'company-application',
        targetId: made!.id,
        after: { ...input, certificateFilename: file?.filename ?? null },
      });
      return made!.id;
    });
    return (await this.mine(ctx, id))!;
  },

  /** The caller's latest application (`id`: that one), as they read it; null without one. */
  async mine(ctx: Ctx, id?: string): Promise<CompanyApplicationView | null> {
    const me = requireUser(ctx).id;
    const [row] = await read(
      ctx,
      `where c.user_id = ?${id ? ' and c.id = ?' : ''} order by c.created_at desc limit 1`,
      id ? [me, id] : [me],
    );
    return row ? { ...view(row), decidedBy: row.decidedBy ? BRAND.name : null } : null;
  },

  /** The applicant withdraws their pending application. */
  async withdraw(ctx: Ctx): Promise<void> {
    const me = requireUser(ctx).id;
    await ctx.db.transactional(async () => {
      const [row] = await ctx.db.execute<{ id: string }[]>(
        `update company_application set status = 'withdrawn', decided_at = now()
         where user_id = ? and status = 'pending' returning id`,
        [me],
        'all',
      );
      if (!row) throw notFound('Application');
      await recordAudit(ctx, {
        action: 'company.application-withdrawn',
        targetType: 'company-application',
        targetId: row.id,
        after: { status: 'withdrawn' },
      });
    });
  },

  /** Staff's list: pending applications first (oldest first), then the latest decided ones. */
  async list(ctx: Ctx, status: string | null): Promise<CompanyApplicationView[]> {
    assertAccess(ctx, CONSOLE_ACCESS.companies);
    const only = (APPLICATION_STATUSES as readonly string[]).includes(status ?? '') ? status : null;
    const rows = await read(
      ctx,
      `where ?::text is null or c.status = ?
       order by c.status = 'pending' desc, case when c.status = 'pending' then c.created_at end,
         c.created_at desc limit 200`,
      [only, only],
    );
    return rows.map(view);
  },

  async get(ctx: Ctx, id: string): Promise<CompanyApplicationView> {
    assertAccess(ctx, CONSOLE_ACCESS.companies);
    if (!isUuid(id)) throw notFound('Application');
    const [row] = await read(ctx, 'where c.id = ?', [id]);
    if (!row) throw notFound('Application');
    return view(row);
  },

  /** The certificate's file for staff. */
  async certificate(ctx: Ctx, id: string) {
    assertAccess(ctx, CONSOLE_ACCESS.companies);
    if (!isUuid(id)) throw notFound('Certificate');
    const [row] = await ctx.db.execute<{ filename: string; kind: CertificateKind; data: Buffer }[]>(
      `select certificate_filename as filename, certificate_kind as kind, certificate_data as data
       from company_application where id = ? and certificate_data is not null`,
      [id],
    );
    if (!row) throw notFound('Certificate');
    return { ...row, contentType: CERTIFICATE_KINDS[row.kind].contentType };
  },

  /**
   * Staff approve a pending application with the company's record as they settle it (name, ERP number and its
   * check, tax exemption, terms, credit limit): the company is made and the applicant becomes its admin, unless
   * they have joined a company since. Entry point: the record as sent.
   */
  async approve(ctx: Ctx, id: string, body: unknown): Promise<CompanyApplicationView> {
    assertAccess(ctx, CONSOLE_ACCESS.companies);
    const input = validate(companyRecordSchema, body);
    await ctx.db.transactional(async () => {
      const application = await pending(ctx, id);
      const [person] = await ctx.db.execute<
        { accountId: string | null; locale: string; role: number; validity: number }[]
      >(
        'select account_id as "accountId", locale, role, validity from app_user where id = ? for update',
        [application.userId],
        'all',
      );
      if (person?.role !== ROLES.Customer || person.validity !== VALIDITY.Valid) {
        throw new AppError(
          'UNPROCESSABLE',
          'The applicant’s account is no longer a valid customer account: decline the application with a note.',
        );
      }
      if (person.accountId) {
        throw new AppError(
          'UNPROCESSABLE',
          'The applicant has joined a company since: decline the application with a note.',
        );
      }
      const accountId = await writeCompanyRecord(ctx, null, input, application.currencyCode);
      await unshareLists(ctx.db, application.userId, accountId);
      await ctx.db.execute(
        `update app_user set account_id = ?, company_role = ?, order_limit = null, monthly_limit = null,
           erp_account_claim = null, updated_at = now() where id = ?`,
        [accountId, COMPANY_ROLES.Admin, application.userId],
        'run',
      );
      memberChanged(ctx, accountId, application.userId, 'joined', { role: 'Admin' });
      await decide(ctx, application, 'approved', '', accountId, person!.locale, input.name);
    });
    return this.get(ctx, id);
  },

  /** Staff decline a pending application with a note the applicant reads. Entry point: the note as sent. */
  async decline(ctx: Ctx, id: string, body: unknown): Promise<CompanyApplicationView> {
    assertAccess(ctx, CONSOLE_ACCESS.companies);
    const { note } = validate(applicationDeclineSchema, body);
    await ctx.db.transactional(async () => {
      const application = await pending(ctx, id);
      const [person] = await ctx.db.execute<{ locale: string }[]>(
        'select locale from app_user where id = ?',
        [application.userId],
        'all',
      );
      await decide(ctx, application, 'declined', note, null, person!.locale, application.name);
    });
    return this.get(ctx, id);
  },
};

/** Records a decision, audits it and e-mails the applicant a link to their company page. */
async function decide(
  ctx: Ctx,
  application: Row,
  status: 'approved' | 'declined',
  note: string,
  accountId: string | null,
  locale: string,
  company: string,
): Promise<void> {
  await ctx.db.execute(
    `update company_application set status = ?, note = ?, decided_by_id = ?, decided_at = now(), account_id = ?
     where id = ?`,
    [status, note, requireUser(ctx).id, accountId, application.id],
    'run',
  );
  await recordAudit(ctx, {
    action: `company.application-${status}`,
    targetType: 'company-application',
    targetId: application.id,
    after: { note, companyId: accountId },
  });
  await sendMessage(ctx.db, ctx.log, {
    to: application.email,
    locale: localeOr(locale),
    message: {
      kind: 'company-application-decided',
      approved: status === 'approved',
      company,
      note,
      url: `${ctx.app.auth.publicUrl}${ROUTES.company}`,
    },
  });
}
