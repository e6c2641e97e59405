import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MALFORMED_ADDRESS_MESSAGE, NUL_CHARACTER_MESSAGE } from '../../domain/constants';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('bad input never answers 500', () => {
  it.each([
    '/api/products/%E0%A4%A',
    '/api/products/category/%E0%A4%A',
    '/api/cad/%E0%A4%A',
    '/api/products/%00',
    '/api/cad/ok%00.step',
    '/product/detail/%E0%A4%A',
    '/category/%E0%A4%A/%',
  ])('a malformed or NUL %%-escape in %s answers 400 saying so', async (path) => {
    const res = await t.agent().get(path).expect(400);
    expect(res.body.error).toEqual({ code: 'BAD_REQUEST', message: MALFORMED_ADDRESS_MESSAGE });
  });

  it('a NUL character in a JSON or form body names its field (REST)', async () => {
    const c = await t.client();
    const json = await c
      .send('post', '/api/user/login', { email: 'buyer@plant.example', password: 'pass\u0000word' })
      .expect(400);
    expect(json.body.error).toEqual({
      code: 'BAD_USER_INPUT',
      message: NUL_CHARACTER_MESSAGE,
      fields: [{ field: 'password', message: NUL_CHARACTER_MESSAGE }],
    });
    const nested = await c
      .send('post', '/api/user/cart/upsert', { items: [{ itemId: 'SFU1605-500\u0000', qty: 1 }] })
      .expect(400);
    expect(nested.body.error.fields).toEqual([{ field: 'items[0].itemId', message: NUL_CHARACTER_MESSAGE }]);
    const form = await c.agent
      .post('/api/user/login')
      .type('form')
      .send(`email=a%00b%40plant.example&password=x&csrf_token=${encodeURIComponent(c.token)}`)
      .expect(400);
    expect(form.body.error.fields).toEqual([{ field: 'email', message: NUL_CHARACTER_MESSAGE }]);
  });

  it('a NUL character in a query string names its parameter', async () => {
    const res = await t.agent().get('/api/products?searchTerm=rail%00').expect(400);
    expect(res.body.error.fields).toEqual([{ field: 'searchTerm', message: NUL_CHARACTER_MESSAGE }]);
  });

  it('GraphQL: a NUL character in a variable or in the document is BAD_USER_INPUT naming it', async () => {
    const c = await t.client();
    const variable = await c.gql('query($term: String!) { typeAhead(term: $term) { __typename } }', {
      term: 'rail\u0000',
    });
    expect(variable.errors?.[0]).toMatchObject({
      message: NUL_CHARACTER_MESSAGE,
      extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'variables.term' }] },
    });
    const inline = await c.gql('{ typeAhead(term: "rail\u0000") { __typename } }');
    expect(inline.errors?.[0]?.extensions).toMatchObject({ fields: [{ field: 'query' }] });
  });
});

it('a person who types a malformed address into a browser gets a page with a way home', async () => {
  const res = await t.agent().get('/product/detail/%E0%A4%A').set('Accept', 'text/html').expect(400);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  expect(res.text).toContain(MALFORMED_ADDRESS_MESSAGE);
  expect(res.text).toContain('<a href="/">');
});
