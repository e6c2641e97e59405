/**
 * Catalogue read benchmark (autocannon): baseline, parent categories, typeahead, search, a product by id (REST),
 * products by ids (GraphQL).
 *   npm run bench -- --products 100000 [--seconds 10] [--connections 20]
 * Uses a scratch database on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432), seeded with
 * the deterministic demo catalogue, and the real app in this process; autocannon runs in its own process so
 * it does not share the app's event loop. Prints figures; never pass/fail.
 */
import 'reflect-metadata';
import type autocannon from 'autocannon';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { CSRF } from '../domain/constants';
import { createApp } from '../server/src/app';
import { createDatabase, dropDatabase } from '../server/src/db/admin';
import { initOrm, migrate } from '../server/src/db/orm';
import { seedCatalog } from '../server/src/modules/catalog/catalog.seed';

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '100000' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '20' },
    },
  });
  const server = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `axl_bench_${process.pid}`;
  const url = await createDatabase(server, name);
  const orm = await initOrm({ clientUrl: url, poolMax: 20 });
  try {
    await migrate(orm);
    const seeded = await seedCatalog(orm, Number(values.products));
    console.log(`seeded ${seeded.products} products in ${(seeded.ms / 1000).toFixed(1)} s`);
    const ids = (
      await orm.em
        .getConnection()
        .execute<{ id: string }[]>('select id from product order by md5(id) limit 20')
    ).map((r) => r.id);
    const { app, close } = await createApp({
      orm,
      log: pino({ level: 'silent' }),
      sessionSecret: 'bench'.repeat(8),
    });
    const http = app.listen(0);
    await new Promise((r) => http.once('listening', r));
    const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const csrf = (await (await fetch(`${base}/api/auth/csrf`)).json()) as { csrfToken: string };
    const headers = {
      'content-type': 'application/json',
      cookie: `${CSRF.cookieName}=${csrf.csrfToken}`,
      [CSRF.header]: csrf.csrfToken,
    };
    const scenarios: [string, autocannon.Options][] = [
      ['GET /healthz (framework + one SELECT 1)', { url: `${base}/healthz` }],
      [
        'POST /graphql { __typename } (baseline)',
        {
          url: `${base}/graphql`,
          method: 'POST',
          headers,
          body: JSON.stringify({ query: '{ __typename }' }),
        },
      ],
      ['GET /api/products/category/parent', { url: `${base}/api/products/category/parent` }],
      [
        'POST /api/search/typeAhead "sfu16"',
        {
          url: `${base}/api/search/typeAhead`,
          method: 'POST',
          headers,
          body: JSON.stringify({ term: 'sfu16' }),
        },
      ],
      [
        'POST /api/search/typeAhead "nema 17"',
        {
          url: `${base}/api/search/typeAhead`,
          method: 'POST',
          headers,
          body: JSON.stringify({ term: 'nema 17' }),
        },
      ],
      [
        'POST /api/search "linear guide" (24 a page, brand facet)',
        {
          url: `${base}/api/search`,
          method: 'POST',
          headers,
          body: JSON.stringify({ query: 'linear guide' }),
        },
      ],
      ['GET /api/products/{id}', { url: `${base}/api/products/${encodeURIComponent(ids[0]!)}` }],
      [
        'POST /graphql products(ids: 20) with brand, category, options',
        {
          url: `${base}/graphql`,
          method: 'POST',
          headers,
          body: JSON.stringify({
            query:
              'query($ids:[ID!]!){products(ids:$ids){id name price brand{name} category{handle breadcrumbs{name}} configurationOptions{code unitPrice}}}',
            variables: { ids },
          }),
        },
      ],
    ];
    console.log(`\n| scenario | req/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|`);
    for (const [label, options] of scenarios) {
      const result = await load(options, Number(values.connections), Number(values.seconds));
      console.log(
        `| ${label} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors + result.non2xx} |`,
      );
    }
    http.close();
    await close();
  } finally {
    await orm.close(true);
    await dropDatabase(server, name);
  }
}

/** Runs the autocannon CLI in a child process and returns its JSON result. */
async function load(
  options: autocannon.Options,
  connections: number,
  seconds: number,
): Promise<autocannon.Result> {
  const args = ['--json', '-c', String(connections), '-d', String(seconds), '-m', options.method ?? 'GET'];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
  if (options.body) args.push('-b', String(options.body));
  const bin = path.join(__dirname, '..', 'node_modules', '.bin', 'autocannon');
  const { stdout } = await promisify(execFile)(bin, [...args, String(options.url)], {
    maxBuffer: 10_000_000,
  });
  return JSON.parse(stdout) as autocannon.Result;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
