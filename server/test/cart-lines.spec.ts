import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ROLES } from '../../domain/roles';
import type { OrderView } from '../src/modules/order/order.service';
import {
  authorisedCard,
  cardOrder,
  checkoutBody,
  eventsOf,
  FIXTURE_PASSWORD,
  orderEditInput,
  plainProducts,
} from './fixtures';
import { createTestApp, type Client, type TestApp } from './harness';

/** A part's maximum per order (decision 063): staff set it in the console; the cart, checkout and order edit hold to it. */
let t: TestApp;
let db: ReturnType<TestApp['orm']['em']['getConnection']>;
let parts: { id: string; price: number }[];
let packPart: { id: string; minimumPurchaseQuantity: number };

const fieldsOf = (body: { error: { fields: { field: string; message: string }[] } }) =>
  Object.fromEntries(body.error.fields.map((f) => [f.field, f.message]));

async function staff(role: number = ROLES.Service): Promise<Client> {
  const email = `lines.staff.${randomUUID()}@axisline.example`;
  await t.createUser({ email, password: FIXTURE_PASSWORD, role });
  const c = await t.client();
  await c.signIn(email, FIXTURE_PASSWORD);
  return c;
}

async function buyer(): Promise<{ c: Client; email: string }> {
  const email = `lines.${randomUUID()}@plant.example`;
  await t.createUser({ email, password: FIXTURE_PASSWORD });
  const c = await t.client();
  await c.signIn(email, FIXTURE_PASSWORD);
  return { c, email };
}

const SET_MAX = `mutation($id: ID!, $max: Int) {
  setMaxOrderQuantity(productId: $id, maxOrderQuantity: $max) { productId minimumQuantity maxOrderQuantity } }`;

beforeAll(async () => {
  t = await createTestApp();
  db = t.orm.em.getConnection();
  parts = await plainProducts(t, 4);
  packPart = (
    await db.execute<{ id: string; minimumPurchaseQuantity: number }[]>(
      `select id, minimum_purchase_quantity as "minimumPurchaseQuantity" from product p
       where min_transfer > 1 and minimum_purchase_quantity > 1 and price is not null and allowed_states = '{}'
         and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
       order by id limit 1`,
    )
  )[0]!;
});
afterAll(async () => t.close());

