/**
 * Mixed shopper workload (issue 9): browse 60 % (product pages 45, category pages 15), search 25 %, add to cart
 * 10 %, checkout 5 %, against the store started as it is deployed — one process (WORKERS=1), then the cluster
 * (WORKERS=2 on this 2-core machine) — on the same database. Prints throughput, p50 and p99 of each, and the
 * scaling ratio. Figures only, never pass/fail.
 *   npm run bench:mixed -- [--products 100000] [--database NAME] [--seconds 20] [--connections 32] [--workers 2]
 */
import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TEST_CARDS } from '../domain/checkout';
import { CSRF } from '../domain/constants';
import { freePort } from '../server/test/processes';
import {
  benchDatabase,
  guestOrderBody,
  load,
  type LoadOptions,
  plainProductIds,
  untilReady,
} from './support';

type Request = NonNullable<LoadOptions['requests']>[number];

/** 100 slots in a fixed, interleaved order: which kind of request comes next. */
const MIX: ('product' | 'category' | 'search' | 'add' | 'checkout')[] = Array.from(
  { length: 100 },
  (_, i) => {
    const r = (i * 37) % 100; // a permutation of 0..99 spreads each kind over the cycle
    return r < 45 ? 'product' : r < 60 ? 'category' : r < 85 ? 'search' : r < 95 ? 'add' : 'checkout';
  },
);

