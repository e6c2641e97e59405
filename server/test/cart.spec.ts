import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freight } from '../../domain/money';
import { IDEMPOTENCY_KEY_MESSAGE } from '../../domain/idempotency';
import { randomUUID } from 'node:crypto';
import { authorisedCard, checkoutBody } from './fixtures';
import { createTestApp, type Client, type TestApp } from './harness';

let t: TestApp;
const PASSWORD = 'Cart-Rail-2020!';
let db: ReturnType<TestApp['orm']['em']['getConnection']>;

interface Option {
  id: string;
  code: string;
  unitPrice: number;
}
/** A priced plain product, a priced cut-to-length one (with its options), a restricted one. */
let plain: { id: string; price: number };
let plain2: { id: string; price: number };
let cut: { id: string; basePrice: number; options: Option[] };
let quoteOnly: string;

beforeAll(async () => {
  t = await createTestApp();
  db = t.orm.em.getConnection();
  [plain, plain2] = (await db.execute<{ id: string; price: number }[]>(
    `select id, price::float8 as price from product p where price is not null
       and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
       and min_transfer <= 1 and minimum_purchase_quantity <= 1 and allowed_states = '{}'
     order by id limit 2`,
  )) as [typeof plain, typeof plain2];
  const [c] = await db.execute<{ id: string; basePrice: number }[]>(
    `select p.id, coalesce(p.base_price, p.price)::float8 as "basePrice" from product p
     where p.price is not null and p.id like '%-CUT' order by p.id limit 1`,
  );
  const options = await db.execute<Option[]>(
    'select id, code, unit_price::float8 as "unitPrice" from product_configuration_option where product_id = ?',
    [c!.id],
  );
  cut = { ...c!, options };
  quoteOnly = (
    await db.execute<{ id: string }[]>(
      `select id from product p where price is null
         and not exists (select 1 from product_configuration_option o where o.product_id = p.id) limit 1`,
    )
  )[0]!.id;
});
afterAll(async () => t.close());

const cutLength = (mm: number) => ({
  productConfigurationId: cut.options.find((o) => o.code === 'CUT_LENGTH')!.id,
  value: mm,
  type: 'length',
});

async function cartOf(c: Client) {
  return (await c.agent.get('/api/user/cart').expect(200)).body;
}

