import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '../../domain/checkout';
import { COMPANY_ROLES, type CompanyRoleName } from '../../domain/company';
import {
  checkoutBody,
  companyMember,
  FIXTURE_PASSWORD,
  plainProducts,
  testCard,
  type CompanyPerson,
} from './fixtures';
import { createTestApp, type Client, type TestApp } from './harness';

/**
 * Issue 52, items 1 and 3: paying an order later runs the rule placing runs (the order's company must be the payer's,
 * its limits and credit apply), and a monthly limit counts every site's orders in the company's currency, converted
 * at FX_RATES (decision 052). Each case reproduces the attack the security review found.
 */
jest.setTimeout(40_000);

let t: TestApp;
let db: ReturnType<TestApp['orm']['em']['getConnection']>;
let product: { id: string; price: number };
const PAY_CA = 'pay-ca.shop.example';

beforeAll(async () => {
  t = await createTestApp({ fxRates: { CAD: 0.73 } });
  db = t.orm.em.getConnection();
  [product] = await plainProducts(t, 1);
});
afterAll(async () => t.close());

async function company(name: string, netTermsDays: number | null = 30): Promise<string> {
  const [row] = await db.execute<{ id: string }[]>(
    'insert into business_account (company, net_terms_days) values (?, ?) returning id',
    [`${name} ${randomUUID().slice(0, 6)}`, netTermsDays],
  );
  return row!.id;
}

/** Moves a person into a company with a role and an order limit (as an accepted invitation does). */
const join = (userId: string, accountId: string, role: CompanyRoleName, orderLimit: number | null) =>
  db.execute(
    'update app_user set account_id = ?, company_role = ?, order_limit = ?, monthly_limit = null where id = ?',
    [accountId, COMPANY_ROLES[role], orderLimit, userId],
  );

/** Places `qty` pieces with a card that declines: the order waits for a payment (Payment Failed). */
async function declinedOrder(c: Client, email: string, qty = 2): Promise<string> {
  await c.send('post', '/api/user/cart/upsert', { items: [{ itemId: product.id, qty }] }).expect(200);
  const placed = await c
    .send('post', '/api/checkout/place-order', checkoutBody(email, await testCard(c, TEST_CARDS.declined)))
    .set('Idempotency-Key', randomUUID())
    .expect(200);
  expect(placed.body.order.statusLabel).toBe('Payment Failed');
  return placed.body.order.id as string;
}

const orderRow = async (id: string) =>
  (
    await db.execute<{ status: number; paymentKind: string; accountId: string | null }[]>(
      'select status, payment_kind as "paymentKind", account_id as "accountId" from customer_order where id = ?',
      [id],
    )
  )[0]!;

async function shopper(): Promise<CompanyPerson> {
  const email = `late.${randomUUID()}@plant.example`;
  const id = await t.createUser({ email, password: FIXTURE_PASSWORD });
  const c = await t.client();
  await c.signIn(email, FIXTURE_PASSWORD);
  return { c, id, email };
}

