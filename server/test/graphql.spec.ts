import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CSRF, SEARCH } from '../../domain/constants';
import { GRAPHQL_LIMITS } from '../src/graphql/server';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let gql: (body: object) => Promise<{ status: number; body: any; ms: number; cacheControl?: string }>;
let ids: string[];

beforeAll(async () => {
  t = await createTestApp();
  const { agent, token } = await t.agentWithCsrf();
  gql = async (body) => {
    const started = Date.now();
    const res = await agent.post('/graphql').set(CSRF.header, token).send(body);
    return {
      status: res.status,
      body: res.body,
      ms: Date.now() - started,
      cacheControl: res.headers['cache-control'],
    };
  };
  ids = (
    await t.orm.em.getConnection().execute<{ id: string }[]>('select id from product order by id limit 25')
  ).map((r) => r.id);
});
afterAll(async () => t.close());

const PRODUCT_FIELDS = `id name price inStock brand { name } category { handle breadcrumbs { name } }
  configurationOptions { code unitPrice } attributes { name value }`;

describe('GraphQL catalogue queries', () => {
  it('parentCategories lists the top-level categories with their children', async () => {
    const { body } = await gql({ query: '{ parentCategories { handle name children { handle } } }' });
    const motion = body.data.parentCategories.find((c: { handle: string }) => c.handle === 'motion-control');
    expect(motion.children.map((c: { handle: string }) => c.handle)).toContain(
      'motion-control/ballscrews-accessories',
    );
  });

  it('category(handle) answers a nested category with parent and breadcrumbs; unknown is null', async () => {
    const { body } = await gql({
      query:
        'query($h: String!) { category(handle: $h) { name parent { handle } breadcrumbs { handle } } none: category(handle: "x/y") { name } }',
      variables: { h: SEARCH.ballScrewCategoryHandle },
    });
    expect(body.data.category.parent.handle).toBe('motion-control/ballscrews-accessories');
    expect(body.data.category.breadcrumbs).toHaveLength(3);
    expect(body.data.none).toBeNull();
  });

  it('product(id) answers the product; an unknown id is null', async () => {
    const { body } = await gql({
      query: `query($id: ID!) { product(id: $id) { ${PRODUCT_FIELDS} } missing: product(id: "NO-SUCH") { id } }`,
      variables: { id: ids[0] },
    });
    expect(body.data.product.id).toBe(ids[0]);
    expect(body.data.product.category.breadcrumbs.length).toBeGreaterThan(0);
    expect(body.data.missing).toBeNull();
  });

  it('no cache keeps an answer, a refused one included (Cache-Control: no-store)', async () => {
    expect((await gql({ query: '{ __typename }' })).cacheControl).toBe('no-store');
    const refused = await gql({ query: '{ nope }' });
    expect(refused.status).toBe(400);
    expect(refused.cacheControl).toBe('no-store');
  });

  it('products(ids) costs the same number of SQL statements for 1 or 25 products (no N+1)', async () => {
    const query = `query($ids: [ID!]!) { products(ids: $ids) { ${PRODUCT_FIELDS} } }`;
    t.resetQueries();
    const one = await gql({ query, variables: { ids: ids.slice(0, 1) } });
    const forOne = t.queries.length;
    t.resetQueries();
    const many = await gql({ query, variables: { ids } });
    const forMany = t.queries.length;
    expect(one.body.data.products).toHaveLength(1);
    expect(many.body.data.products.map((p: { id: string }) => p.id)).toEqual(ids);
    expect(forMany).toBe(forOne);
    expect(forMany).toBeLessThanOrEqual(3);
  });

  it('product(id) with its category and breadcrumbs costs at most 2 SQL statements (product, category tree)', async () => {
    t.resetQueries();
    const { body } = await gql({
      query: `query($id: ID!) { product(id: $id) { ${PRODUCT_FIELDS} } }`,
      variables: { id: ids[3] },
    });
    expect(body.data.product.id).toBe(ids[3]);
    expect(t.queries.filter((q) => /^\s*select/i.test(q))).toHaveLength(2);
  });

  it('category(handle).products lists the category with facets, in one search statement', async () => {
    t.resetQueries();
    const { body } = await gql({
      query: `{ category(handle: "linear-motion") { name products(pageSize: 4, sort: PART_NUMBER) {
        total results { id } availableNavigation { displayName refinements { value count } } } } }`,
    });
    const products = body.data.category.products;
    expect(products.total).toBeGreaterThan(4);
    expect(products.results).toHaveLength(4);
    expect(products.availableNavigation.map((n: { displayName: string }) => n.displayName)).toContain(
      'CATEGORY',
    );
    expect(t.queries.filter((q) => q.includes('product_search'))).toHaveLength(1);
  });

  it('productRefreshDetails answers id and price; recommendations answers products of the categories', async () => {
    const { body } = await gql({
      query: `query($ids: [ID!]!) { productRefreshDetails(ids: $ids) { id price }
        recommendations(categories: ["bearings"]) { id price category { handle } } }`,
      variables: { ids: [ids[1], 'NOPE', ids[0]] },
    });
    expect(body.data.productRefreshDetails.map((p: { id: string }) => p.id)).toEqual([ids[1], ids[0]]);
    expect(body.data.recommendations.length).toBeGreaterThan(0);
    for (const p of body.data.recommendations) expect(p.category.handle.startsWith('bearings')).toBe(true);
  });

  it('notifyBackInStock validates the e-mail with the shared schema', async () => {
    const bad = await gql({
      query: `mutation($id: ID!) { notifyBackInStock(email: "nope", itemId: $id) { created } }`,
      variables: { id: ids[0] },
    });
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(bad.body.errors[0].extensions.fields).toEqual([
      { field: 'email', message: 'Email must be valid' },
    ]);
    const ok = await gql({
      query: `mutation($id: ID!) { notifyBackInStock(email: "a@b.example", itemId: $id) { status itemId } }`,
      variables: { id: ids[0] },
    });
    expect(ok.body.data.notifyBackInStock).toEqual({ status: 'confirmation_sent', itemId: ids[0] });
  });
});

