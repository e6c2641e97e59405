import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { cardOrder, plainProducts } from './fixtures';
import { endPromotions, givePromotion } from './promotions';
import { createTestApp, type Client, type TestApp } from './harness';

let t: TestApp;
let db: ReturnType<TestApp['orm']['em']['getConnection']>;
const PASSWORD = 'Return-Rail-2020!';
let products: { id: string; price: number }[];
let staff: Client;

beforeAll(async () => {
  t = await createTestApp();
  db = t.orm.em.getConnection();
  products = await plainProducts(t, 3);
  const staffEmail = `cs.${randomUUID()}@axisline.example`;
  await t.createUser({ email: staffEmail, password: PASSWORD, role: 300 });
  staff = await t.client();
  await staff.signIn(staffEmail, PASSWORD);
});
afterAll(async () => t.close());

/** A customer with a paid order (of 3 + 1 units unless `items` are given), delivered `daysAgo` days ago. */
async function deliveredOrder(daysAgo = 3, items?: { itemId: string; qty: number }[]) {
  const { c, email, order } = await cardOrder(
    t,
    items ?? [
      { itemId: products[0]!.id, qty: 3 },
      { itemId: products[1]!.id, qty: 1 },
    ],
  );
  // The warehouse and the carrier (the console's work, issue 7): processing, shipped, delivered.
  await db.execute(
    `update customer_order set status = 4, shipment_status = 'SHIPPED', delivery_status = 'DELIVERED',
       delivered_at = now() - make_interval(days => ?) where id = ?`,
    [daysAgo, order.id],
  );
  return { c, order, email };
}

describe('returns', () => {
  it('requests a return of one line, staff approve (RMA), and completing it refunds the line with its tax', async () => {
    const { c, order, email } = await deliveredOrder();
    const line = order.lines[0];
    const res = await c
      .send('post', '/api/returns', {
        orderId: order.id,
        reason: 'DEFECTIVE_PRODUCT',
        comment: 'Thread stripped',
        items: [{ id: line.id, quantity: 2 }],
      })
      .expect(201);
    expect(res.body).toMatchObject({
      status: 5,
      statusLabel: 'Return Requested',
      decision: 'RETURN_PENDING',
    });
    expect((await c.agent.get(`/api/orders/${order.id}`).expect(200)).body.statusLabel).toBe(
      'Return Requested',
    );

    await c
      .send('post', `/api/admin/returns/${res.body.id}/decision`, { decision: 'RETURN_ACCEPTED' })
      .expect(403);
    const approved = await staff
      .send('post', `/api/admin/returns/${res.body.id}/decision`, { decision: 'RETURN_ACCEPTED' })
      .expect(200);
    expect(approved.body).toMatchObject({
      statusLabel: 'Return Approved',
      rmaNumber: `RMA-${order.orderNumber}-1`,
    });
    await staff.send('post', `/api/admin/returns/${res.body.id}/status`, { status: 10 }).expect(409);
    for (const status of [8, 9, 10]) {
      await staff.send('post', `/api/admin/returns/${res.body.id}/status`, { status }).expect(200);
    }
    const done = (await c.agent.get(`/api/returns/${res.body.id}`).expect(200)).body;
    const refund = Math.round(line.price * 2 * (1 + order.taxPct / 100) * 100) / 100;
    expect(done).toMatchObject({ statusLabel: 'Return Completed', refundAmount: refund });
    const after = (await c.agent.get(`/api/orders/${order.id}`).expect(200)).body;
    expect(after).toMatchObject({
      statusLabel: 'Return Completed',
      returnStatus: 'PARTIALLY_RETURNED',
      paymentStatus: 'PARTIALLY_REFUNDED',
    });
    const [intent] = await db.execute<{ refunded: number }[]>(
      'select amount_refunded::float8 as refunded from test_payment_intent where id = ?',
      [after.paymentIntentId],
    );
    expect(intent!.refunded).toBe(refund);
    const kinds = (
      await db.execute<{ kind: string }[]>(
        'select kind from email_outbox where to_address = ? order by created_at',
        [email],
      )
    ).map((m) => m.kind);
    // Every step of the return e-mails the customer.
    expect(kinds).toEqual([
      'order-confirmation',
      'return-requested',
      'return-approved',
      'return-shipped',
      'return-processing',
      'return-completed',
    ]);
  });

  it('refunds a part sold by the pack at the price of the packs returned, as the order charged them', async () => {
    const [pack] = await db.execute<{ id: string; perPack: number }[]>(
      `select id, minimum_purchase_quantity as "perPack" from product p
       where min_transfer > 1 and minimum_purchase_quantity > 1 and price is not null and backorder_allowed
         and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
         and not exists (select 1 from price_break b where b.product_id = p.id)
       order by id limit 1`,
    );
    const { c, order } = await deliveredOrder(0, [{ itemId: pack!.id, qty: 2 }]);
    const line = order.lines[0];
    // Two packs charged: the unit price times the pieces of a pack, twice.
    expect(order.subTotal).toBeCloseTo(line.price * pack!.perPack * 2, 2);
    const res = await c
      .send('post', '/api/returns', {
        orderId: order.id,
        reason: 'DEFECTIVE_PRODUCT',
        comment: 'One pack crushed',
        items: [{ id: line.id, quantity: 1 }],
      })
      .expect(201);
    await staff
      .send('post', `/api/admin/returns/${res.body.id}/decision`, { decision: 'RETURN_ACCEPTED' })
      .expect(200);
    for (const status of [8, 9, 10]) {
      await staff.send('post', `/api/admin/returns/${res.body.id}/status`, { status }).expect(200);
    }
    const done = (await c.agent.get(`/api/returns/${res.body.id}`).expect(200)).body;
    // One of the two packs back: half the goods charged, with the order's tax.
    expect(done.refundAmount).toBe(Math.round((order.subTotal / 2) * (1 + order.taxPct / 100) * 100) / 100);
  });

  it('never returns more than was delivered, and not after the 30-day window', async () => {
    const { c, order } = await deliveredOrder();
    const line = order.lines[0];
    const over = await c
      .send('post', '/api/returns', {
        orderId: order.id,
        reason: 'CUSTOMER_ORDER_MISTAKE',
        items: [{ id: line.id, quantity: 4 }],
      })
      .expect(400);
    expect(over.body.error.fields[0]).toEqual({
      field: 'items[0].quantity',
      message: `You can return at most 3 of ${line.name}.`,
    });
    await c
      .send('post', '/api/returns', {
        orderId: order.id,
        reason: 'CUSTOMER_ORDER_MISTAKE',
        items: [{ id: line.id, quantity: 2 }],
      })
      .expect(201);
    const again = await c
      .send('post', '/api/returns', {
        orderId: order.id,
        reason: 'CUSTOMER_ORDER_MISTAKE',
        items: [{ id: line.id, quantity: 2 }],
      })
      .expect(400);
    expect(again.body.error.message).toBe(`You can return at most 1 of ${line.name}.`);

    const late = await deliveredOrder(31);
    const closed = await late.c
      .send('post', '/api/returns', {
        orderId: late.order.id,
        reason: 'DEFECTIVE_PRODUCT',
        items: [{ id: late.order.lines[0].id, quantity: 1 }],
      })
      .expect(400);
    expect(closed.body.error.message).toBe('The return window of 30 days from delivery has closed.');
  });

  it("refuses a return on someone else's order, or an order not delivered", async () => {
    const { order } = await deliveredOrder();
    const other = await deliveredOrder();
    await other.c
      .send('post', '/api/returns', {
        orderId: order.id,
        reason: 'DEFECTIVE_PRODUCT',
        items: [{ id: order.lines[0].id, quantity: 1 }],
      })
      .expect(404);
    await db.execute(
      `update customer_order set delivery_status = 'NO_DELIVERY', delivered_at = null where id = ?`,
      [other.order.id],
    );
    const notYet = await other.c
      .send('post', '/api/returns', {
        orderId: other.order.id,
        reason: 'DEFECTIVE_PRODUCT',
        items: [{ id: other.order.lines[0].id, quantity: 1 }],
      })
      .expect(400);
    expect(notYet.body.error.message).toBe('Only delivered orders can be returned.');
  });

  it("answers someone else's return exactly as a missing one (ids tell nothing)", async () => {
    const { c, order } = await deliveredOrder();
    const made = await c
      .send('post', '/api/returns', {
        orderId: order.id,
        reason: 'DEFECTIVE_PRODUCT',
        items: [{ id: order.lines[0].id, quantity: 1 }],
      })
      .expect(201);
    const stranger = await deliveredOrder();
    const theirs = await stranger.c.agent.get(`/api/returns/${made.body.id}`).expect(404);
    const missing = await stranger.c.agent.get(`/api/returns/${randomUUID()}`).expect(404);
    expect(theirs.body).toEqual(missing.body);
    expect(theirs.body.error.message).toBe('Return was not found');
  });
});

