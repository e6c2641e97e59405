import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ROLES } from '../../domain/roles';
import { stockShortMessage } from '../../domain/ship-dates';
import {
  authorisedCard,
  cardOrder,
  checkoutBody,
  eventsOf,
  FIXTURE_PASSWORD,
  orderEditInput,
  plainProducts,
} from './fixtures';
import { createTestApp, linkIn, type Client, type TestApp } from './harness';
import { holdOpenOrders } from '../src/modules/stock/open-orders';

/** Stock and reservations at place order (issue 33, decision 050). */
jest.setTimeout(60_000);

let t: TestApp;
let db: ReturnType<TestApp['orm']['em']['getConnection']>;
let products: { id: string; price: number }[];

beforeAll(async () => {
  t = await createTestApp();
  db = t.orm.em.getConnection();
  products = await plainProducts(t, 7);
});
afterAll(() => t.close());

/** Sets a part's stock at both warehouses and whether it is sold on backorder. */
async function stockOf(id: string, moo: number, rno: number, backorder = true): Promise<void> {
  await db.execute(
    `update stock_level set on_hand = case warehouse_id when 'MOO' then ? else ? end, reserved = 0
    where product_id = ?`,
    [moo, rno, id],
  );
  await db.execute(`update product set backorder_allowed = ?, in_stock = ? where id = ?`, [
    backorder,
    moo + rno > 0,
    id,
  ]);
}

/** A signed-out back-in-stock request is active once its address opens the e-mailed link (decision 053). */
async function confirmFromMail(to: string): Promise<void> {
  const link = linkIn(await t.mail(to, { subject: /Confirm/ }));
  await t.agent().get(`${link.pathname}${link.search}`).expect(303);
}

const levels = (id: string) =>
  db.execute<{ warehouseId: string; onHand: number; reserved: number }[]>(
    `select warehouse_id as "warehouseId", on_hand as "onHand", reserved from stock_level where product_id = ?
     order by warehouse_id`,
    [id],
  );

const reservations = (orderId: string) =>
  db.execute<{ warehouseId: string; quantity: number; backordered: boolean; status: string }[]>(
    `select warehouse_id as "warehouseId", quantity, backordered, status from stock_reservation where order_id = ?
     order by backordered, warehouse_id`,
    [orderId],
  );

/** Staff ship these lines' pieces of the order today (UPS). */
async function ship(
  staff: Client,
  order: { id: string; version: number },
  lines: { lineId: string; quantity: number }[],
): Promise<void> {
  const shipped = await staff.gql(
    `mutation($id: ID!, $version: Int!, $input: ShipmentInput!) { shipOrder(id: $id, version: $version, input: $input) { version } }`,
    {
      id: order.id,
      version: order.version,
      input: {
        carrier: 'ups',
        trackingNumber: '1Z999AA10123456784',
        shippedOn: new Date().toISOString().slice(0, 10),
        lines,
      },
    },
  );
  expect(shipped.errors).toBeUndefined();
}

async function guestWithCart(id: string, qty: number): Promise<{ c: Client; email: string; card: string }> {
  const c = await t.client();
  await c.send('post', '/api/user/cart/upsert', { items: [{ itemId: id, qty }] }).expect(200);
  return { c, email: `guest.${randomUUID()}@plant.example`, card: await authorisedCard(c) };
}

