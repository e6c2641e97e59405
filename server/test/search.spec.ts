import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CSRF } from '../../domain/constants';
import { SEARCH_CANDIDATES } from '../../domain/search';
import { AnswerCache } from '../src/modules/search/search.cache';
import { watchCacheVersions } from '../src/common/cache-versions';
import { refreshSearchIndex } from '../src/modules/search/search.index';
import { STOP_LETTERS } from '../src/modules/search/search.query';
import { servicesDb } from '../src/db/db';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let post: (path: string, body: object) => Promise<{ status: number; body: any }>;
beforeAll(async () => {
  t = await createTestApp();
  const { agent, token } = await t.agentWithCsrf();
  post = async (path, body) => {
    const res = await agent.post(path).set(CSRF.header, token).send(body);
    return { status: res.status, body: res.body };
  };
});
afterAll(async () => t.close());

const typeAhead = async (term: string, includeWithoutPrice = true) =>
  (await post('/api/search/typeAhead', { term, includeWithoutPrice })).body;

describe('typeahead (POST /api/search/typeAhead)', () => {
  it('answers the spec shape: results, correctedQuery, availableNavigation with BRAND, searchAttributionToken', async () => {
    const body = await typeAhead('nema 17');
    expect(Object.keys(body).sort()).toEqual([
      'availableNavigation',
      'correctedQuery',
      'exactCounts',
      'results',
      'searchParams',
      'total',
    ]);
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.length).toBeLessThanOrEqual(8);
    for (const r of body.results) expect(r.name).toMatch(/NEMA 17/);
    expect(Object.keys(body.results[0]).sort()).toEqual(['description', 'id', 'image', 'name']);
    expect(body.availableNavigation[0].displayName).toBe('BRAND');
    expect(body.availableNavigation[0].refinements[0]).toEqual({
      value: expect.any(String),
      displayValue: expect.any(String),
      count: expect.any(Number),
    });
    expect(body.searchParams.searchAttributionToken).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('stores the attribution token with the query', async () => {
    const body = await typeAhead('mgn12');
    await t.flush();
    const rows = await t.orm.em
      .getConnection()
      .execute<{ query: string; kind: string }[]>(
        'select query, kind from search_attribution where token = ?',
        [body.searchParams.searchAttributionToken],
      );
    expect(rows).toEqual([{ query: 'mgn12', kind: 'typeahead' }]);
  });

  it('puts the SFU1605 ball screw first for sfu1605, however the part number is typed', async () => {
    for (const term of ['sfu1605', 'SFU-1605', 'sfu 1605']) {
      const body = await typeAhead(term);
      expect(body.results[0].id).toMatch(/^SFU1605-/);
      expect(body.results[0].name).toMatch(/Ball Screw/);
    }
  });

  it('corrects "balscrew" and shows ball screws', async () => {
    const body = await typeAhead('balscrew');
    expect(['ballscrew', 'ball screw']).toContain(body.correctedQuery);
    expect(body.results.length).toBeGreaterThan(0);
    for (const r of body.results) expect(r.name).toMatch(/Ball Screw|Ball Nut/);
  });

  it('finds MGN12 rails and carriages for mgn12, and 20x20 profiles for "2020 extrusion"', async () => {
    const mgn = await typeAhead('mgn12');
    expect(mgn.results.every((r: { id: string }) => r.id.startsWith('MGN12'))).toBe(true);
    expect(mgn.correctedQuery).toBeNull();
    const profiles = await typeAhead('2020 extrusion');
    expect(profiles.results.length).toBeGreaterThan(0);
    for (const r of profiles.results) expect(r.id).toMatch(/^2020-/);
  });

  it('expands synonyms: "linear guide" finds linear rails', async () => {
    const body = await typeAhead('linear guide');
    expect(body.results.length).toBeGreaterThan(0);
    for (const r of body.results) expect(r.name).toMatch(/Rail|Carriage/);
  });

  it('leaves out quote-only products when includeWithoutPrice is false', async () => {
    const [unpriced] = await t.orm.em
      .getConnection()
      .execute<{ id: string }[]>('select id from product where price is null order by id limit 1');
    const withQuotes = await post('/api/search', { query: unpriced!.id, pageSize: 100 });
    expect(withQuotes.body.results.map((r: { id: string }) => r.id)).toContain(unpriced!.id);
    const priced = await post('/api/search', {
      query: unpriced!.id,
      pageSize: 100,
      filters: { includeWithoutPrice: false },
    });
    expect(priced.body.results.map((r: { id: string }) => r.id)).not.toContain(unpriced!.id);
  });

  it('treats SQL, regex and tsquery characters as plain text, and calls nothing for blank text', async () => {
    const count = () => t.orm.em.getConnection().execute('select count(*)::int as n from product');
    const before = await count();
    expect(before[0].n).toBeGreaterThan(1000);
    for (const term of ["x'); drop table product; --", '.*', '(a | b) & !c', ':*', '\\']) {
      const res = await post('/api/search/typeAhead', { term });
      expect(res.status).toBe(200);
    }
    const blank = await typeAhead('   ');
    expect(blank.results).toEqual([]);
    expect(await count()).toEqual(before);
  });

  it('refuses terms over 200 characters with 400', async () => {
    const res = await post('/api/search/typeAhead', { term: 'a'.repeat(201) });
    expect(res.status).toBe(400);
    expect(res.body.error.fields[0]).toEqual({
      field: 'term',
      message: 'Search terms are limited to 200 characters',
    });
  });
});

describe('search (POST /api/search and GraphQL)', () => {
  it('pages through results, at most 100 a page; a page past the end is empty', async () => {
    const first = await post('/api/search', { query: 'screw', page: 1, pageSize: 10 });
    expect(first.body.results).toHaveLength(10);
    expect(first.body.total).toBeGreaterThan(10);
    const second = await post('/api/search', { query: 'screw', page: 2, pageSize: 10 });
    expect(second.body.results[0].id).not.toBe(first.body.results[0].id);
    const past = await post('/api/search', { query: 'screw', page: 1000, pageSize: 10 });
    expect(past.body.results).toEqual([]);
    expect((await post('/api/search', { query: 'screw', pageSize: 101 })).status).toBe(400);
  });

  it('filters by brand and category, and sorts by price', async () => {
    const all = await post('/api/search', { query: 'stepper', pageSize: 100 });
    const brand = all.body.availableNavigation[0].refinements[0];
    const filtered = await post('/api/search', {
      query: 'stepper',
      pageSize: 100,
      filters: { brands: [brand.value] },
    });
    expect(filtered.body.total).toBe(brand.count);
    const inCategory = await post('/api/search', {
      query: 'screw',
      pageSize: 100,
      filters: { category: 'motion-control/ballscrews-accessories' },
    });
    expect(inCategory.body.total).toBeGreaterThan(0);
    expect(inCategory.body.results.every((r: { name: string }) => /Ball|Housing|Support/.test(r.name))).toBe(
      true,
    );
    const cheapest = await post('/api/search', { query: 'bearing', pageSize: 50, sort: 'price_asc' });
    const ids = cheapest.body.results.map((r: { id: string }) => r.id);
    const prices = await t.orm.em
      .getConnection()
      .execute<{ id: string; price: string | null }[]>('select id, price from product where id in (?)', [
        ids,
      ]);
    const priceOf = new Map(prices.map((p) => [p.id, p.price === null ? Infinity : Number(p.price)]));
    const ordered = ids.map((id: string) => priceOf.get(id)!);
    expect(ordered).toEqual([...ordered].sort((a, b) => a - b));
    expect((await post('/api/search', { query: 'bearing', sort: 'cheapest' })).status).toBe(400);
  });

  it('with a brand that has none of the matches: nothing found, and the brand facet offers the brands that do', async () => {
    const all = await post('/api/search', { query: 'stepper' });
    const offered = all.body.availableNavigation[0].refinements.map((r: { value: string }) => r.value);
    const [{ handle }] = await t.orm.em
      .getConnection()
      .execute<[{ handle: string }]>(
        'select handle from brand where not handle in (?) order by handle limit 1',
        [offered],
      );
    const none = await post('/api/search', { query: 'stepper', filters: { brands: [handle] } });
    expect(none.body.total).toBe(0);
    expect(none.body.results).toEqual([]);
    expect(none.body.availableNavigation[0]).toEqual(all.body.availableNavigation[0]);
  });

  it('answers typeAhead and search over GraphQL with the same service', async () => {
    const { agent, token } = await t.agentWithCsrf();
    const res = await agent
      .post('/graphql')
      .set(CSRF.header, token)
      .send({
        query: `{ typeAhead(term: "nema 17") { total results { id } searchParams { searchAttributionToken } }
                  search(query: "balscrew", pageSize: 5, sort: RELEVANCE) { correctedQuery total results { id name }
                    availableNavigation { displayName refinements { displayValue count } } } }`,
      })
      .expect(200);
    expect(res.body.data.typeAhead.results.length).toBeGreaterThan(0);
    expect(res.body.data.search.correctedQuery).toBe('ballscrew');
    expect(res.body.data.search.results).toHaveLength(5);
  });
});

describe('bounded work (decision 041)', () => {
  const search = async (body: object) => (await post('/api/search', body)).body;
  /** The number of products matching `query` (a word of the catalogue), counted by PostgreSQL. */
  const matches = async (word: string) =>
    (
      await t.orm.em
        .getConnection()
        .execute<{ n: number }[]>(
          `select count(*)::int as n from product_search where document @@ to_tsquery('axl', ?)`,
          [word],
        )
    )[0]!.n;

  it('counts every match up to the candidates it reads; past them, says the count is not exact', async () => {
    const broad = 'screw';
    const many = await matches(broad);
    expect(many).toBeGreaterThan(SEARCH_CANDIDATES.typeahead);
    const suggested = await typeAhead(broad);
    expect(suggested).toMatchObject({ total: SEARCH_CANDIDATES.typeahead, exactCounts: false });
    expect(suggested.results).toHaveLength(8);

    const page = await search({ query: broad });
    if (many > SEARCH_CANDIDATES.results) {
      expect(page).toMatchObject({ total: SEARCH_CANDIDATES.results, exactCounts: false });
    } else {
      expect(page).toMatchObject({ total: many, exactCounts: true });
    }
    const narrow = await search({ query: 'sfu1605', pageSize: 100 });
    expect(narrow.exactCounts).toBe(true);
    expect(narrow.total).toBe(narrow.results.length);
    const brandCounts = narrow.availableNavigation.find(
      (n: { displayName: string }) => n.displayName === 'BRAND',
    );
    expect(brandCounts.refinements.reduce((sum: number, r: { count: number }) => sum + r.count, 0)).toBe(
      narrow.total,
    );
  });

  it('sorted by price: every match counted, the cheapest and the dearest come first; past the candidates, the page is in price order', async () => {
    const prices = async (ids: string[]) =>
      (
        await t.orm.em
          .getConnection()
          .execute<{ p: number }[]>(
            'select price::float8 as p from product where id in (?) order by array_position(array[?]::text[], id)',
            [ids, ids],
          )
      ).map((r) => r.p);
    const word = 'stepper';
    expect(await matches(word)).toBeLessThanOrEqual(SEARCH_CANDIDATES.results);
    const [bounds] = await t.orm.em.getConnection().execute<{ low: number; high: number }[]>(
      `select min(price)::float8 as low, max(price)::float8 as high from product_search
         where document @@ to_tsquery('axl', ?)`,
      [word],
    );
    const cheapest = await search({ query: word, sort: 'price_asc', pageSize: 1 });
    expect(cheapest.exactCounts).toBe(true);
    expect(await prices([cheapest.results[0].id])).toEqual([bounds!.low]);
    const dearest = await search({ query: word, sort: 'price_desc', pageSize: 1 });
    expect(await prices([dearest.results[0].id])).toEqual([bounds!.high]);

    const many = await search({ query: 'screw', sort: 'price_asc', pageSize: 50 });
    const ordered = await prices(many.results.map((r: { id: string }) => r.id));
    expect(ordered).toEqual([...ordered].sort((a, b) => a - b));
  });

  it('still finds the part numbers starting with the typed key among many matches', async () => {
    // "sfu" matches every SFU ball screw and every text naming one; its part numbers come first.
    const answer = await typeAhead('sfu');
    expect(answer.results.slice(0, 5).every((r: { id: string }) => r.id.startsWith('SFU'))).toBe(true);
  });
});

describe('search answer cache', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ searchCacheTtlMs: 60_000 });
  });
  afterAll(() => cached.close());

  it('answers a repeated typeahead from the cache, with a fresh attribution token each time', async () => {
    const { agent, token } = await cached.agentWithCsrf();
    const ask = () =>
      agent.post('/api/search/typeAhead').set(CSRF.header, token).send({ term: 'linear gu' }).expect(200);
    const first = await ask();
    cached.resetQueries();
    const second = await ask();
    expect(second.body.results).toEqual(first.body.results);
    expect(second.body.searchParams.searchAttributionToken).not.toBe(
      first.body.searchParams.searchAttributionToken,
    );
    expect(cached.queries.filter((q) => q.includes('product_search'))).toEqual([]);
    await cached.flush();
    const stored = await cached.orm.em
      .getConnection()
      .execute<{ n: number }[]>(
        `select count(*)::int as n from search_attribution where query = 'linear gu'`,
      );
    expect(stored[0]!.n).toBe(2);
  });
});

