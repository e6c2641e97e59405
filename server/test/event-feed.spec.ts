import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { EVENT_FEED_MESSAGES } from '../../domain/events';
import { ROLES } from '../../domain/roles';
import { servicesDb } from '../src/db/db';
import { createApiKey } from '../src/modules/auth';
import { publish, type NewEvent } from '../src/modules/events';
import { cardOrder, FIXTURE_PASSWORD, plainProducts } from './fixtures';
import { createTestApp, type Client, type TestApp } from './harness';

/** The retention's clock: real time plus what a test moves it on by. */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

let t: TestApp;
let admin: Client;
let adminId: string;
let companyId: string;
let companyUserId: string;
let supplierUserId: string;
const db = () => servicesDb(t.orm);
const sql = <T extends object[] = object[]>(text: string, params: unknown[] = []) =>
  t.orm.em.getConnection().execute<T>(text, params);

beforeAll(async () => {
  t = await createTestApp({ eventsNow: clock });
  const email = `feed.admin.${randomUUID()}@axisline.example`;
  adminId = await t.createUser({ email, password: FIXTURE_PASSWORD, role: ROLES.Admin });
  admin = await t.client();
  await admin.signIn(email, FIXTURE_PASSWORD);
  [{ id: companyId }] = await sql<{ id: string }[]>(
    `insert into business_account (company) values ('Feed Co ${randomUUID()}') returning id`,
  );
  companyUserId = await t.createUser({
    email: `erp.${randomUUID()}@feedco.example`,
    password: FIXTURE_PASSWORD,
    accountId: companyId,
  });
  supplierUserId = await t.createUser({
    email: `pim.${randomUUID()}@precisa.example`,
    password: FIXTURE_PASSWORD,
    role: ROLES.Supplier,
  });
  await sql(`update app_user set supplier_brand_handle = 'precisa' where id = ?`, [supplierUserId]);
});
afterAll(async () => t.close());

/** A bearer token of a new key of `userId` with `scopes`. */
async function bearer(userId: string, scopes: string[]): Promise<string> {
  const { key } = await createApiKey(db(), { userId, name: 'Feed', scopes, createdBy: adminId });
  const res = await t.agent().post('/api/auth/token').send({ apiKey: key }).expect(200);
  return res.body.accessToken as string;
}

interface FeedEvent {
  id: string;
  type: string;
  occurredAt: string;
  aggregateType: string;
  aggregateId: string;
  sequence: number;
  version: number | null;
  data: Record<string, unknown>;
}
interface Page {
  events: FeedEvent[];
  endCursor: string | null;
  hasMore: boolean;
}

/** GET /api/events as the admin's session, or with a bearer token. */
function get(query: string, token?: string) {
  const req = (token ? t.agent() : admin.agent).get(`/api/events${query}`);
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
}

/** A query string from `after` (left out when null) and other parameters. */
const query = (after: string | null, more: Record<string, string> = {}) =>
  `?${new URLSearchParams({ ...(after ? { after } : {}), ...more })}`;

/** Every page from `after` to the end (what a poller does); the events and the last cursor. */
async function pollAll(after: string | null, token?: string, types?: string): Promise<Page> {
  const events: FeedEvent[] = [];
  let cursor = after;
  for (;;) {
    const params = new URLSearchParams({ first: '500' });
    if (cursor) params.set('after', cursor);
    if (types) params.set('types', types);
    const res = await get(`?${params}`, token).expect(200);
    const page = res.body as Page;
    events.push(...page.events);
    cursor = page.endCursor;
    if (!page.hasMore) return { events, endCursor: cursor, hasMore: false };
  }
}

const productEvent = (aggregateId: string, payload: Record<string, unknown> = {}): NewEvent => ({
  type: 'product.changed',
  aggregateType: 'product',
  aggregateId,
  version: null,
  payload: { productId: aggregateId, ...payload },
});

/** Publishes events in a transaction of their own, as a service does. */
const publishNow = (...events: NewEvent[]) =>
  db().transactional(async () => publish({ db: db() }, ...events));

