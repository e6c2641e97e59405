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

/**
 * Events a client address may send per minute, counted in this process (a beacon must not wait for the
 * database): a shopper sends a few dozen; a script inflating popularity is cut off. 0 turns it off.
 */
export class EventBudget {
  private windows = new Map<string, number>();
  private windowStart = 0;

  constructor(private readonly perMinute: number) {}

  /** Counts `events` for `address`; the seconds until the next window when over budget, else 0. */
  spend(address: string, events: number, now = Date.now()): number {
    if (this.perMinute <= 0) return 0;
    const start = now - (now % 60_000);
    if (start !== this.windowStart) {
      this.windowStart = start;
      this.windows.clear();
    }
    const used = (this.windows.get(address) ?? 0) + events;
    this.windows.set(address, used);
    return used > this.perMinute ? Math.ceil((start + 60_000 - now) / 1000) : 0;
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
