import { unshareLists } from '../saved-list';
import { array, boolean, number, object, string } from 'yup';
import { CONSOLE_ACCESS } from '../../../../domain/admin';
import {
  COMPANY_ROLES,
  companyRoleName,
  userCompanySchema,
  type CompanyRoleName,
} from '../../../../domain/company';
import { ROLES, roleName, VALIDITY } from '../../../../domain/roles';
import { AppError, notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { inTransaction } from '../../db/db';
import { assertAccess } from '../auth';
import { recordAudit } from '../audit';
import {
  keepsActiveAdmin,
  lastActiveAdmin,
  lockCompanyAdmins,
  personName,
  companyChanged,
  memberChanged,
} from '../company';

export interface AdminUserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: number;
  roleName: string;
  validity: number;
  company: string | null;
  /** The user's company (business account) and their role in it. */
  companyId: string | null;
  companyRole: CompanyRoleName | null;
  erpAccountId: string | null;
  /** The ERP account number the user typed at registration, not yet verified by staff. */
  erpAccountClaim: string | null;
  orderCount: number;
  lastSignInAt: string | null;
  createdAt: string;
}

const ROLE_CODES = Object.values(ROLES) as number[];

export const userFilterSchema = object({
  q: string().trim().max(200).optional(),
  roles: array().of(number().oneOf(ROLE_CODES).required()).optional(),
  locked: boolean().optional(),
  page: number().integer().min(1).max(100_000).default(1),
  pageSize: number().integer().min(1).max(100).default(25),
});

const roleSchema = object({
  userId: string().required().uuid('User not found'),
  role: number().required('Role is a required field').oneOf(ROLE_CODES, 'Role is a required field'),
});
const lockSchema = object({
  userId: string().required().uuid('User not found'),
  locked: boolean().required(),
});

const USER_COLUMNS = `u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u.phone, u.role,
  u.validity, a.company, u.account_id as "companyId", u.company_role as "companyRole", a.erp_account_id as "erpAccountId", u.erp_account_claim as "erpAccountClaim",
  (select count(*)::int from customer_order o where o.user_id = u.id) as "orderCount",
  u.last_sign_in_at as "lastSignInAt", u.created_at as "createdAt"`;

type Row = Omit<AdminUserRow, 'roleName' | 'companyRole' | 'lastSignInAt' | 'createdAt'> & {
  companyRole: number | null;
  lastSignInAt: Date | null;
  createdAt: Date;
};

const view = (r: Row): AdminUserRow => ({
  ...r,
  roleName: roleName(r.role) ?? String(r.role),
  companyRole: r.companyRole === null ? null : (companyRoleName(r.companyRole) ?? null),
  lastSignInAt: r.lastSignInAt ? new Date(r.lastSignInAt).toISOString() : null,
  createdAt: new Date(r.createdAt).toISOString(),
});

/**
 * Customers and users in the console: search, role changes (Admin), locking (Admin, Service) and company
 * attachment (Admin, Service), audited. A role acts only on users of a lower role (an Admin on any but itself).
 */
