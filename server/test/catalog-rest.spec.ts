import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SEARCH } from '../../domain/constants';
import { createTestApp, type TestApp } from './harness';

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
