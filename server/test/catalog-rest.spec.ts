import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SEARCH } from '../../domain/constants';
import { createTestApp, type TestApp } from './harness';
import { attachmentKind } from '../../domain/forms.schema';

let t: TestApp;
let sample: { id: string }[];
beforeAll(async () => {
  t = await createTestApp();
  sample = await t.orm.em
    .getConnection()
    .execute<{ id: string }[]>('select id from product order by id limit 3');
});
afterAll(async () => t.close());

describe('REST facade: categories', () => {
  it('GET /api/products/category/parent answers [{handle, name}] of the top-level categories', async () => {
    const res = await t.agent().get('/api/products/category/parent').expect(200);
    expect(res.body.length).toBeGreaterThanOrEqual(5);
    expect(res.body).toContainEqual({ handle: 'motion-control', name: expect.any(String) });
    for (const c of res.body) expect(Object.keys(c).sort()).toEqual(['handle', 'name']);
  });

  it('GET /api/products/category/{nested handle} answers the category with children and breadcrumbs', async () => {
    const res = await t.agent().get(`/api/products/category/${SEARCH.ballScrewCategoryHandle}`).expect(200);
    expect(res.body.handle).toBe(SEARCH.ballScrewCategoryHandle);
    expect(res.body.breadcrumbs.map((b: { handle: string }) => b.handle)).toEqual([
      'motion-control',
      'motion-control/ballscrews-accessories',
      SEARCH.ballScrewCategoryHandle,
    ]);
    const parent = await t.agent().get('/api/products/category/motion-control').expect(200);
    expect(parent.body.children.length).toBeGreaterThan(0);
  });

  it('answers an unknown category with 404', async () => {
    await t.agent().get('/api/products/category/no/such/thing').expect(404);
  });
});

