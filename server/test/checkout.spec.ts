import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Client as PgClient } from 'pg';
import { TEST_CARDS } from '../../domain/checkout';
import { TestPaymentProvider } from '../src/modules/payment/payment.provider';
import { detachedDb } from '../src/db/db';
import { createTestApp, type Client, type TestApp } from './harness';

let t: TestApp;
let db: ReturnType<TestApp['orm']['em']['getConnection']>;
const PASSWORD = 'Order-Rail-2020!';
let plain: { id: string; price: number };
let noCa: string;
let quoteOnly: string;

beforeAll(async () => {
  t = await createTestApp();
  db = t.orm.em.getConnection();
  [plain] = await db.execute<{ id: string; price: number }[]>(
    `select id, price::float8 as price from product p where price between 20 and 60
       and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
       and min_transfer <= 1 and minimum_purchase_quantity <= 1 and allowed_states = '{}' order by id limit 1`,
  );
  noCa = (await db.execute<{ id: string }[]>(`select id from product where id = 'TL-242-10ML'`))[0]!.id;
  quoteOnly = (
    await db.execute<{ id: string }[]>(
      `select id from product p where price is null
         and not exists (select 1 from product_configuration_option o where o.product_id = p.id) limit 1`,
    )
  )[0]!.id;
});
afterAll(async () => t.close());

const address = (state = 'NC', zip = '28115') => ({
  name: 'Receiving Dock 2',
  companyName: 'Piedmont Automation',
  addressLine1: '400 Mill St',
  city: 'Mooresville',
  state,
  zip,
  email: 'dock@piedmont.example',
  phone: '704-555-0100',
});

async function card(c: Client, number: string = TEST_CARDS.authorised): Promise<string> {
  const res = await c
    .send('post', '/api/payments/test/payment-methods', {
      number,
      expiry: '12/39',
      cvc: '123',
      name: 'A Buyer',
    })
    .expect(201);
  return res.body.id;
}

const body = (paymentMethodId: string, state = 'NC', zip = '28115') => ({
  contactEmail: 'buyer@piedmont.example',
  shippingAddress: address(state, zip),
  shippingDetails: { carrierId: 'ups', carrierMethod: 'Ground', note: 'Dock closes at 4 pm' },
  payment: { kind: 'card', paymentMethodId },
});

const place = (c: Client, payload: object, key = randomUUID()) =>
  c.send('post', '/api/checkout/place-order', payload).set('Idempotency-Key', key);

async function shopper(items: { itemId: string; qty: number }[] = [{ itemId: plain.id, qty: 3 }]) {
  const email = `order.${randomUUID()}@plant.example`;
  await t.createUser({ email, password: PASSWORD });
  const c = await t.client();
  await c.signIn(email, PASSWORD);
  await c.send('post', '/api/user/cart/upsert', { items }).expect(200);
  return { c, email };
}

const orderCount = async (where = 'true', params: unknown[] = []) =>
  (
    await db.execute<{ n: number }[]>(`select count(*)::int as n from customer_order where ${where}`, params)
  )[0]!.n;

