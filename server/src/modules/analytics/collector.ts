import express, { Router } from 'express';
import { batchProblems, CLICKSTREAM_LIMITS, eventsOf } from '../../../../domain/clickstream';
import { AppError } from '../../common/errors';
import type { Db } from '../../context';

const APP_NAME = /^[A-Za-z0-9_-]{1,40}$/;
const COUNTRY = /^[A-Z]{2}$/;

interface Queued {
  app: string;
  country: string;
  e: object;
}

/**
 * Validated events wait here at most `flushMs` (or until `maxEvents`), then go to PostgreSQL in one multi-row
 * statement, so a beacon costs the shopper no database round trip and thousands of events a second cost a few
 * statements. A request's events always land in the same statement (stored whole or not at all). A crash can
 * lose the last `flushMs` of events (analytics, never an order); a graceful stop flushes them (decision 015).
 */
export class EventBuffer {
  private queue: Queued[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown, lost: number) => void,
    private readonly flushMs = 100,
    private readonly maxEvents = 100,
  ) {}

  add(app: string, country: string, events: object[]): void {
    for (const e of events) this.queue.push({ app, country, e });
    if (this.queue.length >= this.maxEvents) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
  }

  /** Writes what is queued; resolves once every event added before the call is stored. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.queue;
    this.queue = [];
    this.writing = this.writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await this.db.execute(
          `insert into clickstream_event (event_time, event_type, visitor_id, user_id, app_name, country,
             attribution_token, search_query, product_ids, revenue, payload)
           select (q.e->>'eventTime')::timestamptz, q.e->>'eventType', (q.e->>'visitorId')::uuid,
             q.e#>>'{userInfo,userId}', q.app, q.country, (q.e->>'attributionToken')::uuid, q.e->>'searchQuery',
             array(select p->>'id' from jsonb_array_elements(coalesce(q.e->'productDetails', '[]'::jsonb)) p),
             (q.e#>>'{purchaseTransaction,revenue}')::numeric, q.e
           from jsonb_to_recordset(?::jsonb) as q(app text, country text, e jsonb)`,
          [JSON.stringify(batch)],
        );
      } catch (err) {
        this.onError(err, batch.length);
      }
    });
    return this.writing;
  }
}

/** The `rate_limit` key of an address's click-stream events. */
const budgetKey = (address: string) => `clickstream:${address}`;

/**
 * Events a client address may send per minute, for the whole fleet (issue 55, item 6): a shopper sends a few dozen;
 * a script inflating popularity is cut off. A beacon never waits for the database: each process counts in memory,
 * and every `syncMs` (100) adds its counts to `rate_limit` (`clickstream:<address>`, the minute's window) in one
 * statement, reading back the fleet's totals. N processes so allow the limit plus what reaches each of them in one
 * interval, not N times the limit. A failed sync keeps its counts for the next. 0 turns it off.
 */
export class EventBudget {
  private windowStart = 0;
  /** The fleet's totals for the window, as of the last sync, by address (this process's synced counts included). */
  private fleet = new Map<string, number>();
  /** This process's counts not yet synced. */
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private syncing: Promise<void> = Promise.resolve();

  constructor(
    private readonly perMinute: number,
    private readonly db?: Db,
    private readonly onError: (err: unknown) => void = () => undefined,
    private readonly syncMs = 100,
  ) {}

  /** Counts `events` for `address`; the seconds until the next window when over budget, else 0. */
  spend(address: string, events: number, now = Date.now()): number {
    if (this.perMinute <= 0) return 0;
    const start = now - (now % 60_000);
    if (start !== this.windowStart) {
      this.windowStart = start;
      this.fleet.clear();
      this.pending.clear();
    }
    const pending = (this.pending.get(address) ?? 0) + events;
    this.pending.set(address, pending);
    if (this.db && !this.timer) {
      this.timer = setTimeout(() => void this.sync(), this.syncMs);
      this.timer.unref();
    }
    const used = (this.fleet.get(address) ?? 0) + pending;
    return used > this.perMinute ? Math.ceil((start + 60_000 - now) / 1000) : 0;
  }

  /** Adds this process's counts to the fleet's and reads the fleet's back; resolves once stored. */
  sync(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const windowStart = this.windowStart;
    const counts = [...this.pending].map(([address, n]) => ({ key: budgetKey(address), address, n }));
    this.pending = new Map();
    this.syncing = this.syncing.then(async () => {
      if (!this.db || counts.length === 0) return;
      try {
        const rows = await this.db.execute<{ key: string; count: number }[]>(
          `insert into rate_limit (key, window_start, count)
           select t.key, ?, t.n from jsonb_to_recordset(?::jsonb) as t(key text, n int)
           on conflict (key, window_start) do update set count = rate_limit.count + excluded.count
           returning key, count`,
          [new Date(windowStart), JSON.stringify(counts)],
        );
        if (windowStart !== this.windowStart) return;
        const total = new Map(rows.map((r) => [r.key, r.count]));
        for (const c of counts) this.fleet.set(c.address, total.get(c.key) ?? c.n);
      } catch (err) {
        this.onError(err);
        if (windowStart !== this.windowStart) return;
        for (const c of counts) this.pending.set(c.address, (this.pending.get(c.address) ?? 0) + c.n);
      }
    });
    return this.syncing;
  }
}

/**
 * The click-stream collector at the spec's path (`navigator.sendBeacon` from the shop, or batches from a
 * partner): no session and no CSRF token (a beacon cannot send headers, and an event changes nothing a shopper
 * owns), one event or `{ events: [...] }` up to 200, validated whole: a bad event answers 400 naming it, and
 * nothing of its batch is stored. 204 otherwise, once the events are queued for the next write.
 */
export function collectorRoutes(buffer: EventBuffer, budget = new EventBudget(0)): Router {
  const router = Router();
  router.post(
    '/v1/selling-systems/:appName/countries/:country/languages/EN/events',
    // Beacons send text/plain; partners send application/json.
    express.json({ type: ['application/json', 'text/plain'], limit: CLICKSTREAM_LIMITS.maxBodyBytes }),
    async (req, res) => {
      const { appName, country } = req.params as { appName: string; country: string };
      if (!APP_NAME.test(appName))
        throw new AppError('BAD_REQUEST', 'appName must be 1 to 40 letters, digits, - or _');
      if (!COUNTRY.test(country))
        throw new AppError('BAD_REQUEST', 'country must be a 2-letter code, e.g. US');
      const events = eventsOf(req.body);
      const problems = batchProblems(events);
      if (problems.length) throw new AppError('BAD_USER_INPUT', problems[0]!.message, problems);
      const wait = budget.spend(req.ip ?? '', events.length);
      if (wait > 0) {
        res.setHeader('Retry-After', String(wait));
        throw new AppError('TOO_MANY_REQUESTS', `Too many events from this address. Try again in ${wait} s.`);
      }
      buffer.add(appName, country, events as object[]);
      res.status(204).end();
    },
  );
  return router;
}
