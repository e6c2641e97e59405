import type { Ctx } from '../../context';
import { AppError } from '../../common/errors';
import { assertAccess } from '../auth/permissions';
import { recordAudit } from '../audit/audit';

/** Sensitive admin actions need a sign-in within this long. */
export const RECENT_SIGN_IN_MS = 5 * 60_000;

/**
 * Invalidates every password and every session in a few set-based statements (no hash per user): each user
 * gets a fresh single-use reset link in the outbox (valid 72 hours), the sessions table is emptied (the admin
 * signs in again too), and the audit log records who did it and how many users it touched.
 */
export async function resetAllPasswords(ctx: Ctx, authAt: number | undefined): Promise<number> {
  assertAccess(ctx, ['Admin']);
  if (!authAt || Date.now() - authAt > RECENT_SIGN_IN_MS) {
    throw new AppError(
      'REAUTHENTICATE',
      'Sign in again (within the last 5 minutes) to reset every password.',
    );
  }
  return ctx.db.transactional(async (trx) => {
    const [row] = await ctx.db.execute<{ users: number }[]>(
      `with tokens as (
         select id, email, first_name,
           replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') as token
         from app_user
       ),
       users as (
         update app_user u set password_hash = null, credentials_changed_at = now(), updated_at = now()
         from tokens t where u.id = t.id returning u.id
       ),
       resets as (
         insert into password_reset (user_id, token_hash, expires_at)
         select id, encode(sha256(convert_to(token, 'UTF8')), 'hex'), now() + interval '72 hours' from tokens
       ),
       mails as (
         insert into email_outbox (to_address, kind, subject, text_body)
         select email, 'password-reset-all', 'Choose a new password for Axisline Supply',
           'Hi ' || first_name || E',\\n\\nFor your security every Axisline Supply password was reset. Choose a new one (the link works for 72 hours, once):\\n'
           || ? || '/user/reset-password?token=' || token || E'\\n'
         from tokens
       )
       select count(*)::int as users from users`,
      [ctx.auth.publicUrl],
      'all',
      trx,
    );
    await ctx.db.execute('delete from session', [], 'run', trx);
    await recordAudit(ctx, trx, {
      action: 'users.reset-all-passwords',
      targetType: 'user',
      targetId: '*',
      after: { users: row!.users },
    });
    return row!.users;
  });
}