describe('feed positions', () => {
  it('never skips an event of a transaction that began earlier but committed later', async () => {
    await t.flush();
    const start = (await pollAll(null)).endCursor;
    const early = randomUUID();
    const late = randomUUID();

    // The slow transaction begins first and writes its event at once; it commits last.
    let began!: () => void;
    const begun = new Promise<void>((resolve) => (began = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow = db().transactional(async () => {
      await db().execute(
        `insert into domain_event (id, type, aggregate_type, aggregate_id, seq, payload)
         values (gen_random_uuid(), 'product.changed', 'product', ?, 1, jsonb_build_object('productId', ?::text))`,
        [early, early],
      );
      await db().execute(
        `insert into domain_event_delivery (event_id, consumer)
         select e.id, c.name from domain_event e cross join domain_event_consumer c where e.aggregate_id = ?`,
        [early],
      );
      began();
      await released;
    });
    await begun;
    // The later one commits first.
    await publishNow(productEvent(late));
    await t.flush();

    const between = await pollAll(start);
    expect(between.events.map((e) => e.aggregateId)).toEqual([late]);

    release();
    await slow;
    await t.flush();
    const after = await pollAll(between.endCursor);
    expect(after.events.map((e) => e.aggregateId)).toEqual([early]);
    // The early event happened first, yet comes after in the feed: by commit, not by time.
    expect(new Date(after.events[0]!.occurredAt).getTime()).toBeLessThan(
      new Date(between.events[0]!.occurredAt).getTime(),
    );
    // From the start once more: each exactly once, in feed order; and nothing new after the end.
    const again = await pollAll(start);
    expect(again.events.map((e) => e.aggregateId)).toEqual([late, early]);
    expect((await pollAll(after.endCursor)).events).toEqual([]);
    expect((await get(query(after.endCursor)).expect(200)).body.endCursor).toBe(after.endCursor);
  });

  it('pages with an opaque cursor, filters by type, and answers the same over GraphQL', async () => {
    await t.flush();
    const start = (await pollAll(null)).endCursor;
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    // Each in its own transaction (within one, the feed orders a transaction's events by id).
    for (const id of ids) await publishNow(productEvent(id, { changes: { inStock: false } }));
    const company = randomUUID();
    await publishNow({
      type: 'company.changed',
      aggregateType: 'company',
      aggregateId: company,
      version: 2,
      actorId: adminId,
      payload: { companyId: company, change: 'updated', fields: ['name'] },
    });
    await t.flush();

    const first = (await get(query(start, { first: '2' })).expect(200)).body as Page;
    expect(first.events.map((e) => e.aggregateId)).toEqual(ids.slice(0, 2));
    expect(first.hasMore).toBe(true);
    expect(first.endCursor).not.toMatch(/^\d+$/);
    const rest = (await get(query(first.endCursor)).expect(200)).body as Page;
    expect(rest.events.map((e) => e.aggregateId)).toEqual([ids[2], company]);
    expect(rest.hasMore).toBe(false);

    const [event] = rest.events.slice(1);
    expect(Object.keys(event!).sort()).toEqual(
      ['aggregateId', 'aggregateType', 'data', 'id', 'occurredAt', 'sequence', 'type', 'version'].sort(),
    );
    expect(event).toMatchObject({
      type: 'company.changed',
      aggregateType: 'company',
      sequence: 1,
      version: 2,
    });
    // The webhook message's data: the event's ids, sequence and version with its payload.
    expect(event!.data).toEqual({
      eventId: event!.id,
      aggregateType: 'company',
      aggregateId: company,
      seq: 1,
      version: 2,
      companyId: company,
      change: 'updated',
      fields: ['name'],
    });

    const typed = await pollAll(start, undefined, 'company.changed,company.member_changed');
    expect(typed.events.map((e) => e.aggregateId)).toEqual([company]);

    const gql = await admin.gql<{ events: Page }>(
      `query($after: String, $types: [String!], $first: Int) {
         events(after: $after, types: $types, first: $first) {
           events { id type occurredAt aggregateType aggregateId sequence version data } endCursor hasMore } }`,
      { after: start, types: ['product.changed', 'company.changed'], first: 10 },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.events).toEqual({
      events: [...first.events, ...rest.events],
      endCursor: rest.endCursor,
      hasMore: false,
    });
  });

  it('refuses a made-up cursor, an unknown type and too large a page with 400 BAD_USER_INPUT', async () => {
    const forged = Buffer.from('x12').toString('base64url');
    for (const after of ['not a cursor', '!!!!', forged, 'cA', Buffer.from('p-1').toString('base64url')]) {
      const res = await get(`?after=${encodeURIComponent(after)}`).expect(400);
      expect(res.body.error).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: EVENT_FEED_MESSAGES.cursorInvalid,
      });
    }
    const unknown = await get('?types=order.placed,order.exploded').expect(400);
    expect(unknown.body.error.code).toBe('BAD_USER_INPUT');
    expect(unknown.body.error.message).toBe('Unknown event type: order.exploded');
    for (const first of ['501', '0', 'ten', '2.5']) {
      const res = await get(`?first=${first}`).expect(400);
      expect(res.body.error).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: 'Ask for 1 to 500 events (`first`)',
      });
    }
    expect((await get('?first=500').expect(200)).body.events.length).toBeLessThanOrEqual(500);

    const gql = await admin.gql('{ events(after: "bogus") { endCursor } }');
    expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(gql.errors?.[0]?.message).toBe(EVENT_FEED_MESSAGES.cursorInvalid);
  });
});

