/**
 * Catalogue read benchmark (autocannon): baseline, parent categories, typeahead, search, a product by id (REST),
 * products by ids (GraphQL).
 *   npm run bench -- --products 100000 [--seconds 10] [--connections 16] [--database NAME] [--only typeahead]
 *     [--pooled URL]
 * Uses a scratch database on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432), seeded with
 * the deterministic demo catalogue, and the real app in this process; autocannon runs in its own process so
 * it does not share the app's event loop. `--database NAME` reuses (and keeps) an already seeded database on
 * that server instead. Every figure is also printed as a ratio to `{ __typename }` measured in the same run.
 * `--pooled URL`: the app reaches the same database through that transaction-mode pooler (pgbouncer, with
 * DATABASE_POOL_MODE=transaction's settings: unnamed statements; decision 076) instead of directly.
 * Prints figures; never pass/fail.
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { servicesDb } from '../server/src/db/db';
import { CSRF } from '../domain/constants';
import { initOrm, type Orm } from '../server/src/db/orm';
import { bumpIndexVersion } from '../server/src/modules/search/search.index';
import { benchDatabase, cpuColumns, listen, load } from './support';

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '100000' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '16' },
      database: { type: 'string' },
      only: { type: 'string' },
      pooled: { type: 'string' },
    },
  });
  const bench = await benchDatabase({ products: Number(values.products), database: values.database });
  const { orm } = bench;
  try {
    const [{ n }] = await orm.em
      .getConnection()
      .execute<[{ n: number }]>('select count(*)::int as n from product');
    console.log(
      `catalogue: ${n} products; ${values.connections} connections, ${values.seconds} s a scenario`,
    );
    const ids = (
      await orm.em
        .getConnection()
        .execute<{ id: string }[]>('select id from product order by md5(id) limit 20')
    ).map((r) => r.id);
    // The same app twice on one ORM: with the search answer cache (as `npm start` runs) and without it.
    const served = values.pooled
      ? await initOrm({ clientUrl: values.pooled, poolMax: 20, poolMode: 'transaction' })
      : orm;
    if (values.pooled) console.log('through the transaction-mode pooler');
    const cached = await listen(served, { ttlMs: 60_000, entries: 5000 });
    const uncached = await listen(served, { ttlMs: 0, entries: 1 });
    const base = cached.base;
    const csrf = (await (await fetch(`${base}/api/auth/csrf`)).json()) as { csrfToken: string };
    const headers = {
      'content-type': 'application/json',
      cookie: `${CSRF.cookieName}=${csrf.csrfToken}`,
      [CSRF.header]: csrf.csrfToken,
    };
    const gql = (query: string, variables: Record<string, unknown> = {}) =>
      JSON.stringify({ query, variables });
    const TYPEAHEAD_GQL =
      'query($term:String!){typeAhead(term:$term){correctedQuery results{id name description image} availableNavigation{displayName refinements{value displayValue count}} searchParams{searchAttributionToken}}}';
    const SEARCH_GQL =
      'query($q:String!){search(query:$q){total correctedQuery results{id name description image} availableNavigation{displayName refinements{value displayValue count}} searchParams{searchAttributionToken}}}';
    const scenarios: Scenario[] = [
      { label: 'GET /healthz (framework + one SELECT 1)', url: '/healthz' },
      { label: 'GraphQL { __typename } (baseline)', url: '/graphql', bodies: [gql('{ __typename }')] },
      { label: 'REST GET /api/products/category/parent', url: '/api/products/category/parent' },
      {
        label: 'REST typeahead "sfu16"',
        url: '/api/search/typeAhead',
        bodies: [JSON.stringify({ term: 'sfu16' })],
      },
      {
        label: 'REST typeahead "nema 17"',
        url: '/api/search/typeAhead',
        bodies: [JSON.stringify({ term: 'nema 17' })],
      },
      {
        label: `REST typeahead, ${TYPED_PREFIXES.length} distinct prefixes typed, cache warmed`,
        url: '/api/search/typeAhead',
        bodies: TYPED_PREFIXES.map((term) => JSON.stringify({ term })),
        warm: true,
      },
      {
        // Stock and visibility changes raise the search index version; each process sees it at its next poll (CACHE_POLL_MS, 250 ms; decision 078).
        label: `REST typeahead, ${TYPED_PREFIXES.length} distinct prefixes typed, catalogue changing every second`,
        url: '/api/search/typeAhead',
        bodies: TYPED_PREFIXES.map((term) => JSON.stringify({ term })),
        churn: true,
      },
      {
        label: `REST typeahead, ${TYPED_PREFIXES.length} distinct prefixes typed, cache off`,
        url: '/api/search/typeAhead',
        bodies: TYPED_PREFIXES.map((term) => JSON.stringify({ term })),
        uncached: true,
      },
      {
        label: `GraphQL typeAhead, ${TYPED_PREFIXES.length} distinct prefixes typed, cache warmed`,
        url: '/graphql',
        bodies: TYPED_PREFIXES.map((term) => gql(TYPEAHEAD_GQL, { term })),
        warm: true,
      },
      {
        label: 'REST search "linear guide" (24 a page, all facets)',
        url: '/api/search',
        bodies: [JSON.stringify({ query: 'linear guide' })],
      },
      {
        label: `REST search, ${SEARCHES.length} distinct queries (all facets), cache warmed`,
        url: '/api/search',
        bodies: SEARCHES.map((query) => JSON.stringify({ query })),
        warm: true,
      },
      {
        label: `REST search, ${SEARCHES.length} distinct queries (all facets), cache off`,
        url: '/api/search',
        bodies: SEARCHES.map((query) => JSON.stringify({ query })),
        uncached: true,
      },
      {
        label: `GraphQL search, ${SEARCHES.length} distinct queries (all facets), cache warmed`,
        url: '/graphql',
        bodies: SEARCHES.map((q) => gql(SEARCH_GQL, { q })),
        warm: true,
      },
      { label: 'REST GET /api/products/{id}', url: `/api/products/${encodeURIComponent(ids[0]!)}` },
      {
        label: 'GraphQL product(id)',
        url: '/graphql',
        bodies: ids.map((id) =>
          gql(
            'query($id:ID!){product(id:$id){id name price basePrice minimumPurchaseQuantity unitOfMeasure inStock attributes{name value} brand{name} category{handle breadcrumbs{name handle}} configurationOptions{id code name unitPrice minValue maxValue step}}}',
            { id },
          ),
        ),
      },
      {
        label: 'GraphQL products(ids: 20) with brand, category, options',
        url: '/graphql',
        bodies: [
          gql(
            'query($ids:[ID!]!){products(ids:$ids){id name price brand{name} category{handle breadcrumbs{name}} configurationOptions{code unitPrice}}}',
            { ids },
          ),
        ],
      },
    ];
    console.log(
      `\n| scenario | req/s | p50 ms | p99 ms | errors | req/s vs { __typename } | app CPU µs/req | PostgreSQL CPU µs/req |\n|---|---|---|---|---|---|---|---|`,
    );
    let baseline = 0;
    for (const scenario of scenarios) {
      if (values.only && !scenario.label.includes(values.only) && !scenario.label.includes('baseline'))
        continue;
      if (scenario.warm) {
        // The first pass is what a shopper meets when the cache is cold (a restart, a catalogue change): its
        // spread, not only its mean, since broad words cost far more than narrow ones.
        const each: number[] = [];
        for (const body of scenario.bodies ?? []) {
          const started = performance.now();
          await (await fetch(base + scenario.url, { method: 'POST', headers, body })).arrayBuffer();
          each.push(performance.now() - started);
        }
        const ms = each.reduce((a, b) => a + b, 0);
        const sorted = [...each].sort((a, b) => a - b);
        const at = (q: number) =>
          sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(0);
        console.log(
          `| (first pass of ${each.length} queries, one at a time: ${ms.toFixed(0)} ms, ${(ms / Math.max(1, each.length)).toFixed(1)} ms each; p50 ${at(0.5)}, p90 ${at(0.9)}, max ${at(1)} ms) | | | | | | | |`,
        );
      }
      const churn = scenario.churn
        ? setInterval(() => void bumpIndexVersion(servicesDb(orm)).catch(() => undefined), 1000)
        : null;
      const result = await load({
        url: (scenario.uncached ? uncached.base : base) + scenario.url,
        method: scenario.bodies ? 'POST' : 'GET',
        headers: scenario.bodies ? headers : {},
        bodies: scenario.bodies ?? [],
        connections: Number(values.connections),
        seconds: Number(values.seconds),
      }).finally(() => churn && clearInterval(churn));
      const rps = result.requests.average;
      if (scenario.label.includes('baseline')) baseline = rps;
      console.log(
        `| ${scenario.label} | ${rps.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors + result.non2xx} | ${baseline ? (rps / baseline).toFixed(2) : '-'} | ${cpuColumns(result)} |`,
      );
      // Statements the server still runs for requests the load generator gave up on (slow uncached scenarios at
      // large catalogues) would be counted against the next scenario: wait for the database to be idle.
      await settle(orm);
    }
    for (const server of [cached, uncached]) await server.close();
    if (served !== orm) await served.close(true);
  } finally {
    await bench.close();
  }
}

async function settle(orm: Orm): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const [{ n }] = await orm.em.getConnection().execute<[{ n: number }]>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
    );
    if (n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Scenario {
  label: string;
  url: string;
  /** Against the app without the search answer cache. */
  uncached?: boolean;
  /** Ask each body once before measuring (a warm cache), and print how long that first pass took. */
  warm?: boolean;
  /** Raise the search index version every second while measuring (stock and visibility changes). */
  churn?: boolean;
  /** POST bodies sent in turn; none means GET. */
  bodies?: string[];
}

/** What shoppers type, as the search box sends it: every prefix of two characters or more. */
const TYPED = [
  'nema 17',
  'sfu1605',
  'mgn12h',
  '2020 extrusion',
  'linear guide',
  't-nut m5',
  'ball screw',
  'pillow block',
  'coupling 8mm',
  'hgr20',
  'stepper driver',
  'corner bracket',
  'kfl08',
  'lead screw',
  'balscrew',
];
const TYPED_PREFIXES = TYPED.flatMap((t) =>
  Array.from({ length: t.length - 1 }, (_, i) => t.slice(0, i + 2)),
);

const SEARCHES = [
  'linear guide',
  'sfu1605',
  'nema 17',
  'mgn12',
  '2020 extrusion',
  'ball screw',
  'balscrew',
  't nut',
  'corner bracket 4040',
  'flexible coupling',
  'pillow block bearing',
  'hiwin',
  'stepper motor driver',
  '20mm t slot 500mm',
  'shaft support',
  'end cap',
];

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
