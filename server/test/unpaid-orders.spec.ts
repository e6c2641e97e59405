import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '../../domain/checkout';
import { checkoutBody, testCard } from './fixtures';
import { createTestApp, linkIn, type Client, type TestApp } from './harness';

let t: TestApp;
let db: ReturnType<TestApp['orm']['em']['getConnection']>;
const PASSWORD = 'Unpaid-Rail-2031!';
let plain: string;

beforeAll(async () => {
  t = await createTestApp();
  db = t.orm.em.getConnection();
  [{ id: plain }] = (await db.execute<{ id: string }[]>(
    `select id from product p where price between 20 and 60
       and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
       and min_transfer <= 1 and minimum_purchase_quantity <= 1 and allowed_states = '{}' order by id limit 1`,
  )) as [{ id: string }];
});
afterAll(async () => t.close());

/** A cart of one line placed with `number`: the place-order answer's body. */
async function placeWith(c: Client, number: string, contactEmail: string) {
  await c.send('post', '/api/user/cart/upsert', { items: [{ itemId: plain, qty: 2 }] }).expect(200);
  const res = await c
    .send('post', '/api/checkout/place-order', checkoutBody(contactEmail, await testCard(c, number)))
    .set('Idempotency-Key', randomUUID())
    .expect(200);
  return res.body as {
    order: { id: string; orderNumber: string; status: number };
    paymentError: string | null;
  };
}

async function buyer(accountId: string | null = null) {
  const email = `unpaid.${randomUUID()}@plant.example`;
  await t.createUser({ email, password: PASSWORD, accountId });
  const c = await t.client();
  await c.signIn(email, PASSWORD);
  return { c, email };
}

/** As if the order had been left unpaid `minutes` ago (its status change and its row). */
async function age(orderId: string, minutes: number) {
  await db.execute(`update order_event set at = at - make_interval(mins => ?) where order_id = ?`, [
    minutes,
    orderId,
  ]);
  await db.execute(
    `update customer_order set updated_at = updated_at - make_interval(mins => ?) where id = ?`,
    [minutes, orderId],
  );
}

const statusOf = async (id: string) =>
  (await db.execute<{ status: number }[]>('select status from customer_order where id = ?', [id]))[0]!.status;
const intentOf = async (id: string) =>
  (
    await db.execute<{ status: string }[]>(
      `select i.status from test_payment_intent i join customer_order o on o.payment_intent_id = i.id where o.id = ?`,
      [id],
    )
  )[0]!.status;

