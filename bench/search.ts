/**
 * Search with its answer cache off (issue 30, decision 041): what a buyer's long tail, a restart or a catalogue
 * change costs.
 *   npm run bench:search -- --products 100000 [--database NAME] [--prefixes 320] [--seconds 10] [--connections 16]
 * The queries are the catalogue's own: prefixes of length 1–8 of its words (the most frequent first, so the
 * broadest are in) and of its part numbers, at least `--prefixes` distinct ones; and for the results page, whole
 * words and part numbers with the page's facets, each sort, a brand filter and pages 2 and 3, and the largest
 * categories' pages (by relevance and by price).
 * Prints, in one run: typeahead one at a time (p50/p99 by prefix length), typeahead at `--connections` with the
 * same run's `/healthz` and `{ __typename }` floors, the results page one at a time, and the warm typeahead for
 * reference. Never pass/fail.
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { servicesDb } from '../server/src/db/db';
import { CSRF } from '../domain/constants';
import { SEARCH_SORTS } from '../domain/search';
import type { Orm } from '../server/src/db/orm';
import { warmTypeaheadAnswers } from '../server/src/modules/search/search.ahead';
import { benchDatabase, cpuColumns, listen, load } from './support';

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '100000' },
      database: { type: 'string' },
      prefixes: { type: 'string', default: '320' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '16' },
    },
  });
  const bench = await benchDatabase({ products: Number(values.products), database: values.database });
  try {
    const { orm } = bench;
    const prefixes = await catalogPrefixes(orm, Number(values.prefixes));
    const queries = await resultQueries(orm);
    const [{ n }] = await orm.em
      .getConnection()
      .execute<[{ n: number }]>('select count(*)::int as n from product');
    console.log(
      `catalogue: ${n} products; ${prefixes.length} typeahead prefixes, ${queries.length} results-page queries; cache off`,
    );
    const warmed = await computeAhead(orm);
    console.log(
      `typeahead answers computed ahead: ${warmed.answers} in ${warmed.seconds.toFixed(1)} s (${warmed.size} on disk)`,
    );
    const live = await livePrefixes(orm, prefixes);
    const uncached = await listen(orm, { ttlMs: 0, entries: 1 });
    const cached = await listen(orm, { ttlMs: 600_000, entries: 5000 });
    const headers = await csrfHeaders(uncached.base);
    const post = (base: string, url: string, body: unknown) =>
      fetch(base + url, { method: 'POST', headers, body: JSON.stringify(body) }).then(async (r) => {
        if (!r.ok) throw new Error(`${url} answered ${r.status}`);
        return (await r.json()) as { total?: number; exactCounts?: boolean };
      });

    // One at a time: every prefix once (after one pass to warm PostgreSQL's buffers and the app's statements).
    for (const term of prefixes.slice(0, 40)) await post(uncached.base, '/api/search/typeAhead', { term });
    const typed: { length: number; ms: number }[] = [];
    for (const term of prefixes) {
      const started = performance.now();
      await post(uncached.base, '/api/search/typeAhead', { term });
      typed.push({ length: term.length, ms: performance.now() - started });
    }
    console.log('\nTypeahead, cache off, one at a time (c=1):\n');
    console.log('| prefix length | queries | p50 ms | p99 ms | max ms |\n|---|---|---|---|---|');
    for (let length = 1; length <= 8; length++) {
      const ms = typed.filter((t) => t.length === length).map((t) => t.ms);
      if (ms.length) console.log(`| ${length} | ${ms.length} | ${spread(ms)} |`);
    }
    console.log(`| all | ${typed.length} | ${spread(typed.map((t) => t.ms))} |`);
    const liveMs: number[] = [];
    for (const term of live) {
      const started = performance.now();
      await post(uncached.base, '/api/search/typeAhead', { term });
      liveMs.push(performance.now() - started);
    }
    console.log(`| two words or 9+ characters (live) | ${liveMs.length} | ${spread(liveMs)} |`);

    const pages: { label: string; ms: number; exact: boolean }[] = [];
    for (const q of queries) {
      const started = performance.now();
      const answer = await post(uncached.base, '/api/search', q.body);
      pages.push({ label: q.label, ms: performance.now() - started, exact: answer.exactCounts !== false });
    }
    console.log('\nResults page, cache off, one at a time (c=1):\n');
    console.log('| kind | queries | p50 ms | p99 ms | max ms |\n|---|---|---|---|---|');
    for (const label of [...new Set(queries.map((q) => q.label))]) {
      console.log(
        `| ${label} | ${pages.filter((p) => p.label === label).length} | ${spread(pages.filter((p) => p.label === label).map((p) => p.ms))} |`,
      );
    }
    console.log(`| all | ${pages.length} | ${spread(pages.map((p) => p.ms))} |`);
    console.log(`(${pages.filter((p) => !p.exact).length} of ${pages.length} answers counted "1,000+")`);

    console.log(
      `\nUnder load, ${values.connections} connections, ${values.seconds} s each:\n\n| scenario | req/s | p50 ms | p99 ms | errors | vs { __typename } | app CPU µs/req | PostgreSQL CPU µs/req |\n|---|---|---|---|---|---|---|---|`,
    );
    const scenarios = [
      { label: 'GET /healthz (floor)', base: uncached.base, url: '/healthz', bodies: [] as string[] },
      {
        label: 'GraphQL { __typename } (floor)',
        base: uncached.base,
        url: '/graphql',
        bodies: [JSON.stringify({ query: '{ __typename }' })],
      },
      {
        label: `REST typeahead, ${prefixes.length} prefixes, cache off`,
        base: uncached.base,
        url: '/api/search/typeAhead',
        bodies: prefixes.map((term) => JSON.stringify({ term })),
      },
      {
        label: `REST typeahead, ${live.length} two-word or 9+ character prefixes (live), cache off`,
        base: uncached.base,
        url: '/api/search/typeAhead',
        bodies: live.map((term) => JSON.stringify({ term })),
      },
      {
        label: `REST search, ${queries.length} results pages, cache off`,
        base: uncached.base,
        url: '/api/search',
        bodies: queries.map((q) => JSON.stringify(q.body)),
      },
      {
        label: `REST typeahead, ${prefixes.length} prefixes, cache warmed`,
        base: cached.base,
        url: '/api/search/typeAhead',
        bodies: prefixes.map((term) => JSON.stringify({ term })),
        warm: true,
      },
    ];
    let floor = 0;
    for (const scenario of scenarios) {
      if (scenario.warm)
        for (const body of scenario.bodies) await post(scenario.base, scenario.url, JSON.parse(body));
      const result = await load({
        url: scenario.base + scenario.url,
        method: scenario.bodies.length ? 'POST' : 'GET',
        headers: scenario.bodies.length ? headers : {},
        bodies: scenario.bodies,
        connections: Number(values.connections),
        seconds: Number(values.seconds),
      });
      const rps = result.requests.average;
      if (scenario.label.includes('__typename')) floor = rps;
      console.log(
        `| ${scenario.label} | ${rps.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors + result.non2xx} | ${floor ? `${((rps / floor) * 100).toFixed(0)} %` : '-'} | ${cpuColumns(result)} |`,
      );
    }
    await uncached.close();
    await cached.close();
  } finally {
    await bench.close();
  }
}

/** Computes every typeahead answer ahead (as the warmer does after a rebuild): how many, how long, its size. */
async function computeAhead(orm: Orm) {
  const db = servicesDb(orm);
  const started = performance.now();
  let answers = 0;
  for (let batch = 1; batch > 0; answers += batch) batch = await warmTypeaheadAnswers(db, 600_000);
  const [{ size }] = await db.execute<[{ size: string }]>(
    `select pg_size_pretty(pg_total_relation_size('typeahead_answer')) as size`,
  );
  return { answers, seconds: (performance.now() - started) / 1000, size };
}