describe('staff set the maximum in the console', () => {
  it('a whole number from the minimum, or none; the shop reads it on the product', async () => {
    const s = await staff();
    const part = parts[0]!.id;
    const set = await s.gql<{ setMaxOrderQuantity: unknown }>(SET_MAX, { id: part, max: 5 });
    expect(set.data!.setMaxOrderQuantity).toEqual({
      productId: part,
      minimumQuantity: 1,
      maxOrderQuantity: 5,
    });
    const shop = await t.client();
    const product = await shop.gql<{ product: { maxOrderQuantity: number | null } }>(
      `query($id: ID!) { product(id: $id) { maxOrderQuantity } }`,
      { id: part },
    );
    expect(product.data!.product.maxOrderQuantity).toBe(5);
    const rest = await shop.agent.get(`/api/products/${encodeURIComponent(part)}`).expect(200);
    expect(rest.body.maxOrderQuantity).toBe(5);
    const zero = await s.gql(SET_MAX, { id: part, max: 0 });
    const message = 'Enter a whole number of at least 1, or leave it empty for no maximum.';
    expect(zero.errors?.[0]?.extensions?.fields).toEqual([{ field: 'maxOrderQuantity', message }]);
    const cleared = await s.gql<{ setMaxOrderQuantity: { maxOrderQuantity: number | null } }>(SET_MAX, {
      id: part,
      max: null,
    });
    expect(cleared.data!.setMaxOrderQuantity.maxOrderQuantity).toBeNull();
    // Each accepted change is a product.changed event; the refused one wrote none.
    const changes = (await eventsOf(t, 'product', part)).map((e) => [e.type, e.payload.changes]);
    expect(changes.slice(-2)).toEqual([
      ['product.changed', { maxOrderQuantity: 5 }],
      ['product.changed', { maxOrderQuantity: null }],
    ]);
  });

  it('a part with a minimum takes no maximum below it; a pack part counts packs from 1', async () => {
    const s = await staff();
    const minPart = parts[0]!.id;
    await db.execute('update product set minimum_purchase_quantity = 4 where id = ?', [minPart]);
    const below = await s.gql(SET_MAX, { id: minPart, max: 3 });
    expect(below.errors?.[0]?.message).toBe(
      'Enter a whole number of at least 4, or leave it empty for no maximum.',
    );
    expect((await s.gql(SET_MAX, { id: minPart, max: 4 })).errors).toBeUndefined();
    await db.execute(
      'update product set minimum_purchase_quantity = 1, max_order_quantity = null where id = ?',
      [minPart],
    );
    const packs = await s.gql<{ setMaxOrderQuantity: unknown }>(SET_MAX, { id: packPart.id, max: 1 });
    expect(packs.data!.setMaxOrderQuantity).toEqual({
      productId: packPart.id,
      minimumQuantity: 1,
      maxOrderQuantity: 1,
    });
    await s.gql(SET_MAX, { id: packPart.id, max: null });
  });

  it('a buyer may not set it', async () => {
    const { c } = await buyer();
    const res = await c.gql(SET_MAX, { id: parts[0]!.id, max: 3 });
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('the cart holds to the maximum', () => {
  it('an add over it is refused next to the quantity; an add growing the line over it too; a quantity set over it', async () => {
    const part = parts[1]!.id;
    await db.execute('update product set max_order_quantity = 6 where id = ?', [part]);
    const { c } = await buyer();
    const message = `You can order at most 6 of ${part} in one order.`;
    const over = await c
      .send('post', '/api/user/cart/upsert', { items: [{ itemId: part, qty: 7 }] })
      .expect(400);
    expect(over.body.error.message).toBe(message);
    expect(fieldsOf(over.body)).toEqual({ 'items[0].qty': message });
    await c.send('post', '/api/user/cart/upsert', { items: [{ itemId: part, qty: 4 }] }).expect(200);
    const grown = await c
      .send('post', '/api/user/cart/upsert', { items: [{ itemId: part, qty: 3 }] })
      .expect(400);
    expect(fieldsOf(grown.body)).toEqual({ 'items[0].qty': message });
    const set = await c
      .send('put', '/api/user/cart/upsert', { items: [{ itemId: part, qty: 9 }] })
      .expect(400);
    expect(fieldsOf(set.body)).toEqual({ 'items[0].qty': message });
    const at = await c
      .send('put', '/api/user/cart/upsert', { items: [{ itemId: part, qty: 6 }] })
      .expect(200);
    expect(at.body.orderLines).toEqual([
      expect.objectContaining({ id: part, quantity: 6, maxOrderQuantity: 6 }),
    ]);
    // A saved list is not an order: it may keep more.
    const list = await c.gql<{ createSavedList: { id: string } }>(
      `mutation { createSavedList(input: { name: "Spares" }) { id } }`,
    );
    const saved = await c.gql(
      `mutation($id: ID!, $items: [CartItemInput!]!) { addToSavedList(listId: $id, items: $items) { id } }`,
      { id: list.data!.createSavedList.id, items: [{ itemId: part, qty: 50 }] },
    );
    expect(saved.errors).toBeUndefined();
  });

  it('a pack part counts packs: over its maximum of packs is refused, at it accepted', async () => {
    await db.execute('update product set max_order_quantity = 2 where id = ?', [packPart.id]);
    const { c } = await buyer();
    const over = await c
      .send('post', '/api/user/cart/upsert', { items: [{ itemId: packPart.id, qty: 3 }] })
      .expect(400);
    expect(fieldsOf(over.body)).toEqual({
      'items[0].qty': `You can order at most 2 of ${packPart.id} in one order.`,
    });
    await c.send('post', '/api/user/cart/upsert', { items: [{ itemId: packPart.id, qty: 2 }] }).expect(200);
    await db.execute('update product set max_order_quantity = null where id = ?', [packPart.id]);
  });

  it('a line that became over the maximum is refused at checkout, and the order is placed once it is lowered', async () => {
    const part = parts[2]!.id;
    const { c, email } = await buyer();
    await c.send('post', '/api/user/cart/upsert', { items: [{ itemId: part, qty: 8 }] }).expect(200);
    await db.execute('update product set max_order_quantity = 5 where id = ?', [part]);
    const body = checkoutBody(email, await authorisedCard(c));
    const refused = await c
      .send('post', '/api/checkout/place-order', body)
      .set('Idempotency-Key', randomUUID())
      .expect(400);
    const message = `You can order at most 5 of ${part} in one order.`;
    expect(refused.body.error.message).toBe(message);
    expect(fieldsOf(refused.body)).toEqual({ cart: message });
    // The cart is left as it was; lowered to the maximum, it checks out.
    expect((await c.agent.get('/api/user/cart').expect(200)).body.orderLines[0].quantity).toBe(8);
    await c.send('put', '/api/user/cart/upsert', { items: [{ itemId: part, qty: 5 }] }).expect(200);
    await c.send('post', '/api/checkout/place-order', body).set('Idempotency-Key', randomUUID()).expect(200);
  });
});

describe("the console's order edit holds to the maximum", () => {
  const UPDATE = `mutation($id: ID!, $version: Int!, $input: AdminOrderInput!) {
    updateOrder(id: $id, version: $version, input: $input) { version lines { quantity } } }`;

  it('a quantity raised over it is refused next to the line; an order already over it may still be lowered', async () => {
    const part = parts[3]!.id;
    const { order } = await cardOrder(t, [{ itemId: part, qty: 4 }]);
    await db.execute('update product set max_order_quantity = 3 where id = ?', [part]);
    const s = await staff(ROLES.CustomerService);
    const [version] = await db.execute<{ version: number }[]>(
      'select version from customer_order where id = ?',
      [order.id],
    );
    const edit = (o: OrderView, quantity: number) => {
      const price = o.lines[0]!.price;
      const subTotal = Math.round(price * quantity * 100) / 100;
      return orderEditInput(o, {
        lines: [{ id: o.lines[0]!.id, quantity, price, configurations: [] }],
        shippingCharges: o.freightAmt,
        taxAmount: 0,
        totalAmount: Math.round((subTotal + o.freightAmt) * 100) / 100,
      });
    };
    const raised = await s.gql(UPDATE, { id: order.id, version: version!.version, input: edit(order, 5) });
    const message = `You can order at most 3 of ${part} in one order.`;
    expect(raised.errors?.[0]?.extensions?.fields).toEqual(
      expect.arrayContaining([{ field: 'lines[0].quantity', message }]),
    );
    const lowered = await s.gql<{ updateOrder: { lines: { quantity: number }[] } }>(UPDATE, {
      id: order.id,
      version: version!.version,
      input: edit(order, 3),
    });
    expect(lowered.errors).toBeUndefined();
    expect(lowered.data!.updateOrder.lines[0]!.quantity).toBe(3);
  });
});