describe('placing an order', () => {
  it('re-prices on the server, charges the test card and shows Payment Received; the cart empties', async () => {
    const { c } = await shopper();
    const res = await place(c, {
      ...body(await card(c)),
      // A client's prices and totals are ignored.
      total: 0.01,
      subTotal: 0.01,
      lines: [{ itemId: plain.id, price: 0.01 }],
    }).expect(200);
    const order = res.body.order;
    const subTotal = Math.round(plain.price * 3 * 100) / 100;
    expect(order).toMatchObject({
      status: 18,
      statusLabel: 'Payment Received',
      paymentStatus: 'AUTHORIZED',
      subTotal,
      taxPct: 4.75,
      taxGeoCode: '37',
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    expect(order.taxAmount).toBe(Math.round(subTotal * 4.75) / 100);
    expect(order.total).toBe(Math.round((subTotal + order.freightAmt + order.taxAmount) * 100) / 100);
    expect(order.lines).toHaveLength(1);
    expect(order.events.map((e: { toStatus: number }) => e.toStatus)).toEqual([0, 18]);
    expect((await c.agent.get('/api/user/cart').expect(200)).body.orderLines).toEqual([]);

    const mail = await db.execute<{ subject: string }[]>(
      `select subject from email_outbox where to_address = 'buyer@piedmont.example' and kind = 'order-confirmation'`,
    );
    expect(mail.map((m) => m.subject)).toContain(`Your Axisline Supply order AXL-${order.orderNumber}`);

    const list = await c.agent.get('/api/orders?status=18').expect(200);
    expect(list.body.items.map((o: { id: string }) => o.id)).toEqual([order.id]);
    const pdf = await c.agent.get(`/api/orders/${order.id}/invoice.pdf`).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(Buffer.from(pdf.body).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps only brand and last four digits of a card, nowhere the number', async () => {
    const c = await t.client();
    await card(c, '4111 1111 1111 1111');
    const rows = await db.execute<Record<string, unknown>[]>('select * from test_payment_method');
    expect(JSON.stringify(rows)).not.toMatch(/4111111111111111|411111/);
    expect(rows.some((r) => r.last4 === '1111' && r.brand === 'visa')).toBe(true);
  });

  it('a declined card gives Payment Failed, and another card then pays the same order', async () => {
    const { c } = await shopper();
    const res = await place(c, body(await card(c, TEST_CARDS.declined))).expect(200);
    expect(res.body.order).toMatchObject({
      status: 14,
      statusLabel: 'Payment Failed',
      paymentStatus: 'FAILED',
    });
    expect(res.body.paymentError).toBe('Your card was declined.');
    const paid = await c
      .send('post', `/api/orders/${res.body.order.id}/pay`, { paymentMethodId: await card(c) })
      .expect(200);
    expect(paid.body.order.status).toBe(18);
  });

  it('a card asking for authentication gives Payment Requires Action, then Payment Received', async () => {
    const { c } = await shopper();
    const res = await place(c, body(await card(c, TEST_CARDS.requiresAction))).expect(200);
    expect(res.body.order.status).toBe(15);
    const action = res.body.nextAction;
    expect(action.type).toBe('authenticate');
    await c
      .send('post', `/api/payments/test/intents/${action.intentId}/authenticate`, {
        clientSecret: action.clientSecret,
        approve: true,
      })
      .expect(200);
    const confirmed = await c.send('post', `/api/orders/${res.body.order.id}/confirm-payment`).expect(200);
    expect(confirmed.body.order).toMatchObject({ status: 18, statusLabel: 'Payment Received' });
  });

  it('refuses a line restricted from the state, naming it, and keeps the cart', async () => {
    const { c } = await shopper([
      { itemId: plain.id, qty: 1 },
      { itemId: noCa, qty: 2 },
    ]);
    const res = await place(c, body(await card(c), 'CA', '94105')).expect(400);
    expect(res.body.error.fields[0].field).toBe('shippingAddress.state');
    expect(res.body.error.message).toMatch(/Threadlocker 242.*\(TL-242-10ML\) cannot ship to California/);
    expect((await c.agent.get('/api/user/cart').expect(200)).body.orderLines).toHaveLength(2);
    // The same cart ships to North Carolina.
    await place(c, body(await card(c))).expect(200);
  });

  it('refuses lines priced on request, an empty cart, and a purchase order without terms', async () => {
    const { c } = await shopper([{ itemId: quoteOnly, qty: 1 }]);
    const quote = await place(c, body(await card(c))).expect(400);
    expect(quote.body.error.message).toMatch(/priced on request/);
    await c.send('delete', '/api/user/cart').expect(200);
    const empty = await place(c, body(await card(c))).expect(400);
    expect(empty.body.error.message).toBe('Your cart is empty.');
    await c.send('post', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty: 1 }] });
    const po = await place(c, { ...body(''), payment: { kind: 'purchaseOrder', poNumber: 'PO-7' } }).expect(
      400,
    );
    expect(po.body.error.fields[0]).toMatchObject({ field: 'payment.kind' });
  });

  it('an approved business account pays by purchase order: the order goes to Processing', async () => {
    const [account] = await db.execute<{ id: string }[]>(
      `insert into business_account (company, net_terms_days) values ('Net 30 Co', 30) returning id`,
    );
    const email = `po.${randomUUID()}@plant.example`;
    await t.createUser({ email, password: PASSWORD, accountId: account!.id });
    const c = await t.client();
    await c.signIn(email, PASSWORD);
    await c.send('post', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty: 1 }] });
    const res = await place(c, {
      ...body(''),
      payment: { kind: 'purchaseOrder', poNumber: 'PO-4471' },
    }).expect(200);
    expect(res.body.order).toMatchObject({ status: 1, statusLabel: 'Processing', poNumber: 'PO-4471' });
  });

  it('lets a guest check out with an e-mail and read the order in that session only', async () => {
    const guest = await t.client();
    await guest.send('post', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty: 1 }] });
    const res = await place(guest, body(await card(guest))).expect(200);
    const id = res.body.order.id;
    expect(res.body.order.status).toBe(18);
    await guest.agent.get(`/api/orders/${id}`).expect(200);
    const stranger = await t.client();
    await stranger.agent.get(`/api/orders/${id}`).expect(404);
    const { c } = await shopper();
    await c.agent.get(`/api/orders/${id}`).expect(404);
    await c.agent.get(`/api/orders/${id}/invoice.pdf`).expect(404);
  });

  it('asks for an Idempotency-Key', async () => {
    const { c } = await shopper();
    const res = await c.send('post', '/api/checkout/place-order', body(await card(c))).expect(400);
    expect(res.body.error.fields[0].field).toBe('idempotencyKey');
  });
});

