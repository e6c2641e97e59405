import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '../../domain/checkout';
import type { CompanyRoleName } from '../../domain/company';
import { ROLES } from '../../domain/roles';
import { checkoutBody, companyMember, plainProducts, testCard, type CompanyPerson } from './fixtures';
import { createTestApp, linkIn, type TestApp } from './harness';

/**
 * Company buying, slice 2 (issue 31, decision 044): an order over a buyer's spending limit waits for an approver,
 * nothing charged; approved, the card kept for it pays (or the purchase order is taken); rejected, it is cancelled
 * and the buyer can put it back in the cart. Nobody approves their own order, one of two approvers at once wins,
 * and another company never sees the queue.
 */
// Each test places orders and waits for their e-mails: seconds, more on a busy machine.
jest.setTimeout(30_000);

let t: TestApp;
let db: ReturnType<TestApp['orm']['em']['getConnection']>;
const PASSWORD = 'Approve-Rail-2026!';
let product: { id: string; price: number };
let company: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  db = t.orm.em.getConnection();
  [product] = await plainProducts(t, 1);
  [{ id: company }, { id: other }] = await db.execute<{ id: string }[]>(
    `insert into business_account (company, erp_account_id, net_terms_days) values ('Approvals Fabrication', 'ERP-A-1', 30),
       ('Elsewhere Automation', 'ERP-E-1', null) returning id`,
  );
});
afterAll(async () => t.close());

type Person = CompanyPerson;

/** A signed-in member of `accountId` with a role and limits. */
const member = (
  role: CompanyRoleName,
  limits: { orderLimit?: number | null; monthlyLimit?: number | null } = {},
  accountId = company,
): Promise<Person> => companyMember(t, accountId, role, limits);

const card = testCard;

/** Fills the cart and places it (by card unless a PO number is given), expecting the HTTP status `expected`. */
async function order(p: Person, qty: number, pay: { card?: string; poNumber?: string } = {}, expected = 200) {
  await p.c.send('post', '/api/user/cart/upsert', { items: [{ itemId: product.id, qty }] }).expect(200);
  const paymentMethodId = pay.poNumber ? null : (pay.card ?? (await card(p.c)));
  return p.c
    .send('post', '/api/checkout/place-order', {
      ...checkoutBody(p.email, paymentMethodId ?? ''),
      payment: pay.poNumber
        ? { kind: 'purchaseOrder', poNumber: pay.poNumber }
        : { kind: 'card', paymentMethodId },
    })
    .set('Idempotency-Key', randomUUID())
    .expect(expected);
}

const QUEUE = `{ companyApprovals { orderId orderNumber buyerEmail total reason spendingLimit lines { itemId quantity } } }`;
const DECIDE = `mutation($orderId: ID!, $approve: Boolean!, $note: String) {
  decideCompanyOrder(orderId: $orderId, approve: $approve, note: $note) { decision decidedBy note } }`;
const ORDER = `query($id: ID!) { order(id: $id) { status statusLabel paymentStatus approval { reason spendingLimit decision decidedBy note } } }`;

