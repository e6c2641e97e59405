import { AppError } from '../../common/errors';
import type { Db } from '../../context';
import type { DeliveredEvent, EventConsumer } from './dispatcher';
import { eventVisibleTo, viewerRow, type EventViewer } from './visibility';

/** The advisory lock every position assignment holds (any fixed number; the feed's, decision 070). */
export const FEED_LOCK = 70_056_004;
/** Events numbered per statement, and removed per statement by the retention. */
const POSITION_BATCH = 1000;
const PRUNE_BATCH = 1000;
/** At most this many prune statements per pass: a backlog is worked off over the following minutes. */
const PRUNE_BATCHES_PER_PASS = 10;
const PRUNE_EVERY_MS = 60_000;

export interface FeedOptions {
  /** EVENT_RETENTION_DAYS: events older than this are removed (with their deliveries). */
  retentionDays: number;
  /** The retention's clock (tests). */
  now?: () => Date;
}

/**
 * Numbers every committed event still without a position: in one transaction holding the feed's advisory lock, in
 * (occurred_at, id) order, from `domain_event_position_seq`. Only committed rows are visible to the statement, and
 * the lock makes the numbering transactions follow each other, so positions become visible in increasing order:
 * a reader that has seen position N has seen every position below N. Returns how many it numbered.
 */
export async function assignPositions(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const numbered = await db.transactional(async () => {
      await db.execute('select pg_advisory_xact_lock(?)', [FEED_LOCK]);
      const rows = await db.execute<{ n: number }[]>(
        `with next as (
           select id, nextval('domain_event_position_seq') as position
           from (select id from domain_event where position is null order by occurred_at, id limit ?) waiting),
         numbered as (
           update domain_event e set position = next.position from next where e.id = next.id returning 1)
         select count(*)::int as n from numbered`,
        [POSITION_BATCH],
      );
      return rows[0]?.n ?? 0;
    });
    total += numbered;
    if (numbered < POSITION_BATCH) return total;
  }
}

/**
 * Removes events older than the retention, oldest first, in bounded statements (their deliveries to consumers with
 * them); webhook deliveries keep their own copy of the body.
 */
export async function pruneEvents(db: Db, retentionDays: number, now: Date): Promise<number> {
  let total = 0;
  for (let i = 0; i < PRUNE_BATCHES_PER_PASS; i++) {
    const rows = await db.execute<{ n: number }[]>(
      `with old as (
         select id from domain_event where occurred_at < ?::timestamptz - make_interval(days => ?)
         order by occurred_at limit ?),
       gone as (delete from domain_event e using old where e.id = old.id returning e.id),
       deliveries as (delete from domain_event_delivery d using gone where d.event_id = gone.id)
       select count(*)::int as n from gone`,
      [now.toISOString(), retentionDays, PRUNE_BATCH],
    );
    const n = rows[0]?.n ?? 0;
    total += n;
    if (n < PRUNE_BATCH) break;
  }
  return total;
}

/**
 * The dispatcher's consumer `feed` (decision 070): every event gets a delivery for it, and its pass numbers what
 * has committed since (`assignPositions`), then, at most once a minute, applies the retention. An event already
 * numbered by an earlier pass costs one lookup.
 */
export function feedConsumer(db: Db, options: FeedOptions): EventConsumer {
  const now = options.now ?? (() => new Date());
  let prunedAt = -Infinity;
  const prune = async () => {
    const at = now();
    if (at.getTime() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = at.getTime();
      await pruneEvents(db, options.retentionDays, at);
    }
  };
  return {
    name: 'feed',
    async handle(event) {
      const [waiting] = await db.execute<{ id: string }[]>(
        'select id from domain_event where id = ? and position is null',
        [event.id],
      );
      if (waiting) await assignPositions(db);
      await prune();
    },
    // A pass's events: one numbering for all of them.
    async handleAll() {
      await assignPositions(db);
      await prune();
    },
  };
}

/** A feed event: the event as consumers get it, with its position. */
export interface FeedEvent extends DeliveredEvent {
  position: string;
}

export interface FeedPage {
  events: FeedEvent[];
  /** The cursor after the page's last event (the request's own when the page is empty; null from the start). */
  endCursor: string | null;
  hasMore: boolean;
}

/** The opaque cursor of a position: base64url of `p<position>`. */
export const cursorOf = (position: string) => Buffer.from(`p${position}`).toString('base64url');

/** The position a cursor names, or BAD_USER_INPUT on `after` (never a 500 for a made-up one). */
export function positionOf(cursor: string, message: string): string {
  const text = /^[A-Za-z0-9_-]{2,40}$/.test(cursor)
    ? Buffer.from(cursor, 'base64url').toString('latin1')
    : '';
  const match = /^p(0|[1-9]\d{0,17})$/.exec(text);
  if (!match) throw new AppError('BAD_USER_INPUT', message, [{ field: 'after', message }]);
  return match[1]!;
}

/** A page of the feed for a viewer: numbered events after the position, in position order, of the types given. */
export async function readFeed(
  db: Db,
  viewer: EventViewer,
  page: { after: string | null; types: readonly string[] | null; first: number; cursor: string | null },
): Promise<FeedPage> {
  const v = viewerRow(viewer);
  const rows = await db.execute<FeedEvent[]>(
    `select e.id, e.type, e.aggregate_type as "aggregateType", e.aggregate_id as "aggregateId", e.seq::int as seq,
       e.version, e.actor_id as "actorId", e.payload, e.occurred_at as "occurredAt", e.position::text as position
     from domain_event e cross join ${v.sql} v
     where e.position > ?::bigint${page.types ? ' and e.type = any(array[?]::text[])' : ''}
       and ${eventVisibleTo('e', 'v')}
     order by e.position limit ?`,
    [...v.params, page.after ?? '0', ...(page.types ? [page.types] : []), page.first + 1],
  );
  const events = rows.slice(0, page.first);
  const last = events.at(-1);
  return {
    events,
    endCursor: last ? cursorOf(last.position) : page.cursor,
    hasMore: rows.length > page.first,
  };
}