describe('a return of an order with a promotion (decision 079)', () => {
  it('refunds what was paid: a $20 order discount on three lines, returned in three steps, adds up to the cent', async () => {
    await givePromotion(t, {
      name: 'Twenty off',
      action: { kind: 'orderAmount', amount: 20 },
      currency: 'usd',
    });
    try {
      const { c, order } = await deliveredOrder(3, [
        { itemId: products[0]!.id, qty: 3 },
        { itemId: products[1]!.id, qty: 1 },
        { itemId: products[2]!.id, qty: 2 },
      ]);
      expect(order.discountTotal).toBe(20);
      const [a, b, d] = order.lines as { id: string; quantity: number }[];
      const complete = async (items: { id: string; quantity: number }[]) => {
        const requested = await c
          .send('post', '/api/returns', {
            orderId: order.id,
            reason: 'CUSTOMER_ORDER_MISTAKE',
            comment: 'Ordered too many',
            items,
          })
          .expect(201);
        const id = requested.body.id as string;
        await staff
          .send('post', `/api/admin/returns/${id}/decision`, { decision: 'RETURN_ACCEPTED' })
          .expect(200);
        for (const status of [8, 9, 10]) {
          await staff.send('post', `/api/admin/returns/${id}/status`, { status }).expect(200);
        }
        return (await c.agent.get(`/api/returns/${id}`).expect(200)).body.refundAmount as number;
      };
      const refunds = [
        await complete([{ id: a!.id, quantity: 1 }]),
        await complete([{ id: a!.id, quantity: 2 }]),
        await complete([
          { id: b!.id, quantity: b!.quantity },
          { id: d!.id, quantity: d!.quantity },
        ]),
      ];
      // Everything back: what was paid for the goods and their tax (NC taxes no freight), not a cent more or less.
      const cents = (n: number) => Math.round(n * 100);
      expect(refunds.reduce((sum, r) => sum + cents(r), 0)).toBe(
        cents(order.total) - cents(order.freightAmt),
      );
      const after = (await c.agent.get(`/api/orders/${order.id}`).expect(200)).body;
      expect(after).toMatchObject({ returnStatus: 'RETURNED', paymentStatus: 'REFUNDED' });
    } finally {
      await endPromotions(t);
    }
  });
});
