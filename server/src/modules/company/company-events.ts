import type { Ctx } from '../../context';
import { publish } from '../events';

/*
 * A company's business events (decision 065). Both are on the company's stream (aggregate `company`, its id), so a
 * consumer reads its record's and its members' changes in one order. business_account keeps no version: null.
 */

/** `company.changed`: the company was made (`created`) or its record or settings changed (`updated`). */
export function companyChanged(
  ctx: Ctx,
  companyId: string,
  change: 'created' | 'updated',
  fields: Record<string, unknown>,
): void {
  publish(ctx, {
    type: 'company.changed',
    aggregateType: 'company',
    aggregateId: companyId,
    version: null,
    actorId: ctx.user?.id ?? null,
    payload: { companyId, change, fields },
  });
}

/** `company.member_changed`: a member joined, had their role or limits changed, left, was locked or unlocked. */
export function memberChanged(
  ctx: Ctx,
  companyId: string,
  userId: string,
  change: 'joined' | 'updated' | 'removed' | 'locked' | 'unlocked',
  fields: Record<string, unknown> = {},
): void {
  publish(ctx, {
    type: 'company.member_changed',
    aggregateType: 'company',
    aggregateId: companyId,
    version: null,
    actorId: ctx.user?.id ?? null,
    payload: { companyId, userId, change, fields },
  });
}