describe('the anonymous cart', () => {
  it('starts empty, then adds, grows a matching line, appends a different configuration', async () => {
    const c = await t.client();
    const empty = await cartOf(c);
    // Spec section 3, Cart: id default -1, currencyCode default usd; every field present.
    expect(empty).toMatchObject({
      id: -1,
      cartId: -1,
      orderLines: [],
      total: 0,
      subTotal: 0,
      otherCharges: 0,
      freightAmt: 0,
      taxAmount: 0,
      taxPct: 0,
      taid: '',
      taxGeoCode: '',
      intentAmount: 0,
      setupIntentId: '',
      paymentIntentId: '',
      clientSecret: '',
      note: '',
      createdById: -1,
      updatedById: -1,
      customerId: -1,
      statusId: 0,
      totalQuantity: 0,
      currencyCode: 'usd',
    });
    expect(Object.keys(empty)).toEqual(expect.arrayContaining(['createdDate', 'updatedDate']));

    await c.send('post', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty: 2 }] }).expect(200);
    await c.send('post', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty: 3 }] }).expect(200);
    await c
      .send('post', '/api/user/cart/upsert', {
        items: [{ itemId: cut.id, qty: 1, configurations: [cutLength(500)] }],
      })
      .expect(200);
    const res = await c
      .send('post', '/api/user/cart/upsert', {
        items: [{ itemId: cut.id, qty: 2, configurations: [cutLength(750)] }],
      })
      .expect(200);
    const cart = res.body;
    expect(cart.orderLines.map((l: { id: string; quantity: number }) => [l.id, l.quantity])).toEqual([
      [plain.id, 5],
      [cut.id, 1],
      [cut.id, 2],
    ]);
    expect(cart.totalQuantity).toBe(8);
    // Configured unit price: basePrice + mm x price per mm, to the cent; lines and totals from domain rules.
    const perMm = cut.options.find((o) => o.code === 'CUT_LENGTH')!.unitPrice;
    const unit500 = Math.round((cut.basePrice + 500 * perMm) * 100) / 100;
    expect(cart.orderLines[1].price).toBeCloseTo(unit500, 2);
    const subTotal =
      Math.round(cart.orderLines.reduce((s: number, l: { lineTotal: number }) => s + l.lineTotal, 0) * 100) /
      100;
    expect(cart.subTotal).toBeCloseTo(subTotal, 2);
    expect(cart.freightAmt).toBe(freight(subTotal));
    expect(cart.total).toBeCloseTo(subTotal + cart.freightAmt, 2);
    expect(cart.cartId).toBe(cart.id);
  });

  it('gives a browsing visitor no session until the first add, which keeps the cart in a new one', async () => {
    const c = await t.client();
    const sessionCookie = (res: { headers: Record<string, unknown> }) =>
      ([res.headers['set-cookie'] ?? []].flat() as string[]).find((v) => v.startsWith('axl.sid='));
    const [{ n: before }] = await db.execute<[{ n: number }]>('select count(*)::int as n from session');
    for (const path of [`/api/products/${encodeURIComponent(plain.id)}`, '/api/user/cart']) {
      expect(sessionCookie(await c.agent.get(path).expect(200))).toBeUndefined();
    }
    const emptied = await c.send('delete', '/api/user/cart').expect(200);
    expect(sessionCookie(emptied)).toBeUndefined();
    const [{ n: browsed }] = await db.execute<[{ n: number }]>('select count(*)::int as n from session');
    expect(browsed).toBe(before);

    const added = await c
      .send('post', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty: 1 }] })
      .expect(200);
    expect(sessionCookie(added)).toBeDefined();
    expect((await cartOf(c)).orderLines.map((l: { id: string }) => l.id)).toEqual([plain.id]);
  });

  it('sets quantities (PUT), removes a line and empties the cart', async () => {
    const c = await t.client();
    await c.send('post', '/api/user/cart/upsert', {
      items: [
        { itemId: plain.id, qty: 2 },
        { itemId: plain2.id, qty: 1 },
      ],
    });
    const set = await c
      .send('put', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty: 7 }] })
      .expect(200);
    expect(set.body.orderLines[0].quantity).toBe(7);
    const removed = await c
      .send('put', '/api/user/cart/remove', { items: [{ cartLineId: set.body.orderLines[1].cartLineId }] })
      .expect(200);
    expect(removed.body.orderLines.map((l: { id: string }) => l.id)).toEqual([plain.id]);
    const cleared = await c.send('delete', '/api/user/cart').expect(200);
    expect(cleared.body.orderLines).toEqual([]);
  });

  it("keeps quote-only lines but marks the cart, and never touches another visitor's lines", async () => {
    const a = await t.client();
    const b = await t.client();
    const added = await a
      .send('post', '/api/user/cart/upsert', { items: [{ itemId: quoteOnly, qty: 1 }] })
      .expect(200);
    expect(added.body.hasUnpricedItem).toBe(true);
    expect(added.body.orderLines[0].price).toBeNull();
    await b
      .send('put', '/api/user/cart/remove', { items: [{ cartLineId: added.body.orderLines[0].cartLineId }] })
      .expect(200);
    expect((await cartOf(a)).orderLines).toHaveLength(1);
  });
});

describe('bad input', () => {
  it('answers every problem next to its field, and writes nothing', async () => {
    const c = await t.client();
    const res = await c
      .send('post', '/api/user/cart/upsert', {
        items: [
          { itemId: plain.id, qty: 1 },
          { itemId: 'NO-SUCH-PART', qty: 1 },
          { itemId: cut.id, qty: 1, configurations: [cutLength(10)] },
          { itemId: cut.id, qty: 1 },
        ],
      })
      .expect(400);
    const fields = Object.fromEntries(
      res.body.error.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(fields['items[1].itemId']).toBe('Part NO-SUCH-PART is not in the catalogue.');
    expect(fields['items[2].configurations[0].value']).toBe('Cut Length must be at least 25 mm.');
    expect(fields['items[3].configurations']).toBe(`Cut Length is required for ${cut.id}.`);
    expect((await cartOf(c)).orderLines).toEqual([]);
  });

  it('refuses a zero or fractional quantity with the schema message', async () => {
    const c = await t.client();
    const res = await c
      .send('post', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty: 0.5 }] })
      .expect(400);
    expect(res.body.error.fields[0]).toEqual({
      field: 'items[0].qty',
      message: 'Quantity must be a whole number from 1 to 100,000',
    });
  });

  it('refuses a write without the CSRF token', async () => {
    const c = await t.client();
    await c.agent
      .post('/api/user/cart/upsert')
      .send({ items: [{ itemId: plain.id, qty: 1 }] })
      .expect(403);
  });
});

