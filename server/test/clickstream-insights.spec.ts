import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { clickstreamPath, type ClickstreamEventType } from '../../domain/clickstream';
import { CSRF } from '../../domain/constants';
import {
  POPULARITY_LOCK_KEY,
  POPULARITY_WEIGHTS,
  refreshPopularity,
} from '../src/modules/analytics/popularity';
import { refreshSearchIndex } from '../src/modules/search/search.index';
import { cardOrder } from './fixtures';
import { detachedDb, servicesDb } from '../src/db/db';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const db = () => servicesDb(t.orm);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const event = (eventType: ClickstreamEventType, visitorId: string, productIds: string[]) => ({
  eventType,
  visitorId,
  eventTime: new Date().toISOString(),
  productDetails: productIds.map((id) => ({ id, quantity: 1 })),
  ...(eventType === 'purchase-complete' ? { purchaseTransaction: { revenue: 10, currencyCode: 'USD' } } : {}),
});

/** Sends events as the shop would (one batch), and waits until they are stored. */
async function send(events: object[], appName = 'axl'): Promise<void> {
  await t.agent().post(clickstreamPath(appName)).send({ events }).expect(204);
  await t.flush();
}

const popularityOf = async (ids: string[]) =>
  db().execute<{ id: string; popularity: number; eventPopularity: number; searchPopularity: number }[]>(
    `select p.id, p.popularity, p.event_popularity as "eventPopularity", s.popularity as "searchPopularity"
     from product p join product_search s on s.product_id = p.id where p.id in (?) order by p.id`,
    [ids],
  );

const indexVersion = async () =>
  (
    await db().execute<{ version: string }[]>(
      'select version::text as version from search_index_state where id = 1',
    )
  )[0]?.version;

async function search(query: string): Promise<string[]> {
  const { agent, token } = await t.agentWithCsrf();
  const res = await agent
    .post('/api/search')
    .set(CSRF.header, token)
    .send({ query, pageSize: 10 })
    .expect(200);
  return (res.body.results as { id: string }[]).map((r) => r.id);
}

describe('popularity from the click-stream', () => {
  // Twins: the same name, description, brand and category, so search relevance ties and popularity decides.
  const A = 'TWIN-QUILLON-A';
  const B = 'TWIN-QUILLON-B';

  beforeAll(async () => {
    await db().execute(
      `insert into product (id, name, description, brand_id, category_id, price, base_price, in_stock, sites,
         popularity)
       select t.id, 'Quillon Clamp Block 40', 'Clamp block for 40 series profile', p.brand_id, p.category_id,
         p.price, p.base_price, true, p.sites, t.popularity
       from (select * from product where price is not null order by id limit 1) p,
         (values (?, 110), (?, 100)) as t(id, popularity)`,
      [A, B],
    );
    await refreshSearchIndex(servicesDb(t.orm));
  });

  it('keeps the seeded ranking when there are no events, and writes nothing', async () => {
    const version = await indexVersion();
    expect(await refreshPopularity(db())).toEqual({ ran: true, products: 0, searchRows: 0 });
    expect(await indexVersion()).toBe(version);
    expect(await popularityOf([A, B])).toEqual([
      { id: A, popularity: 110, eventPopularity: 0, searchPopularity: 110 },
      { id: B, popularity: 100, eventPopularity: 0, searchPopularity: 100 },
    ]);
    expect((await search('quillon clamp')).slice(0, 2)).toEqual([A, B]);
  });

  it('adds views, carts and purchases to the base (distinct visitors), and search then ranks B before A', async () => {
    const [v1, v2, v3] = [randomUUID(), randomUUID(), randomUUID()];
    await send([
      // A: one shopper reloading its page five times counts once.
      ...Array.from({ length: 5 }, () => event('detail-page-view', v1, [A])),
      // B: two viewers, one cart, one purchase (with another product in the same purchase).
      event('detail-page-view', v2, [B]),
      event('detail-page-view', v3, [B]),
      event('add-to-cart', v3, [B]),
      event('purchase-complete', v3, [B, 'NOT-A-PRODUCT']),
      // Not counted: other event types.
      event('remove-from-cart', v1, [A]),
      event('shopping-cart-page-view', v1, [A]),
    ]);
    const version = await indexVersion();
    const result = await refreshPopularity(db());
    expect(result).toEqual({ ran: true, products: 2, searchRows: 2 });
    const w = POPULARITY_WEIGHTS;
    const bScore = 2 * w['detail-page-view'] + w['add-to-cart'] + w['purchase-complete'];
    expect(await popularityOf([A, B])).toEqual([
      { id: A, popularity: 111, eventPopularity: 1, searchPopularity: 111 },
      { id: B, popularity: 100 + bScore, eventPopularity: bScore, searchPopularity: 100 + bScore },
    ]);
    // Every process drops its cached search answers when it sees the new index version.
    expect(BigInt(await indexVersion())).toBe(BigInt(version!) + 1n);
    expect((await search('quillon clamp')).slice(0, 2)).toEqual([B, A]);

    // Nothing changed since: nothing is written, the caches stay.
    expect(await refreshPopularity(db())).toEqual({ ran: true, products: 0, searchRows: 0 });
    expect(BigInt(await indexVersion())).toBe(BigInt(version!) + 1n);
  });

  it('gives the seeded base back when the events leave the window', async () => {
    expect(await refreshPopularity(db(), 0)).toEqual({ ran: true, products: 2, searchRows: 2 });
    expect(await popularityOf([A, B])).toEqual([
      { id: A, popularity: 110, eventPopularity: 0, searchPopularity: 110 },
      { id: B, popularity: 100, eventPopularity: 0, searchPopularity: 100 },
    ]);
    expect((await search('quillon clamp')).slice(0, 2)).toEqual([A, B]);
  });

  it('skips while another process refreshes (advisory lock)', async () => {
    // Another process's refresh: a connection of its own, not the one the services' transactions share.
    const other = detachedDb(t.orm);
    await other.transactional(async () => {
      await other.execute('select pg_advisory_xact_lock(?)', [POPULARITY_LOCK_KEY], 'all');
      expect(await refreshPopularity(db())).toEqual({ ran: false, products: 0, searchRows: 0 });
    });
    expect((await refreshPopularity(db())).ran).toBe(true);
  });
});

