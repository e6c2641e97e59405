import type { Ctx, Db } from '../../context';

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
export function recordAudit(ctx: Ctx, entry: AuditEntry): Promise<unknown> {
  return writeAudit(ctx.db, { actorUserId: ctx.user?.id ?? null, ip: ctx.req.ip ?? null }, entry);
}

/** The same, for work outside a request (the command line): the actor and where it came from given. */
export function writeAudit(
  db: Db,
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
  );
}