describe('the line limit', () => {
  it('refuses a write that would pass 200 lines, whole', async () => {
    const ids = (
      await db.execute<{ id: string }[]>(
        `select id from product p where price is not null and minimum_purchase_quantity <= 1 and min_transfer <= 1
           and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
         order by id limit 201`,
      )
    ).map((r) => r.id);
    const c = await t.client();
    for (const chunk of [ids.slice(0, 100), ids.slice(100, 199)]) {
      await c
        .send('post', '/api/user/cart/upsert', { items: chunk.map((itemId) => ({ itemId, qty: 1 })) })
        .expect(200);
    }
    const res = await c
      .send('post', '/api/user/cart/upsert', {
        items: [{ itemId: ids[0], qty: 1 }, ...ids.slice(199).map((itemId) => ({ itemId, qty: 1 }))],
      })
      .expect(400);
    expect(res.body.error.message).toMatch(/at most 200 lines/);
    const cart = await cartOf(c);
    expect(cart.orderLines).toHaveLength(199);
    expect(cart.orderLines[0].quantity).toBe(1);
  });
});

describe('concurrency', () => {
  it('20 concurrent add-to-cart calls on one cart add up exactly', async () => {
    const c = await t.client();
    await c.send('post', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty: 1 }] }).expect(200);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        c.send('post', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty: 2 }] }).expect(200),
      ),
    );
    const cart = await cartOf(c);
    expect(cart.orderLines).toHaveLength(1);
    expect(cart.orderLines[0].quantity).toBe(41);
  });
});

describe('an add sent again (a retry, a balancer replaying it after a store died)', () => {
  it('is applied once per Idempotency-Key, on REST and GraphQL, even sent at once; a new key adds again', async () => {
    const c = await t.client();
    const key = randomUUID();
    const add = (k: string, qty = 2) =>
      c
        .send('post', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty }] })
        .set('Idempotency-Key', k)
        .expect(200);
    // The first add makes the visitor's cart; the same request twice at once, then again.
    await add(key);
    await Promise.all([add(key), add(key)]);
    const replayed = await add(key);
    expect(replayed.body.orderLines.map((l: { quantity: number }) => l.quantity)).toEqual([2]);
    await add(randomUUID(), 3);
    expect((await cartOf(c)).orderLines[0].quantity).toBe(5);

    const gqlAdd = (k: string) =>
      c.gql<{ addToCart: { totalQuantity: number } }>(
        `mutation($items: [CartItemInput!]!, $key: String) { addToCart(items: $items, idempotencyKey: $key) { totalQuantity } }`,
        { items: [{ itemId: plain2.id, qty: 1 }], key: k },
      );
    const gqlKey = randomUUID();
    expect((await gqlAdd(gqlKey)).data!.addToCart.totalQuantity).toBe(6);
    expect((await gqlAdd(gqlKey)).data!.addToCart.totalQuantity).toBe(6);
    // Without a key an add is applied each time, as before.
    await c.send('post', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty: 1 }] }).expect(200);
    expect((await cartOf(c)).totalQuantity).toBe(7);
  });

  it('refuses a malformed key with its message, adding nothing', async () => {
    const c = await t.client();
    const res = await c
      .send('post', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty: 1 }] })
      .set('Idempotency-Key', 'short')
      .expect(400);
    expect(res.body.error.fields).toEqual([{ field: 'idempotencyKey', message: IDEMPOTENCY_KEY_MESSAGE }]);
    expect((await cartOf(c)).totalQuantity).toBe(0);
  });
});