/**
 * Prefixes a buyer types that are not computed ahead (decision 042): a catalogue word and the start of the next
 * ("socket hea"), and part numbers typed to 10–12 characters.
 */
async function livePrefixes(orm: Orm, prefixes: string[]): Promise<string[]> {
  const words = prefixes.filter((p) => /^[a-z]{4,}$/.test(p));
  const parts = await orm.em
    .getConnection()
    .execute<{ id: string }[]>(
      `select lower(id) as id from product where length(id) >= 12 order by md5(id || 'live') limit 40`,
    );
  const live = new Set<string>();
  for (let i = 0; i + 1 < words.length && live.size < 40; i += 2)
    live.add(`${words[i]} ${words[i + 1]!.slice(0, 3)}`);
  parts.forEach(({ id }, i) => live.add(id.slice(0, 10 + (i % 3))));
  return [...live];
}

/** p50, p99 and max of some durations, as table cells. */
function spread(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  return `${at(0.5)} | ${at(0.99)} | ${sorted[sorted.length - 1]!.toFixed(1)}`;
}

/**
 * At least `count` distinct prefixes of length 1–8, from the catalogue's words (most frequent first: the broadest
 * prefixes are in) and its part numbers (spread over the catalogue), as a buyer types them.
 */
async function catalogPrefixes(orm: Orm, count: number): Promise<string[]> {
  const db = orm.em.getConnection();
  const words = (
    await db.execute<{ term: string }[]>(
      'select term from search_term order by frequency desc, term limit 400',
    )
  ).map((r) => r.term);
  const parts = (await db.execute<{ id: string }[]>('select id from product order by md5(id) limit 200')).map(
    (r) => r.id.toLowerCase(),
  );
  const prefixes = new Set<string>();
  const take = (text: string, lengths: number[]) => {
    for (const l of lengths) if (text.length >= l) prefixes.add(text.slice(0, l));
  };
  // Every length for the most frequent words and part numbers, then more words and parts until the count.
  for (let i = 0; prefixes.size < count && i < Math.max(words.length, parts.length); i++) {
    if (words[i]) take(words[i]!, i < 20 ? [1, 2, 3, 4, 5, 6, 7, 8] : [3, 5, 8]);
    if (parts[i]) take(parts[i]!, i < 20 ? [2, 3, 4, 5, 6, 7, 8] : [4, 6, 8]);
  }
  return [...prefixes];
}

