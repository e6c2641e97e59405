import type { Transaction } from '@mikro-orm/core';
import { COMPANY_CAN } from '../../../../domain/company';
import { AppError } from '../../common/errors';
import type { Ctx } from '../../context';
import type { SessionUser } from '../auth/session-user';
import { COMPANY_ORDERS } from '../auth/permission-matrix';
import { assertAccess } from '../auth/permissions';
import { requireUser } from '../auth/session-auth';

/* Who the caller is in their company (decision 043), read in the statement that acts. */

/**
 * The caller of a company operation open to partner keys (COMPANY_ORDERS: its orders and approvals, decision 047):
 * a signed-in person, or a key with the company:orders scope acting as its user.
 */
export function companyCaller(ctx: Ctx): SessionUser {
  assertAccess(ctx, COMPANY_ORDERS);
  return ctx.user!;
}

/** The caller's company and role, read now (in `trx`, locked until it commits); UNPROCESSABLE without a company (not FORBIDDEN, which signs the shop out: decision 044). */
export async function membership(ctx: Ctx, trx?: Transaction): Promise<{ accountId: string; role: number }> {
  const userId = companyCaller(ctx).id;
  const [row] = await ctx.db.execute<{ accountId: string | null; role: number | null }[]>(
    `select account_id as "accountId", company_role as role from app_user where id = ?${trx ? ' for update' : ''}`,
    [userId],
    'all',
    trx,
  );
  if (!row?.accountId || row.role === null) {
    throw new AppError('UNPROCESSABLE', 'You do not belong to a company.');
  }
  return { accountId: row.accountId, role: row.role };
}

/** The caller as an admin of their company; UNPROCESSABLE otherwise. */
export async function adminOf(ctx: Ctx, trx?: Transaction): Promise<string> {
  requireUser(ctx);
  const { accountId, role } = await membership(ctx, trx);
  if (!COMPANY_CAN.manageMembers(role)) {
    throw new AppError('UNPROCESSABLE', 'Only an admin of your company can do this.');
  }
  return accountId;
}

/** A person as the company's pages and e-mails name them: first and last name, else their e-mail. */
export const personName = (first: string | null, last: string | null, email: string | null) =>
  `${first ?? ''} ${last ?? ''}`.trim() || email || '';
