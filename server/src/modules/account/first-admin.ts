import { object, string } from 'yup';
import { ROLES, VALIDITY } from '../../../../domain/roles';
import { ConfigError } from '../../config/env';
import type { Db } from '../../context';
import { writeAudit } from '../audit';
import { RESET_TTL_MS } from './account.service';
import { newToken, tokenHash } from '../../common/tokens';

/** The operator's command line: an e-mail address, and names for an account that does not exist yet. */
const adminSchema = object({
  email: string().trim().lowercase().required().email().max(254),
  firstName: string().trim().required().max(100),
  lastName: string().trim().required().max(100),
});

/** "ada.lovelace@…" -> "Ada": a greeting for e-mails until the admin edits the profile. */
function nameFromEmail(email: string | undefined): string {
  const word = (email ?? '').split('@')[0]!.split(/[.+_-]/)[0] ?? '';
  return word ? word[0]!.toUpperCase() + word.slice(1, 100) : 'Admin';
}

export interface AdminGranted {
  email: string;
  /** True when the account was made now; false when an existing account was promoted. */
  created: boolean;
  /** Open once, within `RESET_TTL_MS`, to choose the password (the shop's reset page). */
  link: string;
}

/**
 * `npm run admin -- --email …`: makes that account an Admin (creating it when new, unlocking it when locked) and
 * returns a one-time link to choose its password. It does not touch the current password: until the link is
 * used, a promoted account signs in as before. Audited (actor: the command line, no user).
 */
export async function grantAdmin(
  db: Db,
  input: { email?: string; firstName?: string; lastName?: string },
  publicUrl: string,
): Promise<AdminGranted> {
  let valid: { email: string; firstName: string; lastName: string };
  try {
    valid = await adminSchema.validate({
      email: input.email,
      firstName: input.firstName || nameFromEmail(input.email),
      lastName: input.lastName || 'Admin',
    });
  } catch {
    throw new ConfigError(
      `"${input.email ?? ''}" is not an e-mail address: run npm run admin -- --email you@example.com`,
    );
  }
  const token = newToken();
  return db.transactional(async () => {
    const [existing] = await db.execute<{ id: string; role: number; validity: number }[]>(
      'select id, role, validity from app_user where lower(email) = ? for update',
      [valid.email],
      'all',
    );
    let id: string;
    if (existing) {
      id = existing.id;
      await db.execute(
        'update app_user set role = ?, validity = ?, updated_at = now() where id = ?',
        [ROLES.Admin, VALIDITY.Valid, id],
        'run',
      );
    } else {
      const [row] = await db.execute<{ id: string }[]>(
        `insert into app_user (email, first_name, last_name, role, validity) values (?, ?, ?, ?, ?) returning id`,
        [valid.email, valid.firstName, valid.lastName, ROLES.Admin, VALIDITY.Valid],
        'all',
      );
      id = row!.id;
    }
    await db.execute(
      'insert into password_reset (user_id, token_hash, expires_at) values (?, ?, ?)',
      [id, tokenHash(token), new Date(Date.now() + RESET_TTL_MS)],
      'run',
    );
    await writeAudit(
      db,
      { actorUserId: null, ip: 'command line' },
      {
        action: 'user.admin-granted',
        targetType: 'user',
        targetId: id,
        before: existing ? { role: existing.role, validity: existing.validity } : null,
        after: { role: ROLES.Admin, validity: VALIDITY.Valid, created: !existing },
      },
    );
    return {
      email: valid.email,
      created: !existing,
      link: `${publicUrl}/user/reset-password?token=${encodeURIComponent(token)}`,
    };
  });
}
