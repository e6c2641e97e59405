import { READ_AFTER_COOKIE, READ_AFTER_HEADER } from '../src/db/replica';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pino from 'pino';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let productId: string;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const log = pino({ level: 'error' }, { write: (line: string) => void logLines.push(JSON.parse(line)) });
  t = await createTestApp({ replica: true, log });
  [{ id: productId }] = (await t.orm.em.getConnection().execute<{ id: string }[]>(
    `select id from product p where price between 10 and 40 and min_transfer <= 1 and allowed_states = '{}'
         and not exists (select 1 from product_configuration_option o where o.product_id = p.id) order by id limit 1`,
  )) as [{ id: string }];
  // The replica lags: it still has the product's old name.
  await t
    .replica!.em.getConnection()
    .execute(`update product set name = 'Old name on the replica' where id = ?`, [productId]);
});
afterAll(async () => t.close());

describe('health, readiness and metrics', () => {
  it('answers /healthz (liveness) and /readyz (database and migrations) with request ids', async () => {
    const live = await t.agent().get('/healthz').expect(200);
    expect(live.body).toEqual({ status: 'ok' });
    expect(live.headers['x-request-id']).toBeTruthy();
    const ready = await t.agent().get('/readyz').expect(200);
    expect(ready.body).toEqual({ status: 'ready', replica: 'reachable' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('counts requests by route pattern and GraphQL operation, and reports the database pools', async () => {
    await t
      .agent()
      .get(`/api/products/${encodeURIComponent(productId)}`)
      .expect(200);
    const { agent, token } = await t.agentWithCsrf();
    await agent
      .post('/graphql')
      .set('x-csrf-token', token)
      .send({
        query: 'query ParentCategories { parentCategories { handle } }',
        operationName: 'ParentCategories',
      })
      .expect(200);
    const text = (await t.agent().get('/metrics').expect(200)).text;
    expect(text).toMatch(
      /axl_http_requests_total\{method="GET",route="\/api\/products\/\*id",status="200"\} \d+/,
    );
    expect(text).toMatch(/axl_graphql_operation_duration_seconds_count\{operation="ParentCategories"\} 1/);
    expect(text).toMatch(/axl_db_pool_connections_idle\{pool="primary"\} \d+/);
    expect(text).toMatch(/axl_db_pool_connections_idle\{pool="replica"\} \d+/);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).not.toContain(productId); // raw paths never become labels
  });
});

describe('unexpected errors', () => {
  it('answers INTERNAL without details, and logs the cause with the request id and the operation', async () => {
    const db = t.replica!.em.getConnection();
    await db.execute('alter table category rename to category_moved');
    try {
      const { agent, token } = await t.agentWithCsrf();
      const res = await agent
        .post('/graphql')
        .set('x-csrf-token', token)
        .set('x-request-id', 'req-ops-spec-0001')
        .send({ query: 'query Parents { parentCategories { handle } }', operationName: 'Parents' });
      expect(res.body.errors[0]).toMatchObject({
        message: 'Internal server error',
        extensions: { code: 'INTERNAL' },
      });
      expect(JSON.stringify(res.body)).not.toContain('category_moved');
      const line = logLines.find((l) => l.msg === 'unexpected error in a GraphQL resolver');
      expect(line).toMatchObject({ req: { id: 'req-ops-spec-0001' }, operation: 'Parents' });
    } finally {
      await db.execute('alter table category_moved rename to category');
    }
  });
});

describe('read replica', () => {
  it('serves catalogue reads from the replica, and keeps a writing request on the primary', async () => {
    const [{ name }] = (await t.orm.em
      .getConnection()
      .execute<{ name: string }[]>('select name from product where id = ?', [productId])) as [
      { name: string },
    ];
    const rest = await t
      .agent()
      .get(`/api/products/${encodeURIComponent(productId)}`)
      .expect(200);
    expect(rest.body.name).toBe('Old name on the replica');

    const { agent, token } = await t.agentWithCsrf();
    const query = await agent
      .post('/graphql')
      .set('x-csrf-token', token)
      .send({ query: 'query($id: ID!) { product(id: $id) { name } }', variables: { id: productId } });
    expect(query.body.data.product.name).toBe('Old name on the replica');

    // Adding to the cart writes: the lines it answers with are read on the primary.
    const added = await agent
      .post('/graphql')
      .set('x-csrf-token', token)
      .send({
        query: 'mutation($items: [CartItemInput!]!) { addToCart(items: $items) { orderLines { name } } }',
        variables: { items: [{ itemId: productId, qty: 1 }] },
      });
    expect(added.body.errors).toBeUndefined();
    expect(added.body.data.addToCart.orderLines[0].name).toBe(name);

    // The write's answer carries the primary's position after it; the cookie brings it back on the next read, which
    // the replica may serve only once it has replayed that far. This one is no standby and cannot say: the primary
    // answers, and the move is counted.
    expect(added.headers[READ_AFTER_HEADER]).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    expect(String(added.headers['set-cookie'])).toContain(`${READ_AFTER_COOKIE}=`);
    const movedBefore = await readsMoved();
    const again = await agent
      .post('/graphql')
      .set('x-csrf-token', token)
      .send({ query: 'query($id: ID!) { product(id: $id) { name } }', variables: { id: productId } });
    expect(again.body.data.product.name).toBe(name);
    expect(await readsMoved()).toBe(movedBefore + 1);
    // Another visitor still reads the replica; a partner's header that is no position is ignored.
    const other = await t
      .agent()
      .get(`/api/products/${encodeURIComponent(productId)}`)
      .set(READ_AFTER_HEADER, 'latest')
      .expect(200);
    expect(other.body.name).toBe('Old name on the replica');
    // A position the primary never wrote (forged) makes nobody wait and moves nothing.
    const forged = await t
      .agent()
      .get(`/api/products/${encodeURIComponent(productId)}`)
      .set(READ_AFTER_HEADER, 'FFFFFFFF/FFFFFFFF')
      .expect(200);
    expect(forged.body.name).toBe('Old name on the replica');
    expect(await readsMoved()).toBe(movedBefore + 1);
  });
});

async function readsMoved(): Promise<number> {
  const text = (await t.agent().get('/metrics').expect(200)).text;
  return Number(/^axl_replica_reads_moved_total\{reason="lag"\} (\d+)/m.exec(text)?.[1] ?? 0);
}

describe('who may scrape /metrics (issue 26)', () => {
  it('wants the METRICS_TOKEN as a bearer token when one is set', async () => {
    const app = await createTestApp({ metricsToken: 'scrape-token-0123456789' });
    try {
      await app.agent().get('/metrics').expect(401);
      await app.agent().get('/metrics').set('Authorization', 'Bearer scrape-token-0123456788').expect(401);
      await app.agent().get('/metrics').set('Authorization', 'Bearer short').expect(401);
      const ok = await app
        .agent()
        .get('/metrics')
        .set('Authorization', 'Bearer scrape-token-0123456789')
        .expect(200);
      expect(ok.text).toContain('axl_http_requests_total');
    } finally {
      await app.close();
    }
  });

  it('serves none in production without a token, even to this machine', async () => {
    const app = await createTestApp({ production: true });
    try {
      await app.agent().get('/metrics').expect(404);
      await app.agent().get('/healthz').expect(200);
    } finally {
      await app.close();
    }
  });
});
