import type { Logger } from 'pino';
import { every, type PeriodicJob } from '../../common/periodic';
import type { Db } from '../../context';
import { oncePerFleet } from '../events';
import { staleTypeaheadAnswers, bumpIndexVersion } from '../search';

/**
 * Product popularity from the click-stream (issue 8, docs/decisions/016). Over the last
 * POPULARITY_WINDOW_DAYS of events (by `received_at`: the server's clock, BRIN-indexed), each product scores
 *
 *   1 × visitors who viewed its detail page + 3 × visitors who added it to a cart + 10 × visitors who bought it
 *
 * counting distinct visitors per product and event type, so one shopper reloading a page (or a partner resending
 * a batch) counts once. `product.event_popularity` keeps the score added at the last refresh, and
 * `popularity - event_popularity` is the base the catalogue was seeded or imported with: a refresh sets
 * `popularity = base + new score`, so a catalogue without events keeps its seeded ranking, and events that leave
 * the window take their points with them.
 */
export const POPULARITY_WINDOW_DAYS = 30;
export const POPULARITY_WEIGHTS = {
  'detail-page-view': 1,
  'add-to-cart': 3,
  'purchase-complete': 10,
} as const;

/** Key of the advisory lock that keeps two processes (or machines) from refreshing at the same time. */
export const POPULARITY_LOCK_KEY = 7_263_018_427;

const W = POPULARITY_WEIGHTS;
const REFRESH_SQL = `
  with scores as (
    select pid as id,
      (${W['detail-page-view']} * count(distinct e.visitor_id) filter (where e.event_type = 'detail-page-view')
       + ${W['add-to-cart']} * count(distinct e.visitor_id) filter (where e.event_type = 'add-to-cart')
       + ${W['purchase-complete']} * count(distinct e.visitor_id) filter (where e.event_type = 'purchase-complete')
      )::int as score
    from clickstream_event e cross join lateral unnest(e.product_ids) as pid
    where e.received_at >= now() - make_interval(days => ?)
      and e.event_type in ('detail-page-view', 'add-to-cart', 'purchase-complete')
    group by pid
  ),
  target as (
    -- Products with events now, and products whose events have all left the window (their score drops to 0).
    select coalesce(s.id, p.id) as id, coalesce(s.score, 0) as score
    from scores s full join (select id from product where event_popularity <> 0) p on p.id = s.id
  ),
  changed as (
    update product p set popularity = p.popularity - p.event_popularity + t.score, event_popularity = t.score
    from target t where p.id = t.id and p.event_popularity <> t.score
    returning p.id, p.popularity
  ),
  searched as (
    update product_search s set popularity = c.popularity from changed c
    where s.product_id = c.id and s.popularity <> c.popularity
    returning 1
  )
  select (select count(*) from changed)::int as products, (select count(*) from searched)::int as "searchRows"`;

export interface PopularityRefresh {
  /** False when another process held the lock (it is refreshing now). */
  ran: boolean;
  /** Products whose popularity changed. */
  products: number;
  /** Their search rows (what search ranks on). */
  searchRows: number;
}

/**
 * Recomputes every product's popularity from the click-stream, set-based: one statement updates only the
 * products (and search rows) whose score changed; then, when a search row changed, the typeahead answers computed
 * ahead are marked stale (served while recomputed, decision 042) and the search index version is raised so every
 * process marks its cached answers stale at its next poll of the versions (decision 078). One transaction under an advisory lock: a second caller meanwhile skips (`ran: false`).
 */
export async function refreshPopularity(
  db: Db,
  windowDays = POPULARITY_WINDOW_DAYS,
): Promise<PopularityRefresh> {
  return db.transactional(async () => {
    const [lock] = await db.execute<{ locked: boolean }[]>(
      'select pg_try_advisory_xact_lock(?) as locked',
      [POPULARITY_LOCK_KEY],
      'all',
    );
    if (!lock?.locked) return { ran: false, products: 0, searchRows: 0 };
    const [row] = await db.execute<{ products: number; searchRows: number }[]>(
      REFRESH_SQL,
      [windowDays],
      'all',
    );
    const { products, searchRows } = row!;
    if (searchRows > 0) {
      await staleTypeaheadAnswers(db);
      await bumpIndexVersion(db);
    }
    return { ran: true, products, searchRows };
  });
}

/**
 * Refreshes popularity every `intervalMs` (POPULARITY_REFRESH_MS; 0: never) for the fleet: every process keeps the
 * timer (the first run a minute after start, or sooner with a shorter interval) and the one that claims the
 * interval's run does it (issue 55, item 4), so the search caches are cleared once per interval, not once per
 * process.
 */
export function schedulePopularityRefresh(db: Db, log: Logger, intervalMs: number): PeriodicJob {
  return every(
    intervalMs,
    Math.min(intervalMs, 60_000),
    'refresh popularity from the click-stream',
    log,
    oncePerFleet(db, 'popularity-refresh', intervalMs, async () => {
      const started = Date.now();
      const result = await refreshPopularity(db);
      if (result.ran) {
        log[result.products > 0 ? 'info' : 'debug'](
          { ...result, ms: Date.now() - started },
          'popularity refreshed from the click-stream',
        );
      }
    }),
  );
}
