import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { PRIVATE_ANSWER, PUBLIC_CATALOGUE } from '../src/rest/cacheable';
import { FIXTURE_PASSWORD, plainProducts } from './fixtures';
import { createTestApp, type TestApp } from './harness';

/*
 * Cacheable anonymous catalogue reads (issue 34 item 4, decision 051): a shared cache may keep an anonymous
 * visitor's product, category and recommendation answers; a signed-in buyer's or a failure never.
 */

let t: TestApp;
let id: string;

beforeAll(async () => {
  t = await createTestApp();
  [{ id }] = (await plainProducts(t, 1)) as [{ id: string; price: number }];
});
afterAll(() => t.close());

const anonymous = (path: string, headers: Record<string, string> = {}) => {
  const req = supertest(t.app).get(path);
  for (const [k, v] of Object.entries(headers)) req.set(k, v);
  return req;
};

describe('catalogue reads for anonymous visitors', () => {
  it('are public for a minute to a shared cache, by site, with an ETag, and set no cookie', async () => {
    for (const path of [
      `/api/products/${encodeURIComponent(id)}`,
      `/api/products?ids=${encodeURIComponent(id)}`,
      '/api/products/category/parent',
      `/api/search/products/recommendations?productId=${encodeURIComponent(id)}`,
    ]) {
      const res = await anonymous(path).expect(200);
      expect([path, res.headers['cache-control']]).toEqual([path, PUBLIC_CATALOGUE]);
      expect(res.headers.vary).toMatch(/x-site-id/i);
      expect(res.headers['set-cookie']).toBeUndefined();
      // The browser revalidates: an unchanged answer is a 304 with no body.
      const again = await anonymous(path, { 'if-none-match': res.headers.etag! }).expect(304);
      expect(again.text).toBe('');
    }
  });

  it('differ by site: the Canadian site answers in CAD under another ETag, so a cache keyed by site never mixes them', async () => {
    const path = `/api/products/${encodeURIComponent(id)}`;
    const us = await anonymous(path).expect(200);
    const ca = await anonymous(path, { 'x-site-id': 'pay-ca' }).expect(200);
    // The Canadian site's price is in Canadian dollars: not the US figure.
    expect(typeof ca.body.price).toBe('number');
    expect(ca.body.price).not.toBe(us.body.price);
    expect(ca.headers.etag).not.toBe(us.headers.etag);
  });

  it('are private once signed in (the buyer’s prices), and no failure is kept', async () => {
    const email = `cache.${randomUUID()}@plant.example`;
    await t.createUser({ email, password: FIXTURE_PASSWORD });
    const c = await t.client();
    await c.signIn(email, FIXTURE_PASSWORD);
    const mine = await c.agent.get(`/api/products/${encodeURIComponent(id)}`).expect(200);
    expect(mine.headers['cache-control']).toBe(PRIVATE_ANSWER);
    const missing = await anonymous('/api/products/NO-SUCH-PART').expect(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});
