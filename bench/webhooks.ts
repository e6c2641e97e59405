/**
 * Webhooks benchmark (issue 56; decision 068): how long from an order placed in the shop to its `order.placed`
 * message verified by a receiver. Guests fill carts and place orders over HTTP, `--concurrency` at a time; a
 * loopback receiver verifies every message with the independent `standardwebhooks` package and notes when it
 * arrived. The latency of an order is from the shop's answer to the place-order request (the buyer sees the
 * confirmation) to the receiver's verified message. Beside it, the same run's floor: `GET /healthz` one at a time.
 *   npm run bench:webhooks -- [--products 2000] [--orders 200] [--concurrency 1,8] [--database NAME]
 * Prints figures; never pass/fail. Target (issue 56): p95 at most 2 s.
 */
import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { TEST_CARDS } from '../domain/checkout';
import { CSRF } from '../domain/constants';
import { ROLES } from '../domain/roles';
import { benchDatabase, guestOrderBody, listen, plainProductIds, printFloor, staffSession } from './support';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '2000' },
      orders: { type: 'string', default: '200' },
      concurrency: { type: 'string', default: '1,8' },
      database: { type: 'string' },
    },
  });
  const bench = await benchDatabase({ products: Number(values.products), database: values.database });
  const db = bench.orm.em.getConnection();
  const app = await listen(bench.orm);

  // The receiver: verifies each message, notes when the order's message arrived.
  const arrived = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  let secret = '';
  let refused = 0;
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      try {
        const message = new Webhook(secret).verify(
          Buffer.concat(chunks).toString('utf8'),
          req.headers as Record<string, string>,
        ) as { type: string; data: { orderId?: string } };
        const orderId = message.data.orderId;
        if (message.type === 'order.placed' && orderId && !arrived.has(orderId)) {
          arrived.set(orderId, at);
          waiting.get(orderId)?.();
        }
        res.writeHead(204).end();
      } catch {
        refused += 1;
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const hooks = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  try {
    const ids = await plainProductIds(bench.orm, 200);
    const staff = await staffSession(app.base, bench.orm, ROLES.Admin);
    const created = await fetch(`${app.base}/graphql`, {
      method: 'POST',
      headers: staff,
      body: JSON.stringify({
        query: `mutation($input: CreateWebhookEndpointInput!) {
          createWebhookEndpoint(input: $input) { endpoint { id } secret } }`,
        variables: { input: { url: `${hooks}/orders`, events: ['order.placed'], description: 'bench' } },
      }),
    });
    const body = (await created.json()) as {
      data?: { createWebhookEndpoint: { endpoint: { id: string }; secret: string } };
      errors?: unknown;
    };
    if (!body.data) throw new Error(`createWebhookEndpoint: ${JSON.stringify(body.errors)}`);
    secret = body.data.createWebhookEndpoint.secret;
    const endpointId = body.data.createWebhookEndpoint.endpoint.id;

    await printFloor(app.base);

    /** A guest fills a cart and places the order; resolves with the latency to its verified message (ms). */
    async function order(n: number): Promise<{ placeMs: number; deliveredMs: number }> {
      const csrf = (await (await fetch(`${app.base}/api/auth/csrf`)).json()) as { csrfToken: string };
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        cookie: `${CSRF.cookieName}=${csrf.csrfToken}`,
        [CSRF.header]: csrf.csrfToken,
      };
      const added = await fetch(`${app.base}/api/user/cart/upsert`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ items: [{ itemId: ids[n % ids.length]!, qty: 2 }] }),
      });
      if (!added.ok) throw new Error(`add to cart: ${added.status}`);
      const sid = added.headers.getSetCookie().find((c) => c.startsWith('axl.sid='))!;
      headers.cookie += `; ${sid.split(';')[0]}`;
      const card = (await (
        await fetch(`${app.base}/api/payments/test/payment-methods`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ number: TEST_CARDS.authorised, expiry: '12/39', cvc: '123', name: 'Bench' }),
        })
      ).json()) as { id: string };
      const started = performance.now();
      const placed = await fetch(`${app.base}/api/checkout/place-order`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': randomUUID() },
        body: guestOrderBody(card.id),
      });
      const answered = performance.now();
      if (!placed.ok) throw new Error(`place order: ${placed.status} ${await placed.text()}`);
      const orderId = ((await placed.json()) as { order: { id: string } }).order.id;
      if (!arrived.has(orderId)) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`order ${orderId}: no message in 60 s`)), 60_000);
          waiting.set(orderId, () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return { placeMs: answered - started, deliveredMs: arrived.get(orderId)! - answered };
    }

    console.log(
      '\n| buyers at once | orders | place-order p50 ms | delivered after the answer: p50 ms | p95 ms | p99 ms | max ms |',
    );
    console.log('|---|---|---|---|---|---|---|');
    const orders = Number(values.orders);
    for (const concurrency of values.concurrency.split(',').map(Number)) {
      const results: { placeMs: number; deliveredMs: number }[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < orders) results.push(await order(next++));
        }),
      );
      const delivered = results.map((r) => r.deliveredMs).sort((x, y) => x - y);
      const place = results.map((r) => r.placeMs).sort((x, y) => x - y);
      const ms = (v: number) => Math.max(0, v).toFixed(0);
      console.log(
        `| ${concurrency} | ${results.length} | ${ms(percentile(place, 50))} | ${ms(percentile(delivered, 50))} | ${ms(percentile(delivered, 95))} | ${ms(percentile(delivered, 99))} | ${ms(delivered.at(-1)!)} |`,
      );
    }
    // The last deliveries are recorded just after their answer: wait for them (at most 10 s).
    for (let i = 0; i < 100; i++) {
      const [{ n }] = await db.execute<[{ n: number }]>(
        `select count(*)::int as n from webhook_delivery where endpoint_id = ? and status = 'pending'`,
        [endpointId],
      );
      if (n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const [stats] = await db.execute<{ succeeded: number; attempts: number }[]>(
      `select count(*) filter (where status = 'succeeded')::int as succeeded, coalesce(sum(attempts), 0)::int as attempts
       from webhook_delivery where endpoint_id = ?`,
      [endpointId],
    );
    console.log(
      `\n${stats!.succeeded} deliveries succeeded in ${stats!.attempts} attempts; ${refused} messages failed verification.`,
    );
  } finally {
    receiver.close();
    receiver.closeAllConnections();
    await app.close();
    await bench.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