describe('paying an order later (issue 52, item 1)', () => {
  it('a personal unpaid order is not paid on the terms of a company joined since: a card is offered', async () => {
    const me = await shopper();
    const orderId = await declinedOrder(me.c, me.email);
    // The attack: join a company on net terms as a Buyer limited to $5, then pay the personal order by PO.
    await join(me.id, await company('Late Terms'), 'Buyer', 5);
    const refused = await me.c
      .send('post', `/api/orders/${orderId}/pay`, { poNumber: 'PO-LATE' })
      .expect(400);
    expect(refused.body.error.fields).toEqual([
      {
        field: 'payment.kind',
        message:
          'This order was placed without a company: a purchase order cannot pay it. Please pay by card.',
      },
    ]);
    expect(await orderRow(orderId)).toEqual({ status: 14, paymentKind: 'card', accountId: null });
    // The card it is offered pays it as the personal order it is.
    const paid = await me.c
      .send('post', `/api/orders/${orderId}/pay`, { paymentMethodId: await testCard(me.c) })
      .expect(200);
    expect(paid.body.order.statusLabel).toBe('Payment Received');
  });

  it("company X's unpaid order is not paid on company Y's terms", async () => {
    const x = await company('Company X');
    const buyer = await companyMember(t, x, 'Buyer');
    const orderId = await declinedOrder(buyer.c, buyer.email);
    expect((await orderRow(orderId)).accountId).toBe(x);
    await join(buyer.id, await company('Company Y'), 'Buyer', null);
    const refused = await buyer.c
      .send('post', `/api/orders/${orderId}/pay`, { poNumber: 'PO-OTHER' })
      .expect(422);
    expect(refused.body.error.message).toBe(
      'This order was placed for a company you no longer buy for: it can only be paid by that company.',
    );
    const byCard = await buyer.c
      .send('post', `/api/orders/${orderId}/pay`, { paymentMethodId: await testCard(buyer.c) })
      .expect(422);
    expect(byCard.body.error.message).toBe(refused.body.error.message);
    expect(await orderRow(orderId)).toMatchObject({ status: 14, paymentKind: 'card', accountId: x });
  });

  it('a purchase order over the buyer’s limit waits for an approver, as at placing', async () => {
    const account = await company('Limits Later');
    const buyer = await companyMember(t, account, 'Buyer');
    const approver = await companyMember(t, account, 'Approver');
    const orderId = await declinedOrder(buyer.c, buyer.email, 3);
    // The admin lowers the buyer's order limit below this order after it was placed.
    await db.execute('update app_user set order_limit = 5 where id = ?', [buyer.id]);
    const waiting = await buyer.c
      .send('post', `/api/orders/${orderId}/pay`, { poNumber: 'PO-WAIT' })
      .expect(200);
    expect(waiting.body.order).toMatchObject({ statusLabel: 'Awaiting Approval', poNumber: 'PO-WAIT' });
    const queue = await approver.c.gql<{ companyApprovals: { orderId: string; reason: string }[] }>(
      '{ companyApprovals { orderId reason } }',
    );
    expect(queue.data!.companyApprovals).toEqual([{ orderId, reason: 'order' }]);
    await t.mail(approver.email, { subject: /is waiting for your approval/ });
    const decided = await approver.c.gql<{ decideCompanyOrder: { decision: string } }>(
      'mutation($o: ID!) { decideCompanyOrder(orderId: $o, approve: true) { decision } }',
      { o: orderId },
    );
    expect(decided.data!.decideCompanyOrder.decision).toBe('approved');
    expect(await orderRow(orderId)).toMatchObject({ status: 1, paymentKind: 'purchaseOrder' });
  });

  it('a card over the limit is kept for the approver, not charged; an approved order is not asked again', async () => {
    const account = await company('Card Later', null);
    const buyer = await companyMember(t, account, 'Buyer');
    const approver = await companyMember(t, account, 'Approver');
    const orderId = await declinedOrder(buyer.c, buyer.email, 3);
    await db.execute('update app_user set order_limit = 5 where id = ?', [buyer.id]);
    const waiting = await buyer.c
      .send('post', `/api/orders/${orderId}/pay`, { paymentMethodId: await testCard(buyer.c) })
      .expect(200);
    expect(waiting.body.order.statusLabel).toBe('Awaiting Approval');
    const approved = await approver.c.gql<{ decideCompanyOrder: { decision: string } }>(
      'mutation($o: ID!) { decideCompanyOrder(orderId: $o, approve: true) { decision } }',
      { o: orderId },
    );
    expect(approved.data!.decideCompanyOrder.decision).toBe('approved');
    expect((await orderRow(orderId)).status).toBe(18);

    // An approved order whose payment is still due (the bank's check) is paid later without a second approval.
    await buyer.c
      .send('post', '/api/user/cart/upsert', { items: [{ itemId: product.id, qty: 2 }] })
      .expect(200);
    const placed = await buyer.c
      .send(
        'post',
        '/api/checkout/place-order',
        checkoutBody(buyer.email, await testCard(buyer.c, TEST_CARDS.requiresAction)),
      )
      .set('Idempotency-Key', randomUUID())
      .expect(200);
    const second: string = placed.body.order.id;
    expect(placed.body.order.statusLabel).toBe('Awaiting Approval');
    await approver.c.gql(
      'mutation($o: ID!) { decideCompanyOrder(orderId: $o, approve: true) { decision } }',
      {
        o: second,
      },
    );
    expect((await orderRow(second)).status).toBe(15);
    const paid = await buyer.c
      .send('post', `/api/orders/${second}/pay`, { paymentMethodId: await testCard(buyer.c) })
      .expect(200);
    expect(paid.body.order.statusLabel).toBe('Payment Received');
    const [approvals] = await db.execute<{ n: number }[]>(
      'select count(*)::int as n from company_approval where order_id = ?',
      [second],
    );
    expect(approvals!.n).toBe(1);
  });

  it('a Viewer cannot pay the company’s order later', async () => {
    const account = await company('Viewer Later');
    const buyer = await companyMember(t, account, 'Buyer');
    const orderId = await declinedOrder(buyer.c, buyer.email);
    await db.execute('update app_user set company_role = ? where id = ?', [COMPANY_ROLES.Viewer, buyer.id]);
    const refused = await buyer.c
      .send('post', `/api/orders/${orderId}/pay`, { paymentMethodId: await testCard(buyer.c) })
      .expect(422);
    expect(refused.body.error.message).toBe('Viewers cannot place orders for your company.');
    expect((await orderRow(orderId)).status).toBe(14);
  });
});