describe('reservations at place order', () => {
  it('20 buyers at once for the last 5 units, backorders off: exactly 5 orders, the others told, nothing oversold', async () => {
    const id = products[0]!.id;
    await stockOf(id, 5, 0, false);
    const [name] = await db.execute<{ name: string }[]>('select name from product where id = ?', [id]);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => guestWithCart(id, 1)));
    const answers = await Promise.all(
      buyers.map((b) =>
        b.c
          .send('post', '/api/checkout/place-order', checkoutBody(b.email, b.card))
          .set('Idempotency-Key', randomUUID()),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(15).fill(400)]);
    for (const refused of answers.filter((a) => a.status === 400)) {
      expect(refused.body.error.fields).toEqual([
        { field: 'cart', message: stockShortMessage(name!.name, 0) },
      ]);
    }
    expect(await levels(id)).toEqual([
      { warehouseId: 'MOO', onHand: 5, reserved: 5 },
      { warehouseId: 'RNO', onHand: 0, reserved: 0 },
    ]);
    const [held] = await db.execute<{ n: number }[]>(
      `select coalesce(sum(quantity), 0)::int as n from stock_reservation where product_id = ? and status = 'reserved'`,
      [id],
    );
    expect(held!.n).toBe(5);
    // The last unit gone, the part reads out of stock in search too.
    const [flag] = await db.execute<{ product: boolean; search: boolean }[]>(
      `select p.in_stock as product, s.in_stock as search from product p join product_search s on s.product_id = p.id
       where p.id = ?`,
      [id],
    );
    expect(flag).toEqual({ product: false, search: false });
  });

  it('names what is left when a line asks for more than the stock of a part not sold on backorder', async () => {
    const id = products[1]!.id;
    await stockOf(id, 2, 1, false);
    const [name] = await db.execute<{ name: string }[]>('select name from product where id = ?', [id]);
    const b = await guestWithCart(id, 4);
    const refused = await b.c
      .send('post', '/api/checkout/place-order', checkoutBody(b.email, b.card))
      .set('Idempotency-Key', randomUUID())
      .expect(400);
    expect(refused.body.error.message).toBe(stockShortMessage(name!.name, 3));
    expect(refused.body.error.message).toContain(': only 3 in stock');
    // Nothing was kept: no order, no reservation.
    expect(await levels(id)).toEqual([
      { warehouseId: 'MOO', onHand: 2, reserved: 0 },
      { warehouseId: 'RNO', onHand: 1, reserved: 0 },
    ]);
  });

  it('takes the nearest warehouse first, then the other, backorders the rest; cancelling gives it all back', async () => {
    const id = products[2]!.id;
    await stockOf(id, 2, 1);
    const { c, order } = await cardOrder(t, [{ itemId: id, qty: 5 }]);
    // Shipped to North Carolina: Mooresville first.
    expect(await reservations(order.id)).toEqual([
      { warehouseId: 'MOO', quantity: 2, backordered: false, status: 'reserved' },
      { warehouseId: 'RNO', quantity: 1, backordered: false, status: 'reserved' },
      { warehouseId: 'MOO', quantity: 2, backordered: true, status: 'reserved' },
    ]);
    expect(await levels(id)).toEqual([
      { warehouseId: 'MOO', onHand: 2, reserved: 2 },
      { warehouseId: 'RNO', onHand: 1, reserved: 1 },
    ]);
    await c.send('post', `/api/orders/${order.id}/cancel`).expect(200);
    expect((await reservations(order.id)).map((r) => r.status)).toEqual(['released', 'released', 'released']);
    expect(await levels(id)).toEqual([
      { warehouseId: 'MOO', onHand: 2, reserved: 0 },
      { warehouseId: 'RNO', onHand: 1, reserved: 0 },
    ]);
    const [flag] = await db.execute<{ inStock: boolean }[]>(
      'select in_stock as "inStock" from product where id = ?',
      [id],
    );
    expect(flag!.inStock).toBe(true);
    // Each stock row's moves, written with the order and with its cancellation (the backorder holds no stock).
    const moves = async (warehouseId: string) =>
      (await eventsOf(t, 'inventory', `${id}:${warehouseId}`)).map((e) => [e.type, e.seq, e.payload]);
    expect(await moves('MOO')).toEqual([
      [
        'inventory.changed',
        1,
        { productId: id, warehouseId: 'MOO', onHand: 2, reserved: 2, reason: 'reserved' },
      ],
      [
        'inventory.changed',
        2,
        { productId: id, warehouseId: 'MOO', onHand: 2, reserved: 0, reason: 'released' },
      ],
    ]);
    expect(await moves('RNO')).toEqual([
      [
        'inventory.changed',
        1,
        { productId: id, warehouseId: 'RNO', onHand: 1, reserved: 1, reason: 'reserved' },
      ],
      [
        'inventory.changed',
        2,
        { productId: id, warehouseId: 'RNO', onHand: 1, reserved: 0, reason: 'released' },
      ],
    ]);
    // The order took the last pieces, the cancellation gave them back: the product's flag flipped twice.
    expect((await eventsOf(t, 'product', id)).map((e) => [e.type, e.payload])).toEqual([
      ['product.changed', { productId: id, changes: { inStock: false } }],
      ['product.changed', { productId: id, changes: { inStock: true } }],
    ]);
  });

  it('a shipment consumes what it carries, part by part; the console changing a quantity holds stock anew', async () => {
    const id = products[3]!.id;
    await stockOf(id, 10, 0);
    const { order } = await cardOrder(t, [{ itemId: id, qty: 4 }]);
    const email = `stock.staff.${randomUUID()}@axisline.example`;
    await t.createUser({ email, password: FIXTURE_PASSWORD, role: ROLES.CustomerService });
    const staff = await t.client();
    await staff.signIn(email, FIXTURE_PASSWORD);
    await ship(staff, order, [{ lineId: order.lines[0]!.id, quantity: 3 }]);
    expect(await levels(id)).toEqual([
      { warehouseId: 'MOO', onHand: 7, reserved: 1 },
      { warehouseId: 'RNO', onHand: 0, reserved: 0 },
    ]);
    expect(await reservations(order.id)).toEqual([
      { warehouseId: 'MOO', quantity: 1, backordered: false, status: 'reserved' },
      { warehouseId: 'MOO', quantity: 3, backordered: false, status: 'shipped' },
    ]);

    // Another order's quantity lowered in the console: its reservation follows.
    const other = await cardOrder(t, [{ itemId: id, qty: 4 }]);
    expect((await levels(id))[0]).toEqual({ warehouseId: 'MOO', onHand: 7, reserved: 5 });
    const price = other.order.lines[0]!.price;
    const edited = await staff.gql(
      `mutation($id: ID!, $version: Int!, $input: AdminOrderInput!) { updateOrder(id: $id, version: $version, input: $input) { version } }`,
      {
        id: other.order.id,
        version: other.order.version,
        input: orderEditInput(other.order, {
          totalAmount: Math.round((price * 2 + other.order.freightAmt + other.order.taxAmount) * 100) / 100,
          lines: [{ id: other.order.lines[0]!.id, quantity: 2, price, configurations: [] }],
        }),
      },
    );
    expect(edited.errors).toBeUndefined();
    expect((await levels(id))[0]).toEqual({ warehouseId: 'MOO', onHand: 7, reserved: 3 });
  });
});

