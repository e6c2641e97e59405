import { array, boolean, number, object, string } from 'yup';
import { CONSOLE_ACCESS } from '../../../../domain/admin';
import { ROLES, roleName, VALIDITY } from '../../../../domain/roles';
import { AppError, notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { assertAccess } from '../auth/permissions';
import { recordAudit } from '../audit/audit';

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
  erpAccountId: string | null;
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
  u.validity, a.company, a.erp_account_id as "erpAccountId",
  (select count(*)::int from customer_order o where o.user_id = u.id) as "orderCount",
  u.last_sign_in_at as "lastSignInAt", u.created_at as "createdAt"`;

type Row = Omit<AdminUserRow, 'roleName' | 'lastSignInAt' | 'createdAt'> & {
  lastSignInAt: Date | null;
  createdAt: Date;
};

const view = (r: Row): AdminUserRow => ({
  ...r,
  roleName: roleName(r.role) ?? String(r.role),
  lastSignInAt: r.lastSignInAt ? new Date(r.lastSignInAt).toISOString() : null,
  createdAt: new Date(r.createdAt).toISOString(),
});

/** Customers and users in the console: search, role changes (Admin) and locking (Admin, Service), audited. */
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
   * validity), their partner keys stop working, and they cannot sign in.
   */
  async setLocked(ctx: Ctx, input: unknown): Promise<AdminUserRow> {
    assertAccess(ctx, CONSOLE_ACCESS.lockUsers);
    const { userId, locked } = validate(lockSchema, input);
    if (userId === ctx.user!.id) throw new AppError('FORBIDDEN', 'You cannot lock your own account.');
    const validity = locked ? VALIDITY.Locked : VALIDITY.Valid;
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
    );
  },
};

/** One audited change of a user row, in a transaction; locking also ends the user's sessions. */
async function change(
  ctx: Ctx,
  userId: string,
  action: string,
  set: string,
  params: unknown[],
  audit: (before: Row) => { before: object; after: object },
): Promise<AdminUserRow> {
  await ctx.db.transactional(async (trx) => {
    const [before] = await ctx.db.execute<Row[]>(
      `select ${USER_COLUMNS} from app_user u left join business_account a on a.id = u.account_id
       where u.id = ? for update of u`,
      [userId],
      'all',
      trx,
    );
    if (!before) throw notFound('User');
    await ctx.db.execute(
      `update app_user set ${set}, updated_at = now() where id = ?`,
      [...params, userId],
      'run',
      trx,
    );
    if (action === 'user.lock') {
      await ctx.db.execute(`delete from session where sess->>'userId' = ?`, [userId], 'run', trx);
    }
    await recordAudit(ctx, trx, { action, targetType: 'user', targetId: userId, ...audit(before) });
  });
  const [row] = await ctx.db.execute<Row[]>(
    `select ${USER_COLUMNS} from app_user u left join business_account a on a.id = u.account_id where u.id = ?`,
    [userId],
  );
  return view(row!);
}