describe('facets (POST /api/search)', () => {
  it('offers BRAND, CATEGORY and spec attribute facets; an attribute filter keeps its own other values', async () => {
    const all = await post('/api/search', { query: '2020 extrusion', pageSize: 5 });
    expect(all.status).toBe(200);
    const names = all.body.availableNavigation.map((n: { displayName: string }) => n.displayName);
    expect(names.slice(0, 2)).toEqual(['BRAND', 'CATEGORY']);
    expect(names).toContain('Profile Size');
    const sizes = all.body.availableNavigation.find(
      (n: { displayName: string }) => n.displayName === 'Profile Size',
    );
    const size = sizes.refinements.find((r: { value: string }) => r.value.startsWith('20'));
    expect(size).toBeDefined();

    const filtered = await post('/api/search', {
      query: '2020 extrusion',
      pageSize: 5,
      filters: { attributes: [{ name: 'Profile Size', values: [size.value] }] },
    });
    expect(filtered.body.total).toBe(size.count);
    const stillOffered = filtered.body.availableNavigation.find(
      (n: { displayName: string }) => n.displayName === 'Profile Size',
    );
    expect(stillOffered.refinements.length).toBe(sizes.refinements.length);
  });

  it('lists a category without search text, with its facets', async () => {
    const res = await post('/api/search', {
      query: '',
      filters: { category: 'motion-control' },
      pageSize: 10,
    });
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(10);
    expect(res.body.results).toHaveLength(10);
  });

  it('refuses an unknown facet and a bad page size next to their fields', async () => {
    const res = await post('/api/search', {
      query: 'rail',
      pageSize: 0,
      filters: { attributes: [{ name: 'Colour of the box', values: ['red'] }] },
    });
    expect(res.status).toBe(400);
    const fields = res.body.error.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['pageSize', 'filters.attributes[0].name']));
  });
});