const codeOf = (res: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  res.errors?.[0]?.extensions?.code;

const statusOf = async (id: string) =>
  (
    await db.execute<{ status: number; intent: string | null }[]>(
      'select status, payment_intent_id as intent from customer_order where id = ?',
      [id],
    )
  )[0]!;

/** Orders of the test company waiting in its queue, seen by `p`. */
async function queueOf(p: Person) {
  const res = await p.c.gql<{ companyApprovals: { orderId: string; buyerEmail: string }[] }>(QUEUE);
  return res;
}

describe('an order over the buyer’s limit', () => {
  it('within the limits is paid at once, and counted for the company', async () => {
    const buyer = await member('Buyer', { orderLimit: 10_000, monthlyLimit: 50_000 });
    const res = await order(buyer, 2);
    expect(res.body.order.statusLabel).toBe('Payment Received');
    const [row] = await db.execute<{ accountId: string }[]>(
      'select account_id as "accountId" from customer_order where id = ?',
      [res.body.order.id],
    );
    expect(row!.accountId).toBe(company);
  });

  it('waits for an approver with nothing charged; the approver, e-mailed, approves and the kept card pays', async () => {
    const admin = await member('Admin');
    const approver = await member('Approver');
    const buyer = await member('Buyer', { orderLimit: product.price * 2 });
    const placed = await order(buyer, 3);
    const orderId: string = placed.body.order.id;
    expect(placed.body.order.statusLabel).toBe('Awaiting Approval');
    expect(placed.body.paymentError).toBeNull();
    // The order names the card it will be paid with.
    expect(placed.body.order).toMatchObject({ cardLast4: '4242', paymentStatus: 'PENDING' });
    // Nothing charged, and the ordered lines left the cart.
    expect(await statusOf(orderId)).toEqual({ status: 19, intent: null });
    const cart = await buyer.c.agent.get('/api/user/cart').expect(200);
    expect(cart.body.orderLines ?? cart.body.cart?.orderLines ?? []).toEqual([]);

    // Both approvers are told, each with the queue's link; the buyer is not asked.
    for (const who of [admin, approver]) {
      const mail = await t.mail(who.email, { subject: /is waiting for your approval/ });
      expect(mail.text).toContain('Buyer Tester');
      expect(linkIn(mail).pathname).toBe('/user/account/company/approvals');
    }
    const seen = await queueOf(approver);
    expect(seen.data!.companyApprovals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          orderId,
          buyerEmail: buyer.email,
          reason: 'order',
          spendingLimit: product.price * 2,
          lines: [{ itemId: product.id, quantity: 3 }],
        }),
      ]),
    );
    // The buyer sees why it waits.
    const mine = await buyer.c.gql<{ order: { approval: Record<string, unknown> } }>(ORDER, { id: orderId });
    expect(mine.data!.order.approval).toEqual({
      reason: 'order',
      spendingLimit: product.price * 2,
      decision: null,
      decidedBy: null,
      note: '',
    });

    const decided = await approver.c.gql<{ decideCompanyOrder: Record<string, string> }>(DECIDE, {
      orderId,
      approve: true,
      note: 'Fine for the line 4 retrofit.',
    });
    expect(decided.errors).toBeUndefined();
    expect(decided.data!.decideCompanyOrder).toEqual({
      decision: 'approved',
      decidedBy: 'Approver Tester',
      note: 'Fine for the line 4 retrofit.',
    });
    const after = await buyer.c.gql<{ order: { statusLabel: string; paymentStatus: string } }>(ORDER, {
      id: orderId,
    });
    expect(after.data!.order).toMatchObject({ statusLabel: 'Payment Received', paymentStatus: 'AUTHORIZED' });
    const mail = await t.mail(buyer.email, { subject: /was approved/ });
    expect(mail.text).toContain('Approver Tester approved your order');
    expect(mail.text).toContain('Fine for the line 4 retrofit.');
    expect(linkIn(mail).pathname).toBe(`/user/account/orders/${orderId}`);
    // The card was kept for the approval only: it is not among the buyer's saved cards.
    const [{ n: savedCards }] = (await db.execute<{ n: number }[]>(
      'select count(*)::int as n from saved_card where user_id = ?',
      [buyer.id],
    )) as [{ n: number }];
    expect(savedCards).toBe(0);
    // The queue is empty of it, and the decision is audited.
    expect((await queueOf(admin)).data!.companyApprovals.map((a) => a.orderId)).not.toContain(orderId);
    const [audit] = await db.execute<{ actorId: string }[]>(
      `select actor_user_id as "actorId" from audit_log where target_id = ? and action = 'company.order-approved'`,
      [orderId],
    );
    expect(audit!.actorId).toBe(approver.id);
  });

  it('rejected with a note, it is cancelled, the buyer is told and Re-order puts its items back in the cart', async () => {
    const approver = await member('Approver');
    const buyer = await member('Buyer', { orderLimit: 1 });
    const orderId: string = (await order(buyer, 4)).body.order.id;
    expect(codeOf(await approver.c.gql(DECIDE, { orderId, approve: false, note: ' ' }))).toBe(
      'BAD_USER_INPUT',
    );
    const res = await approver.c.gql(DECIDE, { orderId, approve: false, note: 'Use the stock in bay 2.' });
    expect(res.errors).toBeUndefined();
    expect((await statusOf(orderId)).status).toBe(16);
    const mail = await t.mail(buyer.email, { subject: /was not approved/ });
    expect(mail.text).toContain('Use the stock in bay 2.');
    const link = linkIn(mail);
    expect(link.pathname).toBe(`/user/account/orders/${orderId}`);
    const reordered = await buyer.c.gql<{
      reorder: { cart: { orderLines: { itemId: string; quantity: number }[] } };
    }>(`mutation($id: ID!) { reorder(orderId: $id) { cart { orderLines { itemId quantity } } } }`, {
      id: orderId,
    });
    expect(reordered.data!.reorder.cart.orderLines).toEqual([{ itemId: product.id, quantity: 4 }]);
    // Decided once: approving it now is refused.
    const again = await approver.c.gql(DECIDE, { orderId, approve: true });
    expect(codeOf(again)).toBe('CONFLICT');
  });

  it('is never approved by its own buyer, a buyer, a viewer or another company', async () => {
    const approver = await member('Approver', { orderLimit: 1 });
    const buyer = await member('Buyer');
    const viewer = await member('Viewer');
    const elsewhere = await member('Admin', {}, other);
    await member('Admin');
    const orderId: string = (await order(approver, 2)).body.order.id;
    expect((await statusOf(orderId)).status).toBe(19);
    const own = await approver.c.gql(DECIDE, { orderId, approve: true });
    expect(own.errors![0]!.message).toBe('Nobody approves their own order.');
    expect((await statusOf(orderId)).intent).toBeNull();
    for (const who of [buyer, viewer]) {
      expect(codeOf(await who.c.gql(DECIDE, { orderId, approve: true }))).toBe('UNPROCESSABLE');
      expect(codeOf(await queueOf(who))).toBe('UNPROCESSABLE');
    }
    expect(codeOf(await elsewhere.c.gql(DECIDE, { orderId, approve: true }))).toBe('NOT_FOUND');
    expect((await queueOf(elsewhere)).data!.companyApprovals.map((a) => a.orderId)).not.toContain(orderId);
    expect((await statusOf(orderId)).status).toBe(19);
  });

  it('has one winner when two approvers decide at once', async () => {
    const [first, second] = [await member('Approver'), await member('Admin')];
    const buyer = await member('Buyer', { orderLimit: 1 });
    const orderId: string = (await order(buyer, 2)).body.order.id;
    const results = await Promise.all([
      first.c.gql(DECIDE, { orderId, approve: true }),
      second.c.gql(DECIDE, { orderId, approve: false, note: 'No budget left.' }),
    ]);
    const codes = results.map((r) => codeOf(r) ?? 'OK').sort();
    expect(codes).toEqual(['CONFLICT', 'OK']);
    const [{ n }] = (await db.execute<{ n: number }[]>(
      `select count(*)::int as n from order_event where order_id = ? and from_status = 19`,
      [orderId],
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('takes the purchase order once approved: the order goes to Processing', async () => {
    const approver = await member('Approver');
    const buyer = await member('Buyer', { orderLimit: 1 });
    const orderId: string = (await order(buyer, 2, { poNumber: 'PO-7781' })).body.order.id;
    expect((await statusOf(orderId)).status).toBe(19);
    await approver.c.gql(DECIDE, { orderId, approve: true });
    expect(await statusOf(orderId)).toEqual({ status: 1, intent: null });
    const mail = await t.mail(buyer.email, { subject: /was approved/ });
    expect(mail.text).toContain('billed to your company');
  });

  it('asks the buyer to pay when the kept card needs the bank’s check: the e-mail links to Pay now', async () => {
    const approver = await member('Approver');
    const buyer = await member('Buyer', { orderLimit: 1 });
    const pm = await card(buyer.c, TEST_CARDS.requiresAction);
    const orderId: string = (await order(buyer, 2, { card: pm })).body.order.id;
    await approver.c.gql(DECIDE, { orderId, approve: true });
    expect((await statusOf(orderId)).status).toBe(15);
    const mail = await t.mail(buyer.email, { subject: /was approved/ });
    expect(mail.text).toContain('The payment did not go through');
    // The link opens the order, where the buyer pays with another card.
    expect(linkIn(mail).pathname).toBe(`/user/account/orders/${orderId}`);
    const paid = await buyer.c
      .send('post', `/api/orders/${orderId}/pay`, { paymentMethodId: await card(buyer.c) })
      .expect(200);
    expect(paid.body.order.statusLabel).toBe('Payment Received');
  });

  it('refuses a declined card before placing: no order, the cart as it was', async () => {
    await member('Approver');
    const buyer = await member('Buyer', { orderLimit: 1 });
    const res = await order(buyer, 2, { card: await card(buyer.c, TEST_CARDS.declined) }, 422);
    expect(res.body.message ?? JSON.stringify(res.body)).toContain('Your card was declined.');
    const [{ n }] = (await db.execute<{ n: number }[]>(
      'select count(*)::int as n from customer_order where user_id = ?',
      [buyer.id],
    )) as [{ n: number }];
    expect(n).toBe(0);
    const cart = await buyer.c.agent.get('/api/user/cart').expect(200);
    expect(JSON.stringify(cart.body)).toContain(product.id);
  });

  it('is refused when nobody else in the company could approve it', async () => {
    const lone = await member(
      'Admin',
      { orderLimit: 1 },
      (
        await db.execute<{ id: string }[]>(
          `insert into business_account (company) values ('Solo Machine Works') returning id`,
        )
      )[0]!.id,
    );
    const res = await order(lone, 2, {}, 400);
    expect(JSON.stringify(res.body)).toContain('nobody else in your company can approve it');
  });

  it('waits no more once its buyer cancels it', async () => {
    const approver = await member('Approver');
    const buyer = await member('Buyer', { orderLimit: 1 });
    const orderId: string = (await order(buyer, 2)).body.order.id;
    await buyer.c.send('post', `/api/orders/${orderId}/cancel`).expect(200);
    expect((await queueOf(approver)).data!.companyApprovals.map((a) => a.orderId)).not.toContain(orderId);
    expect(codeOf(await approver.c.gql(DECIDE, { orderId, approve: true }))).toBe('CONFLICT');
  });
});

describe('the card, the Idempotency-Key, the console and a member who leaves', () => {
  it('answers a retried placement with the same waiting order, asking no second approval', async () => {
    await member('Approver');
    const buyer = await member('Buyer', { orderLimit: 1 });
    await buyer.c
      .send('post', '/api/user/cart/upsert', { items: [{ itemId: product.id, qty: 2 }] })
      .expect(200);
    const key = randomUUID();
    const body = checkoutBody(buyer.email, await card(buyer.c));
    const send = () =>
      buyer.c.send('post', '/api/checkout/place-order', body).set('Idempotency-Key', key).expect(200);
    const first = (await send()).body.order;
    const again = (await send()).body.order;
    expect(again).toMatchObject({ id: first.id, statusLabel: 'Awaiting Approval' });
    const [{ n }] = (await db.execute<{ n: number }[]>(
      'select count(*)::int as n from company_approval where buyer_id = ?',
      [buyer.id],
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('keeps a card two waiting orders share until both are decided, and saves it at once when asked', async () => {
    const approver = await member('Approver');
    const buyer = await member('Buyer', { orderLimit: 1 });
    const pm = await card(buyer.c);
    const first: string = (await order(buyer, 2, { card: pm })).body.order.id;
    const second: string = (await order(buyer, 2, { card: pm })).body.order.id;
    await approver.c.gql(DECIDE, { orderId: first, approve: false, note: 'Not this week.' });
    await approver.c.gql(DECIDE, { orderId: second, approve: true });
    expect((await statusOf(second)).status).toBe(18);

    // Asked to save: among the buyer's saved cards from the placement on, and kept after a rejection.
    const saver = await member('Buyer', { orderLimit: 1 });
    await saver.c
      .send('post', '/api/user/cart/upsert', { items: [{ itemId: product.id, qty: 2 }] })
      .expect(200);
    const saving = await saver.c
      .send('post', '/api/checkout/place-order', {
        ...checkoutBody(saver.email, ''),
        payment: { kind: 'card', paymentMethodId: await card(saver.c), saveCard: true },
      })
      .set('Idempotency-Key', randomUUID())
      .expect(200);
    const savedCount = async () =>
      (
        await db.execute<{ n: number }[]>('select count(*)::int as n from saved_card where user_id = ?', [
          saver.id,
        ])
      )[0]!.n;
    expect(await savedCount()).toBe(1);
    await approver.c.gql(DECIDE, { orderId: saving.body.order.id, approve: false, note: 'No.' });
    expect(await savedCount()).toBe(1);
  });

  it('lets the console only cancel a waiting order, which leaves the queue', async () => {
    const approver = await member('Approver');
    const buyer = await member('Buyer', { orderLimit: 1 });
    const orderId: string = (await order(buyer, 2)).body.order.id;
    const email = `cs.${randomUUID()}@axisline.example`;
    await t.createUser({ email, password: PASSWORD, role: ROLES.CustomerService });
    const staff = await t.client();
    await staff.signIn(email, PASSWORD);
    const edit = async (status: number) => {
      const { data } = await staff.gql<{ adminOrder: Record<string, any> }>(
        `query($id: ID!) { adminOrder(id: $id) { orderNumber version status contactEmail taxAmount freightAmt total erpOrderId
           shippingAddress { addressLine1 addressLine2 city state zip } lines { id quantity price } } }`,
        { id: orderId },
      );
      const o = data!.adminOrder;
      return staff.gql(
        `mutation($id: ID!, $version: Int!, $input: AdminOrderInput!) {
           updateOrder(id: $id, version: $version, input: $input) { status } }`,
        {
          id: orderId,
          version: o.version,
          input: {
            contactEmail: o.contactEmail,
            address: o.shippingAddress,
            taxAmount: o.taxAmount,
            shippingCharges: o.freightAmt,
            totalAmount: o.total,
            // The form shows the order number until the ERP acknowledges the order (decision 071).
            erpOrderId: o.erpOrderId ?? String(o.orderNumber),
            status,
            lines: o.lines.map((l: { id: string; quantity: number; price: number }) => ({
              ...l,
              configurations: [],
            })),
          },
        },
      );
    };
    const paid = await edit(18);
    expect(paid.errors![0]!.extensions!.fields).toEqual([
      {
        field: 'status',
        message: 'An order awaiting approval is approved by its company; it can only be cancelled here',
      },
    ]);
    const cancelled = await edit(16);
    expect(cancelled.errors).toBeUndefined();
    expect((await queueOf(approver)).data!.companyApprovals.map((a) => a.orderId)).not.toContain(orderId);
    const [approval] = await db.execute<{ decision: string }[]>(
      'select decision from company_approval where order_id = ?',
      [orderId],
    );
    expect(approval!.decision).toBe('cancelled');
  });

  it('cancels the orders a removed buyer left waiting, and tells them', async () => {
    const admin = await member('Admin');
    const buyer = await member('Buyer', { orderLimit: 1 });
    const orderId: string = (await order(buyer, 2)).body.order.id;
    const removed = await admin.c.gql(`mutation($userId: ID!) { removeCompanyMember(userId: $userId) }`, {
      userId: buyer.id,
    });
    expect(removed.errors).toBeUndefined();
    expect((await statusOf(orderId)).status).toBe(16);
    const mail = await t.mail(buyer.email, { subject: /was cancelled/ });
    expect(mail.text).toContain('you no longer buy for that company');
    expect(codeOf(await admin.c.gql(DECIDE, { orderId, approve: true }))).toBe('CONFLICT');
  });
});

describe('the monthly limit', () => {
  it('counts this calendar month’s orders, not cancelled ones nor last month’s', async () => {
    await member('Approver');
    const limit = product.price * 5;
    const buyer = await member('Buyer', { monthlyLimit: limit });
    const first = (await order(buyer, 3)).body.order;
    expect(first.statusLabel).toBe('Payment Received');
    // 3 + 3 > 5: the second waits.
    const second = (await order(buyer, 3)).body.order;
    expect(second.statusLabel).toBe('Awaiting Approval');
    const company = await buyer.c.gql<{ myCompany: { spentThisMonth: number } }>(
      '{ myCompany { spentThisMonth } }',
    );
    expect(company.data!.myCompany.spentThisMonth).toBeGreaterThan(product.price * 6);
    // Cancelled, and last month's, orders do not count.
    await buyer.c.send('post', `/api/orders/${second.id}/cancel`).expect(200);
    await db.execute(
      `update customer_order set created_at = date_trunc('month', now()) - interval '2 days' where id = ?`,
      [first.id],
    );
    expect((await order(buyer, 3)).body.order.statusLabel).toBe('Payment Received');
  });
});

describe('roles at checkout and on the company page', () => {
  it('a viewer cannot place an order', async () => {
    const viewer = await member('Viewer');
    const res = await order(viewer, 1, {}, 422);
    expect(JSON.stringify(res.body)).toContain('Viewers cannot place orders for your company.');
  });

  it('an admin sees the orders waiting for them, and cannot change their own limits', async () => {
    const admin = await member('Admin', { orderLimit: 100 });
    await member('Admin');
    const buyer = await member('Buyer', { orderLimit: 1 });
    await order(buyer, 2);
    const page = await admin.c.gql<{ myCompany: { approvalsWaiting: number } }>(
      '{ myCompany { approvalsWaiting } }',
    );
    expect(page.data!.myCompany.approvalsWaiting).toBeGreaterThan(0);
    const own = await admin.c.gql(
      `mutation($userId: ID!, $input: CompanyMemberInput!) { updateCompanyMember(userId: $userId, input: $input) { role } }`,
      { userId: admin.id, input: { role: 'Admin', orderLimit: null, monthlyLimit: null } },
    );
    expect(own.errors![0]!.message).toBe('Another admin of your company sets your own spending limits.');
  });
});

describe('the company’s orders (slice 3)', () => {
  const ORDERS = `query($filter: CompanyOrderListInput) { companyOrders(filter: $filter) {
    total items { id buyerId buyerName statusLabel } buyers { userId name } } }`;

  it('an admin, approver or viewer lists every member’s orders, filters by buyer and opens their invoices', async () => {
    const co = (
      await db.execute<{ id: string }[]>(
        `insert into business_account (company) values ('Ledger Works ' || gen_random_uuid()) returning id`,
      )
    )[0]!.id;
    const viewer = await member('Viewer', {}, co);
    const [ana, ben] = [await member('Buyer', {}, co), await member('Buyer', {}, co)];
    const fromAna: string = (await order(ana, 1)).body.order.id;
    const fromBen: string = (await order(ben, 1)).body.order.id;

    const all = await viewer.c.gql<{
      companyOrders: { total: number; items: { id: string }[]; buyers: { userId: string }[] };
    }>(ORDERS);
    expect(all.errors).toBeUndefined();
    expect(all.data!.companyOrders.items.map((o) => o.id).sort()).toEqual([fromAna, fromBen].sort());
    expect(all.data!.companyOrders.buyers.map((b) => b.userId)).toEqual(
      expect.arrayContaining([ana.id, ben.id]),
    );
    const onlyBen = await viewer.c.gql<{ companyOrders: { items: { id: string; buyerName: string }[] } }>(
      ORDERS,
      {
        filter: { buyerId: ben.id },
      },
    );
    expect(onlyBen.data!.companyOrders.items).toEqual([
      expect.objectContaining({ id: fromBen, buyerId: ben.id, buyerName: 'Buyer Tester' }),
    ]);
    // The viewer reads a member's invoice; they cannot act on the order.
    const pdf = await viewer.c.agent.get(`/api/orders/${fromAna}/invoice.pdf`).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(
      codeOf(await viewer.c.gql(`mutation($id: ID!) { cancelOrder(orderId: $id) { id } }`, { id: fromAna })),
    ).toBe('NOT_FOUND');
    // A buyer has their own orders, not the company's list, nor a colleague's invoice.
    expect(codeOf(await ana.c.gql(ORDERS))).toBe('UNPROCESSABLE');
    await ana.c.agent.get(`/api/orders/${fromBen}/invoice.pdf`).expect(404);
    // Another company sees none of it, even naming a buyer.
    const stranger = await member('Admin', {}, other);
    const theirs = await stranger.c.gql<{ companyOrders: { items: { id: string }[] } }>(ORDERS, {
      filter: { buyerId: ana.id },
    });
    expect(theirs.data!.companyOrders.items).toEqual([]);
    await stranger.c.agent.get(`/api/orders/${fromAna}/invoice.pdf`).expect(404);
    // A malformed id is a missing order, not a server error.
    await viewer.c.agent.get('/api/orders/not-an-id/invoice.pdf').expect(404);
  });
});
