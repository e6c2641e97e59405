import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { detachedDb, onCommit, servicesDb } from '../src/db/db';
import {
  claimRun,
  EventDispatcher,
  MAX_DELIVERY_ATTEMPTS,
  oncePerFleet,
  publish,
  type DeliveredEvent,
  type NewEvent,
} from '../src/modules/events';
import pino from 'pino';
import { createTestApp, type TestApp } from './harness';

/** A consumer that records what it is handed and fails while `failing` is set. */
const seen: DeliveredEvent[] = [];
let failing: string | null = null;
const recorder = {
  name: 'test-recorder',
  async handle(event: DeliveredEvent) {
    if (failing) throw new Error(failing);
    seen.push(event);
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ eventConsumers: [recorder] });
});
afterAll(async () => t.close());

const db = () => servicesDb(t.orm);
const productEvent = (aggregateId: string, payload: Record<string, unknown> = {}): NewEvent => ({
  type: 'product.changed',
  aggregateType: 'product',
  aggregateId,
  version: null,
  actorId: null,
  payload,
});
const rowsOf = (aggregateId: string) =>
  t.orm.em
    .getConnection()
    .execute<{ id: string; type: string; seq: string; payload: Record<string, unknown> }[]>(
      'select id, type, seq, payload from domain_event where aggregate_id = ? order by seq',
      [aggregateId],
    );

