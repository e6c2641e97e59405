import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { TEST_CARDS } from '../../domain/checkout';
import { CSRF } from '../../domain/constants';
import type { Orm } from '../src/db/orm';
import { hashPassword } from '../src/modules/auth/password';
import { Webhook } from 'standardwebhooks';
import { ROLES } from '../../domain/roles';
import { checkoutBody } from './fixtures';
import { Browser, freePort, startStore, stopped, storeDatabase } from './processes';
import { Receiver } from './receiver';

/*
 * Many stateless processes on one PostgreSQL (issue 9): nothing a request needs lives in one process's memory.
 */

const PASSWORD = 'Two-Process-2026!';
let databaseUrl: string;
let orm: Orm;
const children: ChildProcess[] = [];
let products: string[];

const env = (port: number, extra: Record<string, string> = {}) => ({
  DATABASE_URL: databaseUrl,
  PORT: String(port),
  SESSION_SECRET: 'two-processes-share-this-secret-0123456789',
  SEARCH_CACHE_TTL_MS: '0',
  SECRETS_KEY: 'the-processes-share-this-secrets-key-0123456789',
  ...extra,
});

async function user(role: number = ROLES.Customer): Promise<string> {
  const email = `multi.${randomUUID()}@plant.example`;
  await orm.em
    .getConnection()
    .execute(
      `insert into app_user (email, password_hash, first_name, last_name, role) values (?, ?, 'Multi', 'Proc', ?)`,
      [email, await hashPassword(PASSWORD), role],
    );
  return email;
}

/** Someone signed in on `base` (a browser's cookies, kept across the processes). */
async function signedIn(
  base: string,
  role: number = ROLES.Customer,
): Promise<{ email: string; browser: Browser }> {
  const email = await user(role);
  const browser = new Browser(CSRF.cookieName);
  await browser.call(base, 'GET', '/api/auth/csrf');
  expect((await browser.call(base, 'POST', '/api/user/login', { email, password: PASSWORD })).status).toBe(
    200,
  );
  return { email, browser };
}

/** A new buyer places an order for one part on `base`; its id. */
async function placeOn(base: string): Promise<string> {
  const { email, browser } = await signedIn(base);
  await browser.call(base, 'POST', '/api/user/cart/upsert', { items: [{ itemId: products[1], qty: 1 }] });
  const card = await browser.call(base, 'POST', '/api/payments/test/payment-methods', {
    number: TEST_CARDS.authorised,
    expiry: '12/39',
    cvc: '123',
    name: 'Multi',
  });
  const placed = await browser.call(
    base,
    'POST',
    '/api/checkout/place-order',
    checkoutBody(email, card.body.id),
    {
      'idempotency-key': randomUUID(),
    },
  );
  expect(placed.status).toBe(200);
  return placed.body.order.id as string;
}

/** An Admin on `base` registers a webhook endpoint for placed orders; its id and secret. */
async function orderEndpoint(base: string, url: string): Promise<{ id: string; secret: string }> {
  const { browser } = await signedIn(base, ROLES.Admin);
  const res = await browser.call(base, 'POST', '/graphql', {
    query: `mutation($input: CreateWebhookEndpointInput!) {
      createWebhookEndpoint(input: $input) { endpoint { id } secret } }`,
    variables: { input: { url, events: ['order.placed'], description: 'ERP' } },
  });
  expect(res.body.errors).toBeUndefined();
  return {
    id: res.body.data.createWebhookEndpoint.endpoint.id,
    secret: res.body.data.createWebhookEndpoint.secret,
  };
}