describe('signing in', () => {
  it("merges the anonymous cart into the user's: local quantities win, local-only lines are appended", async () => {
    const email = `merge.${Date.now()}@plant.example`;
    await t.createUser({ email, password: PASSWORD });
    // The user's saved cart, from an earlier visit: plain x 1, plain2 x 4.
    const earlier = await t.client();
    await earlier.signIn(email, PASSWORD);
    await earlier.send('post', '/api/user/cart/upsert', {
      items: [
        { itemId: plain.id, qty: 1 },
        { itemId: plain2.id, qty: 4 },
      ],
    });

    const c = await t.client();
    await c.send('post', '/api/user/cart/upsert', {
      items: [
        { itemId: plain2.id, qty: 9 },
        { itemId: cut.id, qty: 1, configurations: [cutLength(500)] },
      ],
    });
    await c.signIn(email, PASSWORD);
    const cart = await cartOf(c);
    expect(cart.orderLines.map((l: { id: string; quantity: number }) => [l.id, l.quantity])).toEqual([
      [plain.id, 1],
      [plain2.id, 9],
      [cut.id, 1],
    ]);
    // The anonymous cart is gone; the other session sees the same (user's) cart.
    expect((await cartOf(earlier)).orderLines).toHaveLength(3);
  });

  it("prices the cart from the account's price list and estimates tax for the primary address (none if exempt)", async () => {
    const [account] = await db.execute<{ id: string }[]>(
      `insert into business_account (company, price_list_id, tax_exempt) values ('Price List Co', 'PL-TEST', false) returning id`,
    );
    await db.execute(
      `insert into price_list_item (price_list_id, product_id, price) values ('PL-TEST', ?, 1.11)`,
      [plain.id],
    );
    const email = `pricelist.${Date.now()}@plant.example`;
    const userId = await t.createUser({ email, password: PASSWORD, accountId: account!.id });
    const [address] = await db.execute<{ id: string }[]>(
      `insert into address (user_id, name, address_line1, city, state, zip, email)
       values (?, 'Dock 4', '1 Main St', 'Charlotte', 'NC', '28202', ?) returning id`,
      [userId, email],
    );
    await db.execute('update app_user set primary_address_id = ? where id = ?', [address!.id, userId]);
    const c = await t.client();
    await c.signIn(email, PASSWORD);
    const cart = (
      await c.send('post', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty: 10 }] }).expect(200)
    ).body;
    expect(cart.orderLines[0].price).toBe(1.11);
    expect(cart.subTotal).toBe(11.1);
    expect(cart).toMatchObject({
      taxState: 'NC',
      taxPct: 4.75,
      taxGeoCode: '37',
      taxAmount: 0.53,
      freightAmt: 7.5,
    });
    expect(cart.total).toBe(19.13);
    const refreshed = await c.agent
      .get(`/api/products/refreshDetails?ids=${encodeURIComponent(plain.id)}`)
      .expect(200);
    expect(refreshed.body).toEqual([{ id: plain.id, price: 1.11 }]);

    await db.execute('update business_account set tax_exempt = true where id = ?', [account!.id]);
    expect((await cartOf(c)).taxAmount).toBe(0);
  });
});

