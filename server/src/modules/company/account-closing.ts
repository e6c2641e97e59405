import { COMPANY_ROLES } from '../../../../domain/company';
import { AppError } from '../../common/errors';
import type { AccountClosingCheck } from '../account';
import { keepsActiveAdmin } from './company-access';

/** Closing the account of a company's last active admin (translated in domain/message-translations.ts). */
const LAST_ADMIN_CLOSING =
  'You are your company’s last active admin: name another admin on the company page before closing your account.';

/**
 * A company always keeps an admin who can sign in (issue 52): its last one names another before closing their
 * account. Wired in app.ts as a check of the account module's closing, inside its transaction.
 */
export const refuseClosingLastAdmin: AccountClosingCheck = async (ctx, userId) => {
  const [member] = await ctx.db.execute<{ accountId: string | null; role: number | null }[]>(
    'select account_id as "accountId", company_role as role from app_user where id = ?',
    [userId],
    'all',
  );
  if (
    member?.accountId &&
    member.role === COMPANY_ROLES.Admin &&
    !(await keepsActiveAdmin(ctx, member.accountId, userId))
  ) {
    throw new AppError('CONFLICT', LAST_ADMIN_CLOSING);
  }
};