/** Resolves once `done()` holds, looking every 100 ms (fails the test after `ms`). */
async function until(done: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('gave up waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An endpoint's deliveries as stored: status, attempts, and the attempts recorded. */
const deliveriesOf = (endpointId: string) =>
  orm.em.getConnection().execute<{ messageId: string; status: string; attempts: number; recorded: number }[]>(
    `select d.message_id as "messageId", d.status, d.attempts,
       (select count(*)::int from webhook_attempt a where a.delivery_id = d.id) as recorded
     from webhook_delivery d where d.endpoint_id = ? order by d.created_at`,
    [endpointId],
  );

const disable = (endpointId: string) =>
  orm.em.getConnection().execute('update webhook_endpoint set enabled = false where id = ?', [endpointId]);

beforeAll(async () => {
  ({ url: databaseUrl, orm } = await storeDatabase('procs'));
  products = (
    await orm.em.getConnection().execute<{ id: string }[]>(
      `select id from product p where price between 10 and 40 and allowed_states = '{}' and min_transfer <= 1
           and minimum_purchase_quantity <= 1
           and not exists (select 1 from product_configuration_option o where o.product_id = p.id) order by id limit 5`,
    )
  ).map((r) => r.id);
}, 60_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await orm.close(true);
});

describe('two app processes on one database', () => {
  let a: string;
  let b: string;

  beforeAll(async () => {
    const [pa, pb] = [await freePort(), await freePort()];
    const [first, second] = await Promise.all([startStore(env(pa)), startStore(env(pb))]);
    children.push(first.child, second.child);
    a = `http://127.0.0.1:${pa}`;
    b = `http://127.0.0.1:${pb}`;
  }, 90_000);

  it('signs a shopper in on one, fills the cart on the other, checks out on the first', async () => {
    const email = await user();
    const shopper = new Browser(CSRF.cookieName);
    await shopper.call(a, 'GET', '/api/auth/csrf');
    expect((await shopper.call(a, 'POST', '/api/user/login', { email, password: PASSWORD })).status).toBe(
      200,
    );

    const added = await shopper.call(b, 'POST', '/api/user/cart/upsert', {
      items: [{ itemId: products[0], qty: 3 }],
    });
    expect(added.status).toBe(200);
    const cart = await shopper.call(a, 'GET', '/api/user/cart');
    expect(cart.body.orderLines.map((l: { id: string; quantity: number }) => [l.id, l.quantity])).toEqual([
      [products[0], 3],
    ]);

    const card = await shopper.call(b, 'POST', '/api/payments/test/payment-methods', {
      number: TEST_CARDS.authorised,
      expiry: '12/39',
      cvc: '123',
      name: 'Multi',
    });
    const key = randomUUID();
    const placed = await shopper.call(
      a,
      'POST',
      '/api/checkout/place-order',
      checkoutBody(email, card.body.id),
      {
        'idempotency-key': key,
      },
    );
    expect(placed.status).toBe(200);
    // The same key on the other process answers the same order (the key lives in the database).
    const again = await shopper.call(
      b,
      'POST',
      '/api/checkout/place-order',
      checkoutBody(email, card.body.id),
      {
        'idempotency-key': key,
      },
    );
    expect(again.body.order.id).toBe(placed.body.order.id);
    const listed = await shopper.call(b, 'GET', '/api/orders');
    expect(listed.body.items.map((o: { id: string }) => o.id)).toEqual([placed.body.order.id]);
  }, 60_000);

  it('counts sign-in failures across both processes', async () => {
    const email = await user();
    const attacker = new Browser(CSRF.cookieName);
    await attacker.call(a, 'GET', '/api/auth/csrf');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await attacker.call(i % 2 ? b : a, 'POST', '/api/user/login', {
        email,
        password: 'Wrong-Pass-1!',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  }, 60_000);

  it('sends each order placed on either process to the receiver once, verified', async () => {
    const receiver = new Receiver();
    const hooks = await receiver.start();
    const endpoint = await orderEndpoint(a, `${hooks}/erp`);
    const placed: string[] = [];
    for (let i = 0; i < 6; i++) placed.push(await placeOn(i % 2 ? b : a));
    await until(async () => (await deliveriesOf(endpoint.id)).every((d) => d.status === 'succeeded'));
    await until(() => receiver.at('/erp').length >= placed.length);

    const got = receiver.at('/erp');
    const orders = got.map(
      (r) =>
        (new Webhook(endpoint.secret).verify(r.body, r.headers) as { data: { orderId: string } }).data
          .orderId,
    );
    expect(orders.sort()).toEqual([...placed].sort());
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(placed.length);
    expect((await deliveriesOf(endpoint.id)).map((d) => [d.status, d.attempts])).toEqual(
      placed.map(() => ['succeeded', 1]),
    );
    await disable(endpoint.id);
    await receiver.close();
  }, 60_000);
});

describe('a store killed while a webhook is on its way (SIGKILL)', () => {
  it('sends it again from the restarted store, and the receiver acknowledges it once', async () => {
    const receiver = new Receiver();
    const hooks = await receiver.start();
    // A receiver timeout of 1 s: a call claimed by a process that dies is tried again 3 s later.
    const killedPort = await freePort();
    const killed = await startStore(env(killedPort, { WEBHOOK_TIMEOUT_MS: '1000' }));
    children.push(killed.child);
    const first = `http://127.0.0.1:${killedPort}`;
    const endpoint = await orderEndpoint(first, `${hooks}/hold`);
    let answered = 0;
    receiver.handlers.set('/hold', () => {
      if (killed.child.exitCode === null && killed.child.signalCode === null) return 'hold';
      answered += 1;
      return { status: 200, body: 'created sales order' };
    });

    const orderId = await placeOn(first);
    await until(() => receiver.at('/hold').length === 1); // committed, claimed, on its way: the store dies
    killed.child.kill('SIGKILL');
    await stopped(killed.child);
    expect(await deliveriesOf(endpoint.id)).toEqual([
      expect.objectContaining({ status: 'pending', recorded: 0 }),
    ]);

    const restartedPort = await freePort();
    const restarted = await startStore(env(restartedPort, { WEBHOOK_TIMEOUT_MS: '1000' }));
    children.push(restarted.child);
    await until(async () => (await deliveriesOf(endpoint.id))[0]!.status === 'succeeded');
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 2, recorded: 1 });
    const got = receiver.at('/hold');
    expect(got).toHaveLength(2);
    expect(got.map((r) => r.headers['webhook-id'])).toEqual([delivery!.messageId, delivery!.messageId]);
    expect(new Webhook(endpoint.secret).verify(got[1]!.body, got[1]!.headers)).toMatchObject({
      type: 'order.placed',
      data: { orderId },
    });
    expect(answered).toBe(1);
    await disable(endpoint.id);
    restarted.child.kill('SIGTERM');
    await stopped(restarted.child);
    await receiver.close();
  }, 90_000);
});

describe('the cluster (WORKERS=2)', () => {
  it('restarts a killed worker, loses no order, and doubles none', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const primary = await startStore(env(port, { WORKERS: '2', SHUTDOWN_TIMEOUT_MS: '5000' }));
    children.push(primary.child);
    const workers = () =>
      execFileSync('ps', ['--ppid', String(primary.child.pid), '-o', 'pid=,comm='], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .filter((l) => l.trim().endsWith('node'))
        .map((l) => Number(l.trim().split(/\s+/)[0]));
    expect(workers()).toHaveLength(2);

    // 24 guests, each with a filled cart and a card: their orders are placed 8 at a time while a worker dies.
    const guests = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const g = new Browser(CSRF.cookieName);
        await g.call(base, 'GET', '/api/auth/csrf');
        await g.call(base, 'POST', '/api/user/cart/upsert', {
          items: [{ itemId: products[i % products.length], qty: 1 }],
        });
        const card = await g.call(base, 'POST', '/api/payments/test/payment-methods', {
          number: TEST_CARDS.authorised,
          expiry: '12/39',
          cvc: '123',
          name: 'Guest',
        });
        return {
          g,
          key: randomUUID(),
          email: `guest.${i}.${randomUUID()}@plant.example`,
          card: card.body.id as string,
        };
      }),
    );
    const place = (x: (typeof guests)[number]) =>
      x.g
        .call(base, 'POST', '/api/checkout/place-order', checkoutBody(x.email, x.card), {
          'idempotency-key': x.key,
        })
        .then(
          (r) => r.status,
          () => 0, // connection reset: the request was in flight on the killed worker
        );
    const failed: typeof guests = [];
    let killed = false;
    for (let i = 0; i < guests.length; i += 8) {
      const batch = guests.slice(i, i + 8);
      const running = batch.map(place);
      if (!killed && i >= 8) {
        process.kill(workers()[0]!, 'SIGKILL');
        killed = true;
      }
      const statuses = await Promise.all(running);
      statuses.forEach((s, j) => s !== 200 && failed.push(batch[j]!));
    }
    expect(failed.length).toBeLessThanOrEqual(8); // only requests in flight on the killed worker
    // Their shoppers retry with the same keys: each gets its one order.
    for (const x of failed) {
      let status = 0;
      for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
        status = await place(x);
        if (status !== 200) await new Promise((r) => setTimeout(r, 250));
      }
      expect(status).toBe(200);
    }
    const rows = await orm.em
      .getConnection()
      .execute<{ key: string; n: number }[]>(
        `select idempotency_key as key, count(*)::int as n from customer_order where idempotency_key in (?) group by 1`,
        [guests.map((x) => x.key)],
      );
    expect(rows).toHaveLength(24);
    expect(rows.every((r) => r.n === 1)).toBe(true);

    // The primary replaced the worker; metrics are summed over both.
    for (let i = 0; i < 40 && workers().length < 2; i++) await new Promise((r) => setTimeout(r, 250));
    expect(workers()).toHaveLength(2);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const metrics = await (await fetch(`${base}/metrics`)).text();
    const placedCount = Number(
      /axl_http_requests_total\{method="POST",route="\/api\/checkout\/place-order",status="200"\} (\d+)/.exec(
        metrics,
      )?.[1] ?? 0,
    );
    expect(placedCount).toBeGreaterThan(0);

    primary.child.kill('SIGTERM');
    expect(await stopped(primary.child)).toBe(0);
  }, 120_000);
});