describe('publish', () => {
  it('writes the events with the change, in its transaction, and none when the change rolls back', async () => {
    const kept = randomUUID();
    const rolledBack = randomUUID();
    await db().transactional(async () => publish({ db: db() }, productEvent(kept, { name: 'kept' })));
    await expect(
      db().transactional(async () => {
        publish({ db: db() }, productEvent(rolledBack));
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await rowsOf(kept)).toEqual([
      expect.objectContaining({ type: 'product.changed', payload: { name: 'kept' } }),
    ]);
    expect(await rowsOf(rolledBack)).toEqual([]);
  });

  it('refuses to publish outside a transaction', () => {
    expect(() => publish({ db: db() }, productEvent(randomUUID()))).toThrow(/outside ctx.db.transactional/);
  });

  it("writes a transaction's events in one statement just before COMMIT, and none for a transaction without events", async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    t.resetQueries();
    await db().transactional(async () => {
      await db().execute('select 1');
      publish({ db: db() }, productEvent(a), productEvent(b));
      publish({ db: db() }, productEvent(a));
    });
    // The transaction's own statement, then one for its three events (BEGIN and COMMIT are not reported).
    expect(t.queries).toEqual([
      'select 1',
      expect.stringMatching(/^with input[^]*insert into domain_event /),
    ]);
    expect((await rowsOf(a)).map((r) => r.seq)).toEqual(['1', '2']);
    expect((await rowsOf(b)).map((r) => r.seq)).toEqual(['1']);

    t.resetQueries();
    await db().transactional(async () => db().execute('select 1'));
    expect(t.queries.filter((q) => /domain_event/.test(q))).toEqual([]);
  });

  it('numbers one aggregate consecutively across two concurrent transactions', async () => {
    const aggregate = randomUUID();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstWrote!: () => void;
    const wrote = new Promise<void>((resolve) => (firstWrote = resolve));
    // The first transaction writes its events (locking the aggregate's stream row) and stays open before COMMIT.
    const first = db().transactional(async () => {
      publish(
        { db: db() },
        productEvent(aggregate, { by: 'first' }),
        productEvent(aggregate, { by: 'first' }),
      );
      onCommit({
        before: async () => {
          firstWrote();
          await held;
        },
      });
    });
    await wrote;
    // The second one's write waits for that lock (seen in pg_stat_activity), then the first commits.
    const second = db().transactional(async () =>
      publish({ db: db() }, productEvent(aggregate, { by: 'second' })),
    );
    for (;;) {
      const [waiting] = await t.orm.em.getConnection().execute<{ n: number }[]>(
        `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock' and query like 'with input%'`,
      );
      if (waiting!.n > 0) break;
    }
    release();
    await Promise.all([first, second]);
    const rows = await rowsOf(aggregate);
    expect(rows.map((r) => [r.seq, r.payload.by])).toEqual([
      ['1', 'first'],
      ['2', 'first'],
      ['3', 'second'],
    ]);
  });
});

describe('the commit hooks the events ride on', () => {
  it('run before COMMIT inside the transaction, and after it once it succeeded; never after a rollback', async () => {
    const calls: string[] = [];
    const other = t.orm.em.getConnection();
    const marker = randomUUID();
    await db().transactional(async () => {
      onCommit({
        before: async () => {
          await db().execute('insert into domain_event_consumer (name) values (?)', [marker]);
          const outside = await other.execute('select 1 from domain_event_consumer where name = ?', [marker]);
          calls.push(`before, seen outside: ${outside.length}`);
        },
        after: () => calls.push('after'),
      });
      calls.push('work');
    });
    await expect(
      db().transactional(async () => {
        onCommit({ after: () => calls.push('after a rollback') });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(calls).toEqual(['work', 'before, seen outside: 0', 'after']);
    await other.execute('delete from domain_event_consumer where name = ?', [marker]);
  });
});

describe('the dispatcher', () => {
  it('delivers after the commit, at least once, and redelivers after the consumer failed', async () => {
    const aggregate = randomUUID();
    await db().transactional(async () => publish({ db: db() }, productEvent(aggregate)));
    const [row] = await rowsOf(aggregate);

    failing = 'the consumer is down';
    await t.flush();
    failing = null;
    expect(seen.map((e) => e.id)).not.toContain(row!.id);
    const [delivery] = await t.orm.em
      .getConnection()
      .execute<{ attempts: number; error: string; deliveredAt: Date | null }[]>(
        `select attempts, error, delivered_at as "deliveredAt" from domain_event_delivery
         where event_id = ? and consumer = ?`,
        [row!.id, recorder.name],
      );
    expect(delivery).toEqual({ attempts: 1, error: 'the consumer is down', deliveredAt: null });

    // Its retry is due later (backoff): brought forward, it is handed over again.
    await t.orm.em
      .getConnection()
      .execute('update domain_event_delivery set next_attempt_at = now() where event_id = ?', [row!.id]);
    await t.flush();
    expect(seen.filter((e) => e.id === row!.id)).toEqual([
      expect.objectContaining({
        type: 'product.changed',
        aggregateType: 'product',
        aggregateId: aggregate,
        seq: 1,
      }),
    ]);
    await t.flush();
    expect(seen.filter((e) => e.id === row!.id)).toHaveLength(1);
  });

  it("hands a pass's events to a batch consumer at once, and one at a time when the batch fails", async () => {
    const batches: string[][] = [];
    const single: string[] = [];
    let batchFails = false;
    const batcher = {
      name: `test-batcher-${randomUUID()}`,
      async handle(event: DeliveredEvent) {
        single.push(event.id);
      },
      async handleAll(events: DeliveredEvent[]) {
        if (batchFails) throw new Error('the batch failed');
        batches.push(events.map((e) => e.id));
      },
    };
    const dispatcher = new EventDispatcher(db(), pino({ level: 'silent' }), [batcher], []);
    await dispatcher.register();
    const together = randomUUID();
    await db().transactional(async () =>
      publish({ db: db() }, productEvent(together), productEvent(together)),
    );
    await dispatcher.drain();
    expect(batches).toEqual([(await rowsOf(together)).map((r) => r.id)]);
    expect(single).toEqual([]);

    batchFails = true;
    const apart = randomUUID();
    await db().transactional(async () => publish({ db: db() }, productEvent(apart), productEvent(apart)));
    await dispatcher.drain();
    const apartIds = (await rowsOf(apart)).map((r) => r.id);
    expect(single).toEqual(apartIds);
    const undelivered = await t.orm.em
      .getConnection()
      .execute('select 1 from domain_event_delivery where consumer = ? and delivered_at is null', [
        batcher.name,
      ]);
    expect(undelivered).toEqual([]);
    await t.orm.em
      .getConnection()
      .execute('delete from domain_event_consumer where name = ?', [batcher.name]);
  });

  it('gives a consumer that takes some types only those: no delivery for the others, and its types follow it', async () => {
    const handed: string[] = [];
    const name = `test-typed-${randomUUID()}`;
    const typed = (types: NewEvent['type'][]) => ({
      name,
      types,
      async handle(event: DeliveredEvent) {
        handed.push(event.type);
      },
    });
    const dispatcher = new EventDispatcher(db(), pino({ level: 'silent' }), [typed(['price.changed'])], []);
    await dispatcher.register();
    const aggregate = randomUUID();
    await db().transactional(async () =>
      publish({ db: db() }, productEvent(aggregate), { ...productEvent(aggregate), type: 'price.changed' }),
    );
    await dispatcher.drain();
    expect(handed).toEqual(['price.changed']);
    const deliveries = () =>
      t.orm.em.getConnection().execute<{ type: string }[]>(
        `select e.type from domain_event_delivery d join domain_event e on e.id = d.event_id
           where d.consumer = ? and e.aggregate_id = ? order by e.seq`,
        [name, aggregate],
      );
    expect(await deliveries()).toEqual([{ type: 'price.changed' }]);

    // Registered again (a new release) with other types: the events written from then on follow them.
    const again = new EventDispatcher(db(), pino({ level: 'silent' }), [typed(['product.changed'])], []);
    await again.register();
    await db().transactional(async () =>
      publish({ db: db() }, productEvent(aggregate), { ...productEvent(aggregate), type: 'price.changed' }),
    );
    await again.drain();
    expect(handed).toEqual(['price.changed', 'product.changed']);
    expect(await deliveries()).toEqual([{ type: 'price.changed' }, { type: 'product.changed' }]);
    await t.orm.em.getConnection().execute('delete from domain_event_consumer where name = ?', [name]);
  });

  it('gives up after MAX_DELIVERY_ATTEMPTS tries, keeping the last error', async () => {
    const aggregate = randomUUID();
    await db().transactional(async () => publish({ db: db() }, productEvent(aggregate)));
    const [row] = await rowsOf(aggregate);
    for (let i = 0; i < MAX_DELIVERY_ATTEMPTS + 1; i++) {
      failing = `failure ${i + 1}`;
      await t.orm.em
        .getConnection()
        .execute('update domain_event_delivery set next_attempt_at = now() where event_id = ?', [row!.id]);
      await t.flush();
    }
    failing = null;
    const [delivery] = await t.orm.em
      .getConnection()
      .execute<{ attempts: number; error: string }[]>(
        'select attempts, error from domain_event_delivery where event_id = ? and consumer = ?',
        [row!.id, recorder.name],
      );
    expect(delivery).toEqual({ attempts: MAX_DELIVERY_ATTEMPTS, error: `failure ${MAX_DELIVERY_ATTEMPTS}` });
    expect(seen.map((e) => e.id)).not.toContain(row!.id);
  });

  it('skips a delivery another process has claimed, and delivers it once that claim is let go', async () => {
    const aggregate = randomUUID();
    await db().transactional(async () => publish({ db: db() }, productEvent(aggregate)));
    const [row] = await rowsOf(aggregate);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const claimed = new Promise<void>((resolve) => (locked = resolve));
    // Another process's claim: its transaction holds the delivery's row.
    const another = detachedDb(t.orm);
    const other = another.transactional(async () => {
      await another.execute(
        'select 1 from domain_event_delivery where event_id = ? and consumer = ? for update',
        [row!.id, recorder.name],
      );
      locked();
      await held;
    });
    await claimed;
    await t.flush();
    expect(seen.map((e) => e.id)).not.toContain(row!.id);
    release();
    await other;
    await t.flush();
    expect(seen.filter((e) => e.id === row!.id)).toHaveLength(1);
  });

  it('a started dispatcher wakes when a commit in its process wrote events (its poll an hour away)', async () => {
    let arrived!: (event: DeliveredEvent) => void;
    const delivered = new Promise<DeliveredEvent>((resolve) => (arrived = resolve));
    const dispatcher = new EventDispatcher(
      servicesDb(t.orm),
      pino({ level: 'silent' }),
      [{ name: 'test-waker', handle: async (event) => arrived(event) }],
      [],
      3600_000,
    );
    await dispatcher.register();
    dispatcher.start();
    try {
      const aggregate = randomUUID();
      await db().transactional(async () => publish({ db: db() }, productEvent(aggregate)));
      expect(await delivered).toMatchObject({ aggregateId: aggregate, seq: 1 });
    } finally {
      await dispatcher.stop();
    }
  });
});

describe('periodic jobs of the fleet', () => {
  it('run once per interval however many processes tick, and again once the interval has passed', async () => {
    const name = `test-job-${randomUUID()}`;
    let runs = 0;
    // Three processes' timers ticking at once (each its own pool connection).
    const job = oncePerFleet(db(), name, 60_000, async () => void runs++);
    await Promise.all([job(), job(), job()]);
    expect(runs).toBe(1);
    await job();
    expect(runs).toBe(1);
    expect(await claimRun(db(), name, 60_000)).toBe(false);
    // The interval has passed (its deadline moved back rather than waiting a minute): the next tick runs it.
    await t.orm.em
      .getConnection()
      .execute("update periodic_run set next_run_at = now() - interval '1 second' where name = ?", [name]);
    await Promise.all([job(), job()]);
    expect(runs).toBe(2);
  });
});