describe('search attribution event (POST /api/search/attribution)', () => {
  it('stores a click against a stored answer, as a beacon with the CSRF token in the form body', async () => {
    const answer = await typeAhead('nema 17');
    await t.flush();
    const { agent, token } = await t.agentWithCsrf();
    const res = await agent.post('/api/search/attribution').type('form').send({
      csrf_token: token,
      token: answer.searchParams.searchAttributionToken,
      productId: answer.results[0].id,
      position: '0',
    });
    expect(res.status).toBe(204);
    const rows = await t.orm.em
      .getConnection()
      .execute<{ product_id: string }[]>('select product_id from search_click where token = ?', [
        answer.searchParams.searchAttributionToken,
      ]);
    expect(rows).toEqual([{ product_id: answer.results[0].id }]);
  });

  it('refuses a click without a valid token with 400', async () => {
    expect(
      (await post('/api/search/attribution', { token: 'nope', productId: 'X', position: 0 })).status,
    ).toBe(400);
  });
});

describe('ranking', () => {
  const top = async (query: string, n = 5) =>
    ((await post('/api/search', { query, pageSize: n })).body.results as { id: string; name: string }[]).map(
      (r) => `${r.id} | ${r.name}`,
    );

  it('keeps letters and digits together: "m6" means M6, not any m and any 6', async () => {
    for (const hit of await top('stainless m6 screw')) expect(hit).toMatch(/M6 .*Stainless/);
  });

  it('puts the name holding the typed phrase first ("socket head cap screw m5")', async () => {
    for (const hit of await top('socket head cap screw m5'))
      expect(hit).toMatch(/M5 .*Socket Head Cap Screw/);
  });

  it('finds accessories by the profile a shopper names ("corner bracket 2020")', async () => {
    const hits = await top('corner bracket 2020', 2);
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit).toMatch(/20 Series .*Corner Bracket/);
  });
});

