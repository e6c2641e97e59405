import { EVENT_FEED_MESSAGES, eventFeedSchema } from '../../../domain/events';
import { ROLES } from '../../../domain/roles';
import { AppError } from '../common/errors';
import { validate } from '../common/validate';
import type { Ctx } from '../context';
import { assertAccess, EVENT_FEED, STAFF } from '../modules/auth';
import { positionOf, readFeed, type EventViewer } from '../modules/events';
import { messageData } from '../modules/webhooks';

/** One event of the feed, as REST and GraphQL answer it (`data`: the webhook body's). */
export interface FeedEventView {
  id: string;
  type: string;
  occurredAt: string;
  aggregateType: string;
  aggregateId: string;
  sequence: number;
  version: number | null;
  data: Record<string, unknown>;
}

export interface FeedPageView {
  events: FeedEventView[];
  endCursor: string | null;
  hasMore: boolean;
}

/**
 * The caller as the feed's visibility rule sees it (decision 070): staff signed in see everything; a key sees its
 * user's company's events with company:orders and its user's brand's with supplier:products; anyone else is refused
 * (401 signed out, 403 otherwise, also a key whose scopes name no company or brand of its user).
 */
export async function feedViewer(ctx: Ctx): Promise<EventViewer> {
  assertAccess(ctx, EVENT_FEED);
  const user = ctx.user!;
  if (!ctx.apiCaller) {
    if (STAFF.some((role) => ROLES[role] === user.role)) return { seesAll: true };
    throw new AppError('FORBIDDEN', 'The event feed is open to staff and to partner API keys.');
  }
  const scopes = ctx.apiCaller.scopes;
  const companyId = scopes.includes('company:orders') ? user.accountId : null;
  const keepsBrand =
    scopes.includes('supplier:products') &&
    (
      await ctx.db.execute<{ id: string }[]>(
        'select b.id from app_user u join brand b on b.handle = u.supplier_brand_handle where u.id = ?',
        [user.id],
      )
    ).length > 0;
  if (!companyId && !keepsBrand) {
    throw new AppError(
      'FORBIDDEN',
      "This key's user belongs to no company (company:orders) and keeps no brand (supplier:products): no events to show.",
    );
  }
  return { seesAll: false, companyId, brandOfUserId: keepsBrand ? user.id : null };
}

/** A page of the event feed for the caller: `{ after, types, first }` checked by domain/events.ts. */
export async function eventFeed(ctx: Ctx, input: unknown): Promise<FeedPageView> {
  const viewer = await feedViewer(ctx);
  const { after, types, first } = validate(eventFeedSchema, input);
  const cursor = after || null;
  const page = await readFeed(ctx.db, viewer, {
    after: cursor ? positionOf(cursor, EVENT_FEED_MESSAGES.cursorInvalid) : null,
    types: types?.length ? types : null,
    first,
    cursor,
  });
  return {
    events: page.events.map((event) => ({
      id: event.id,
      type: event.type,
      occurredAt: new Date(event.occurredAt).toISOString(),
      aggregateType: event.aggregateType,
      aggregateId: event.aggregateId,
      sequence: event.seq,
      version: event.version,
      data: messageData(event),
    })),
    endCursor: page.endCursor,
    hasMore: page.hasMore,
  };
}
