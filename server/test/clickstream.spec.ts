import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { clickstreamPath } from '../../domain/clickstream';
import { servicesDb } from '../src/db/db';
import { EventBudget } from '../src/modules/analytics';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const path = clickstreamPath('axisline-shop');

const event = (overrides: Record<string, unknown> = {}) => ({
  eventType: 'detail-page-view',
  visitorId: randomUUID(),
  eventTime: new Date().toISOString(),
  uri: 'http://localhost:4000/product/detail/SFU1605-500',
  referrerUri: 'http://localhost:4000/search?q=sfu1605',
  userInfo: { userId: 'buyer@plant.example', userAgent: 'jest', directUserRequest: false },
  productDetails: [{ id: 'SFU1605-500', priceInfo: { price: 69.7, currencyCode: 'USD' }, quantity: 1 }],
  attributionToken: randomUUID(),
  ...overrides,
});

/** The events of a visitor as stored (after the collector's buffer is written). */
const stored = async (visitorId: string) => {
  await t.flush();
  return t.orm.em.getConnection().execute<Record<string, unknown>[]>(
    `select event_type as "eventType", user_id as "userId", app_name as "appName", country,
         attribution_token as "attributionToken", product_ids as "productIds", revenue::float8 as revenue,
         search_query as "searchQuery"
       from clickstream_event where visitor_id = ? order by id`,
    [visitorId],
  );
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('click-stream collector', () => {
  it('stores a beacon (text/plain, no session, no CSRF token) and answers 204', async () => {
    const e = event();
    await t
      .agent()
      .post(path)
      .set('content-type', 'text/plain;charset=UTF-8')
      .send(JSON.stringify(e))
      .expect(204);
    expect(await stored(e.visitorId)).toEqual([
      {
        eventType: 'detail-page-view',
        userId: 'buyer@plant.example',
        appName: 'axisline-shop',
        country: 'US',
        attributionToken: e.attributionToken,
        productIds: ['SFU1605-500'],
        revenue: null,
        searchQuery: null,
      },
    ]);
  });

  it('stores a batch whole, with the purchase revenue and the search text', async () => {
    const visitorId = randomUUID();
    await t
      .agent()
      .post(clickstreamPath('axisline-shop', 'CA'))
      .send({
        events: [
          event({ visitorId, eventType: 'search', searchQuery: 'ball screw', productDetails: undefined }),
          event({ visitorId, eventType: 'add-to-cart' }),
          event({
            visitorId,
            eventType: 'purchase-complete',
            purchaseTransaction: { revenue: 83.01, currencyCode: 'USD' },
          }),
        ],
      })
      .expect(204);
    const rows = await stored(visitorId);
    expect(rows.map((r) => [r.eventType, r.country, r.searchQuery, r.revenue])).toEqual([
      ['search', 'CA', 'ball screw', null],
      ['add-to-cart', 'CA', null, null],
      ['purchase-complete', 'CA', null, 83.01],
    ]);
  });

  it('refuses a batch with one bad event, naming it, and stores none of it', async () => {
    const visitorId = randomUUID();
    const res = await t
      .agent()
      .post(path)
      .send([
        event({ visitorId }),
        event({ visitorId, eventType: 'page-view' }),
        event({ visitorId, eventTime: 'yesterday' }),
      ])
      .expect(400);
    expect(res.body.error.fields).toEqual(
      expect.arrayContaining([
        {
          field: 'events[1].eventType',
          message: expect.stringMatching(/^eventType must be one of home-page-view/),
        },
        { field: 'events[2].eventTime', message: 'eventTime must be an ISO date-time' },
      ]),
    );
    expect(await stored(visitorId)).toEqual([]);
  });

  it('refuses what is not an event: a bad visitor id, a bad path, too many events, bad JSON', async () => {
    const bad = await t
      .agent()
      .post(path)
      .send(event({ visitorId: 'me' }))
      .expect(400);
    expect(bad.body.error.fields).toEqual([
      { field: 'events[0].visitorId', message: 'visitorId must be a UUID' },
    ]);
    await t.agent().post(clickstreamPath('axisline-shop', 'us')).send(event()).expect(400);
    await t.agent().post(clickstreamPath('bad app!')).send(event()).expect(400);
    await t
      .agent()
      .post(path)
      .send({ events: Array.from({ length: 201 }, () => event()) })
      .expect(400);
    await t.agent().post(path).set('content-type', 'application/json').send('{"eventType":').expect(400);
  });
});

describe('click-stream collector: events per address', () => {
  it('answers 429 with Retry-After once an address sent its minute of events, and stores none of that batch', async () => {
    const limited = await createTestApp({ collectorEventsPerMinute: 3 });
    try {
      const visitorId = randomUUID();
      const batch = (n: number) => ({ events: Array.from({ length: n }, () => event({ visitorId })) });
      await limited.agent().post(path).send(batch(2)).expect(204);
      // Over the budget whichever minute it falls in: 4 events alone are more than 3.
      const refused = await limited.agent().post(path).send(batch(4)).expect(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body.error.code).toBe('TOO_MANY_REQUESTS');
      await limited.flush();
      const [row] = await limited.orm.em
        .getConnection()
        .execute<{ n: number }[]>('select count(*)::int as n from clickstream_event where visitor_id = ?', [
          visitorId,
        ]);
      expect(row!.n).toBe(2);
    } finally {
      await limited.close();
    }
  });
});

describe('click-stream collector: one budget for the fleet', () => {
  it("counts an address's events across store processes, a sync apart, and forgets them with the minute", async () => {
    // Two processes of one store: two budgets on one database, each counting in memory between syncs.
    const a = new EventBudget(10, servicesDb(t.orm));
    const b = new EventBudget(10, servicesDb(t.orm));
    const address = `198.51.100.${Math.floor(Math.random() * 250)}:${randomUUID()}`;
    const minute = Date.parse('2030-01-01T10:00:00Z');
    expect(a.spend(address, 8, minute + 1000)).toBe(0);
    await a.sync();
    // b has not synced yet: it allows what it alone has seen.
    expect(b.spend(address, 1, minute + 2000)).toBe(0);
    await b.sync();
    // Now b knows the fleet's 9: two more is over 10 (a process counting alone would allow it).
    expect(b.spend(address, 2, minute + 3000)).toBe(57);
    await b.sync();
    // a learns the fleet's count with its next sync (its 8, then 9, was all it knew).
    expect(a.spend(address, 1, minute + 4000)).toBe(0);
    await a.sync();
    expect(a.spend(address, 1, minute + 5000)).toBe(55);
    // The next minute starts over.
    expect(a.spend(address, 9, minute + 61_000)).toBe(0);
    const [row] = await t.orm.em
      .getConnection()
      .execute<{ count: number }[]>('select count from rate_limit where key = ? and window_start = ?', [
        `clickstream:${address}`,
        new Date(minute),
      ]);
    expect(row!.count).toBe(12);
  });
});