describe('spelling correction', () => {
  const search = async (query: string) => (await post('/api/search', { query, pageSize: 5 })).body;

  it('corrects the misspelt word of a two-word phrase: "linear rial" shows linear rails', async () => {
    for (const answer of [await search('linear rial'), await typeAhead('linear rial')]) {
      expect(answer.correctedQuery).toBe('linear rail');
      expect(answer.results[0].name).toMatch(/Linear Guide Rail/);
    }
  });

  it('corrects a three-letter word: "bal screw" shows ball screws', async () => {
    const answer = await search('bal screw');
    expect(answer.correctedQuery).toBe('ball screw');
    for (const r of answer.results) expect(r.name).toMatch(/Ball Screw/);
  });

  it('corrects two swapped letters: "linaer" is linear, "linaer rail" linear rail', async () => {
    expect((await search('linaer')).correctedQuery).toBe('linear');
    const rails = await typeAhead('linaer rail');
    expect(rails.correctedQuery).toBe('linear rail');
    expect(rails.results[0].name).toMatch(/Linear Guide Rail/);
  });
});

describe('family names of one letter and a word (T-Nut, D-Cut)', () => {
  const search = async (query: string, pageSize = 5) =>
    (await post('/api/search', { query, pageSize })).body as { total: number; results: { name: string }[] };

  it('finds T-nuts first for "t nut", "t-nut" and "tnut", not other parts holding "nut"', async () => {
    for (const query of ['t nut', 't-nut', 'tnut']) {
      const page = (await search(query)).results;
      const suggested = (await typeAhead(query)).results as { name: string }[];
      expect([page.length, suggested.length]).toEqual([5, 8]);
      for (const r of [...page, ...suggested]) expect(r.name).toMatch(/T-Nut/);
    }
    // The family's name: T-nuts only, no ball nut or ball screw "with Nut".
    const all = await search('t nut', 100);
    expect(all.total).toBeGreaterThan(8);
    expect(all.total).toBe(all.results.length);
    for (const r of all.results) expect(r.name).toMatch(/T-Nut/);
  });

  it('knows which single letters the axl configuration drops (STOP_LETTERS)', async () => {
    const rows = await t.orm.em.getConnection().execute<{ letter: string }[]>(
      `select l as letter from regexp_split_to_table('abcdefghijklmnopqrstuvwxyz', '') l
         where numnode(to_tsquery('axl', l)) = 0`,
    );
    expect(rows.map((r) => r.letter)).toEqual([...STOP_LETTERS].sort());
  });

  it('finds D-cut shaft steppers for "dcut" and "d cut"', async () => {
    for (const query of ['dcut', 'd cut nema 17']) {
      const { results } = await search(query);
      expect(results.length).toBeGreaterThan(0);
      for (const r of results) expect(r.name).toMatch(/D-Cut Shaft/);
    }
  });
});