describe('restocks: counts by staff and suppliers, backorders first, back-in-stock notices once', () => {
  it('staff set counts with a reason; waiting backorders take the delivery first; the back-in-stock request is e-mailed once', async () => {
    const id = products[4]!.id;
    await stockOf(id, 0, 0);
    const email = `stock.admin.${randomUUID()}@axisline.example`;
    await t.createUser({ email, password: FIXTURE_PASSWORD, role: ROLES.Service });
    const staff = await t.client();
    await staff.signIn(email, FIXTURE_PASSWORD);
    const ADJUST = `mutation($id: ID!, $input: StockAdjustmentInput!) {
      adjustStock(productId: $id, input: $input) { productId warehouses { warehouseId onHand reserved available } }
    }`;

    // A buyer orders 3 on backorder; a visitor asks to hear when it is back.
    const { order } = await cardOrder(t, [{ itemId: id, qty: 3 }]);
    expect(await reservations(order.id)).toEqual([
      { warehouseId: 'MOO', quantity: 3, backordered: true, status: 'reserved' },
    ]);
    const watcher = `restock.${randomUUID()}@plant.example`;
    const c = await t.client();
    const asked = await c.gql(
      `mutation($e: String!, $i: ID!) { notifyBackInStock(email: $e, itemId: $i) { status } }`,
      {
        e: watcher,
        i: id,
      },
    );
    expect(asked.errors).toBeUndefined();
    await confirmFromMail(watcher);

    // A reason is required, a count is a whole number; nothing changes when refused.
    const refused = await staff.gql(ADJUST, {
      id,
      input: { levels: [{ warehouseId: 'MOO', onHand: -1 }], reason: '' },
    });
    expect(refused.errors?.[0]?.extensions?.fields).toEqual(
      expect.arrayContaining([
        { field: 'levels[0].onHand', message: 'Enter a count from 0 to 10,000,000.' },
        { field: 'reason', message: 'Say why the stock changes (a count, a delivery, damage…).' },
      ]),
    );
    // 10 arrive in Mooresville: the backorder takes 3 first, 7 are left to sell.
    const delivered = await staff.gql<{ adjustStock: { warehouses: object[] } }>(ADJUST, {
      id,
      input: { levels: [{ warehouseId: 'MOO', onHand: 10 }], reason: 'Delivery PO 4471' },
    });
    expect(delivered.errors).toBeUndefined();
    expect(delivered.data!.adjustStock.warehouses).toEqual([
      { warehouseId: 'MOO', onHand: 10, reserved: 3, available: 7 },
      { warehouseId: 'RNO', onHand: 0, reserved: 0, available: 0 },
    ]);
    expect(await reservations(order.id)).toEqual([
      { warehouseId: 'MOO', quantity: 3, backordered: false, status: 'reserved' },
    ]);
    const [audit] = await db.execute<{ after: { reason: string } }[]>(
      `select after from audit_log where action = 'stock.adjust' and target_id = ? order by id desc limit 1`,
      [id],
    );
    expect(audit!.after.reason).toBe('Delivery PO 4471');

    // The request is answered once, with a link that opens the part's page.
    const mail = await t.mail(watcher, { subject: /Back in stock/ });
    const link = linkIn(mail);
    expect(decodeURIComponent(link.pathname)).toBe(`/product/detail/${id}`);
    // The page the link opens reads the part, in stock again.
    const opened = await c.gql<{ product: { id: string; inStock: boolean; orderable: boolean } }>(
      `query($id: ID!) { product(id: $id) { id inStock orderable } }`,
      { id: decodeURIComponent(link.pathname.split('/').pop()!) },
    );
    expect(opened.data!.product).toEqual({ id, inStock: true, orderable: true });
    // …and the reader orders it from there: the part goes into their cart.
    const cart = await c
      .send('post', '/api/user/cart/upsert', { items: [{ itemId: opened.data!.product.id, qty: 2 }] })
      .expect(200);
    expect(cart.body.orderLines.map((l: { id: string }) => l.id)).toEqual([id]);
    await staff.gql(ADJUST, { id, input: { levels: [{ warehouseId: 'MOO', onHand: 3 }], reason: 'Count' } });
    await staff.gql(ADJUST, {
      id,
      input: { levels: [{ warehouseId: 'MOO', onHand: 12 }], reason: 'Delivery' },
    });
    const [sent] = await db.execute<{ n: number }[]>(
      `select count(*)::int as n from email_outbox where to_address = ? and kind = 'back-in-stock'`,
      [watcher],
    );
    expect(sent!.n).toBe(1);

    // The low-stock view lists a part with 10 or fewer available; a search finds any part by its number.
    await staff.gql(ADJUST, { id, input: { levels: [{ warehouseId: 'MOO', onHand: 5 }], reason: 'Count' } });
    const low = await staff.gql<{ adminStock: { productId: string }[] }>('{ adminStock { productId } }');
    expect(low.data!.adminStock.map((r) => r.productId)).toContain(id);
    const found = await staff.gql<{ adminStock: { productId: string }[] }>(
      `query($s: String) { adminStock(search: $s) { productId } }`,
      { s: id },
    );
    expect(found.data!.adminStock[0]!.productId).toBe(id);
  });
});