describe('a stop under load (SIGTERM): deregister, drain, exit 0', () => {
  /** One GET on a keep-alive connection of `agent`: its status, or how it failed (refused: never sent). */
  const get = (agent: http.Agent, port: number, path: string) =>
    new Promise<number | 'refused' | 'reset'>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
        res.on('error', () => resolve('reset'));
      });
      req.on('error', (err: NodeJS.ErrnoException) =>
        resolve(err.code === 'ECONNREFUSED' ? 'refused' : 'reset'),
      );
    });

  it('keeps serving while /readyz says 503, closes busy keep-alive connections after their answer, loses no request', async () => {
    const port = await freePort();
    const store = await startStore(
      env(port, { SHUTDOWN_DEREGISTER_MS: '1500', SHUTDOWN_TIMEOUT_MS: '10000' }),
    );
    children.push(store.child);
    const product = `/api/products/${encodeURIComponent(products[0]!)}`;
    // A health checker (as a balancer's: every 100 ms, out after three 503s) and 8 shoppers' keep-alive connections
    // that stop sending once it is out; one more client keeps sending on its connection regardless.
    let out = false;
    let exited = false;
    const readyz: { at: number; status: number | string }[] = [];
    const served: { at: number; status: number | string }[] = [];
    const pushyAnswers: (number | string)[] = [];
    let signalled = 0;
    const checker = (async () => {
      const agent = new http.Agent({ keepAlive: false });
      let failing = 0;
      while (!exited && !out) {
        // When the check was sent: its answer may come much later on a busy machine.
        const at = Date.now();
        const status = await get(agent, port, '/readyz');
        readyz.push({ at, status });
        failing = status === 200 ? 0 : failing + 1;
        if (failing === 3) out = true;
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const shoppers = Array.from({ length: 8 }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (!out && !exited) served.push({ at: Date.now(), status: await get(agent, port, product) });
      agent.destroy();
    });
    const pushy = (async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (!exited) {
        const status = await get(agent, port, product);
        pushyAnswers.push(status);
        if (status === 'refused') break;
      }
      agent.destroy();
    })();

    await new Promise((r) => setTimeout(r, 1000));
    signalled = Date.now();
    store.child.kill('SIGTERM');
    const code = await stopped(store.child);
    const tookMs = Date.now() - signalled;
    exited = true;
    await Promise.all([checker, pushy, ...shoppers]);

    expect(code).toBe(0);
    // Out of rotation for the deregistration delay, then drained at once (not the 10 s timeout).
    expect(tookMs).toBeGreaterThanOrEqual(1500);
    expect(tookMs).toBeLessThan(4000);
    // The checks sent after the signal: 503 from the first the process answered after handling it (within the
    // deregistration delay, well before the drain), and never 200 again.
    const afterSignal = readyz.filter((r) => r.at > signalled);
    const firstOut = afterSignal.findIndex((r) => r.status === 503);
    expect(firstOut).toBeGreaterThanOrEqual(0);
    expect(afterSignal[firstOut]!.at - signalled).toBeLessThan(1000);
    expect(afterSignal.slice(firstOut).filter((r) => r.status === 200)).toEqual([]);
    expect(out).toBe(true);
    // Meanwhile the shoppers were still served, and not one of their requests failed.
    expect(served.filter((s) => s.at > signalled + 200 && s.status === 200).length).toBeGreaterThan(0);
    expect(served.filter((s) => s.status !== 200)).toEqual([]);
    // The client that kept sending was answered until the drain, then told to reconnect (Connection: close), and
    // found the port closed: refused before anything was sent, which a balancer retries elsewhere.
    expect(pushyAnswers.filter((s) => s === 200).length).toBeGreaterThan(10);
    expect(pushyAnswers.at(-1)).toBe('refused');
  }, 60_000);
});
