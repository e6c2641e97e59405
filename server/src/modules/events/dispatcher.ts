import type { Logger } from 'pino';
import type { Db } from '../../context';
import { onEventsCommitted, type EventType } from './publish';

/** An event as a consumer receives it. */
export interface DeliveredEvent {
  id: string;
  type: EventType;
  aggregateType: string;
  aggregateId: string;
  /** Per aggregate: 1, 2, 3… in commit order. */
  seq: number;
  version: number | null;
  actorId: string | null;
  payload: Record<string, unknown>;
  occurredAt: Date;
}

/**
 * An in-process consumer, registered by name: it gets every event written after its first registration, at least
 * once (a failure, a crash or a stop between its work and the delivery's record hands the event again), so it must
 * tolerate redelivery, keyed by the event's id. It runs after the commit, outside any transaction of the change.
 */
export interface EventConsumer {
  name: string;
  /** The event types it takes (default: every type); events of other types get no delivery for it. */
  types?: readonly EventType[];
  handle(event: DeliveredEvent): Promise<void>;
  /**
   * A pass's events at once, in order (optional): one call and one delivery record for the batch. When it fails,
   * the dispatcher hands the events one at a time, so one bad event keeps its own error and backoff.
   */
  handleAll?(events: DeliveredEvent[]): Promise<void>;
}

/**
 * Turns a consumer on or off (one statement, in the caller's transaction): while off, events written get no delivery
 * for it, so a consumer with nothing to do costs the store's writes nothing. `activeSql` is a boolean SQL expression
 * its own module owns (webhooks: "some endpoint is enabled").
 */
export async function setConsumerActive(db: Db, name: string, activeSql: string): Promise<void> {
  await db.execute(
    `update domain_event_consumer set active = (${activeSql}) where name = ? and active is distinct from (${activeSql})`,
    [name],
    'run',
  );
}

/** Other work the dispatcher's loop drives (the e-mail outbox's sender): one pass, resolving with what it did. */
export interface DispatcherWorker {
  drain(): Promise<number>;
}

export const MAX_DELIVERY_ATTEMPTS = 10;
const BATCH = 50;
/** Backoff after the n-th failed try: 2^n minutes, at most a day. */
const backoffMinutes = (attempts: number) => Math.min(2 ** attempts, 1440);

/**
 * The one background loop for what happens after a commit (decision 065): it delivers domain events to their
 * consumers and drives the e-mail outbox. A pass claims due deliveries with `for update skip locked` (several
 * processes share the work, none takes another's claim), moving their next attempt forward so a crash retries them
 * later; a delivered one is marked, a failed one backs off and keeps its error, and after MAX_DELIVERY_ATTEMPTS
 * it stays, undelivered, for staff to look at. It wakes after a commit in this process that wrote events (when it
 * has consumers), and every `intervalMs` for other processes' events, retries and the e-mails.
 */
export class EventDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  private unsubscribe: (() => void) | null = null;
  private readonly consumers = new Map<string, EventConsumer>();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    consumers: EventConsumer[],
    private readonly workers: DispatcherWorker[],
    private readonly intervalMs = 2000,
  ) {
    for (const consumer of consumers) this.consumers.set(consumer.name, consumer);
  }

  /**
   * Records the consumers and the types they take (one statement), so events written from now on, by any process,
   * get their deliveries.
   */
  async register(): Promise<void> {
    if (this.consumers.size === 0) return;
    await this.db.execute(
      `insert into domain_event_consumer (name, types)
       select name, types from jsonb_to_recordset(?::jsonb) as c(name text, types text[])
       on conflict (name) do update set types = excluded.types
         where domain_event_consumer.types is distinct from excluded.types`,
      [JSON.stringify([...this.consumers.values()].map((c) => ({ name: c.name, types: c.types ?? null })))],
    );
  }

  start(): void {
    const tick = () => void this.run();
    this.timer ??= setInterval(tick, this.intervalMs);
    this.timer.unref();
    // Woken by commits only when it has consumers: the e-mail outbox keeps its interval.
    if (this.consumers.size > 0) this.unsubscribe ??= onEventsCommitted(tick);
  }

  /** A pass now, if started (the e-mails this process just queued; app.ts wires mail's onEmailsQueued here). */
  wake(): void {
    if (this.timer) this.run();
  }

  /** Stops waking and waits for the pass under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.running;
  }

  /** Runs passes until nothing is due (tests: deterministic, no timer); resolves with how many were handled. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const done = await this.pass();
      total += done;
      if (done === 0) return total;
    }
  }

  /** A timer's or a commit's wake: a failing pass (the database restarting) is logged, tried again later. */
  private run(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    void this.pass()
      .catch((err: unknown) => {
        this.log.warn({ err }, 'the events dispatcher could not run');
        return 0;
      })
      .then(() => {
        if (this.again && this.timer) {
          this.again = false;
          this.run();
        }
      });
  }

  /** One pass (never two at once in a process): every consumer's due deliveries, then each worker's. */
  private pass(): Promise<number> {
    this.running ??= (async () => {
      let done = 0;
      for (const consumer of this.consumers.values()) done += await this.deliver(consumer);
      for (const worker of this.workers) done += await worker.drain();
      return done;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Claims up to BATCH of the consumer's due deliveries and hands them over in order; returns how many. */
  private async deliver(consumer: EventConsumer): Promise<number> {
    const claimed = await this.db.execute<(DeliveredEvent & { attempts: number })[]>(
      `with due as (
         select event_id from domain_event_delivery
         where consumer = ? and delivered_at is null and attempts < ? and next_attempt_at <= now()
         order by next_attempt_at limit ? for update skip locked),
       claimed as (
         update domain_event_delivery d set attempts = d.attempts + 1, next_attempt_at = now() + interval '5 minutes'
         from due where d.event_id = due.event_id and d.consumer = ?
         returning d.event_id, d.attempts)
       select e.id, e.type, e.aggregate_type as "aggregateType", e.aggregate_id as "aggregateId", e.seq::int as seq,
         e.version, e.actor_id as "actorId", e.payload, e.occurred_at as "occurredAt", c.attempts
       from claimed c join domain_event e on e.id = c.event_id
       order by e.occurred_at, e.aggregate_type, e.aggregate_id, e.seq`,
      [consumer.name, MAX_DELIVERY_ATTEMPTS, BATCH, consumer.name],
    );
    if (consumer.handleAll && claimed.length > 1) {
      const events = claimed.map(({ attempts: _attempts, ...event }) => event);
      try {
        await consumer.handleAll(events);
        await this.db.execute(
          `update domain_event_delivery set delivered_at = now(), error = null
           where consumer = ? and event_id in (select jsonb_array_elements_text(?::jsonb)::uuid)`,
          [consumer.name, JSON.stringify(events.map((e) => e.id))],
        );
        return claimed.length;
      } catch (err) {
        this.log.warn(
          { err, consumer: consumer.name, events: events.length },
          'events not delivered together',
        );
      }
    }
    for (const { attempts, ...event } of claimed) {
      try {
        await consumer.handle(event);
        await this.db.execute(
          'update domain_event_delivery set delivered_at = now(), error = null where event_id = ? and consumer = ?',
          [event.id, consumer.name],
        );
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        this.log.warn({ err, event: event.id, consumer: consumer.name, attempts }, 'event not delivered');
        await this.db.execute(
          `update domain_event_delivery set error = ?, next_attempt_at = now() + make_interval(mins => ?)
           where event_id = ? and consumer = ?`,
          [message.slice(0, 500), backoffMinutes(attempts), event.id, consumer.name],
        );
      }
    }
    return claimed.length;
  }
}