describe('REST facade: products', () => {
  it('GET /api/products/{id} answers the product', async () => {
    const res = await t
      .agent()
      .get(`/api/products/${encodeURIComponent(sample[0]!.id)}`)
      .expect(200);
    expect(res.body).toMatchObject({
      id: sample[0]!.id,
      name: expect.any(String),
      inStock: expect.any(Boolean),
    });
    expect(res.body.brand.name).toEqual(expect.any(String));
  });

  it('finds a part number containing "/" sent URL-encoded', async () => {
    const [withSlash] = await t.orm.em
      .getConnection()
      .execute<{ id: string }[]>(`select id from product where id like '%/%' limit 1`);
    expect(withSlash).toBeDefined();
    const res = await t
      .agent()
      .get(`/api/products/${encodeURIComponent(withSlash!.id)}`)
      .expect(200);
    expect(res.body.id).toBe(withSlash!.id);
  });

  it('answers an unknown product with 404 JSON', async () => {
    const res = await t.agent().get('/api/products/NO-SUCH-PART').expect(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('treats quotes, question marks and SQL in ids as plain text', async () => {
    for (const id of ["O'Brien", 'a?b', "x'); drop table product; --", '\\', '%']) {
      await t
        .agent()
        .get(`/api/products/${encodeURIComponent(id)}`)
        .expect(404);
    }
    const res = await t
      .agent()
      .get('/api/products')
      .query({ ids: `?,${sample[1]!.id},'` })
      .expect(200);
    expect(res.body.map((p: { id: string }) => p.id)).toEqual([sample[1]!.id]);
  });

  it('GET /api/products?ids=a,b answers the known ones in the order asked', async () => {
    const ids = [sample[2]!.id, 'NO-SUCH-PART', sample[0]!.id];
    const res = await t
      .agent()
      .get('/api/products')
      .query({ ids: ids.join(',') })
      .expect(200);
    expect(res.body.map((p: { id: string }) => p.id)).toEqual([sample[2]!.id, sample[0]!.id]);
  });

  it('refuses more than 100 ids with 400 and a field error', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => `P${i}`).join(',');
    const res = await t.agent().get('/api/products').query({ ids }).expect(400);
    expect(res.body.error.fields[0].field).toBe('ids');
  });
});

describe('sites', () => {
  it('a site that does not show every product only sees the products listing it', async () => {
    const db = t.orm.em.getConnection();
    const [listed] = await db.execute<{ id: string }[]>(
      `select id from product where 'foodgrade' = any(sites) limit 1`,
    );
    const [unlisted] = await db.execute<{ id: string }[]>(
      `select id from product where not ('foodgrade' = any(sites)) limit 1`,
    );
    const get = (id: string) =>
      t
        .agent()
        .get(`/api/products/${encodeURIComponent(id)}`)
        .set('x-site-id', 'foodgrade');
    await get(listed!.id).expect(200);
    await get(unlisted!.id).expect(404);
    await t
      .agent()
      .get(`/api/products/${encodeURIComponent(unlisted!.id)}`)
      .expect(200);
  });
});

describe('REST facade: prices, details, recommendations, back in stock', () => {
  const csrfAgent = () => t.agentWithCsrf();

  it('GET /api/products/refreshDetails?ids= answers id and price in the order asked, unknown ids left out', async () => {
    const [a, b] = sample;
    const res = await t.agent().get(`/api/products/refreshDetails?ids=${b!.id},NOPE-1,${a!.id}`).expect(200);
    expect(res.body.map((r: { id: string }) => r.id)).toEqual([b!.id, a!.id]);
    const [row] = await t.orm.em
      .getConnection()
      .execute<{ price: number | null }[]>('select price::float8 as price from product where id = ?', [
        b!.id,
      ]);
    expect(res.body[0]).toEqual({ id: b!.id, price: row!.price });
  });

  it('POST /api/products/customer-pricing takes products as ids or objects, and refuses more than 100', async () => {
    const { agent, token } = await csrfAgent();
    const res = await agent
      .post('/api/products/customer-pricing')
      .set('x-csrf-token', token)
      .send({ products: [{ id: sample[0]!.id }, sample[1]!.id] })
      .expect(200);
    expect(res.body.map((r: { id: string }) => r.id)).toEqual([sample[0]!.id, sample[1]!.id]);
    const tooMany = Array.from({ length: 101 }, (_, i) => `X${i}`);
    await agent
      .post('/api/products/customer-pricing')
      .set('x-csrf-token', token)
      .send({ products: tooMany })
      .expect(400);
  });

  it('POST /api/product/get-product-detail-by-id and -by-multi-id answer products; unknown id is 404', async () => {
    const { agent, token } = await csrfAgent();
    const one = await agent
      .post('/api/product/get-product-detail-by-id')
      .set('x-csrf-token', token)
      .send({ id: sample[0]!.id })
      .expect(200);
    expect(one.body.id).toBe(sample[0]!.id);
    const many = await agent
      .post('/api/product/get-product-detail-by-multi-id')
      .set('x-csrf-token', token)
      .send({ ids: [sample[2]!.id, sample[0]!.id] })
      .expect(200);
    expect(many.body.map((p: { id: string }) => p.id)).toEqual([sample[2]!.id, sample[0]!.id]);
    await agent
      .post('/api/product/get-product-detail-by-id')
      .set('x-csrf-token', token)
      .send({ id: 'NOPE' })
      .expect(404);
    const bad = await agent
      .post('/api/product/get-product-detail-by-id')
      .set('x-csrf-token', token)
      .send({})
      .expect(400);
    expect(bad.body.error.fields).toEqual([{ field: 'id', message: 'id is required' }]);
  });

  it('GET /api/search/products/recommendations?categories= answers priced products of those categories', async () => {
    const res = await t
      .agent()
      .get(
        `/api/search/products/recommendations?categories=${SEARCH.ballScrewCategoryHandle}&categories=bearings`,
      )
      .expect(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.length).toBeLessThanOrEqual(12);
    for (const p of res.body) {
      expect(p.price).not.toBeNull();
      expect(p.category).toBeUndefined();
    }
    expect((await t.agent().get('/api/search/products/recommendations').expect(200)).body).toEqual([]);
  });

  it('POST /api/products/category/search lists a category with facets; an unknown category is 404', async () => {
    const { agent, token } = await csrfAgent();
    const res = await agent
      .post('/api/products/category/search')
      .set('x-csrf-token', token)
      .send({ handle: 'linear-motion/linear-rails', pageSize: 5, sort: 'part_number' })
      .expect(200);
    expect(res.body.total).toBeGreaterThan(5);
    expect(res.body.results).toHaveLength(5);
    const ids = res.body.results.map((p: { id: string }) => p.id);
    expect([...ids].sort()).toEqual(ids);
    await agent
      .post('/api/products/category/search')
      .set('x-csrf-token', token)
      .send({ handle: 'no/such/category' })
      .expect(404);
  });

  it('POST /api/product/itemNotification validates the e-mail and keeps one request per e-mail and item', async () => {
    const { agent, token } = await csrfAgent();
    const send = (body: object) =>
      agent.post('/api/product/itemNotification').set('x-csrf-token', token).send(body);
    const bad = await send({ email: 'not-an-email', itemId: sample[0]!.id }).expect(400);
    expect(bad.body.error.fields).toEqual([{ field: 'email', message: 'Email must be valid' }]);
    const missing = await send({ itemId: sample[0]!.id }).expect(400);
    expect(missing.body.error.fields).toEqual([{ field: 'email', message: 'Email is required' }]);
    // Signed out: the address's owner confirms from an e-mail (decision 053); asking again sends a fresh link.
    expect((await send({ email: 'Buyer@Example.com', itemId: sample[0]!.id }).expect(202)).body.status).toBe(
      'confirmation_sent',
    );
    expect((await send({ email: 'buyer@example.com', itemId: sample[0]!.id }).expect(202)).body.status).toBe(
      'confirmation_sent',
    );
    await send({ email: 'buyer@example.com', itemId: 'NOPE-404' }).expect(404);
    const rows = await t.orm.em
      .getConnection()
      .execute<{ n: number }[]>('select count(*)::int as n from back_in_stock_request where product_id = ?', [
        sample[0]!.id,
      ]);
    expect(rows[0]!.n).toBe(1);
  });
});

describe('CAD cross-sections', () => {
  it('generates the DXF of a cut-to-length profile, listed on the product; other products have none', async () => {
    const product = (await t.agent().get('/api/products/2020-C').expect(200)).body;
    expect(product.cadFiles).toEqual([
      { name: '2020-C cross-section', format: 'DXF', url: '/api/cad/2020-C.dxf' },
    ]);
    const res = await t
      .agent()
      .get('/api/cad/2020-C.dxf')
      .buffer(true)
      .parse((r, cb) => {
        let text = '';
        r.on('data', (c: Buffer) => (text += c.toString()));
        r.on('end', () => cb(null, text));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/vnd\.dxf/);
    const body = res.body as string;
    // A file our own drawing check accepts: a 20 x 20 outline with four slots (4 x 4 notch lines + 4 sides).
    expect(
      attachmentKind('2020-C.dxf', new TextEncoder().encode(body.slice(body.indexOf('0\nSECTION')))),
    ).toBe('dxf');
    expect(body.match(/\nLINE\n/g)).toHaveLength(20);
    expect(body.match(/\nCIRCLE\n/g)).toHaveLength(1);
    expect(body.trimEnd().endsWith('EOF')).toBe(true);
    await t.agent().get('/api/cad/BK12.dxf').expect(404);
    await t.agent().get('/api/cad/2020-C.step').expect(404);
  });
});
