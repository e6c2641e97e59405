import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { round2 } from '../../domain/money';
import { PRICE_BREAK_MESSAGES, type PriceTier } from '../../domain/price-breaks';
import { ROLES } from '../../domain/roles';
import { authorisedCard, checkoutBody, eventsOf, FIXTURE_PASSWORD, plainProducts } from './fixtures';
import { createTestApp, type Client, type TestApp } from './harness';

/** Volume price breaks (issue 32, decision 048): tiers per list, the lowest list per quantity, orders keep the tier. */
let t: TestApp;
let db: ReturnType<TestApp['orm']['em']['getConnection']>;
let plain: { id: string; price: number };
let other: { id: string; price: number };
const PAY_CA = 'pay-ca.shop.example';

beforeAll(async () => {
  t = await createTestApp();
  db = t.orm.em.getConnection();
  [plain, other] = (await plainProducts(t, 2)) as [typeof plain, typeof other];
  await db.execute(`delete from price_break where product_id in (?, ?)`, [plain.id, other.id]);
  // The catalogue: 5 % off from 10, 10 % from 50; the pay-ca list: 10 % off from 10 only.
  await db.execute(
    `insert into price_break (price_list_id, product_id, min_quantity, price) values
       ('', ?, 10, round(?::numeric * 0.95, 2)), ('', ?, 50, round(?::numeric * 0.90, 2)),
       ('site:pay-ca', ?, 10, (select round(price * 0.90, 2) from price_list_item
                               where price_list_id = 'site:pay-ca' and product_id = ?))`,
    [plain.id, plain.price, plain.id, plain.price, plain.id, plain.id],
  );
});
afterAll(() => t.close());

const tier10 = () => round2(plain.price * 0.95);
const tier50 = () => round2(plain.price * 0.9);

async function buyer(
  accountId: string | null = null,
  role: number = ROLES.Customer,
): Promise<{ c: Client; email: string }> {
  const email = `tiers.${randomUUID()}@plant.example`;
  await t.createUser({ email, password: FIXTURE_PASSWORD, accountId, role });
  const c = await t.client();
  await c.signIn(email, FIXTURE_PASSWORD);
  return { c, email };
}

interface PricedLine {
  id: string;
  price: number;
  lineTotal: number;
  tier: PriceTier | null;
  priceTiers: PriceTier[];
}

const lineOf = (cart: { orderLines: PricedLine[] }, id: string): PricedLine =>
  cart.orderLines.find((l) => l.id === id)!;