describe('recommendations co-viewed and co-bought', () => {
  /** A category with plain products (orderable by the checkout fixture) and more priced products. */
  let handle: string;
  /** Its priced products in the order recommendations rank them without a product (popularity). */
  let all: string[];
  /** The first 12 of them: the answer without a product. */
  let ranked: string[];
  let plain: string[];

  const gql = async (categories: string[], productId?: string) => {
    const c = await t.client();
    const res = await c.gql<{ recommendations: { id: string }[] }>(
      `query($categories: [String!]!, $productId: String) {
         recommendations(categories: $categories, productId: $productId) { id } }`,
      { categories, productId },
    );
    expect(res.errors).toBeUndefined();
    return res.data!.recommendations.map((p) => p.id);
  };
  const rest = async (productId?: string) =>
    (
      (
        await t
          .agent()
          .get('/api/search/products/recommendations')
          .query({ categories: handle, ...(productId ? { productId } : {}) })
          .expect(200)
      ).body as { id: string }[]
    ).map((p) => p.id);

  beforeAll(async () => {
    const plainProduct = `p.price between 10 and 40 and p.allowed_states = '{}' and p.min_transfer <= 1
      and p.minimum_purchase_quantity <= 1
      and not exists (select 1 from product_configuration_option o where o.product_id = p.id)`;
    const [row] = await db().execute<{ handle: string; plain: string[] }[]>(
      `select c.handle, array_agg(p.id order by p.id) filter (where ${plainProduct}) as plain
       from product p join category c on c.id = p.category_id
       where p.price is not null and p.in_stock
       group by c.handle
       having count(*) >= 16 and count(*) filter (where ${plainProduct}) >= 2
       order by c.handle limit 1`,
    );
    handle = row!.handle;
    plain = row!.plain;
    all = (
      await db().execute<{ id: string }[]>(
        `select s.product_id as id from product_search s join category c on c.id = s.category_id
         where (c.handle = ? or starts_with(c.handle, ? || '/')) and s.price is not null
         order by s.in_stock desc, s.popularity desc, s.product_id`,
        [handle, handle],
      )
    ).map((r) => r.id);
    ranked = await rest();
    expect(ranked).toEqual(all.slice(0, 12));
  });

  it('ranks the co-viewed product first, leaves the product itself out, and fills by popularity', async () => {
    const others = all.filter((id) => !plain.includes(id));
    const shown = others[0]!;
    // The least popular: without the click-stream it is not among the twelve.
    const coViewed = others.at(-1)!;
    expect(ranked).not.toContain(coViewed);
    // Two shoppers looked at both; a third looked only at the product shown.
    const [v1, v2, v3] = [randomUUID(), randomUUID(), randomUUID()];
    await send([
      event('detail-page-view', v1, [shown]),
      event('detail-page-view', v1, [coViewed]),
      event('detail-page-view', v2, [coViewed]),
      event('detail-page-view', v2, [shown]),
      event('detail-page-view', v3, [shown]),
    ]);
    const expected = [coViewed, ...all.filter((id) => id !== shown && id !== coViewed)].slice(0, 12);
    const viaGraphql = await gql([handle], shown);
    expect(viaGraphql[0]).toBe(coViewed);
    expect(viaGraphql).not.toContain(shown);
    expect(viaGraphql).toEqual(expected);
    expect(await rest(shown)).toEqual(expected);
    // Without a product: the popularity ranking, unchanged.
    expect(await gql([handle])).toEqual(ranked);
  });

  it('ranks co-bought (an order holding both) above co-viewed', async () => {
    const [shown, bought] = plain as [string, string];
    const coViewed = all.filter((id) => !plain.includes(id)).at(-2)!;
    const visitor = randomUUID();
    await send([event('detail-page-view', visitor, [shown]), event('detail-page-view', visitor, [coViewed])]);
    const { order } = await cardOrder(t, [
      { itemId: shown, qty: 1 },
      { itemId: bought, qty: 2 },
    ]);
    expect(order.lines).toHaveLength(2);
    const answer = await rest(shown);
    expect(answer.slice(0, 2)).toEqual([bought, coViewed]);
    expect(answer).not.toContain(shown);
  });

  it('refuses a product id that is not one', async () => {
    const res = await t
      .agent()
      .get('/api/search/products/recommendations')
      .query({ categories: handle, productId: 'x'.repeat(201) })
      .expect(400);
    expect(res.body.error.code).toBe('BAD_USER_INPUT');
  });
});