describe('a monthly limit counts every site (issue 52, item 3)', () => {
  /** Places one piece on the site of `host` (pay-ca ships to Vancouver), by card; the order as answered. */
  async function placeOn(p: CompanyPerson, host: string | null) {
    const body = checkoutBody(p.email, await testCard(p.c));
    const vancouver = { ...body.shippingAddress, city: 'Vancouver', state: 'BC', zip: 'V6B 4Y8' };
    const send = <T extends { set(k: string, v: string): T }>(r: T) => (host ? r.set('Host', host) : r);
    await send(p.c.send('post', '/api/user/cart/upsert', { items: [{ itemId: product.id, qty: 1 }] })).expect(
      200,
    );
    const placed = await send(
      p.c.send('post', '/api/checkout/place-order', host ? { ...body, shippingAddress: vancouver } : body),
    )
      .set('Idempotency-Key', randomUUID())
      .expect(200);
    return placed.body.order as { id: string; total: number; currencyCode: string; statusLabel: string };
  }

  it('a buyer who spent their limit in CAD cannot spend it again in USD: converted at FX_RATES', async () => {
    const account = await company('Two Sites', null);
    const buyer = await companyMember(t, account, 'Buyer');
    await companyMember(t, account, 'Approver');
    const cad = await placeOn(buyer, PAY_CA);
    expect(cad).toMatchObject({ currencyCode: 'cad', statusLabel: 'Payment Received' });
    // The limit (in the company's USD) is just above the CAD order's amount: counted as CAD, it fits once more.
    await db.execute('update app_user set monthly_limit = ? where id = ?', [cad.total + 1, buyer.id]);
    const spentInUsd = Math.round(cad.total * 0.73 * 100) / 100;
    const page = await buyer.c.gql<{ myCompany: { spentThisMonth: number; currency: string } }>(
      '{ myCompany { spentThisMonth currency exchangeRate } }',
    );
    expect(page.data!.myCompany).toEqual({ spentThisMonth: spentInUsd, currency: 'USD', exchangeRate: 1 });
    const onPayCa = await buyer.c
      .send('post', '/graphql', { query: '{ myCompany { exchangeRate } }' })
      .set('Host', PAY_CA)
      .expect(200);
    expect(onPayCa.body.data.myCompany.exchangeRate).toBeCloseTo(0.73, 6);

    const usd = await placeOn(buyer, null);
    expect(usd.currencyCode).toBe('usd');
    expect(spentInUsd + usd.total).toBeGreaterThan(cad.total + 1);
    expect(usd.statusLabel).toBe('Awaiting Approval');
    const [note] = await db.execute<{ note: string }[]>(
      'select note from order_event where order_id = ? and to_status = 19',
      [usd.id],
    );
    expect(note!.note).toMatch(/^Waiting for approval: over the monthly limit of \$/);
  });

  it('an order in a currency without a rate waits for approval when the buyer has a limit', async () => {
    const account = await company('Euro Books', null);
    await db.execute("update business_account set currency_code = 'EUR' where id = ?", [account]);
    const limited = await companyMember(t, account, 'Buyer', { monthlyLimit: 100_000 });
    await companyMember(t, account, 'Approver');
    const held = await placeOn(limited, null);
    expect(held.statusLabel).toBe('Awaiting Approval');
    const [note] = await db.execute<{ note: string }[]>(
      'select note from order_event where order_id = ? and to_status = 19',
      [held.id],
    );
    expect(note!.note).toMatch(
      /^Waiting for approval: no exchange rate to count an order in USD against the monthly limit of €/,
    );
    // Without a limit there is nothing to convert: the order goes through.
    const free = await companyMember(t, account, 'Buyer');
    expect((await placeOn(free, null)).statusLabel).toBe('Payment Received');
  });
});