describe('GraphQL', () => {
  it('adds, reads and removes through the same service', async () => {
    const c = await t.client();
    const added = await c.gql<{
      addToCart: { totalQuantity: number; orderLines: { cartLineId: string; itemId: string }[] };
    }>(
      `mutation($items: [CartItemInput!]!) { addToCart(items: $items) { totalQuantity orderLines { cartLineId itemId } } }`,
      { items: [{ itemId: plain.id, qty: 3 }] },
    );
    expect(added.data!.addToCart.totalQuantity).toBe(3);
    const bad = await c.gql(`mutation { addToCart(items: [{ itemId: "NOPE", qty: 1 }]) { totalQuantity } }`);
    expect(bad.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    const removed = await c.gql<{ removeFromCart: { totalQuantity: number } }>(
      `mutation($ids: [ID!]!) { removeFromCart(cartLineIds: $ids) { totalQuantity } }`,
      { ids: [added.data!.addToCart.orderLines[0]!.cartLineId] },
    );
    expect(removed.data!.removeFromCart.totalQuantity).toBe(0);
  });

  it("gives the spec's Cart fields: -1 for a visitor's ids, the user's own ids, the tax area, no other buyer's intent", async () => {
    const visitor = await t.client();
    const fields = `id cartId taid intentAmount setupIntentId paymentIntentId clientSecret createdById updatedById
      customerId statusId currencyCode`;
    const empty = await visitor.gql<{ cart: Record<string, unknown> }>(`{ cart { ${fields} } }`);
    expect(empty.data!.cart).toEqual({
      id: '-1',
      cartId: '-1',
      taid: '',
      intentAmount: 0,
      setupIntentId: '',
      paymentIntentId: '',
      clientSecret: '',
      createdById: '-1',
      updatedById: '-1',
      customerId: '-1',
      statusId: 0,
      currencyCode: 'usd',
    });
    const email = `cart.fields.${Date.now()}@plant.example`;
    const id = await t.createUser({ email, password: PASSWORD });
    const buyer = await t.client();
    await buyer.signIn(email, PASSWORD);
    await buyer.gql(`mutation($items: [CartItemInput!]!) { addToCart(items: $items) { totalQuantity } }`, {
      items: [{ itemId: plain.id, qty: 1 }],
    });
    const nc = await buyer.gql<{ cart: Record<string, unknown> }>(`{ cart(state: "NC") { ${fields} } }`);
    expect(nc.data!.cart).toMatchObject({ createdById: id, updatedById: id, taid: '370000000', statusId: 0 });
    expect(nc.data!.cart.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(nc.data!.cart.clientSecret).toBe('');
  });

  it("names each line's categories from the top, as analytics maps them to item_category, item_category2…", async () => {
    const c = await t.client();
    const [expected] = await db.execute<{ names: string[] }[]>(
      `with recursive up as (
         select c.id, c.name, c.parent_id, 0 as depth from product p join category c on c.id = p.category_id
         where p.id = ?
         union all
         select c.id, c.name, c.parent_id, up.depth + 1 from category c join up on c.id = up.parent_id)
       select array_agg(name order by depth desc) as names from up`,
      [plain.id],
    );
    const added = await c.gql<{ addToCart: { orderLines: { categories: string[] }[] } }>(
      `mutation($items: [CartItemInput!]!) { addToCart(items: $items) { orderLines { categories } } }`,
      { items: [{ itemId: plain.id, qty: 1 }] },
    );
    expect(expected!.names.length).toBeGreaterThanOrEqual(2);
    expect(added.data!.addToCart.orderLines[0]!.categories).toEqual(expected!.names);
  });
});

describe("the cart's revision (decision 055)", () => {
  const revisionOf = async (c: Client) => (await cartOf(c)).revision as number;

  it('grows with every change to the lines: add, set, remove, empty; a read leaves it', async () => {
    const c = await t.client();
    expect(await revisionOf(c)).toBe(0);
    const seen: number[] = [];
    const added = await c
      .send('post', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty: 2 }] })
      .expect(200);
    seen.push(added.body.revision);
    seen.push(
      (await c.send('post', '/api/user/cart/upsert', { items: [{ itemId: plain2.id, qty: 1 }] }).expect(200))
        .body.revision,
    );
    seen.push(
      (await c.send('put', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty: 5 }] }).expect(200))
        .body.revision,
    );
    expect(await revisionOf(c)).toBe(seen.at(-1));
    const lineId = (await cartOf(c)).orderLines[1].cartLineId as string;
    seen.push(
      (await c.send('put', '/api/user/cart/remove', { items: [{ cartLineId: lineId }] }).expect(200)).body
        .revision,
    );
    seen.push((await c.send('delete', '/api/user/cart').expect(200)).body.revision);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
    expect(seen[0]).toBeGreaterThan(0);
    // GraphQL answers the same revision.
    const gql = await c.gql<{ cart: { revision: number } }>('{ cart { revision } }');
    expect(gql.data!.cart.revision).toBe(seen.at(-1));
  });

  it('grows when an order takes the lines, as another device of the account sees it', async () => {
    const email = `revision.${randomUUID()}@plant.example`;
    await t.createUser({ email, password: PASSWORD });
    const desktop = await t.client();
    await desktop.signIn(email, PASSWORD);
    const before = (
      await desktop
        .send('post', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty: 3 }] })
        .expect(200)
    ).body.revision as number;

    const phone = await t.client();
    await phone.signIn(email, PASSWORD);
    expect(await revisionOf(phone)).toBe(before);
    await phone
      .send('post', '/api/checkout/place-order', checkoutBody(email, await authorisedCard(phone)))
      .set('Idempotency-Key', randomUUID())
      .expect(200);

    const after = await cartOf(desktop);
    expect(after.orderLines).toEqual([]);
    expect(after.revision).toBeGreaterThan(before);
  });

  it("grows when a visitor's cart merges into the user's at sign-in", async () => {
    const email = `revision.merge.${randomUUID()}@plant.example`;
    await t.createUser({ email, password: PASSWORD });
    const earlier = await t.client();
    await earlier.signIn(email, PASSWORD);
    const before = (
      await earlier
        .send('post', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty: 1 }] })
        .expect(200)
    ).body.revision as number;
    const c = await t.client();
    await c.send('post', '/api/user/cart/upsert', { items: [{ itemId: plain2.id, qty: 2 }] }).expect(200);
    await c.signIn(email, PASSWORD);
    expect(await revisionOf(earlier)).toBeGreaterThan(before);
  });
});