describe('an order whose payment did not go through', () => {
  it('is listed as awaiting payment, with the day it is cancelled if still unpaid', async () => {
    const { c, email } = await buyer();
    const placed = await placeWith(c, TEST_CARDS.declined, email);
    expect(placed.paymentError).toBe('Your card was declined.');
    const awaiting = (await c.agent.get('/api/orders/awaiting-payment').expect(200)).body as { id: string }[];
    expect(awaiting.map((o) => o.id)).toEqual([placed.order.id]);
    const res = await c.gql<{ ordersAwaitingPayment: { id: string; payBy: string }[] }>(
      '{ ordersAwaitingPayment { id payBy } }',
    );
    const payBy = new Date(res.data!.ordersAwaitingPayment[0]!.payBy).getTime();
    expect(Math.abs(payBy - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);
    // Another buyer sees none of it.
    const other = await buyer();
    expect((await other.c.agent.get('/api/orders/awaiting-payment').expect(200)).body).toEqual([]);
  });

  it('an account on net terms pays it by purchase order: Processing, and the card payment is cancelled', async () => {
    const [account] = await db.execute<{ id: string }[]>(
      `insert into business_account (company, net_terms_days) values ('Net 45 Co', 45) returning id`,
    );
    const { c, email } = await buyer(account!.id);
    const placed = await placeWith(c, TEST_CARDS.declined, email);
    const res = await c
      .send('post', `/api/orders/${placed.order.id}/pay`, { poNumber: 'PO-9911' })
      .expect(200);
    expect(res.body.order).toMatchObject({ status: 1, paymentKind: 'purchaseOrder', poNumber: 'PO-9911' });
    expect(await intentOf(placed.order.id)).toBe('canceled');
    // A buyer without terms is told to pay by card.
    const plainBuyer = await buyer();
    const other = await placeWith(plainBuyer.c, TEST_CARDS.declined, plainBuyer.email);
    const refused = await plainBuyer.c
      .send('post', `/api/orders/${other.order.id}/pay`, { poNumber: 'PO-1' })
      .expect(400);
    expect(refused.body.error.message).toBe(
      'Your account is not approved to pay by purchase order. Please pay by card.',
    );
  });

  it('a buyer left so gets one e-mail whose link opens the order, where another card pays it', async () => {
    const { c, email } = await buyer();
    const placed = await placeWith(c, TEST_CARDS.declined, email);
    expect(await t.sweepUnpaid()).toEqual({ reminded: 0, cancelled: 0 }); // not yet: the buyer may still be trying
    await age(placed.order.id, 31);
    expect(await t.sweepUnpaid()).toEqual({ reminded: 1, cancelled: 0 });
    expect(await t.sweepUnpaid()).toEqual({ reminded: 0, cancelled: 0 }); // once
    const mail = await t.mail(email, { subject: /did not go through/ });
    expect(mail.subject).toBe(
      `Payment for your Axisline Supply order AXL-${placed.order.orderNumber} did not go through`,
    );
    expect(mail.text).toContain('Your card was declined.');
    const link = linkIn(mail);
    expect(link.pathname).toBe(`/user/account/orders/${placed.order.id}`);
    const paid = await c
      .send('post', `/api/orders/${placed.order.id}/pay`, { paymentMethodId: await testCard(c) })
      .expect(200);
    expect(paid.body.order.status).toBe(18);
  });

  it("a guest's e-mail link opens the order in another browser, which pays it there", async () => {
    const guest = await t.client();
    const email = `guest.${randomUUID()}@plant.example`;
    const placed = await placeWith(guest, TEST_CARDS.requiresAction, email);
    expect(placed.order.status).toBe(15);
    await age(placed.order.id, 45);
    await t.sweepUnpaid();
    const mail = await t.mail(email, { subject: /did not go through/ });
    expect(mail.text).toContain('Your bank asked to confirm the payment and it was not confirmed.');
    const link = linkIn(mail);
    expect(link.pathname).toBe('/api/orders/access');
    const elsewhere = await t.client();
    await elsewhere.agent.get(`/api/orders/${placed.order.id}`).expect(404);
    const opened = await elsewhere.agent.get(`${link.pathname}${link.search}`).expect(303);
    expect(opened.headers.location).toBe(`/user/account/orders/${placed.order.id}`);
    await elsewhere.agent.get(`/api/orders/${placed.order.id}`).expect(200);
    const paid = await elsewhere
      .send('post', `/api/orders/${placed.order.id}/pay`, { paymentMethodId: await testCard(elsewhere) })
      .expect(200);
    expect(paid.body.order.status).toBe(18);
    // A made-up or altered token opens nothing.
    const stranger = await t.client();
    const bad = await stranger.agent
      .get(`${link.pathname}?token=${link.searchParams.get('token')}x`)
      .expect(303);
    expect(bad.headers.location).toBe('/user/account/orders/link-expired');
    await stranger.agent.get(`/api/orders/${placed.order.id}`).expect(404);
  });

  it('is cancelled 7 days after payment first failed, its payment cancelled, and the buyer told', async () => {
    const { c, email } = await buyer();
    const placed = await placeWith(c, TEST_CARDS.declined, email);
    // Retrying with another failing card does not restart the clock.
    await c.send('post', `/api/orders/${placed.order.id}/pay`, {
      paymentMethodId: await testCard(c, TEST_CARDS.declined),
    });
    await age(placed.order.id, 7 * 24 * 60 - 5);
    await t.sweepUnpaid();
    expect(await statusOf(placed.order.id)).toBe(14);
    await age(placed.order.id, 10);
    const swept = await t.sweepUnpaid();
    expect(swept.cancelled).toBe(1);
    expect(await statusOf(placed.order.id)).toBe(16);
    expect(await intentOf(placed.order.id)).toBe('canceled');
    const mail = await t.mail(email, { subject: /was cancelled/ });
    expect(mail.text).toContain('we did not receive its payment within 7 days');
    expect(mail.text).toContain('Nothing was charged');
    // Paying now is refused, and the provider would not charge the cancelled payment either.
    const late = await c
      .send('post', `/api/orders/${placed.order.id}/pay`, { paymentMethodId: await testCard(c) })
      .expect(409);
    expect(late.body.error.message).toBe(
      `Order AXL-${placed.order.orderNumber} is not waiting for a payment.`,
    );
  });
});

describe('a buyer cancelling an order', () => {
  it('before it ships: the authorisation is released, the order cancelled, an e-mail sent', async () => {
    const { c, email } = await buyer();
    const placed = await placeWith(c, TEST_CARDS.authorised, email);
    expect(placed.order.status).toBe(18);
    const res = await c.send('post', `/api/orders/${placed.order.id}/cancel`).expect(200);
    expect(res.body).toMatchObject({ status: 16, statusLabel: 'Order Cancelled' });
    expect(await intentOf(placed.order.id)).toBe('canceled');
    const mail = await t.mail(email, { subject: /was cancelled/ });
    expect(mail.text).toContain('you cancelled it.');
    expect(mail.text).toContain('The amount held on your card is released.');
  });

  it('after it ships: refused with where to go instead; nobody else may cancel it', async () => {
    const { c, email } = await buyer();
    const placed = await placeWith(c, TEST_CARDS.authorised, email);
    const other = await buyer();
    await other.c.send('post', `/api/orders/${placed.order.id}/cancel`).expect(404);
    await db.execute('update customer_order set status = 3 where id = ?', [placed.order.id]);
    const res = await c.send('post', `/api/orders/${placed.order.id}/cancel`).expect(409);
    expect(res.body.error.message).toBe(
      `Order AXL-${placed.order.orderNumber} has shipped and can no longer be cancelled. You can request a return once it is delivered.`,
    );
  });
});