describe('idempotency and failures', () => {
  it('the same key returns the same order; the same key with another body answers 409', async () => {
    const { c } = await shopper();
    const pm = await card(c);
    const key = randomUUID();
    const first = await place(c, body(pm), key).expect(200);
    const again = await place(c, body(pm), key).expect(200);
    expect(again.body.order.id).toBe(first.body.order.id);
    await place(c, { ...body(pm), contactEmail: 'other@piedmont.example' }, key).expect(409);
  });

  it('10 concurrent place-order calls with one key make one order', async () => {
    const { c, email } = await shopper();
    const pm = await card(c);
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => place(c, body(pm), key)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.body.order.id)).size).toBe(1);
    const userId = (
      await db.execute<{ id: string }[]>('select id from app_user where email = ?', [email])
    )[0]!.id;
    expect(await orderCount('user_id = ?', [userId])).toBe(1);
  });

  it('the payment provider makes one intent per key, however many ask at once, and never charges it twice', async () => {
    const { c } = await shopper();
    const [approving, declining] = [await card(c), await card(c, TEST_CARDS.declined)];
    const payments = new TestPaymentProvider(detachedDb(t.orm));
    const key = `order:${randomUUID()}`;
    const intents = await Promise.all(
      Array.from({ length: 8 }, () =>
        payments.createIntent({ amount: 120.5, currency: 'USD', idempotencyKey: key }),
      ),
    );
    expect(new Set(intents.map((i) => i.id)).size).toBe(1);
    expect(intents[0]).toMatchObject({ amount: 120.5, status: 'requires_payment_method', card: null });
    await expect(
      payments.createIntent({ amount: 99, currency: 'USD', idempotencyKey: key }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const authorised = await payments.confirm(intents[0]!.id, approving);
    expect(authorised).toMatchObject({
      status: 'requires_capture',
      lastError: null,
      card: { last4: '4242' },
    });
    // A retried confirmation, even with a declining card, leaves the authorised payment as it was.
    expect(await payments.confirm(intents[0]!.id, declining)).toEqual(authorised);
    await expect(payments.confirm(intents[0]!.id, 'pm_unknown')).resolves.toEqual(authorised);
    // A key another request is inserting right now: this one waits for it, then answers that intent.
    const raceKey = `order:${randomUUID()}`;
    const holder = new PgClient({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(
        `insert into test_payment_intent (id, idempotency_key, client_secret, amount, currency, status)
         values ('pi_held', $1, 'secret_held', 10, 'USD', 'requires_payment_method')`,
        [raceKey],
      );
      const waiting = payments.createIntent({ amount: 10, currency: 'USD', idempotencyKey: raceKey });
      await new Promise((r) => setTimeout(r, 200));
      await holder.query('commit');
      expect((await waiting).id).toBe('pi_held');
    } finally {
      await holder.end();
    }
    const fresh = await payments.createIntent({
      amount: 5,
      currency: 'USD',
      idempotencyKey: `order:${randomUUID()}`,
    });
    await expect(payments.confirm(fresh.id, 'pm_unknown')).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('a database connection killed in the middle leaves no order and the cart intact; the retry makes one', async () => {
    const { c, email } = await shopper([{ itemId: plain.id, qty: 2 }]);
    const userId = (
      await db.execute<{ id: string }[]>('select id from app_user where email = ?', [email])
    )[0]!.id;
    const pm = await card(c);
    const key = randomUUID();
    // Hold the product row: placement blocks when its order line takes the key-share lock, mid-transaction.
    const holder = new PgClient({ connectionString: t.databaseUrl });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from product where id = $1 for update', [plain.id]);
    // (supertest sends on then(): start the request now)
    const pending = place(c, body(pm), key).then((r) => r);
    let victim: number | undefined;
    for (let i = 0; i < 100 && !victim; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const { rows } = await holder.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
           and query like 'insert into order_line%'`,
      );
      victim = rows[0]?.pid;
    }
    expect(victim).toBeDefined();
    await holder.query('select pg_terminate_backend($1)', [victim]);
    await holder.query('rollback');
    await holder.end();
    const failed = await pending;
    // The connection lost: a retryable 503 (decision 051), not a 500.
    expect(failed.status).toBe(503);
    expect(failed.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(failed.headers['retry-after']).toBe('2');
    expect(await orderCount('user_id = ?', [userId])).toBe(0);
    expect((await c.agent.get('/api/user/cart').expect(200)).body.orderLines[0].quantity).toBe(2);

    const retried = await place(c, body(pm), key).expect(200);
    expect(retried.body.order.status).toBe(18);
    await place(c, body(pm), key).expect(200);
    expect(await orderCount('user_id = ?', [userId])).toBe(1);
  });
});

describe('GraphQL', () => {
  it('places an order and lists it', async () => {
    const { c } = await shopper();
    const pm = await card(c);
    const placed = await c.gql<{ placeOrder: { order: { id: string; statusLabel: string } } }>(
      `mutation($input: PlaceOrderInput!, $key: String!) {
         placeOrder(input: $input, idempotencyKey: $key) { order { id statusLabel } paymentError }
       }`,
      { input: body(pm), key: randomUUID() },
    );
    expect(placed.data!.placeOrder.order.statusLabel).toBe('Payment Received');
    const list = await c.gql<{ orders: { total: number; items: { id: string }[] } }>(
      `{ orders(filter: { statuses: [18] }) { total items { id } } }`,
    );
    expect(list.data!.orders.items.map((o) => o.id)).toEqual([placed.data!.placeOrder.order.id]);
  });

  it('reads a page of orders with their lines in the same number of statements, however many orders', async () => {
    const { c } = await shopper();
    const query = `{ orders { items { id statusLabel total itemCount } } }`;
    const detail = (id: string) =>
      c.gql(
        `query($id: ID!) { order(id: $id) { id lines { itemId configurations { name } } events { toStatus } } }`,
        { id },
      );
    const counted = async (run: () => Promise<unknown>) => {
      // Background writers (the order's e-mails, attribution tokens) must not land in the count.
      await t.flush();
      t.resetQueries();
      await run();
      return t.queries.filter((q) => !/^(begin|commit|rollback)/i.test(q.trim())).length;
    };
    const first = await place(c, body(await card(c))).expect(200);
    const one = await counted(() => c.gql(query));
    const oneDetail = await counted(() => detail(first.body.order.id));
    for (let i = 0; i < 3; i++) {
      await c.send('post', '/api/user/cart/upsert', { items: [{ itemId: plain.id, qty: 1 + i }] });
      await place(c, body(await card(c))).expect(200);
    }
    const list = await c.gql<{ orders: { items: unknown[] } }>(query);
    expect(list.data!.orders.items).toHaveLength(4);
    expect(await counted(() => c.gql(query))).toBe(one);
    expect(oneDetail).toBeLessThanOrEqual(3);
  });
});