/** Starts the store as deployed and resolves once /readyz answers 200 (its logs: warnings only, discarded). */
async function startStore(env: Record<string, string>, base: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['-r', '@swc-node/register', path.join(__dirname, '../server/src/main.ts')],
    {
      env: {
        ...process.env,
        SWC_NODE_PROJECT: 'server/tsconfig.json',
        LOG_LEVEL: 'warn',
        SEED_PRODUCTS: '0',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  await untilReady(child, base);
  return child;
}

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '100000' },
      database: { type: 'string' },
      seconds: { type: 'string', default: '20' },
      connections: { type: 'string', default: '32' },
      workers: { type: 'string', default: '2' },
    },
  });
  const bench = await benchDatabase({ products: Number(values.products), database: values.database });
  const db = bench.orm.em.getConnection();
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  try {
    const ids = await plainProductIds(bench.orm, 2000);
    const handles = (
      await db.execute<{ handle: string }[]>('select handle from category order by handle')
    ).map((r) => r.handle);
    const queries = readFileSync(path.join(__dirname, 'relevance.tsv'), 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split('\t')[0]!);

    const perKind: string[] = [];
    const results: { label: string; rps: number; p50: number; p99: number; errors: number }[] = [];
    for (const workers of [1, Number(values.workers)]) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const store = await startStore(
        {
          DATABASE_URL: bench.url,
          PORT: String(port),
          WORKERS: String(workers),
          SESSION_SECRET: 'bench-mixed-secret-0123456789-0123456789',
        },
        base,
      );
      try {
        // Sessions: 64 shoppers adding to their carts, and guests with a filled cart for each checkout.
        const visitor = async () => {
          const res = await fetch(`${base}/api/auth/csrf`);
          const { csrfToken } = (await res.json()) as { csrfToken: string };
          const headers = {
            'content-type': 'application/json',
            [CSRF.header]: csrfToken,
            cookie: `${CSRF.cookieName}=${csrfToken}`,
          };
          const added = await fetch(`${base}/api/user/cart/upsert`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              items: [{ itemId: ids[Math.floor(Math.random() * ids.length)], qty: 1 }],
            }),
          });
          const sid = added.headers
            .getSetCookie()
            .find((c) => c.startsWith('axl.sid='))!
            .split(';')[0];
          return { ...headers, cookie: `${headers.cookie}; ${sid}` };
        };
        const shoppers = await Promise.all(Array.from({ length: 64 }, visitor));
        const card = (await (
          await fetch(`${base}/api/payments/test/payment-methods`, {
            method: 'POST',
            headers: shoppers[0],
            body: JSON.stringify({
              number: TEST_CARDS.authorised,
              expiry: '12/39',
              cvc: '123',
              name: 'Bench',
            }),
          })
        ).json()) as { id: string };
        // Each guest's cart is placed once: enough guests for 40 checkouts a second (800 req/s of the mix).
        const checkouts = seconds * 40;
        const guests: Record<string, string>[] = [];
        for (let i = 0; i < checkouts; i += 16)
          guests.push(...(await Promise.all(Array.from({ length: 16 }, visitor))));

        const counters = { product: 0, category: 0, search: 0, add: 0, checkout: 0 };
        const requests: Request[] = Array.from({ length: 20_000 }, (_, i) => {
          const kind = MIX[i % MIX.length]!;
          const n = counters[kind]++;
          switch (kind) {
            case 'product':
              return {
                method: 'GET',
                path: `/api/products/${encodeURIComponent(ids[(n * 7) % ids.length]!)}`,
                headers: {},
              };
            case 'category':
              return {
                method: 'GET',
                path: `/api/products/category/${handles[n % handles.length]}`,
                headers: {},
              };
            case 'search':
              return {
                method: 'POST',
                path: '/api/search',
                headers: shoppers[(n * 5) % shoppers.length]!, // a POST: the visitor's CSRF token and cookie
                body: JSON.stringify({ query: queries[n % queries.length], page: 1, pageSize: 24 }),
              };
            case 'add':
              return {
                method: 'POST',
                path: '/api/user/cart/upsert',
                headers: shoppers[n % shoppers.length]!,
                // A B2B cart of up to 12 lines: most adds raise a line's quantity.
                body: JSON.stringify({
                  items: [
                    {
                      itemId:
                        ids[
                          ((n % shoppers.length) * 13 + (Math.floor(n / shoppers.length) % 12)) % ids.length
                        ]!,
                      qty: 1,
                    },
                  ],
                }),
              };
            case 'checkout': {
              const g = guests[n % guests.length]!;
              return {
                method: 'POST',
                path: '/api/checkout/place-order',
                headers: { ...g, 'idempotency-key': randomUUID() },
                body: guestOrderBody(card.id),
              };
            }
          }
        });
        const run = (reqs: Request[], conns: number, secs: number) =>
          load({
            url: base,
            method: 'GET',
            headers: {},
            bodies: [],
            requests: reqs,
            connections: conns,
            seconds: secs,
          });
        // Warm-up (every process's caches and JIT), without checkouts: each guest's cart is placed once.
        const browsing = requests.filter((_, k) => MIX[k % MIX.length] !== 'checkout');
        await run(browsing, connections, 3);
        const r = await run(requests, connections, seconds);
        results.push({
          label: workers === 1 ? 'one process' : `cluster, ${workers} workers`,
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          errors: r.errors + r.timeouts + r.non2xx,
        });
        if (workers === 1) {
          // Each kind alone, 8 connections, 3 s: where the time of the mix goes (checkout: npm run bench:checkout).
          for (const kind of ['product', 'category', 'search', 'add'] as const) {
            const only = requests.filter((_, k) => MIX[k % MIX.length] === kind);
            const k = await run(only, 8, 3);
            perKind.push(
              `| ${kind} | ${k.requests.average.toFixed(0)} | ${k.latency.p50} | ${k.latency.p99} | ${k.non2xx + k.errors} |`,
            );
          }
        }
      } finally {
        store.kill('SIGTERM');
        await new Promise((resolve) => store.once('exit', resolve));
      }
    }
    const [count] = await db.execute<[{ n: number }]>('select count(*)::int as n from customer_order');
    console.log(
      `\nmixed workload, ${connections} connections, ${seconds} s each (orders placed in all: ${count.n})`,
    );
    console.log('| store | req/s | p50 ms | p99 ms | non-2xx or errors |\n|---|---|---|---|---|');
    for (const r of results)
      console.log(`| ${r.label} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} |`);
    console.log(
      '\none process, each kind alone (8 connections, 3 s):\n| kind | req/s | p50 ms | p99 ms | non-2xx |\n|---|---|---|---|---|',
    );
    for (const line of perKind) console.log(line);
    console.log(`scaling ratio (cluster / one process): ${(results[1]!.rps / results[0]!.rps).toFixed(2)}`);
  } finally {
    await bench.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
