/**
 * Cart and checkout benchmark (autocannon): add-to-cart at 16 connections over many shoppers' carts, then
 * place-order at 8 connections, each request a different guest's filled cart, paid with the test card.
 *   npm run bench:checkout -- [--products 100000] [--database NAME] [--seconds 10] [--shoppers 64] [--orders 2000]
 *     [--promotion none|automatic|limited]
 * `--promotion automatic`: 10 % off every line, no limit (decision 079: no statement more); `limited`: the same with
 * a limit of a million orders (its lock row taken last in each order's transaction).
 * Uses a scratch database seeded with the demo catalogue (or `--database NAME`, already seeded, kept) and the
 * real app in this process. Prints figures; never pass/fail. Targets (issue 5): add-to-cart p99 <= 20 ms at
 * 16 connections; place-order p99 <= 120 ms at 8 connections, with 100,000 products.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { TEST_CARDS } from '../domain/checkout';
import { CSRF } from '../domain/constants';
import { bumpCacheVersion } from '../server/src/common/cache-versions';
import { servicesDb } from '../server/src/db/db';
import { insertPromotion } from '../server/src/modules/promotion';
import {
  benchDatabase,
  cpuColumns,
  guestOrderBody,
  listen,
  load,
  plainProductIds,
  type LoadResult,
} from './support';

interface Shopper {
  cookie: string;
  token: string;
}

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '100000' },
      database: { type: 'string' },
      seconds: { type: 'string', default: '10' },
      shoppers: { type: 'string', default: '64' },
      orders: { type: 'string', default: '2000' },
      promotion: { type: 'string', default: 'none' },
    },
  });
  const bench = await benchDatabase({ products: Number(values.products), database: values.database });
  const db = bench.orm.em.getConnection();
  const app = await listen(bench.orm);
  try {
    const [{ n }] = await db.execute<[{ n: number }]>('select count(*)::int as n from product');
    const ids = await plainProductIds(bench.orm, 500);
    console.log(
      `catalogue: ${n} products; ${ids.length} plain products in the carts; promotion: ${values.promotion}`,
    );
    // Earlier runs' promotions on a kept database end; this run's, if any, is written and every process reads it.
    await db.execute('update promotion set ends_at = now() where ends_at is null or ends_at > now()');
    if (values.promotion !== 'none') {
      const services = servicesDb(bench.orm);
      await services.transactional(() =>
        insertPromotion(services, {
          name: 'Bench 10 % off',
          code: null,
          automatic: true,
          priority: 100,
          exclusive: false,
          startsAt: null,
          endsAt: null,
          sites: ['axl', 'pay-us'],
          currency: null,
          conditions: { customers: { guests: true, signedIn: true, companies: 'all' } },
          action: { kind: 'linesPercent', pct: 10 },
          maxDiscount: null,
          limits: values.promotion === 'limited' ? { total: 1_000_000 } : {},
        }),
      );
    } else {
      await bumpCacheVersion(servicesDb(bench.orm), 'promotions');
    }
    // The app reads the promotions' cache version at its next poll (decision 078).
    await new Promise((r) => setTimeout(r, 1500));

    /** A visitor with a session (anonymous: the cart is the session's) and a CSRF token. */
    async function shopper(): Promise<Shopper> {
      const res = await fetch(`${app.base}/api/auth/csrf`);
      const { csrfToken } = (await res.json()) as { csrfToken: string };
      const s = { cookie: `${CSRF.cookieName}=${csrfToken}`, token: csrfToken };
      // The first add creates the session and its cart: keep its cookie.
      const added = await add(s, [{ itemId: ids[Math.floor(Math.random() * ids.length)]!, qty: 1 }]);
      const sid = added.headers.getSetCookie().find((c) => c.startsWith('axl.sid='));
      return { ...s, cookie: `${s.cookie}; ${sid!.split(';')[0]}` };
    }
    const headersOf = (s: Shopper) => ({
      'content-type': 'application/json',
      cookie: s.cookie,
      [CSRF.header]: s.token,
    });
    async function add(s: Shopper, items: { itemId: string; qty: number }[]) {
      const res = await fetch(`${app.base}/api/user/cart/upsert`, {
        method: 'POST',
        headers: headersOf(s),
        body: JSON.stringify({ items }),
      });
      if (!res.ok) throw new Error(`add to cart: ${res.status} ${await res.text()}`);
      return res;
    }

    console.log(
      `\n| scenario | req/s | p50 ms | p99 ms | errors | app CPU µs/req | PostgreSQL CPU µs/req |\n|---|---|---|---|---|---|---|`,
    );
    const print = (label: string, r: LoadResult) =>
      console.log(
        `| ${label} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors + r.non2xx} | ${cpuColumns(r)} |`,
      );

    // Add to cart: many shoppers, one random product a request (a line grows or is appended).
    const shoppers = await Promise.all(Array.from({ length: Number(values.shoppers) }, shopper));
    // Each shopper's cart holds up to 12 distinct lines (a B2B order's usual size); most adds raise a line.
    const addRequests = Array.from({ length: 5000 }, (_, i) => {
      const who = i % shoppers.length;
      const round = Math.floor(i / shoppers.length);
      return {
        headers: headersOf(shoppers[who]!),
        body: JSON.stringify({ items: [{ itemId: ids[(who * 13 + (round % 12)) % ids.length]!, qty: 1 }] }),
      };
    });
    print(
      `POST /api/user/cart/upsert, ${shoppers.length} shoppers, 16 connections`,
      await load({
        url: `${app.base}/api/user/cart/upsert`,
        method: 'POST',
        headers: {},
        bodies: [],
        requests: addRequests,
        connections: 16,
        seconds: Number(values.seconds),
      }),
    );

    // Place order: each request a different guest with three lines in the cart, a new Idempotency-Key.
    const orders = Number(values.orders);
    const card = (await (
      await fetch(`${app.base}/api/payments/test/payment-methods`, {
        method: 'POST',
        headers: headersOf(shoppers[0]!),
        body: JSON.stringify({ number: TEST_CARDS.authorised, expiry: '12/39', cvc: '123', name: 'Bench' }),
      })
    ).json()) as { id: string };
    const started = Date.now();
    const buyers: Shopper[] = [];
    for (let i = 0; i < orders; i += 16) {
      const batch = await Promise.all(Array.from({ length: Math.min(16, orders - i) }, shopper));
      await Promise.all(
        batch.map((s, j) =>
          add(s, [
            { itemId: ids[(i + j) % ids.length]!, qty: 2 },
            { itemId: ids[(i + j + 7) % ids.length]!, qty: 1 },
          ]),
        ),
      );
      buyers.push(...batch);
    }
    console.log(
      `| (${orders} guest carts filled in ${((Date.now() - started) / 1000).toFixed(1)} s) | | | | | | |`,
    );
    const body = guestOrderBody(card.id);
    const before = await db.execute<[{ n: number }]>('select count(*)::int as n from customer_order');
    print(
      `POST /api/checkout/place-order, ${orders} guest carts, 8 connections`,
      await load({
        url: `${app.base}/api/checkout/place-order`,
        method: 'POST',
        headers: {},
        bodies: [],
        requests: buyers.map((s) => ({
          headers: { ...headersOf(s), 'idempotency-key': randomUUID() },
          body,
        })),
        connections: 8,
        amount: orders,
      }),
    );
    const [{ n: placed }] = await db.execute<[{ n: number }]>(
      `select count(*)::int as n from customer_order where status = 18`,
    );
    console.log(`\n${placed - (before[0]?.n ?? 0)} orders placed and paid (status 18).`);
  } finally {
    await app.close();
    await bench.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