describe('returns put sellable pieces back on the shelf', () => {
  it('a completed return for an order mistake restocks the warehouse that shipped it (not cut pieces); a defective one does not', async () => {
    const id = products[5]!.id;
    const [cut] = await db.execute<{ id: string; option: string }[]>(
      `select p.id, o.id as option from product p join product_configuration_option o on o.product_id = p.id
       where p.price is not null and p.id like '%-CUT' and o.code = 'CUT_LENGTH' and p.allowed_states = '{}'
         and p.min_transfer <= 1 and p.minimum_purchase_quantity <= 1 order by p.id limit 1`,
    );
    // The last 6 of the part are in Reno (the buyer is in North Carolina); it is not sold on backorder.
    await stockOf(id, 0, 6, false);
    await stockOf(cut!.id, 10, 0);
    const email = `returns.staff.${randomUUID()}@axisline.example`;
    await t.createUser({ email, password: FIXTURE_PASSWORD, role: ROLES.CustomerService });
    const staff = await t.client();
    await staff.signIn(email, FIXTURE_PASSWORD);

    /** A buyer's order of the 6 and 2 cut pieces, shipped whole and delivered. */
    async function deliveredOrder() {
      const placed = await cardOrder(t, [
        { itemId: id, qty: 6 },
        { itemId: cut!.id, qty: 2, configurations: [{ productConfigurationId: cut!.option, value: 500 }] },
      ]);
      const { order } = placed;
      await ship(
        staff,
        order,
        order.lines.map((l) => ({ lineId: l.id, quantity: l.quantity })),
      );
      await db.execute(
        `update customer_order set status = 4, shipment_status = 'SHIPPED', delivery_status = 'DELIVERED',
           delivered_at = now() - interval '2 days' where id = ?`,
        [order.id],
      );
      return placed;
    }
    /** The buyer returns 4 of the part and both cut pieces for `reason`; staff take it to Return Completed. */
    async function completedReturn(placed: Awaited<ReturnType<typeof deliveredOrder>>, reason: string) {
      const [part, piece] = placed.order.lines;
      const asked = await placed.c
        .send('post', '/api/returns', {
          orderId: placed.order.id,
          reason,
          comment: '',
          items: [
            { id: part!.id, quantity: 4 },
            { id: piece!.id, quantity: 2 },
          ],
        })
        .expect(201);
      await staff
        .send('post', `/api/admin/returns/${asked.body.id}/decision`, { decision: 'RETURN_ACCEPTED' })
        .expect(200);
      for (const status of [8, 9, 10]) {
        await staff.send('post', `/api/admin/returns/${asked.body.id}/status`, { status }).expect(200);
      }
    }

    const first = await deliveredOrder();
    expect(await levels(id)).toEqual([
      { warehouseId: 'MOO', onHand: 0, reserved: 0 },
      { warehouseId: 'RNO', onHand: 0, reserved: 0 },
    ]);
    expect((await levels(cut!.id))[0]).toEqual({ warehouseId: 'MOO', onHand: 8, reserved: 0 });
    // Sold out: a visitor asks to hear when it is back.
    const watcher = `returned.${randomUUID()}@plant.example`;
    const asked = await (
      await t.client()
    ).gql(`mutation($e: String!, $i: ID!) { notifyBackInStock(email: $e, itemId: $i) { status } }`, {
      e: watcher,
      i: id,
    });
    expect(asked.errors).toBeUndefined();
    await confirmFromMail(watcher);

    // Ordered by mistake: the 4 go back to Reno, where they shipped from; the cut pieces were made for the buyer.
    await completedReturn(first, 'CUSTOMER_ORDER_MISTAKE');
    expect(await levels(id)).toEqual([
      { warehouseId: 'MOO', onHand: 0, reserved: 0 },
      { warehouseId: 'RNO', onHand: 4, reserved: 0 },
    ]);
    expect((await levels(cut!.id))[0]).toEqual({ warehouseId: 'MOO', onHand: 8, reserved: 0 });
    const [flag] = await db.execute<{ inStock: boolean }[]>(
      'select in_stock as "inStock" from product where id = ?',
      [id],
    );
    expect(flag!.inStock).toBe(true);
    const mail = await t.mail(watcher, { subject: /Back in stock/ });
    expect(decodeURIComponent(linkIn(mail).pathname)).toBe(`/product/detail/${id}`);

    // Defective pieces are not stock again.
    await stockOf(id, 0, 6, false);
    const second = await deliveredOrder();
    await completedReturn(second, 'DEFECTIVE_PRODUCT');
    expect(await levels(id)).toEqual([
      { warehouseId: 'MOO', onHand: 0, reserved: 0 },
      { warehouseId: 'RNO', onHand: 0, reserved: 0 },
    ]);
  });
});

