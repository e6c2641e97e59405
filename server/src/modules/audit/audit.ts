import type { Transaction } from '@mikro-orm/core';
import type { Ctx, SqlConnection } from '../../context';

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string;
  before?: object | null;
  after: object;
}

/**
 * Writes an audit entry (who, from which address, what, before and after) in the caller's transaction, so the
 * entry exists exactly when the change does.
 */
export function recordAudit(ctx: Ctx, trx: Transaction | undefined, entry: AuditEntry): Promise<unknown> {
  return writeAudit(ctx.db, trx, { actorUserId: ctx.user?.id ?? null, ip: ctx.req.ip ?? null }, entry);
}

/** The same, for work outside a request (the command line): the actor and where it came from given. */
export function writeAudit(
  db: SqlConnection,
  trx: Transaction | undefined,
  by: { actorUserId: string | null; ip: string | null },
  entry: AuditEntry,
): Promise<unknown> {
  return db.execute(
    `insert into audit_log (actor_user_id, action, target_type, target_id, before, after, ip)
     values (?, ?, ?, ?, ?::jsonb, ?::jsonb, ?)`,
    [
      by.actorUserId,
      entry.action,
      entry.targetType,
      entry.targetId,
      entry.before ? JSON.stringify(entry.before) : null,
      JSON.stringify(entry.after),
      by.ip,
    ],
    'run',
    trx,
  );
}
