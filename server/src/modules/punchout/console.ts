import type { Ctx } from '../../context';
import { validate } from '../../common/validate';
import { PUNCHOUT_ACCESS } from '../../../../domain/punchout';
import { PUNCHOUT_SESSIONS_LISTED, punchoutMessagesSchema } from '../../../../domain/punchout-orders';
import { assertAccess } from '../auth';

/*
 * The console's reads of a company's punchout traffic (issue 57, decision 073): its documents as they came and went
 * (secrets masked when they were stored) and its sessions. Staff only (PUNCHOUT_ACCESS).
 */

export interface PunchoutMessageView {
  id: string;
  sessionId: string | null;
  direction: string;
  kind: string;
  payloadId: string | null;
  document: string;
  httpStatus: number | null;
  createdAt: string;
}

export interface PunchoutSessionView {
  id: string;
  protocol: string;
  operation: string;
  userEmail: string;
  buyerCookie: string;
  returnUrl: string;
  framed: boolean;
  createdAt: string;
  openedAt: string | null;
  lastSeenAt: string | null;
  endedAt: string | null;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** A page of a company's punchout documents, newest first. */
export async function punchoutMessagesOf(
  ctx: Ctx,
  body: unknown,
): Promise<{ items: PunchoutMessageView[]; total: number; page: number; pageSize: number }> {
  assertAccess(ctx, PUNCHOUT_ACCESS);
  const { companyId, page, pageSize } = validate(punchoutMessagesSchema, body);
  const rows = await ctx.db.execute<(Omit<PunchoutMessageView, 'createdAt'> & { createdAt: Date })[]>(
    `select id, session_id as "sessionId", direction, kind, payload_id as "payloadId", document,
       http_status as "httpStatus", created_at as "createdAt"
     from punchout_message where company_id = ? order by created_at desc, id desc limit ? offset ?`,
    [companyId, pageSize, (page - 1) * pageSize],
  );
  const [count] = await ctx.db.execute<{ total: string }[]>(
    'select count(*) as total from punchout_message where company_id = ?',
    [companyId],
  );
  return {
    items: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt)! })),
    total: Number(count?.total ?? 0),
    page,
    pageSize,
  };
}

/** A company's latest punchout sessions, newest first. */
export async function punchoutSessionsOf(ctx: Ctx, companyId: string): Promise<PunchoutSessionView[]> {
  assertAccess(ctx, PUNCHOUT_ACCESS);
  const { companyId: id } = validate(punchoutMessagesSchema, { companyId });
  const rows = await ctx.db.execute<
    (PunchoutSessionView & {
      createdAt: Date;
      openedAt: Date | null;
      lastSeenAt: Date | null;
      endedAt: Date | null;
    })[]
  >(
    `select s.id, s.protocol, s.operation, u.email as "userEmail", s.buyer_cookie as "buyerCookie",
       s.return_url as "returnUrl", s.framed, s.created_at as "createdAt", s.opened_at as "openedAt",
       s.last_seen_at as "lastSeenAt", s.ended_at as "endedAt"
     from punchout_session s join app_user u on u.id = s.user_id
     where s.company_id = ? order by s.created_at desc, s.id desc limit ?`,
    [id, PUNCHOUT_SESSIONS_LISTED],
  );
  return rows.map((r) => ({
    ...r,
    createdAt: iso(r.createdAt)!,
    openedAt: iso(r.openedAt),
    lastSeenAt: iso(r.lastSeenAt),
    endedAt: iso(r.endedAt),
  }));
}