/**
 * Results-page queries: whole catalogue words and part numbers with all facets, two words; the broad words sorted
 * each way, filtered by a brand, and their pages 2 and 3.
 */
async function resultQueries(orm: Orm): Promise<{ label: string; body: Record<string, unknown> }[]> {
  const db = orm.em.getConnection();
  const words = (
    await db.execute<{ term: string }[]>(
      'select term from search_term order by frequency desc, term limit 120',
    )
  ).map((r) => r.term);
  const parts = (await db.execute<{ id: string }[]>('select id from product order by md5(id) limit 60')).map(
    (r) => r.id,
  );
  const brands = (
    await db.execute<{ handle: string }[]>('select handle from brand order by handle limit 12')
  ).map((r) => r.handle);
  const categories = (
    await db.execute<{ handle: string }[]>(
      // The largest pages: categories by the products in them and under them.
      `select c.handle from category c order by (select count(*) from product p join category under
         on under.id = p.category_id where under.handle = c.handle or starts_with(under.handle, c.handle || '/')) desc,
         c.handle limit 20`,
    )
  ).map((r) => r.handle);
  const broad = words.slice(0, 20);
  return [
    ...categories.map((category) => ({
      label: 'a category page',
      body: { query: '', filters: { category } },
    })),
    ...categories.map((category) => ({
      label: 'a category page, by price',
      body: { query: '', filters: { category }, sort: 'price_asc' },
    })),
    ...words.map((query) => ({ label: 'a word, all facets', body: { query } })),
    ...parts.map((query) => ({ label: 'a part number', body: { query } })),
    // Two catalogue words, most of which never go together ("clear bearing").
    ...broad.map((query, i) => ({
      label: 'two words',
      body: { query: `${query} ${words[20 + ((i * 7) % 100)]}` },
    })),
    ...broad.flatMap((query) =>
      SEARCH_SORTS.filter((s) => s !== 'relevance').map((sort) => ({
        label: 'a broad word, sorted',
        body: { query, sort },
      })),
    ),
    ...broad.map((query, i) => ({
      label: 'a broad word, a brand filter',
      body: { query, filters: { brands: [brands[i % brands.length]] } },
    })),
    ...broad.flatMap((query) =>
      [2, 3].map((page) => ({ label: 'a broad word, page 2 or 3', body: { query, page } })),
    ),
  ];
}

async function csrfHeaders(base: string): Promise<Record<string, string>> {
  const csrf = (await (await fetch(`${base}/api/auth/csrf`)).json()) as { csrfToken: string };
  return {
    'content-type': 'application/json',
    cookie: `${CSRF.cookieName}=${csrf.csrfToken}`,
    [CSRF.header]: csrf.csrfToken,
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
