import type { Transaction } from '@mikro-orm/core';
import type { Ctx } from '../../context';

/**
 * Writes an audit entry (who, from which address, what, before and after) in the caller's transaction, so the
 * entry exists exactly when the change does.
 */
export function recordAudit(
  ctx: Ctx,
  trx: Transaction,
  entry: { action: string; targetType: string; targetId: string; before?: object | null; after: object },
): Promise<unknown> {
  return ctx.db.execute(
    `insert into audit_log (actor_user_id, action, target_type, target_id, before, after, ip)
     values (?, ?, ?, ?, ?::jsonb, ?::jsonb, ?)`,
    [
      ctx.user?.id ?? null,
      entry.action,
      entry.targetType,
      entry.targetId,
      entry.before ? JSON.stringify(entry.before) : null,
      JSON.stringify(entry.after),
      ctx.req.ip ?? null,
    ],
    'run',
    trx,
  );
}