describe('who sees what', () => {
  it("shows a company:orders key its company's orders only, a supplier:products key its brand's products only", async () => {
    await t.flush();
    const start = (await pollAll(null)).endCursor;
    const [product] = await plainProducts(t, 1);
    const ours = (await cardOrder(t, [{ itemId: product!.id, qty: 1 }])).order;
    await sql('update customer_order set account_id = ? where id = ?', [companyId, ours.id]);
    const theirs = (await cardOrder(t, [{ itemId: product!.id, qty: 1 }])).order;
    const [precisa, other] = await sql<{ id: string }[]>(
      `(select p.id from product p join brand b on b.id = p.brand_id where b.handle = 'precisa' order by p.id limit 1)
       union all
       (select p.id from product p join brand b on b.id = p.brand_id where b.handle <> 'precisa' order by p.id limit 1)`,
    );
    await publishNow(productEvent(precisa!.id), productEvent(other!.id), {
      type: 'company.member_changed',
      aggregateType: 'company',
      aggregateId: companyId,
      version: 1,
      payload: { companyId, userId: companyUserId, change: 'joined', fields: [] },
    });
    await publishNow({
      type: 'price.changed',
      aggregateType: 'price',
      aggregateId: `catalog:${precisa!.id}`,
      version: null,
      payload: { priceListId: null, productId: precisa!.id, price: 1, breaks: [] },
    });
    // A stock import's chunks (decision 069), one per brand: each seen by its brand's viewer only.
    const brands = await sql<{ id: string; handle: string }[]>(
      `select b.id, b.handle from brand b where b.id in (select brand_id from product where id in (?, ?))`,
      [precisa!.id, other!.id],
    );
    const chunk = (brandId: string, n: number) => ({
      type: 'inventory.changed' as const,
      aggregateType: 'import',
      aggregateId: '7a1c9e3e-5b7d-4f43-9d0e-0c6a1f1e2b3c',
      version: null,
      payload: { importId: '7a1c9e3e-5b7d-4f43-9d0e-0c6a1f1e2b3c', chunk: n, chunks: 2, brandId, rows: [] },
    });
    const precisaBrand = brands.find((b) => b.handle === 'precisa')!.id;
    await publishNow(chunk(precisaBrand, 1), chunk(brands.find((b) => b.handle !== 'precisa')!.id, 2));
    await t.flush();

    const everything = (await pollAll(start)).events;
    const orderIds = (events: FeedEvent[]) =>
      [...new Set(events.filter((e) => e.aggregateType === 'order').map((e) => e.aggregateId))].sort();
    expect(orderIds(everything)).toEqual([ours.id, theirs.id].sort());
    expect(everything.map((e) => e.type)).toEqual(
      expect.arrayContaining(['order.placed', 'company.member_changed', 'price.changed', 'product.changed']),
    );

    const company = (await pollAll(start, await bearer(companyUserId, ['company:orders']))).events;
    expect(company.length).toBeGreaterThan(0);
    expect(orderIds(company)).toEqual([ours.id]);
    expect(company.every((e) => e.aggregateType === 'order')).toBe(true);

    const brand = (await pollAll(start, await bearer(supplierUserId, ['supplier:products']))).events;
    expect(brand.filter((e) => e.type === 'product.changed').map((e) => e.aggregateId)).toEqual([
      precisa!.id,
    ]);
    expect(brand.every((e) => e.type === 'product.changed' || e.type === 'inventory.changed')).toBe(true);
    expect(
      brand.filter((e) => e.aggregateType === 'import').map((e) => (e.data as { brandId: string }).brandId),
    ).toEqual([precisaBrand]);
    // Its inventory events are its brand's products' (the orders reserved a plain product's stock).
    const [{ n: brandInventory }] = await sql<{ n: number }[]>(
      `select count(*)::int as n from product p join brand b on b.id = p.brand_id where p.id = ? and b.handle = 'precisa'`,
      [product!.id],
    );
    expect(brand.some((e) => e.type === 'inventory.changed' && e.aggregateType === 'inventory')).toBe(
      brandInventory > 0,
    );
  });

  it('refuses anonymous callers (401), signed-in customers and keys without a feed scope (403)', async () => {
    const anonymous = await t.agent().get('/api/events').expect(401);
    expect(anonymous.body.error.code).toBe('UNAUTHENTICATED');

    const email = `feed.buyer.${randomUUID()}@plant.example`;
    await t.createUser({ email, password: FIXTURE_PASSWORD });
    const buyer = await t.client();
    await buyer.signIn(email, FIXTURE_PASSWORD);
    expect((await buyer.agent.get('/api/events').expect(403)).body.error.code).toBe('FORBIDDEN');
    expect((await buyer.gql('{ events { hasMore } }')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const catalog = await bearer(companyUserId, ['catalog:read']);
    expect((await get('', catalog).expect(403)).body.error.code).toBe('FORBIDDEN');
    // company:orders for a user of no company has nothing to show: refused, not an empty feed.
    const loner = await t.createUser({
      email: `loner.${randomUUID()}@plant.example`,
      password: FIXTURE_PASSWORD,
    });
    expect((await get('', await bearer(loner, ['company:orders'])).expect(403)).body.error.code).toBe(
      'FORBIDDEN',
    );
    // supplier:products for a user who keeps no brand: the same.
    const noBrand = await get('', await bearer(loner, ['company:orders', 'supplier:products'])).expect(403);
    expect(noBrand.body.error.code).toBe('FORBIDDEN');
  });

  it("gives an owned webhook endpoint only its owner's events, a staff endpoint every one", async () => {
    await t.flush();
    const create = async () => {
      const res = await admin.gql<{ createWebhookEndpoint: { endpoint: { id: string } } }>(
        `mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { id } } }`,
        { input: { url: 'http://127.0.0.1:9/hooks', events: ['order.placed', 'company.changed'] } },
      );
      expect(res.errors).toBeUndefined();
      return res.data!.createWebhookEndpoint.endpoint.id;
    };
    const staff = await create();
    const owned = await create();
    await sql('update webhook_endpoint set owner_user_id = ? where id = ?', [companyUserId, owned]);

    const [product] = await plainProducts(t, 1);
    const ours = (await cardOrder(t, [{ itemId: product!.id, qty: 1 }])).order;
    await sql('update customer_order set account_id = ? where id = ?', [companyId, ours.id]);
    const theirs = (await cardOrder(t, [{ itemId: product!.id, qty: 1 }])).order;
    await publishNow({
      type: 'company.changed',
      aggregateType: 'company',
      aggregateId: companyId,
      version: 3,
      payload: { companyId, change: 'updated', fields: ['name'] },
    });
    await t.flush();

    const received = (endpoint: string) =>
      sql<{ type: string; aggregateId: string }[]>(
        `select d.event_type as type, e.aggregate_id as "aggregateId" from webhook_delivery d
         join domain_event e on e.id = d.event_id where d.endpoint_id = ? order by e.position`,
        [endpoint],
      );
    expect(await received(staff)).toEqual([
      { type: 'order.placed', aggregateId: ours.id },
      { type: 'order.placed', aggregateId: theirs.id },
      { type: 'company.changed', aggregateId: companyId },
    ]);
    expect(await received(owned)).toEqual([{ type: 'order.placed', aggregateId: ours.id }]);
  });
});

describe('retention', () => {
  it('removes events older than EVENT_RETENTION_DAYS (30) on the feed pass, at most once a minute', async () => {
    const old = randomUUID();
    const recent = randomUUID();
    const insertAged = (aggregateId: string, days: number) =>
      sql(
        `with e as (
           insert into domain_event (id, type, aggregate_type, aggregate_id, seq, payload, occurred_at)
           values (gen_random_uuid(), 'product.changed', 'product', ?, 1, '{}'::jsonb, now() - make_interval(days => ?))
           returning id)
         insert into domain_event_delivery (event_id, consumer) select e.id, c.name from e cross join domain_event_consumer c`,
        [aggregateId, days],
      );
    const present = async (id: string) =>
      (await sql<object[]>('select 1 from domain_event where aggregate_id = ?', [id])).length > 0;

    offsetMs += 61_000;
    await insertAged(old, 31);
    await insertAged(recent, 29);
    await t.flush();
    expect(await present(old)).toBe(false);
    expect(await present(recent)).toBe(true);
    const [{ n }] = await sql<{ n: number }[]>(
      `select count(*)::int as n from domain_event_delivery d where not exists (select 1 from domain_event e where e.id = d.event_id)`,
    );
    expect(n).toBe(0);

    // Within the minute nothing more is removed; a minute on, it is.
    const second = randomUUID();
    await insertAged(second, 40);
    await t.flush();
    expect(await present(second)).toBe(true);
    offsetMs += 61_000;
    await publishNow(productEvent(randomUUID()));
    await t.flush();
    expect(await present(second)).toBe(false);
  });
});

describe('webhooks:manage', () => {
  /** A GraphQL call with a bearer token (no cookies, no CSRF). */
  const asKey = async (token: string, query: string, variables: object = {}) =>
    (await t.agent().post('/graphql').set('Authorization', `Bearer ${token}`).send({ query, variables }))
      .body as {
      data?: Record<string, unknown>;
      errors?: { message: string; extensions?: { code?: string } }[];
    };
  const createAs = async (token: string, url: string) => {
    const res = await asKey(
      token,
      `mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { id url } secret } }`,
      { input: { url, events: ['order.placed'] } },
    );
    expect(res.errors).toBeUndefined();
    const created = res.data!.createWebhookEndpoint as { endpoint: { id: string }; secret: string };
    expect(created.secret).toMatch(/^whsec_/);
    return created.endpoint.id;
  };
  const listAs = async (token: string) =>
    ((await asKey(token, '{ webhookEndpoints { id } }')).data!.webhookEndpoints as { id: string }[]).map(
      (e) => e.id,
    );

  it('lets a key list and change only the endpoints it made; staff see them all', async () => {
    const erpUser = await t.createUser({
      email: `erp.${randomUUID()}@plant.example`,
      password: FIXTURE_PASSWORD,
    });
    const erp = await bearer(erpUser, ['webhooks:manage']);
    const otherUser = await t.createUser({
      email: `wms.${randomUUID()}@plant.example`,
      password: FIXTURE_PASSWORD,
    });
    const wms = await bearer(otherUser, ['webhooks:manage']);
    const mine = await createAs(erp, 'http://127.0.0.1:9/erp');
    const theirs = await createAs(wms, 'http://127.0.0.1:9/wms');

    expect(
      await sql<{ id: string; owner: string | null }[]>(
        'select id, owner_user_id as owner from webhook_endpoint where id in (?, ?) order by url',
        [mine, theirs],
      ),
    ).toEqual([
      { id: mine, owner: erpUser },
      { id: theirs, owner: otherUser },
    ]);
    expect(await listAs(erp)).toEqual([mine]);
    expect(await listAs(wms)).toEqual([theirs]);
    const all = await admin.gql<{ webhookEndpoints: { id: string }[] }>('{ webhookEndpoints { id } }');
    expect(all.data!.webhookEndpoints.map((e) => e.id)).toEqual(expect.arrayContaining([mine, theirs]));

    // Another key's endpoint answers like a missing one, for every operation.
    for (const op of [
      `mutation { updateWebhookEndpoint(id: "${mine}", input: { enabled: false }) { id } }`,
      `mutation { rotateWebhookSecret(id: "${mine}") { secret } }`,
      `mutation { deleteWebhookEndpoint(id: "${mine}") }`,
      `{ webhookDeliveries(endpointId: "${mine}") { total } }`,
      `mutation { sendTestWebhook(endpointId: "${mine}") { id } }`,
    ]) {
      expect([op, (await asKey(wms, op)).errors?.[0]?.extensions?.code]).toEqual([op, 'NOT_FOUND']);
    }
    const [{ enabled }] = await sql<{ enabled: boolean }[]>(
      'select enabled from webhook_endpoint where id = ?',
      [mine],
    );
    expect(enabled).toBe(true);
    // Its own it changes.
    const off = await asKey(
      erp,
      `mutation { updateWebhookEndpoint(id: "${mine}", input: { enabled: false }) { enabled } }`,
    );
    expect(off.data!.updateWebhookEndpoint).toEqual({ enabled: false });
    expect((await asKey(erp, `mutation { deleteWebhookEndpoint(id: "${mine}") }`)).data).toEqual({
      deleteWebhookEndpoint: true,
    });
    expect(await listAs(erp)).toEqual([]);
  });

  it('refuses keys without the scope and signed-in users who are not Admins', async () => {
    const ordersOnly = await bearer(companyUserId, ['company:orders']);
    expect((await asKey(ordersOnly, '{ webhookEndpoints { id } }')).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    const email = `hooks.buyer.${randomUUID()}@plant.example`;
    await t.createUser({ email, password: FIXTURE_PASSWORD });
    const buyer = await t.client();
    await buyer.signIn(email, FIXTURE_PASSWORD);
    expect((await buyer.gql('{ webhookEndpoints { id } }')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it("delivers to a key's endpoint only its company's orders", async () => {
    await t.flush();
    const erp = await bearer(companyUserId, ['webhooks:manage', 'company:orders']);
    const mine = await createAs(erp, 'http://127.0.0.1:9/erp-orders');
    const [product] = await plainProducts(t, 1);
    const ours = (await cardOrder(t, [{ itemId: product!.id, qty: 1 }])).order;
    await sql('update customer_order set account_id = ? where id = ?', [companyId, ours.id]);
    await cardOrder(t, [{ itemId: product!.id, qty: 1 }]);
    await t.flush();
    const res = await asKey(erp, `{ webhookDeliveries(endpointId: "${mine}") { items { eventType body } } }`);
    expect(res.errors).toBeUndefined();
    const items = (res.data!.webhookDeliveries as { items: { eventType: string; body: string }[] }).items;
    expect(
      items.map((d) => [d.eventType, (JSON.parse(d.body) as { data: { orderId: string } }).data.orderId]),
    ).toEqual([['order.placed', ours.id]]);
  });
});