export const adminUserService = {
  async search(ctx: Ctx, input: unknown) {
    assertAccess(ctx, CONSOLE_ACCESS.customers);
    const filter = validate(userFilterSchema, input);
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.q) {
      const like = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(`(lower(u.email) like ? or lower(u.first_name || ' ' || u.last_name) like ?
        or lower(a.company) like ? or a.erp_account_id = ?)`);
      params.push(like, like, like, filter.q);
    }
    if (filter.roles?.length) {
      where.push('u.role in (?)');
      params.push(filter.roles);
    }
    if (filter.locked !== undefined) {
      where.push(filter.locked ? 'u.validity = ?' : 'u.validity <> ?');
      params.push(VALIDITY.Locked);
    }
    const sql = where.length ? `where ${where.join(' and ')}` : '';
    const [rows, [count]] = await Promise.all([
      ctx.db.execute<Row[]>(
        `select ${USER_COLUMNS} from app_user u left join business_account a on a.id = u.account_id ${sql}
         order by u.created_at desc, u.id limit ? offset ?`,
        [...params, filter.pageSize, (filter.page - 1) * filter.pageSize],
      ),
      ctx.db.execute<{ n: number }[]>(
        `select count(*)::int as n from app_user u left join business_account a on a.id = u.account_id ${sql}`,
        params,
      ),
    ]);
    return { items: rows.map(view), total: count!.n, page: filter.page, pageSize: filter.pageSize };
  },

  /** Changes a user's role. An Admin cannot change their own role, so the store always keeps an Admin. */
  async setRole(ctx: Ctx, input: unknown): Promise<AdminUserRow> {
    assertAccess(ctx, CONSOLE_ACCESS.manageUsers);
    const { userId, role } = validate(roleSchema, input);
    if (userId === ctx.user!.id) throw new AppError('FORBIDDEN', 'You cannot change your own role.');
    return change(ctx, userId, 'user.role', 'role = ?', [role], (before) => ({
      before: { role: roleName(before.role) },
      after: { role: roleName(role) },
    }));
  },

  /**
   * Locks or unlocks an account. A locked user's sessions end at once (and every request re-reads the user's
   * validity), their partner keys stop working, and they cannot sign in. A company's last admin who can sign in is
   * not locked: staff name another admin first (issue 52).
   */
  async setLocked(ctx: Ctx, input: unknown): Promise<AdminUserRow> {
    assertAccess(ctx, CONSOLE_ACCESS.lockUsers);
    const { userId, locked } = validate(lockSchema, input);
    if (userId === ctx.user!.id) throw new AppError('FORBIDDEN', 'You cannot lock your own account.');
    const validity = locked ? VALIDITY.Locked : VALIDITY.Valid;
    return ctx.db.transactional(async () => {
      if (locked) {
        // The company's admins are locked before the account itself, in the order every change of its admins
        // takes them: two staff locking its two admins at once wait for each other.
        const [target] = await ctx.db.execute<{ accountId: string | null }[]>(
          'select account_id as "accountId" from app_user where id = ?',
          [userId],
          'all',
        );
        if (target?.accountId) await lockCompanyAdmins(ctx, target.accountId);
      }
      return change(
        ctx,
        userId,
        locked ? 'user.lock' : 'user.unlock',
        'validity = ?',
        [validity],
        (before) => ({
          before: { locked: before.validity === VALIDITY.Locked },
          after: { locked },
        }),
        async (before) => {
          if (
            locked &&
            before.companyId &&
            before.companyRole === COMPANY_ROLES.Admin &&
            before.validity === VALIDITY.Valid &&
            !(await keepsActiveAdmin(ctx, before.companyId, userId))
          ) {
            throw lastActiveAdmin(
              personName(before.firstName, before.lastName, before.email),
              before.company!,
            );
          }
          if (before.companyId) memberChanged(ctx, before.companyId, userId, locked ? 'locked' : 'unlocked');
        },
      );
    });
  },

  /**
   * Attaches a customer to the company with this ERP account number (made with `company` as its name when the
   * store has no such company yet), which verifies their claim; `erpAccountId: null` detaches them. Audited.
   */
  async setCompany(ctx: Ctx, input: unknown): Promise<AdminUserRow> {
    assertAccess(ctx, CONSOLE_ACCESS.companies);
    const { userId, erpAccountId, company } = validate(userCompanySchema, input);
    await ctx.db.transactional(async () => {
      const before = await userRow(ctx, userId);
      if (!before) throw notFound('User');
      if (before.role !== ROLES.Customer) {
        throw new AppError('FORBIDDEN', 'Only customer accounts buy for a company.');
      }
      let accountId: string | null = null;
      if (erpAccountId) {
        const [found] = await ctx.db.execute<{ id: string }[]>(
          'select id from business_account where erp_account_id = ?',
          [erpAccountId],
          'all',
        );
        if (found) accountId = found.id;
        else if (!company) {
          throw new AppError(
            'BAD_USER_INPUT',
            'No company has this ERP account id: enter its name to add it.',
            [{ field: 'company', message: 'Company is a required field' }],
          );
        } else {
          const [made] = await ctx.db.execute<{ id: string }[]>(
            // Staff attach a claimed ERP number after checking it (decision 028): the company is made verified.
            `insert into business_account (company, erp_account_id, erp_verified_at, erp_verified_by)
             values (?, ?, now(), ?) returning id`,
            [company, erpAccountId, ctx.user!.id],
            'all',
          );
          accountId = made!.id;
          companyChanged(ctx, accountId, 'created', { name: company, erpAccountId });
        }
      }
      // The company's first member is its admin; later ones buy (the company's admin changes roles, decision 043).
      // Moving to another company, or leaving one, drops the role and limits the person had there, and the sharing
      // of their lists.
      await unshareLists(ctx.db, userId, accountId);
      await ctx.db.execute(
        `update app_user u set account_id = ?::uuid, erp_account_claim = null, updated_at = now(),
           company_role = case
             when ?::uuid is null then null
             when u.account_id is not distinct from ?::uuid then u.company_role
             when exists (select 1 from app_user m where m.account_id = ?::uuid and m.company_role = ?) then ?
             else ? end,
           order_limit = case when u.account_id is not distinct from ?::uuid then u.order_limit end,
           monthly_limit = case when u.account_id is not distinct from ?::uuid then u.monthly_limit end
         where id = ?`,
        [
          accountId,
          accountId,
          accountId,
          accountId,
          COMPANY_ROLES.Admin,
          COMPANY_ROLES.Buyer,
          COMPANY_ROLES.Admin,
          accountId,
          accountId,
          userId,
        ],
        'run',
      );
      if (before.companyId !== accountId) {
        if (before.companyId) memberChanged(ctx, before.companyId, userId, 'removed');
        if (accountId) memberChanged(ctx, accountId, userId, 'joined');
      }
      await recordAudit(ctx, {
        action: erpAccountId ? 'user.company-attached' : 'user.company-detached',
        targetType: 'user',
        targetId: userId,
        before: { company: before.company, erpAccountId: before.erpAccountId, claim: before.erpAccountClaim },
        after: { erpAccountId },
      });
    });
    return view((await userRow(ctx, userId))!);
  },
};