describe('open orders placed before stock was kept', () => {
  it('hold their pieces on upgrade: backordered at the nearest warehouse, served first by the first count', async () => {
    const id = products[6]!.id;
    await stockOf(id, 0, 0);
    const { order } = await cardOrder(t, [{ itemId: id, qty: 3 }]);
    // As before the change: no reservation, no stock counted for the part.
    await db.execute('delete from stock_reservation where order_id = ?', [order.id]);
    await db.execute('delete from stock_level where product_id = ?', [id]);
    const run = <T extends object[]>(sql: string, params: unknown[] = []) => db.execute<T>(sql, params);

    expect(await holdOpenOrders(run)).toBeGreaterThanOrEqual(1);
    expect(await reservations(order.id)).toEqual([
      { warehouseId: 'MOO', quantity: 3, backordered: true, status: 'reserved' },
    ]);
    // Once only.
    await holdOpenOrders(run);
    expect(await reservations(order.id)).toHaveLength(1);

    // The first count of the part serves the order before anyone else.
    const email = `stock.upgrade.${randomUUID()}@axisline.example`;
    await t.createUser({ email, password: FIXTURE_PASSWORD, role: ROLES.Service });
    const staff = await t.client();
    await staff.signIn(email, FIXTURE_PASSWORD);
    const counted = await staff.gql<{ adjustStock: { warehouses: object[] } }>(
      `mutation($id: ID!, $input: StockAdjustmentInput!) {
        adjustStock(productId: $id, input: $input) { warehouses { warehouseId onHand reserved available } }
      }`,
      { id, input: { levels: [{ warehouseId: 'MOO', onHand: 5 }], reason: 'First count' } },
    );
    expect(counted.errors).toBeUndefined();
    expect(counted.data!.adjustStock.warehouses).toContainEqual({
      warehouseId: 'MOO',
      onHand: 5,
      reserved: 3,
      available: 2,
    });
    expect(await reservations(order.id)).toEqual([
      { warehouseId: 'MOO', quantity: 3, backordered: false, status: 'reserved' },
    ]);
  });
});
