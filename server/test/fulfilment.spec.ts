import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { earliestShipDay } from '../../domain/fulfilment';
import { ROLES } from '../../domain/roles';
import { Migration20261126040000 } from '../../migrations/Migration20261126040000';
import type { OrderView } from '../src/modules/order/order.service';
import { ORDER_STATUS_CODE } from '../../domain/order-status';
import { cardOrder, eventsOf, FIXTURE_PASSWORD, orderEditInput, plainProducts } from './fixtures';
import { createTestApp, type Client, type TestApp } from './harness';

let t: TestApp;
let products: { id: string; price: number }[];
let staff: Client;

const FIELDS = `id version status statusLabel paymentStatus shipmentStatus deliveryStatus deliveredAt total
  lines { id quantity fulfilment { shipped delivered status } }
  shipments { id carrier trackingNumber trackingUrl shippedOn deliveredOn lines { lineId quantity } }
  events { fromStatus toStatus note }`;
const SHIP = `mutation($id: ID!, $version: Int!, $input: ShipmentInput!) {
  shipOrder(id: $id, version: $version, input: $input) { ${FIELDS} } }`;
const DELIVER = `mutation($id: ID!, $version: Int!, $input: DeliveryInput!) {
  deliverOrder(id: $id, version: $version, input: $input) { ${FIELDS} } }`;

type Shipped = OrderView & {
  shipments: { id: string; trackingUrl: string | null; shippedOn: string; deliveredOn: string | null }[];
};

const day = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  products = await plainProducts(t, 2);
  const email = `cs.${randomUUID()}@axisline.example`;
  await t.createUser({ email, password: FIXTURE_PASSWORD, role: ROLES.CustomerService });
  staff = await t.client();
  await staff.signIn(email, FIXTURE_PASSWORD);
});
afterAll(async () => t.close());

/** An order placed `days` ago (so it may have shipped on an earlier day). */
async function placedDaysAgo<T extends { id: string }>(order: T, days: number): Promise<T> {
  await t.orm.em
    .getConnection()
    .execute(`update customer_order set created_at = now() - make_interval(days => ?) where id = ?`, [
      days,
      order.id,
    ]);
  return order;
}

async function ship(order: { id: string; version: number }, input: object) {
  return staff.gql<{ shipOrder: Shipped }>(SHIP, { id: order.id, version: order.version, input });
}
async function deliver(order: { id: string; version: number }, input: object) {
  return staff.gql<{ deliverOrder: Shipped }>(DELIVER, { id: order.id, version: order.version, input });
}

