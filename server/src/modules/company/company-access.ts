import { COMPANY_CAN, COMPANY_ROLES } from '../../../../domain/company';
import { VALIDITY } from '../../../../domain/roles';
import { AppError } from '../../common/errors';
import type { Ctx } from '../../context';
import { inTransaction } from '../../db/db';
import { type SessionUser, COMPANY_ORDERS, assertAccess, requireUser } from '../auth';

/* Who the caller is in their company (decision 043), read in the statement that acts. */

/**
 * The caller of a company operation open to partner keys (COMPANY_ORDERS: its orders and approvals, decision 047):
 * a signed-in person, or a key with the company:orders scope acting as its user.
 */
export function companyCaller(ctx: Ctx): SessionUser {
  assertAccess(ctx, COMPANY_ORDERS);
  return ctx.user!;
}

/** The caller's company and role, read now (inside a transaction, locked until it commits); UNPROCESSABLE without a company (not FORBIDDEN, which signs the shop out: decision 044). */
export async function membership(ctx: Ctx): Promise<{ accountId: string; role: number }> {
  const userId = companyCaller(ctx).id;
  const [row] = await ctx.db.execute<{ accountId: string | null; role: number | null }[]>(
    `select account_id as "accountId", company_role as role from app_user where id = ?${inTransaction() ? ' for update' : ''}`,
    [userId],
    'all',
  );
  if (!row?.accountId || row.role === null) {
    throw new AppError('UNPROCESSABLE', 'You do not belong to a company.');
  }
  return { accountId: row.accountId, role: row.role };
}

/** The caller as an admin of their company; UNPROCESSABLE otherwise. */
export async function adminOf(ctx: Ctx): Promise<string> {
  requireUser(ctx);
  const { accountId, role } = await membership(ctx);
  if (!COMPANY_CAN.manageMembers(role)) {
    throw new AppError('UNPROCESSABLE', 'Only an admin of your company can do this.');
  }
  return accountId;
}

/** A person as the company's pages and e-mails name them: first and last name, else their e-mail. */
export const personName = (first: string | null, last: string | null, email: string | null) =>
  `${first ?? ''} ${last ?? ''}`.trim() || email || '';

/** The company's admins with their validity, their rows locked in id order (as every change of its admins locks them). */
export function lockCompanyAdmins(ctx: Ctx, accountId: string) {
  return ctx.db.execute<{ id: string; validity: number }[]>(
    'select id, validity from app_user where account_id = ? and company_role = ? order by id for update',
    [accountId, COMPANY_ROLES.Admin],
    'all',
  );
}

/**
 * Whether the company keeps an admin who can sign in (not locked, not closed) once `leaving` stops being one, for
 * its admins stepping down or leaving and for staff demoting or locking one (issue 52). The company's admins are
 * locked first, so two such changes at once cannot both succeed.
 */
export async function keepsActiveAdmin(ctx: Ctx, accountId: string, leaving: string): Promise<boolean> {
  const admins = await lockCompanyAdmins(ctx, accountId);
  return admins.some((a) => a.id !== leaving && a.validity === VALIDITY.Valid);
}

/** Staff's refusal to take away a company's last active admin: who they are, which company, what to do. */
export const lastActiveAdmin = (name: string, company: string) =>
  new AppError('CONFLICT', `${name} is the last active admin of ${company}. Name another admin first.`);