describe('volume price breaks', () => {
  it('a cart line re-prices at each tier boundary, both ways', async () => {
    const { c } = await buyer();
    const at = async (qty: number) => {
      const cart = (
        await c.send('put', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty }] }).expect(200)
      ).body;
      return lineOf(cart, plain.id);
    };
    await c.send('post', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty: 9 }] }).expect(200);
    expect((await at(9)).price).toBe(plain.price);
    const ten = await at(10);
    expect(ten.price).toBe(tier10());
    expect(ten.lineTotal).toBe(round2(tier10() * 10));
    expect(ten.tier).toEqual({ minQuantity: 10, unitPrice: tier10(), savingPct: expect.any(Number) });
    expect(ten.priceTiers.map((x) => [x.minQuantity, x.unitPrice])).toEqual([
      [1, plain.price],
      [10, tier10()],
      [50, tier50()],
    ]);
    expect((await at(49)).price).toBe(tier10());
    expect((await at(50)).price).toBe(tier50());
    expect((await at(9)).price).toBe(plain.price);
    // The cart's subtotal follows the tier.
    const cart = (await c.agent.get('/api/user/cart').expect(200)).body;
    expect(cart.subTotal).toBe(round2(plain.price * 9));
  });

  it("with a company price list, each quantity pays the lower of the list's and the catalogue's price", async () => {
    const listId = `PL-TIERS-${randomUUID().slice(0, 8)}`;
    const [account] = await db.execute<{ id: string }[]>(
      `insert into business_account (company, price_list_id) values ('Tiered Co', ?) returning id`,
      [listId],
    );
    // The list is 2 % under the catalogue for one and has no breaks: from 10 the catalogue's 5 % wins.
    const listPrice = round2(plain.price * 0.98);
    await db.execute(`insert into price_list_item (price_list_id, product_id, price) values (?, ?, ?)`, [
      listId,
      plain.id,
      listPrice,
    ]);
    const { c } = await buyer(account!.id);
    const one = (
      await c.send('post', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty: 1 }] }).expect(200)
    ).body;
    expect(lineOf(one, plain.id).price).toBe(listPrice);
    const ten = (
      await c.send('put', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty: 10 }] }).expect(200)
    ).body;
    expect(lineOf(ten, plain.id).price).toBe(tier10());
    // refreshDetails answers one price per id, the price for one: the list's.
    const refreshed = await c.agent
      .get(`/api/products/refreshDetails?ids=${encodeURIComponent(plain.id)}`)
      .expect(200);
    expect(refreshed.body).toEqual([{ id: plain.id, price: listPrice }]);
    // A list dearer than the catalogue no longer raises the price: the catalogue's applies.
    await db.execute(`update price_list_item set price = ? where price_list_id = ? and product_id = ?`, [
      round2(plain.price * 1.2),
      listId,
      plain.id,
    ]);
    const refreshedAgain = await c.agent.get(
      `/api/products/refreshDetails?ids=${encodeURIComponent(plain.id)}`,
    );
    expect(refreshedAgain.body).toEqual([{ id: plain.id, price: plain.price }]);
  });

  it('partners and cards read the tiers: priceTiers, priceOffers, fromPrice at the lowest tier', async () => {
    const visitor = await t.client();
    const res = await visitor.gql<{
      product: { price: number; priceTiers: unknown[]; priceOffers: unknown[] };
      productRefreshDetails: unknown[];
    }>(
      `query($id: ID!, $ids: [ID!]!) {
        product(id: $id) { price priceTiers { minQuantity unitPrice savingPct } priceOffers { price breaks { minQuantity price } } }
        productRefreshDetails(ids: $ids) { id price fromPrice tiered }
      }`,
      { id: plain.id, ids: [plain.id, other.id] },
    );
    const { product, productRefreshDetails } = res.data!;
    expect(product.price).toBe(plain.price);
    expect(product.priceTiers).toEqual([
      { minQuantity: 1, unitPrice: plain.price, savingPct: 0 },
      {
        minQuantity: 10,
        unitPrice: tier10(),
        savingPct: Math.floor(((plain.price - tier10()) / plain.price) * 100 + 1e-9),
      },
      {
        minQuantity: 50,
        unitPrice: tier50(),
        savingPct: Math.floor(((plain.price - tier50()) / plain.price) * 100 + 1e-9),
      },
    ]);
    expect(product.priceOffers).toEqual([
      { price: plain.price, breaks: expect.arrayContaining([{ minQuantity: 10, price: tier10() }]) },
    ]);
    expect(productRefreshDetails).toEqual([
      { id: plain.id, price: plain.price, fromPrice: tier50(), tiered: true },
      { id: other.id, price: other.price, fromPrice: other.price, tiered: false },
    ]);
  });

  it("a site with its own list applies only that list's breaks", async () => {
    const [cad] = await db.execute<{ price: number }[]>(
      `select price::float8 as price from price_list_item where price_list_id = 'site:pay-ca' and product_id = ?`,
      [plain.id],
    );
    const res = await t
      .agent()
      .get(`/api/products/${encodeURIComponent(plain.id)}`)
      .set('Host', PAY_CA)
      .expect(200);
    expect(
      res.body.priceTiers.map((x: { minQuantity: number; unitPrice: number }) => [
        x.minQuantity,
        x.unitPrice,
      ]),
    ).toEqual([
      [1, cad!.price],
      [10, round2(cad!.price * 0.9)],
    ]);
  });

  it('a configured piece takes the break on its whole price, for its own configuration', async () => {
    const [cut] = await db.execute<
      { id: string; price: number; base: number; option: string; rate: number }[]
    >(
      `select p.id, p.price::float8 as price, coalesce(p.base_price, p.price)::float8 as base, o.id as option,
         o.unit_price::float8 as rate
       from product p join product_configuration_option o on o.product_id = p.id and o.code = 'CUT_LENGTH'
       where p.price > 0 and p.id like '%-CUT' order by p.id limit 1`,
    );
    await db.execute(`delete from price_break where product_id = ?`, [cut!.id]);
    await db.execute(
      `insert into price_break (price_list_id, product_id, min_quantity, price) values ('', ?, 10, ?)`,
      [cut!.id, round2(cut!.price * 0.8)],
    );
    const factor = round2(cut!.price * 0.8) / cut!.price;
    const { c, email } = await buyer();
    const item = (qty: number) => ({
      itemId: cut!.id,
      qty,
      configurations: [{ productConfigurationId: cut!.option, value: 1000, type: 'length' }],
    });
    await c.send('post', '/api/user/cart/upsert', { items: [item(1)] }).expect(200);
    const piece = round2(cut!.base + 1000 * cut!.rate);
    const one = lineOf((await c.agent.get('/api/user/cart').expect(200)).body, cut!.id);
    expect(one.price).toBe(piece);
    const ten = lineOf(
      (await c.send('put', '/api/user/cart/upsert', { items: [item(10)] }).expect(200)).body,
      cut!.id,
    );
    expect(ten.price).toBe(round2((cut!.base + 1000 * cut!.rate) * factor));
    // The cart's subtotal is the tiered line's total, not the piece at its price for one.
    expect(ten.lineTotal).toBe(round2(ten.price * 10));
    const cart = (await c.agent.get('/api/user/cart').expect(200)).body;
    expect(cart.subTotal).toBe(ten.lineTotal);
    // The order charges the same, and keeps the tier.
    const placed = await c
      .send('post', '/api/checkout/place-order', checkoutBody(email, await authorisedCard(c)))
      .set('Idempotency-Key', randomUUID())
      .expect(200);
    expect(placed.body.order.subTotal).toBe(ten.lineTotal);
    expect(placed.body.order.lines[0]).toMatchObject({
      price: ten.price,
      tierMinQuantity: 10,
      unitPriceForOne: piece,
    });
    expect(ten.tier?.minQuantity).toBe(10);
    expect(ten.priceTiers[0]!.unitPrice).toBe(piece);
  });

  it('an order keeps the tier its price came from and the price for one it was lowered from', async () => {
    const { c, email } = await buyer();
    await c
      .send('post', '/api/user/cart/upsert', {
        items: [
          { itemId: plain.id, qty: 12 },
          { itemId: other.id, qty: 1 },
        ],
      })
      .expect(200);
    const placed = await c
      .send('post', '/api/checkout/place-order', checkoutBody(email, await authorisedCard(c)))
      .set('Idempotency-Key', randomUUID())
      .expect(200);
    const res = await c.gql<{
      order: {
        lines: {
          itemId: string;
          price: number;
          tierMinQuantity: number;
          unitPriceForOne: number | null;
          lineTotal: number;
        }[];
      };
    }>(
      `query($id: ID!) { order(id: $id) { lines { itemId price tierMinQuantity unitPriceForOne lineTotal } } }`,
      { id: placed.body.order.id },
    );
    const lines = res.data!.order.lines;
    expect(lines.find((l) => l.itemId === plain.id)).toEqual({
      itemId: plain.id,
      price: tier10(),
      tierMinQuantity: 10,
      unitPriceForOne: plain.price,
      lineTotal: round2(tier10() * 12),
    });
    expect(lines.find((l) => l.itemId === other.id)).toMatchObject({
      tierMinQuantity: 1,
      unitPriceForOne: null,
    });
  });

  it("staff replace a list's breaks, refused row by row unless each is below the one before; audited; shoppers may not", async () => {
    const SET = `mutation($productId: ID!, $priceListId: String, $breaks: [PriceBreakInput!]!) {
      setPriceBreaks(productId: $productId, priceListId: $priceListId, breaks: $breaks) {
        lists { priceListId siteId price breaks { minQuantity price } }
      }
    }`;
    const { c: staff } = await buyer(null, ROLES.Service);
    const at = (n: number) => round2(other.price * n);
    const saved = await staff.gql<{
      setPriceBreaks: {
        lists: { priceListId: string; siteId: string | null; price: number; breaks: unknown[] }[];
      };
    }>(SET, {
      productId: other.id,
      breaks: [
        { minQuantity: 25, price: at(0.9) },
        { minQuantity: 5, price: at(0.97) },
      ],
    });
    expect(saved.errors).toBeUndefined();
    const lists = saved.data!.setPriceBreaks.lists;
    expect(lists[0]).toEqual({
      priceListId: '',
      siteId: null,
      price: other.price,
      breaks: [
        { minQuantity: 5, price: at(0.97) },
        { minQuantity: 25, price: at(0.9) },
      ],
    });
    expect(lists.find((l) => l.priceListId === 'site:pay-ca')?.siteId).toBe('pay-ca');
    // One price.changed for the catalogue's own list and this product, with its new tiers.
    expect(await eventsOf(t, 'price', `catalog:${other.id}`)).toEqual([
      expect.objectContaining({
        type: 'price.changed',
        seq: 1,
        payload: {
          priceListId: null,
          productId: other.id,
          price: other.price,
          breaks: [
            { minQuantity: 25, price: at(0.9) },
            { minQuantity: 5, price: at(0.97) },
          ],
        },
      }),
    ]);
    // The shop prices from them at once.
    const visitor = await t.client();
    const read = await visitor.gql<{ product: { priceTiers: { minQuantity: number }[] } }>(
      `query($id: ID!) { product(id: $id) { priceTiers { minQuantity } } }`,
      { id: other.id },
    );
    expect(read.data!.product.priceTiers.map((x) => x.minQuantity)).toEqual([1, 5, 25]);
    const [audit] = await db.execute<{ action: string; after: { breaks: unknown[] } }[]>(
      `select action, after from audit_log where target_id = ? order by id desc limit 1`,
      [other.id],
    );
    expect(audit).toMatchObject({
      action: 'prices.set-breaks',
      after: { breaks: [{ minQuantity: 25 }, { minQuantity: 5 }] },
    });

    const refused = async (priceListId: string, breaks: { minQuantity: number; price: number }[]) =>
      (await staff.gql(SET, { productId: other.id, priceListId, breaks })).errors?.[0]?.extensions?.fields;
    expect(await refused('', [{ minQuantity: 1, price: at(0.9) }])).toEqual([
      { field: 'breaks[0].minQuantity', message: PRICE_BREAK_MESSAGES.minQuantity },
    ]);
    expect(await refused('', [{ minQuantity: 10, price: other.price }])).toEqual([
      { field: 'breaks[0].price', message: PRICE_BREAK_MESSAGES.notLower },
    ]);
    // 50+ dearer than 10+: the 50+ row is named.
    expect(
      await refused('', [
        { minQuantity: 10, price: at(0.8) },
        { minQuantity: 50, price: at(0.9) },
      ]),
    ).toEqual([{ field: 'breaks[1].price', message: PRICE_BREAK_MESSAGES.notLower }]);
    expect(
      await refused('', [
        { minQuantity: 10, price: at(0.8) },
        { minQuantity: 10, price: at(0.7) },
      ]),
    ).toContainEqual({ field: 'breaks[1].minQuantity', message: PRICE_BREAK_MESSAGES.sameQuantity });
    expect(await refused('PL-NOT-PRICING-IT', [{ minQuantity: 10, price: 1 }])).toEqual([
      { field: 'priceListId', message: PRICE_BREAK_MESSAGES.noPrice },
    ]);
    // Nothing refused was written.
    const after = await visitor.gql<{ product: { priceTiers: { minQuantity: number }[] } }>(
      `query($id: ID!) { product(id: $id) { priceTiers { minQuantity } } }`,
      { id: other.id },
    );
    expect(after.data!.product.priceTiers.map((x) => x.minQuantity)).toEqual([1, 5, 25]);
    // An empty list clears them; a shopper is refused.
    const cleared = await staff.gql<{ setPriceBreaks: { lists: { breaks: unknown[] }[] } }>(SET, {
      productId: other.id,
      breaks: [],
    });
    expect(cleared.data!.setPriceBreaks.lists[0]!.breaks).toEqual([]);
    const { c: shopper } = await buyer();
    const forbidden = await shopper.gql(SET, { productId: other.id, breaks: [] });
    expect(forbidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
