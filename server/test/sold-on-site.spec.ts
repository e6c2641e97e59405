import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CSRF } from '../../domain/constants';
import { createTestApp, type TestApp } from './harness';

/**
 * A site sells only what it can ship within its country (decision 057): on pay-ca, a part restricted to US states
 * is left out of listings, search, typeahead and recommendations, its page says it is not sold for delivery in
 * Canada, and the cart refuses it; the US site sells it.
 */
let t: TestApp;
let restricted: { id: string; name: string; handle: string };
let open: { id: string };
const PAY_CA = 'pay-ca.shop.example';
const db = () => t.orm.em.getConnection();

beforeAll(async () => {
  t = await createTestApp();
  // A priced part allowed only some US states (California among them: "CA" is a state, not Canada).
  [restricted] = await db().execute<{ id: string; name: string; handle: string }[]>(
    `select p.id, p.name, c.handle from product p join category c on c.id = p.category_id
     where p.price is not null and cardinality(p.allowed_states) > 0 and 'CA' = any(p.allowed_states)
       and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
     order by p.popularity desc, p.id limit 1`,
  );
  [open] = await db().execute<{ id: string }[]>(
    `select p.id from product p where p.price is not null and p.allowed_states = '{}'
       and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
     order by p.id limit 1`,
  );
  expect(restricted).toBeDefined();
});
afterAll(() => t.close());

const post = async (path: string, body: object, host?: string, status = 200) => {
  const { agent, token } = await t.agentWithCsrf();
  const req = agent.post(path).set(CSRF.header, token);
  if (host) req.set('Host', host);
  return req.send(body).expect(status);
};
const ids = (body: { results: { id: string }[] }) => body.results.map((r) => r.id);

describe('a part restricted to US states on pay-ca (decision 057)', () => {
  it('is left out of search results and category listings on pay-ca, not on the US site', async () => {
    const search = { query: restricted.id, filters: { includeWithoutPrice: true }, page: 1, pageSize: 24 };
    const us = await post('/api/search', search);
    expect(ids(us.body)).toContain(restricted.id);
    const ca = await post('/api/search', search, PAY_CA);
    expect(ids(ca.body)).not.toContain(restricted.id);

    const listing = {
      handle: restricted.handle,
      page: 1,
      pageSize: 100,
      filters: { includeWithoutPrice: true },
    };
    const usList = await post('/api/products/category/search', listing);
    const caList = await post('/api/products/category/search', listing, PAY_CA);
    const [{ sellable }] = await db().execute<[{ sellable: number }]>(
      `select count(*)::int as sellable from product p join category c on c.id = p.category_id
       where (c.handle = ? or starts_with(c.handle, ? || '/'))
         and (p.allowed_states = '{}' or p.allowed_states && '{AB,BC,MB,NB,NL,NS,NT,NU,ON,PE,QC,SK,YT}')`,
      [restricted.handle, restricted.handle],
    );
    expect(caList.body.total).toBe(sellable);
    expect(caList.body.total).toBeLessThan(usList.body.total);
    expect(ids(caList.body)).not.toContain(restricted.id);
  });

  it('is left out of a typeahead answer computed ahead when read on pay-ca', async () => {
    // An answer computed ahead (for every site) holding the restricted part and an unrestricted one.
    const [{ key }] = await db().execute<[{ key: string }]>(
      `select key from typeahead_answer where length(key) = 3 order by key limit 1`,
    );
    const answer = {
      results: [restricted.id, open.id].map((id) => ({ id, name: id, description: '', image: null })),
      total: 2,
      exactCounts: true,
      correctedQuery: null,
      availableNavigation: [],
    };
    await db().execute(
      `update typeahead_answer set answer = ?, stale = false, match = to_tsquery('axl', 'zzzz'),
         part_patterns = '{}', fuzzy_key = null where key = ?`,
      [JSON.stringify(answer), key],
    );
    const typeAhead = { term: key, includeWithoutPrice: true };
    const us = await post('/api/search/typeAhead', typeAhead);
    expect(ids(us.body)).toEqual([restricted.id, open.id]);
    const ca = await post('/api/search/typeAhead', typeAhead, PAY_CA);
    expect(ids(ca.body)).toEqual([open.id]);
    expect(ca.body.total).toBe(1);
  });

  it('is not recommended on pay-ca', async () => {
    const get = (host?: string) => {
      const req = t
        .agent()
        .get('/api/search/products/recommendations')
        .query({ categories: restricted.handle });
      return (host ? req.set('Host', host) : req).expect(200);
    };
    const [{ restrictedInCategory }] = await db().execute<[{ restrictedInCategory: number }]>(
      `select count(*)::int as "restrictedInCategory" from product p join category c on c.id = p.category_id
       where c.handle = ? and cardinality(p.allowed_states) > 0 and p.price is not null`,
      [restricted.handle],
    );
    expect(restrictedInCategory).toBeGreaterThan(0);
    const us = (await get()).body as { id: string; allowedStates: string[] }[];
    const ca = (await get(PAY_CA)).body as { id: string; allowedStates: string[]; soldOnSite: boolean }[];
    expect(ca.length).toBeGreaterThan(0);
    expect(ca.filter((p) => p.allowedStates.length > 0)).toEqual([]);
    expect(ca.every((p) => p.soldOnSite)).toBe(true);
    expect(ca.map((p) => p.id)).not.toEqual(us.map((p) => p.id));
  });

  it('has a page that tells it is not sold on pay-ca, and the cart refuses it there', async () => {
    const path = `/api/products/${encodeURIComponent(restricted.id)}`;
    expect((await t.agent().get(path).expect(200)).body.soldOnSite).toBe(true);
    expect((await t.agent().get(path).set('Host', PAY_CA).expect(200)).body.soldOnSite).toBe(false);
    const gql = await t
      .agent()
      .get('/graphql')
      .query({ query: `{ product(id: ${JSON.stringify(restricted.id)}) { id soldOnSite } }` })
      .set('Host', PAY_CA)
      .set('apollo-require-preflight', 'true')
      .expect(200);
    expect(gql.body.data.product).toEqual({ id: restricted.id, soldOnSite: false });

    const refused = await post(
      '/api/user/cart/upsert',
      {
        items: [
          { itemId: open.id, qty: 1 },
          { itemId: restricted.id, qty: 1 },
        ],
      },
      PAY_CA,
      400,
    );
    const message = `Part ${restricted.id} is not sold for delivery in Canada.`;
    expect(refused.body.error.message).toBe(message);
    expect(refused.body.error.fields).toEqual([{ field: 'items[1].itemId', message }]);
    const added = await post('/api/user/cart/upsert', { items: [{ itemId: restricted.id, qty: 1 }] });
    expect(added.body.orderLines.map((l: { id: string }) => l.id)).toEqual([restricted.id]);
  });
});