/** One audited change of a user row, in a transaction; locking also ends the user's sessions. */
/** The user as the console shows it; inside a transaction, locked until it commits. */
async function userRow(ctx: Ctx, userId: string): Promise<Row | undefined> {
  const [row] = await ctx.db.execute<Row[]>(
    `select ${USER_COLUMNS} from app_user u left join business_account a on a.id = u.account_id
     where u.id = ?${inTransaction() ? ' for update of u' : ''}`,
    [userId],
    'all',
  );
  return row;
}

/** Staff act only on users of a lower role; an Admin, the top role, on any user but itself. */
function assertOutranks(ctx: Ctx, target: { role: number }): void {
  const actor = ctx.user!.role;
  if (actor !== ROLES.Admin && target.role <= actor) {
    throw new AppError('FORBIDDEN', 'You can only change accounts of a lower role.');
  }
}

async function change(
  ctx: Ctx,
  userId: string,
  action: string,
  set: string,
  params: unknown[],
  audit: (before: Row) => { before: object; after: object },
  check?: (before: Row) => Promise<void>,
): Promise<AdminUserRow> {
  await ctx.db.transactional(async () => {
    const before = await userRow(ctx, userId);
    if (!before) throw notFound('User');
    assertOutranks(ctx, before);
    await check?.(before);
    await ctx.db.execute(
      `update app_user set ${set}, updated_at = now() where id = ?`,
      [...params, userId],
      'run',
    );
    if (action === 'user.lock') {
      await ctx.db.execute(`delete from session where sess->>'userId' = ?`, [userId], 'run');
    }
    await recordAudit(ctx, { action, targetType: 'user', targetId: userId, ...audit(before) });
  });
  return view((await userRow(ctx, userId))!);
}