describe('part numbers with a length', () => {
  const first = async (query: string) =>
    [
      (await post('/api/search', { query, pageSize: 5 })).body.results[0]?.id,
      (await typeAhead(query)).results[0]?.id,
    ] as string[];

  it('puts that part first, however the length is typed (not a revision of it, nor another length)', async () => {
    for (const query of ['mgn12 400', 'MGN12-400', 'mgn12400', 'mgn12-400 mm', 'mgn12 400mm'])
      expect(await first(query)).toEqual(['MGN12-400', 'MGN12-400']);
    for (const query of ['sfu1204 300', 'sfu1204 300mm', 'SFU1204-L300'])
      expect(await first(query)).toEqual(['SFU1204-300', 'SFU1204-300']);
    expect(await first('mgn9 l500')).toEqual(['MGN9-500', 'MGN9-500']);
  });
});

describe('cache invalidation across processes', () => {
  it('after the search index version moves, serves the answer once more while it is recomputed, then the new one', async () => {
    const cache = new AnswerCache<number>(60_000, 10);
    let version = '1';
    const watch = watchCacheVersions(
      async () => new Map([['search-index', version]]),
      { 'search-index': () => cache.invalidate() },
      { failed: () => undefined, recovered: () => undefined },
      0,
    );
    await watch.check();
    let computed = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const get = () =>
      cache.get('k', async () => {
        if (++computed > 1) await held;
        return computed;
      });
    expect(await get()).toBe(1);
    expect(await get()).toBe(1);
    version = '2';
    await watch.check();
    // The shopper is not kept waiting on a catalogue change: the old answer, and one recomputation behind it.
    expect(await get()).toBe(1);
    expect(await get()).toBe(1);
    expect(computed).toBe(2);
    release();
    await held;
    await new Promise((resolve) => setImmediate(resolve));
    expect(await get()).toBe(2);
    expect(computed).toBe(2);
    await watch.stop();
  });

  it('recomputes stale answers in the background one a key and a few in all', async () => {
    const cache = new AnswerCache<string>(60_000, 10, 60_000, Date.now, 2);
    const started: string[] = [];
    const releases: (() => void)[] = [];
    const compute = (key: string, held: boolean) => () =>
      new Promise<string>((resolve) => {
        started.push(key);
        if (held) releases.push(() => resolve(`${key} new`));
        else resolve(`${key} old`);
      });
    for (const key of ['a', 'b', 'c']) await cache.get(key, compute(key, false));
    started.length = 0;
    cache.invalidate();
    for (const key of ['a', 'a', 'b', 'c'])
      expect(await cache.get(key, compute(key, true))).toBe(`${key} old`);
    // "a" once, not twice; "c" waits for a later request, as two are running.
    expect(started).toEqual(['a', 'b']);
    cache.invalidate();
    expect(await cache.get('a', compute('a', true))).toBe('a old');
    // A second change does not start "a" again while its first recomputation runs.
    expect(started).toEqual(['a', 'b']);
    releases.forEach((release) => release());
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('c', compute('c', true))).toBe('c old');
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('a stale answer is recomputed before it is served once the change is past the window', async () => {
    let clock = 0;
    const cache = new AnswerCache<number>(600_000, 10, 60_000, () => clock);
    let computed = 0;
    const get = () => cache.get('k', async () => ++computed);
    expect(await get()).toBe(1);
    clock = 10_000;
    cache.invalidate();
    clock = 10_000 + 60_000;
    expect(await get()).toBe(2);
  });

  it('an answer whose computation began before a change is not taken as current, nor joined after it', async () => {
    const cache = new AnswerCache<string>(60_000, 10);
    let release = (_: string) => {};
    const before = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate();
    let after = 0;
    // A request after the change does not wait for the computation that began before it.
    expect(await cache.get('k', async () => `after ${++after}`)).toBe('after 1');
    release('before');
    expect(await before).toBe('before');
    // The earlier computation finished last, but the answer begun after the change is the one kept.
    expect(await cache.get('k', async () => `after ${++after}`)).toBe('after 1');
    expect(after).toBe(1);
  });

  it('raises the version on every index rebuild', async () => {
    const read = async () =>
      (
        await t.orm.em
          .getConnection()
          .execute<{ v: string }[]>('select version::text as v from search_index_state where id = 1')
      )[0]!.v;
    const before = BigInt(await read());
    const db = servicesDb(t.orm);
    await db.transactional(() => refreshSearchIndex(db));
    expect(BigInt(await read())).toBe(before + 1n);
  });
});