describe('GraphQL limits', () => {
  it('refuses a query with 500 aliases quickly, with a 400 and no 500', async () => {
    const aliases = Array.from({ length: 500 }, (_, i) => `a${i}: parentCategories { handle }`).join(' ');
    const res = await gql({ query: `{ ${aliases} }` });
    expect(res.status).toBe(400);
    expect(res.ms).toBeLessThan(2000);
    expect(JSON.stringify(res.body.errors)).toMatch(/alias|token/i);
  });

  it('refuses a query deeper than the limit', async () => {
    let selection = 'handle';
    for (let i = 0; i < 12; i++) selection = `parent { ${selection} }`;
    const res = await gql({ query: `{ parentCategories { ${selection} } }` });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.errors)).toMatch(/depth/i);
  });

  it('counts the depth of the fields asked, fragments or not: the same query passes or fails whether written inline or in fragments', async () => {
    /** parentCategories and `levels` more fields nested under it, inline or one fragment a level. */
    const nested = (levels: number, fragments: boolean) => {
      if (!fragments) {
        let selection = 'handle';
        for (let i = 1; i < levels; i++) selection = `parent { ${selection} }`;
        return `{ parentCategories { ${selection} } }`;
      }
      const defs = [`fragment F${levels - 1} on Category { handle }`];
      for (let i = levels - 2; i >= 0; i--)
        defs.push(`fragment F${i} on Category { parent { ...F${i + 1} } }`);
      return `{ parentCategories { ...F0 } } ${defs.join(' ')}`;
    };
    for (const fragments of [false, true]) {
      const fits = await gql({ query: nested(GRAPHQL_LIMITS.maxDepth - 1, fragments) });
      expect([fragments, fits.status, JSON.stringify(fits.body.errors)]).toEqual([fragments, 200, undefined]);
      expect(fits.body.errors).toBeUndefined();
      const deep = await gql({ query: nested(GRAPHQL_LIMITS.maxDepth, fragments) });
      expect(deep.status).toBe(400);
      expect(JSON.stringify(deep.body.errors)).toMatch(/depth/i);
    }
  });

  it('does not suggest field names', async () => {
    const res = await gql({ query: '{ parentCategorie { handle } }' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.errors)).not.toMatch(/Did you mean/);
  });

  it('refuses batched requests', async () => {
    const res = await gql([{ query: '{ site { id } }' }, { query: '{ site { id } }' }]);
    expect(res.status).toBe(400);
  });

  it('refuses introspection to anonymous callers outside development, and never leaks a stack trace', async () => {
    const res = await gql({ query: '{ __schema { types { name } } }' });
    expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(JSON.stringify(res.body)).not.toMatch(/stacktrace|at .*\.ts:/);
    const typename = await gql({ query: '{ site { __typename id currency } }' });
    expect(typename.body.data.site).toEqual({ __typename: 'Site', id: 'axl', currency: 'usd' });
  });
});

describe('GraphQL introspection in development', () => {
  it('is answered when the app allows it', async () => {
    const dev = await createTestApp({ introspection: true });
    try {
      const { agent, token } = await dev.agentWithCsrf();
      const res = await agent
        .post('/graphql')
        .set(CSRF.header, token)
        .send({ query: '{ __schema { queryType { name } } }' });
      expect(res.body.data.__schema.queryType.name).toBe('Query');
    } finally {
      await dev.close();
    }
  });
});

describe('production answers give no hints (issue 26)', () => {
  const ask = async (app: TestApp, query: string, variables: object = {}) =>
    ({ body: await (await app.client()).gql(query, variables) }) as any;
  const SORTED = 'query($sort: SearchSort!) { search(query: "rail", sort: $sort) { total } }';

  it('no suggestions (enum values, arguments, fields, input fields) and no limit figures in production', async () => {
    const production = await createTestApp({ production: true });
    try {
      const enumAnswer = await ask(production, SORTED, { sort: 'PRICE' });
      expect(enumAnswer.body.errors[0].message).toMatch(/Value "PRICE" does not exist in "SearchSort" enum/);
      for (const [query, variables] of [
        [SORTED, { sort: 'PRICE' }],
        ['{ search(query: "rail", sort: PRICE) { total } }', {}],
        ['{ search(query: "rail", sortt: RELEVANCE) { total } }', {}],
        ['{ search(query: "rail") { totl } }', {}],
        ['{ search(query: "rail", filters: { brand: ["x"] }) { total } }', {}],
      ] as const) {
        const answer = await ask(production, query, variables);
        expect(answer.body.errors.length).toBeGreaterThan(0);
        expect(JSON.stringify(answer.body.errors)).not.toMatch(/Did you mean|PRICE_ASC|"total"|brands/);
      }
      const deep = `{ ${'category(handle: "x") { children { '.repeat(6)} handle ${'} } '.repeat(6)} }`;
      const limited = await ask(production, deep);
      expect(JSON.stringify(limited.body.errors)).not.toMatch(/\d+ exceeded|found \d+/);
      expect(limited.body.errors[0].message).toMatch(/limit exceeded/);
    } finally {
      await production.close();
    }
  });
});
