import type { Ctx } from '../../context';
import { AppError } from '../../common/errors';
import { assertAccess } from '../auth';
import { recordAudit } from '../audit';
import { LOCALES } from '../../../../domain/constants';
import { LINK_TOKEN, render } from '../mail';

/** Sensitive admin actions need a sign-in within this long. */
export const RECENT_SIGN_IN_MS = 5 * 60_000;

/**
 * Invalidates every password and every session in a few set-based statements (no hash per user): each user
 * gets an e-mail whose single-use reset link (valid 72 hours) is made when it is delivered, the sessions table is
 * emptied (the admin signs in again too), every partner API key is revoked (its bearer tokens stop at once), and
 * the audit log records who did it and how many users and keys it touched.
 */
export async function resetAllPasswords(ctx: Ctx, authAt: number | undefined): Promise<number> {
  assertAccess(ctx, ['Admin']);
  if (!authAt || Date.now() - authAt > RECENT_SIGN_IN_MS) {
    throw new AppError(
      'REAUTHENTICATE',
      'Sign in again (within the last 5 minutes) to reset every password.',
    );
  }
  return ctx.db.transactional(async () => {
    // Each e-mail's link is minted when it is delivered (decision 026): the outbox holds no token.
    // The e-mail in each user's language; their first name goes in per row.
    const FIRST_NAME = '{{first-name}}';
    const mails = LOCALES.map((locale) =>
      render(
        {
          kind: 'password-reset-all',
          firstName: FIRST_NAME,
          url: `${ctx.app.auth.publicUrl}/user/reset-password?token=${LINK_TOKEN}`,
        },
        locale,
      ),
    );
    const byLocale = `case u.locale ${LOCALES.map((l) => `when '${l}' then ?::text`).join(' ')} else ?::text end`;
    const [row] = await ctx.db.execute<{ users: number }[]>(
      `with users as (
         update app_user u set password_hash = null, credentials_changed_at = now(), updated_at = now()
         returning id, email, first_name, locale
       ),
       mails as (
         insert into email_outbox (to_address, kind, subject, text_body, link_kind, link_ref, link_expires_at)
         select u.email, 'password-reset-all', ${byLocale},
           replace(${byLocale}, ?, u.first_name), 'password-reset', u.id, now() + interval '72 hours'
         from users u
       )
       select count(*)::int as users from users`,
      [
        ...mails.map((m) => m.subject),
        mails[0]!.subject,
        ...mails.map((m) => m.text),
        mails[0]!.text,
        FIRST_NAME,
      ],
      'all',
    );
    await ctx.db.execute('delete from session', [], 'run');
    // Partner keys act as their users: they end too, and with them every bearer token made from them.
    const revoked = await ctx.db.execute<{ id: string }[]>(
      'update api_key set revoked_at = now() where revoked_at is null returning id',
      [],
      'all',
    );
    await recordAudit(ctx, {
      action: 'users.reset-all-passwords',
      targetType: 'user',
      targetId: '*',
      after: { users: row!.users, apiKeysRevoked: revoked.length },
    });
    return row!.users;
  });
}
