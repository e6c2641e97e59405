import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ROLES } from '../../domain/roles';
import { CSRF } from '../../domain/constants';
import { servicesDb } from '../src/db/db';
import { watchCacheVersions } from '../src/common/cache-versions';
import { AnswerCache } from '../src/modules/search/search.cache';
import { refreshSearchIndex } from '../src/modules/search/search.index';
import { FIXTURE_PASSWORD } from './fixtures';
import { createTestApp, type Client, type TestApp } from './harness';

/*
 * Issue 55, item 5 (decision 078): a change made through one process reaches every other process's caches at its
 * next poll of the cache versions. `a` and `b` are two processes on one database, each with its own caches (the
 * search answers on, as shipped); `b`'s timer is off, so each test reads `b` before the change (its cache), makes the
 * change through `a`, polls `b` once (`checkCaches`, what its timer does), and reads `b` again.
 */

let a: TestApp;
let b: TestApp;
let admin: Client;
const PAY_CA = 'pay-ca.shop.example';

beforeAll(async () => {
  a = await createTestApp({ searchCacheTtlMs: 600_000 });
  b = await createTestApp({ searchCacheTtlMs: 600_000, databaseUrl: a.databaseUrl });
  const email = `admin.${randomUUID()}@axisline.example`;
  await a.createUser({ email, password: FIXTURE_PASSWORD, role: ROLES.Admin });
  admin = await a.client();
  await admin.signIn(email, FIXTURE_PASSWORD);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const legalNameOn = async (t: TestApp, host: string) =>
  (
    await t
      .agent()
      .get('/graphql')
      .query({ query: '{ site { legalName } }' })
      .set('Host', host)
      .set('apollo-require-preflight', 'true')
      .expect(200)
  ).body.data.site.legalName as string;

const setLegalName = async (legalName: string) => {
  const res = await admin.gql(
    `mutation($input: SiteLegalInput!) { setSiteLegal(id: "pay-ca", input: $input) { legalName } }`,
    {
      input: {
        legalName,
        postalAddress: '2300 Boulevard Industriel, Laval, QC H7S 2E5, Canada',
        copyrightHolder: legalName,
      },
    },
  );
  expect(res.errors).toBeUndefined();
};

describe('a change on one process, seen by another at its next poll', () => {
  it("a site's legal name set by Admin through one process is the storefront's answer on another", async () => {
    expect(await legalNameOn(b, PAY_CA)).toBe('Axisline Payments Canada Inc.');
    await setLegalName('Axisline Paiements Canada Ltée');
    expect(await legalNameOn(a, PAY_CA)).toBe('Axisline Paiements Canada Ltée'); // the writer at once
    // The other process still answers from its directory (the change is a poll away, not a minute)...
    expect(await legalNameOn(b, PAY_CA)).toBe('Axisline Payments Canada Inc.');
    await b.checkCaches();
    // ...and after one poll its next answer is the new name; the other sites are unchanged.
    expect(await legalNameOn(b, PAY_CA)).toBe('Axisline Paiements Canada Ltée');
    expect(await legalNameOn(b, 'localhost')).toBe('Axisline Supply');
  });

  it("a site opened to the whole catalogue: the other process's cached search answers for it are dropped, not served once more", async () => {
    const { agent, token } = await b.agentWithCsrf();
    const searchOnMai = async () =>
      (
        await agent
          .post('/api/search')
          .set(CSRF.header, token)
          .set('x-site-id', 'mai')
          .send({ query: 'linear rail', pageSize: 5 })
          .expect(200)
      ).body.total as number;
    const listedOnly = await searchOnMai();
    const visibility = async (showAllProducts: boolean) => {
      const res = await admin.gql(
        `mutation { setSiteVisibility(id: "mai", showAllProducts: ${showAllProducts}) { showAllProducts } }`,
      );
      expect(res.errors).toBeUndefined();
    };
    await visibility(true);
    try {
      expect(await searchOnMai()).toBe(listedOnly); // b's cached answer, a poll away from the change
      await b.checkCaches();
      const everything = await searchOnMai();
      expect(everything).toBeGreaterThan(listedOnly);
      await visibility(false);
      await b.checkCaches();
      expect(await searchOnMai()).toBe(listedOnly);
    } finally {
      await visibility(false);
    }
  });

  it('the category tree after a re-index (a seed renaming a category) on another process', async () => {
    const c = await b.client();
    const names = async () =>
      (await c.gql<{ parentCategories: { handle: string; name: string }[] }>(
        '{ parentCategories { handle name } }',
      ))!.data!.parentCategories;
    const before = await names();
    const first = before[0]!;
    const conn = a.orm.em.getConnection();
    await conn.execute(`update category set name = ? where handle = ?`, [
      `${first.name} (renamed)`,
      first.handle,
    ]);
    try {
      await refreshSearchIndex(servicesDb(a.orm));
      expect((await names())[0]!.name).toBe(first.name); // b's tree, a poll away
      await b.checkCaches();
      expect((await names())[0]).toEqual({ handle: first.handle, name: `${first.name} (renamed)` });
    } finally {
      await conn.execute(`update category set name = ? where handle = ?`, [first.name, first.handle]);
      await refreshSearchIndex(servicesDb(a.orm));
    }
  });

  it('with the shipped timer (CACHE_POLL_MS 250), the other process answers the change without being asked to poll', async () => {
    const timed = await createTestApp({ databaseUrl: a.databaseUrl, cachePollMs: 250 });
    try {
      const name = `Axisline Canada ${randomUUID().slice(0, 8)}`;
      expect(await legalNameOn(timed, PAY_CA)).not.toBe(name);
      await setLegalName(name);
      const changedAt = Date.now();
      // A generous bound for a loaded machine; the default poll sees it within 250 ms and one statement.
      let seen = await legalNameOn(timed, PAY_CA);
      while (seen !== name && Date.now() - changedAt < 15_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen = await legalNameOn(timed, PAY_CA);
      }
      expect(seen).toBe(name);
    } finally {
      await timed.close();
    }
  });
});

describe('the cache versions watcher', () => {
  it('drops only the caches whose version moved; reports a failing read once, and sees what it missed after', async () => {
    let versions = new Map([
      ['search-index', '1'],
      ['sites', '1'],
    ]);
    let failing = false;
    const dropped: string[] = [];
    const reports: string[] = [];
    const watch = watchCacheVersions(
      async () => {
        if (failing) throw new Error('database away');
        return versions;
      },
      { 'search-index': () => dropped.push('search-index'), sites: () => dropped.push('sites') },
      { failed: () => reports.push('failed'), recovered: () => reports.push('recovered') },
      0,
    );
    await watch.check(); // records them
    expect(dropped).toEqual([]);
    versions = new Map([...versions, ['sites', '2']]);
    await watch.check();
    expect(dropped).toEqual(['sites']);
    await watch.check(); // nothing moved since
    expect(dropped).toEqual(['sites']);

    failing = true;
    await watch.check();
    await watch.check();
    await watch.check();
    versions = new Map([
      ['search-index', '2'],
      ['sites', '2'],
    ]);
    failing = false;
    await watch.check();
    expect(reports).toEqual(['failed', 'recovered']);
    expect(dropped).toEqual(['sites', 'search-index']);
    await watch.stop();
  });

  it('a cleared answer cache serves no answer computed before, not even once while recomputing', async () => {
    const cache = new AnswerCache<string>(60_000, 10);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const before = cache.get('k', async () => {
      await held;
      return 'before';
    });
    expect(await cache.get('other', async () => 'old')).toBe('old');
    cache.clear();
    release();
    expect(await before).toBe('before'); // its own waiter is answered...
    // ...but nothing of before the clear is served again.
    expect(await cache.get('k', async () => 'after')).toBe('after');
    expect(await cache.get('other', async () => 'new')).toBe('new');
  });
});
