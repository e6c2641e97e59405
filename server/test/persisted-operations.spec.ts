import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomUUID } from 'node:crypto';
import { parse, validate, type OperationDefinitionNode } from 'graphql';
import supertest from 'supertest';
import { PERSISTED_OPERATIONS } from '../src/graphql/persisted';
import { getSchema } from '../src/graphql/schema';
import { PRIVATE_ANSWER, PUBLIC_CATALOGUE } from '../src/rest/cacheable';
import { FIXTURE_PASSWORD, plainProducts } from './fixtures';
import { createTestApp, type TestApp } from './harness';

/*
 * Partners' catalogue reads as persisted GET operations (issue 34 item 4, decision 051): one list, the same in every
 * process; a listed operation sent by its hash with GET is cacheable as the REST reads are; nothing a client sends
 * is kept.
 */

let t: TestApp;
let id: string;

beforeAll(async () => {
  t = await createTestApp();
  [{ id }] = (await plainProducts(t, 1)) as [{ id: string; price: number }];
});
afterAll(() => t.close());

const operation = (name: string) => PERSISTED_OPERATIONS.find((op) => op.name === name)!;

/** A GET of a persisted operation by its hash, as a partner or a CDN sends it (Apollo wants a preflight header). */
function persistedGet(sha256Hash: string, operationName: string, variables: object, query?: string) {
  const params = new URLSearchParams({
    operationName,
    variables: JSON.stringify(variables),
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash } }),
    ...(query ? { query } : {}),
  });
  return supertest(t.app).get(`/graphql?${params}`).set('x-apollo-operation-name', operationName);
}

describe('persisted operations for partners', () => {
  it('lists only read operations, each valid against the schema, under the SHA-256 of its text', () => {
    expect(PERSISTED_OPERATIONS.map((op) => op.name)).toEqual(
      expect.arrayContaining(['PartnerProduct', 'PartnerProducts', 'PartnerPrices', 'PartnerSearch']),
    );
    for (const op of PERSISTED_OPERATIONS) {
      const document = parse(op.query);
      expect([op.name, validate(getSchema(), document)]).toEqual([op.name, []]);
      expect((document.definitions[0] as OperationDefinitionNode).operation).toBe('query');
      expect(op.sha256Hash).toBe(createHash('sha256').update(op.query).digest('hex'));
    }
  });

  it('answers a listed read sent by its hash with GET, public to a shared cache for an anonymous caller', async () => {
    const { sha256Hash } = operation('PartnerProduct');
    const res = await persistedGet(sha256Hash, 'PartnerProduct', { id }).expect(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.product).toMatchObject({ id, stock: { warehouses: expect.any(Array) } });
    expect(res.headers['cache-control']).toBe(PUBLIC_CATALOGUE);
    expect(res.headers.vary).toMatch(/x-site-id/i);
    expect(res.headers['set-cookie']).toBeUndefined();
    // Revalidated with its ETag: 304, no body.
    const again = await persistedGet(sha256Hash, 'PartnerProduct', { id })
      .set('if-none-match', res.headers.etag!)
      .expect(304);
    expect(again.text).toBe('');
    // Another site's answer (CAD on pay-ca) differs, and says so in Vary.
    const ca = await persistedGet(sha256Hash, 'PartnerProduct', { id })
      .set('x-site-id', 'pay-ca')
      .expect(200);
    expect(ca.body.data.product.price).not.toBe(res.body.data.product.price);
  });

  it('keeps a signed-in buyer’s or a partner’s answer private', async () => {
    const email = `persisted.${randomUUID()}@plant.example`;
    await t.createUser({ email, password: FIXTURE_PASSWORD });
    const c = await t.client();
    await c.signIn(email, FIXTURE_PASSWORD);
    const { sha256Hash } = operation('PartnerPrices');
    const params = new URLSearchParams({
      operationName: 'PartnerPrices',
      variables: JSON.stringify({ ids: [id] }),
      extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash } }),
    });
    const mine = await c.agent
      .get(`/graphql?${params}`)
      .set('x-apollo-operation-name', 'PartnerPrices')
      .expect(200);
    expect(mine.body.data.productRefreshDetails[0].id).toBe(id);
    expect(mine.headers['cache-control']).toBe(PRIVATE_ANSWER);
    const bearer = await persistedGet(sha256Hash, 'PartnerPrices', { ids: [id] })
      .set('authorization', 'Bearer not-a-valid-token')
      .expect(401);
    expect(bearer.headers['cache-control']).toBe('no-store');
  });

  it('knows no other hash, keeps nothing a client sends, and never caches an unlisted read', async () => {
    const unknown = await persistedGet('0'.repeat(64), 'Nothing', {});
    expect(unknown.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(unknown.headers['cache-control']).not.toMatch(/public/);

    // A client "registering" its own query (automatic persisted queries): answered, not cacheable, not kept.
    const own = 'query Own($id: ID!) { product(id: $id) { id name } }';
    const ownHash = createHash('sha256').update(own).digest('hex');
    const registered = await persistedGet(ownHash, 'Own', { id }, own).expect(200);
    expect(registered.body.data.product.id).toBe(id);
    expect(registered.headers['cache-control']).toBe('no-store');
    const later = await persistedGet(ownHash, 'Own', { id });
    expect(later.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');

    // A plain GET query is answered and never cached; a mutation is refused over GET.
    const plain = await supertest(t.app)
      .get(`/graphql?query=${encodeURIComponent('{ parentCategories { handle } }')}`)
      .set('x-apollo-operation-name', 'x')
      .expect(200);
    expect(plain.headers['cache-control']).toBe('no-store');
    const mutation = await supertest(t.app)
      .get(`/graphql?query=${encodeURIComponent('mutation { clearCart { id } }')}`)
      .set('x-apollo-operation-name', 'x');
    expect(mutation.status).toBe(405);
    // Without a preflight header (a page elsewhere cannot make the browser send one), Apollo refuses a GET.
    const simple = await supertest(t.app).get(
      `/graphql?query=${encodeURIComponent('{ parentCategories { handle } }')}`,
    );
    expect(simple.status).toBe(400);
  });

  it('counts a GET operation’s tokens like a POST’s', async () => {
    // 700 aliases: 2,100 tokens, in a URL short enough for Node's header limit.
    const huge = `{${Array.from({ length: 700 }, (_, i) => `a${i}:__typename`).join(' ')}}`;
    const res = await supertest(t.app)
      .get(`/graphql?query=${encodeURIComponent(huge)}`)
      .set('x-apollo-operation-name', 'x')
      .expect(400);
    expect(res.body.errors[0].message).toMatch(/Query too large/);
    // Counted as Apollo reads a GET (the URL, every parameter), whatever body or parameters come first.
    const hidden = await supertest(t.app)
      .get(`/graphql?${'a&'.repeat(1000)}query=${encodeURIComponent(huge)}`)
      .set('x-apollo-operation-name', 'x')
      .set('content-type', 'application/json')
      .send({ query: '{ __typename }' })
      .expect(400);
    expect(hidden.body.errors[0].message).toMatch(/Query too large/);
  });
});