describe('fulfilment (issue 28, item 1)', () => {
  it('ships the whole order: tracking, PAID, an e-mail whose link opens the order, then delivery opens returns', async () => {
    const { c, email, order } = await cardOrder(t, [
      { itemId: products[0]!.id, qty: 3 },
      { itemId: products[1]!.id, qty: 1 },
    ]);
    expect(order).toMatchObject({ statusLabel: 'Payment Received', paymentStatus: 'AUTHORIZED' });
    await placedDaysAgo(order, 5);

    const shipped = (
      await ship(order, { carrier: 'ups', trackingNumber: '1Z999AA10123456784', shippedOn: day(-2) })
    ).data!.shipOrder;
    // The business events: the status change and order.shipped, at the order's new version (decision 065).
    expect(
      (await eventsOf(t, 'order', order.id)).slice(-2).map((e) => [e.type, e.version, e.payload.to]),
    ).toEqual([
      ['order.status_changed', shipped.version, ORDER_STATUS_CODE.Shipped],
      ['order.shipped', shipped.version, ORDER_STATUS_CODE.Shipped],
    ]);
    expect(shipped).toMatchObject({
      statusLabel: 'Shipped',
      paymentStatus: 'PAID',
      shipmentStatus: 'SHIPPED',
      deliveryStatus: 'NO_DELIVERY',
      deliveredAt: null,
      shipments: [
        {
          carrier: 'ups',
          trackingNumber: '1Z999AA10123456784',
          trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
          shippedOn: day(-2),
          deliveredOn: null,
          lines: expect.arrayContaining([{ lineId: order.lines[0]!.id, quantity: 3 }]),
        },
      ],
    });
    expect(shipped.lines.map((l) => l.fulfilment)).toEqual([
      { shipped: 3, delivered: 0, status: 'SHIPPED' },
      { shipped: 1, delivered: 0, status: 'SHIPPED' },
    ]);
    expect(shipped.events.at(-1)).toEqual({
      fromStatus: 18,
      toStatus: 3,
      note: 'Shipped with UPS, tracking 1Z999AA10123456784',
    });
    // The card was captured at the provider, for the order's total.
    const [intent] = await t.orm.em.getConnection().execute<{ status: string; amount: number }[]>(
      `select i.status, i.amount::float8 as amount from test_payment_intent i
         join customer_order o on o.payment_intent_id = i.id where o.id = ?`,
      [order.id],
    );
    expect(intent).toEqual({ status: 'succeeded', amount: order.total });

    const mail = await t.mail(email, { subject: /has shipped/ });
    expect(mail.subject).toBe(`Your Axisline Supply order AXL-${order.orderNumber} has shipped`);
    expect(mail.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(mail.text).toContain('Track it: https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(mail.text).toMatch(/3 x .+\n1 x /);
    // The order link of the e-mail, as delivered, opens the order with its tracking for the buyer.
    const link = [...mail.text.matchAll(/https?:\/\/\S+/g)]
      .map((m) => new URL(m[0]))
      .find((u) => u.pathname.includes('/orders/'))!;
    const orderId = link.pathname.split('/').at(-1)!;
    const mine = await c.agent.get(`/api/orders/${orderId}`).expect(200);
    expect(mine.body.shipments[0].trackingNumber).toBe('1Z999AA10123456784');

    // Not delivered yet: no return.
    const early = await c.send('post', '/api/returns', {
      orderId: order.id,
      reason: 'DEFECTIVE_PRODUCT',
      items: [{ id: order.lines[0]!.id, quantity: 1 }],
    });
    expect(early.status).toBe(400);

    const delivered = (await deliver(shipped, { deliveredOn: day(-1) })).data!.deliverOrder;
    expect(delivered).toMatchObject({
      statusLabel: 'Delivered',
      deliveryStatus: 'DELIVERED',
      shipments: [{ deliveredOn: day(-1) }],
    });
    // The return window runs from the delivery day, at noon UTC.
    expect(delivered.deliveredAt).toBe(`${day(-1)}T12:00:00.000Z`);
    expect(delivered.lines.map((l) => l.fulfilment.status)).toEqual(['DELIVERED', 'DELIVERED']);
    await c
      .send('post', '/api/returns', {
        orderId: order.id,
        reason: 'DEFECTIVE_PRODUCT',
        items: [{ id: order.lines[0]!.id, quantity: 1 }],
      })
      .expect(201);
  });

  it('ships in parts: Partially Shipped, then Shipped; deliveries one by one; an LTL PRO number has no link', async () => {
    const { order } = await cardOrder(t, [
      { itemId: products[0]!.id, qty: 5 },
      { itemId: products[1]!.id, qty: 2 },
    ]);
    const [a, b] = order.lines;
    await placedDaysAgo(order, 5);
    const first = (
      await ship(order, {
        carrier: 'fedex',
        trackingNumber: '7712 3456 7890',
        shippedOn: day(-3),
        lines: [{ lineId: a!.id, quantity: 2 }],
      })
    ).data!.shipOrder;
    expect(first).toMatchObject({ statusLabel: 'Partially Shipped', shipmentStatus: 'PARTIALLY_SHIPPED' });
    expect(first.shipments[0]!.trackingUrl).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=7712%203456%207890',
    );
    expect(first.lines.map((l) => l.fulfilment)).toEqual([
      { shipped: 2, delivered: 0, status: null },
      { shipped: 0, delivered: 0, status: null },
    ]);

    const tooMany = await ship(first, {
      carrier: 'ups',
      trackingNumber: '1Z1',
      shippedOn: day(),
      lines: [{ lineId: a!.id, quantity: 4 }],
    });
    expect(tooMany.errors?.[0]?.extensions?.fields).toEqual([
      { field: 'lines[0].quantity', message: 'Only 3 of this line are left to ship' },
    ]);

    const firstDelivered = (await deliver(first, { deliveredOn: day(-1) })).data!.deliverOrder;
    expect(firstDelivered).toMatchObject({
      statusLabel: 'Partially Shipped',
      deliveryStatus: 'PARTIALLY_DELIVERED',
      deliveredAt: null,
    });
    expect(firstDelivered.events.at(-1)).toMatchObject({
      toStatus: null,
      note: expect.stringMatching(/^Delivered on/),
    });

    // The rest: everything left, by a freight line.
    const rest = (
      await ship(firstDelivered, { carrier: 'ltl', trackingNumber: 'PRO-448812', shippedOn: day() })
    ).data!.shipOrder;
    expect(rest).toMatchObject({
      statusLabel: 'Shipped',
      shipmentStatus: 'SHIPPED',
      deliveryStatus: 'PARTIALLY_DELIVERED',
    });
    expect(rest.shipments[1]).toMatchObject({
      trackingUrl: null,
      lines: expect.arrayContaining([
        { lineId: a!.id, quantity: 3 },
        { lineId: b!.id, quantity: 2 },
      ]),
    });
    const again = await ship(rest, { carrier: 'ups', trackingNumber: '1Z2', shippedOn: day() });
    expect(again.errors?.[0]?.message).toMatch(/cannot ship/);

    const done = (await deliver(rest, { shipmentId: rest.shipments[1]!.id, deliveredOn: day() })).data!
      .deliverOrder;
    expect(done).toMatchObject({ statusLabel: 'Delivered', deliveryStatus: 'DELIVERED' });
    expect(done.lines.map((l) => l.fulfilment)).toEqual([
      { shipped: 5, delivered: 5, status: 'DELIVERED' },
      { shipped: 2, delivered: 2, status: 'DELIVERED' },
    ]);
  });

  it('refuses a stale version, a future or missing date, a delivery before its shipment, and an unpaid order', async () => {
    const { order } = await cardOrder(t, [{ itemId: products[0]!.id, qty: 1 }]);
    const bad = await ship(order, { carrier: 'dhl', trackingNumber: ' ', shippedOn: day(3) });
    expect(bad.errors?.[0]?.extensions?.fields).toEqual(
      expect.arrayContaining([
        { field: 'carrier', message: 'Choose a carrier' },
        { field: 'trackingNumber', message: 'Tracking number is a required field' },
        { field: 'shippedOn', message: "Ship date can't be in the future" },
      ]),
    );
    const stale = await ship(
      { ...order, version: order.version - 1 },
      {
        carrier: 'ups',
        trackingNumber: '1Z3',
        shippedOn: day(),
      },
    );
    expect(stale.errors?.[0]?.extensions?.code).toBe('CONFLICT');

    // Shipped on the first day it may (the day it was placed, wherever the operator is: a fixed offset from now
    // would fail at some hours of the day), and delivered the day before: refused.
    const shipDay = earliestShipDay(order.createdAt);
    const dayBefore = new Date(Date.parse(shipDay) - 86_400_000).toISOString().slice(0, 10);
    const shipped = (await ship(order, { carrier: 'ups', trackingNumber: '1Z3', shippedOn: shipDay })).data!
      .shipOrder;
    const early = await deliver(shipped, { deliveredOn: dayBefore });
    expect(early.errors?.[0]?.extensions?.fields).toEqual([
      { field: 'deliveredOn', message: `Delivery date can't be before the ship date (${shipDay})` },
    ]);
    const noDate = await deliver(shipped, { deliveredOn: '2026-02-30' });
    expect(noDate.errors?.[0]?.extensions?.fields).toEqual([
      { field: 'deliveredOn', message: 'Delivery date is a required field' },
    ]);
    const [row] = await t.orm.em
      .getConnection()
      .execute<{ status: number }[]>('select status from customer_order where id = ?', [order.id]);
    expect(row!.status).toBe(3);

    // An order whose payment failed does not ship.
    const unpaid = await cardOrder(t, [{ itemId: products[1]!.id, qty: 1 }]);
    await t.orm.em
      .getConnection()
      .execute('update customer_order set status = 14 where id = ?', [unpaid.order.id]);
    const refused = await ship(unpaid.order, { carrier: 'ups', trackingNumber: '1Z4', shippedOn: day() });
    expect(refused.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(refused.errors?.[0]?.message).toBe(
      'An order that is Payment Failed cannot ship. Only paid orders (Payment Received, Processing or Partially Shipped) ship.',
    );
  });

  it('is for staff: a buyer cannot ship or deliver their own order', async () => {
    const { c, order } = await cardOrder(t, [{ itemId: products[0]!.id, qty: 1 }]);
    const res = await c.gql(SHIP, {
      id: order.id,
      version: order.version,
      input: { carrier: 'ups', trackingNumber: '1Z5', shippedOn: day() },
    });
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const res2 = await c.gql(DELIVER, {
      id: order.id,
      version: order.version,
      input: { deliveredOn: day() },
    });
    expect(res2.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it("keeps what shipped and was paid for: lines and amounts are locked, and a card's total stays within its authorisation", async () => {
    const { order } = await cardOrder(t, [{ itemId: products[0]!.id, qty: 2 }]);
    const UPDATE = `mutation($id: ID!, $version: Int!, $input: AdminOrderInput!) {
      updateOrder(id: $id, version: $version, input: $input) { version total } }`;
    /** The form with the line's unit price changed, the total following (status: the one the order has). */
    const input = (price: number, status = 18) =>
      orderEditInput(order, {
        status,
        totalAmount: Math.round((price * 2 + order.freightAmt + order.taxAmount) * 100) / 100,
        lines: [{ id: order.lines[0]!.id, quantity: 2, price, configurations: [] }],
      });
    const over = await staff.gql(UPDATE, {
      id: order.id,
      version: order.version,
      input: input(order.lines[0]!.price + 50),
    });
    expect(over.errors?.[0]?.extensions?.fields).toEqual([
      {
        field: 'totalAmount',
        message: `Total amount can't be more than the ${order.total.toFixed(2)} authorised on the card`,
      },
    ]);

    const shipped = (await ship(order, { carrier: 'ups', trackingNumber: '1Z6', shippedOn: day() })).data!
      .shipOrder;
    const lower = await staff.gql(UPDATE, {
      id: order.id,
      version: shipped.version,
      input: input(order.lines[0]!.price - 1, 3),
    });
    expect(lower.errors?.[0]?.extensions?.fields).toEqual([
      {
        field: 'lines',
        message: "Lines and amounts can't change once the order has shipped or its payment has been taken",
      },
    ]);
    // The address and the ERP id may still be corrected.
    const contact = await staff.gql<{ updateOrder: { version: number } }>(UPDATE, {
      id: order.id,
      version: shipped.version,
      input: orderEditInput(order, { status: 3 }),
    });
    expect(contact.errors).toBeUndefined();
  });

  it('answers not found for an id that is not one, and refuses a ship date before the order or before this century', async () => {
    const bad = await ship(
      { id: 'not-an-id', version: 1 },
      { carrier: 'ups', trackingNumber: '1Z', shippedOn: day() },
    );
    expect(bad.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const { order } = await cardOrder(t, [{ itemId: products[0]!.id, qty: 1 }]);
    const early = await ship(order, { carrier: 'ups', trackingNumber: '1Z', shippedOn: day(-3) });
    expect(early.errors?.[0]?.extensions?.fields).toEqual([
      {
        field: 'shippedOn',
        message: expect.stringMatching(/^Ship date can't be before the order was placed/),
      },
    ]);
    const ancient = await ship(order, { carrier: 'ups', trackingNumber: '1Z', shippedOn: '0000-01-01' });
    expect(ancient.errors?.[0]?.extensions?.fields).toEqual([
      { field: 'shippedOn', message: 'Ship date is a required field' },
    ]);
  });

  it('cancelled from the console, a paid-for order gives the card back and tells the buyer', async () => {
    const { email, order } = await cardOrder(t, [{ itemId: products[1]!.id, qty: 1 }]);
    const res = await staff.gql(
      `mutation($id: ID!, $version: Int!, $input: AdminOrderInput!) {
        updateOrder(id: $id, version: $version, input: $input) { status paymentStatus } }`,
      { id: order.id, version: order.version, input: orderEditInput(order, { status: 16 }) },
    );
    expect(res.data?.updateOrder).toEqual({ status: 16, paymentStatus: 'AUTHORIZED' });
    const [intent] = await t.orm.em
      .getConnection()
      .execute<{ status: string }[]>('select status from test_payment_intent where id = ?', [
        order.paymentIntentId,
      ]);
    expect(intent!.status).toBe('canceled');
    const mail = await t.mail(email, { subject: /was cancelled/ });
    expect(mail.text).toContain('The amount held on your card is released.');
  });

  it('gives orders shipped before shipments existed the shipment their status implies (migration)', async () => {
    const db = t.orm.em.getConnection();
    const shippedOld = await cardOrder(t, [{ itemId: products[0]!.id, qty: 2 }]);
    const deliveredOld = await cardOrder(t, [{ itemId: products[1]!.id, qty: 1 }]);
    await db.execute(`update customer_order set status = 3 where id = ?`, [shippedOld.order.id]);
    await db.execute(
      `insert into order_event (order_id, from_status, to_status, note, at) values (?, 3, 4, '', now() - interval '3 days')`,
      [deliveredOld.order.id],
    );
    await db.execute(`update customer_order set status = 4 where id = ?`, [deliveredOld.order.id]);
    const migration = new Migration20261126040000(t.orm.em.getDriver(), t.orm.config);
    await migration.up();
    for (const sql of migration.getQueries()) await db.execute(sql as string);

    const read = (id: string) =>
      staff.gql<{ adminOrder: Shipped }>(`query($id: ID!) { adminOrder(id: $id) { ${FIELDS} } }`, { id });
    const shipped = (await read(shippedOld.order.id)).data!.adminOrder;
    expect(shipped).toMatchObject({
      shipmentStatus: 'SHIPPED',
      deliveryStatus: 'NO_DELIVERY',
      shipments: [{ carrier: 'ups', trackingNumber: '', trackingUrl: null, deliveredOn: null }],
    });
    // It can now be delivered, and returned.
    const delivered = (await deliver(shipped, { deliveredOn: day() })).data!.deliverOrder;
    expect(delivered.statusLabel).toBe('Delivered');

    const old = (await read(deliveredOld.order.id)).data!.adminOrder;
    expect(old).toMatchObject({ deliveryStatus: 'DELIVERED', shipments: [{ deliveredOn: day(-3) }] });
    expect(old.deliveredAt).not.toBeNull();
  });
});
