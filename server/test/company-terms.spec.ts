import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '../../domain/checkout';
import { BRAND } from '../../domain/constants';
import { storeDay, type CompanyRoleName } from '../../domain/company';
import { ROLES } from '../../domain/roles';
import {
  checkoutBody,
  companyMember,
  eventsOf,
  plainProducts,
  testCard,
  type CompanyPerson,
} from './fixtures';
import { createTestApp, linkIn, type Client, type TestApp } from './harness';

/**
 * Company buying, slice 4 (issue 31, decision 046): staff keep a company's record in the console (ERP number and its
 * check, tax exemption and its certificate, net terms and credit limit), record payments against its terms invoices
 * (which closes them), see its open and overdue balance, and decide its purchase orders over the credit limit.
 */
jest.setTimeout(30_000);

let t: TestApp;
let db: ReturnType<TestApp['orm']['em']['getConnection']>;
const PASSWORD = 'Terms-Rail-2026!';
let product: { id: string; price: number };
let staff: Client;
let staffId: string;

beforeAll(async () => {
  t = await createTestApp();
  db = t.orm.em.getConnection();
  [product] = await plainProducts(t, 1);
  const email = `ar.${randomUUID()}@axisline.example`;
  staffId = await t.createUser({ email, password: PASSWORD, role: ROLES.Service });
  staff = await t.client();
  await staff.signIn(email, PASSWORD);
});
afterAll(async () => t.close());

type Person = CompanyPerson;

const member = (accountId: string, role: CompanyRoleName, orderLimit: number | null = null) =>
  companyMember(t, accountId, role, { orderLimit });

const codeOf = (res: { errors?: { message: string; extensions?: Record<string, unknown> }[] }) =>
  res.errors?.[0]?.extensions?.code;

const RECORD = `id name erpAccountId erpVerified erpVerifiedBy netTermsDays creditLimit taxExempt taxCertificate
  taxCertificateExpires taxExemptToday openBalance overdueBalance overdueInvoices creditWaiting
  invoices { orderId orderNumber dueOn total paid balance overdue payments { amount paidOn reference recordedBy } }
  creditHolds { orderId total creditLimit openBalance alsoSpending }`;
const SAVE = `mutation($id: ID, $input: CompanyRecordInput!) { saveAdminCompany(id: $id, input: $input) { ${RECORD} } }`;
const GET = `query($id: ID!) { adminCompany(id: $id) { ${RECORD} } }`;
const PAY = `mutation($orderId: ID!, $input: TermsPaymentInput!) { recordTermsPayment(orderId: $orderId, input: $input) { ${RECORD} } }`;
const DECIDE = `mutation($orderId: ID!, $approve: Boolean!, $note: String) {
  decideCompanyCredit(orderId: $orderId, approve: $approve, note: $note) { ${RECORD} } }`;

type Kept = {
  id: string;
  erpVerified: boolean;
  erpVerifiedBy: string | null;
  taxExemptToday: boolean;
  openBalance: number;
  overdueBalance: number;
  overdueInvoices: number;
  creditWaiting: number;
  invoices: {
    orderId: string;
    balance: number;
    paid: number;
    overdue: boolean;
    dueOn: string;
    payments: unknown[];
  }[];
  creditHolds: { orderId: string; alsoSpending: boolean; openBalance: number }[];
};

async function saveCompany(input: Input, id: string | null = null): Promise<Kept> {
  const res = await staff.gql<{ saveAdminCompany: Kept }>(SAVE, { id, input });
  expect(res.errors).toBeUndefined();
  return res.data!.saveAdminCompany;
}
type Input = Record<string, unknown>;

const get = async (id: string) => (await staff.gql<{ adminCompany: Kept }>(GET, { id })).data!.adminCompany;

/** Places one unit per `qty` by purchase order (or card), expecting `expected`. */
async function order(p: Person, qty: number, kind: 'po' | 'card' = 'po', expected = 200) {
  await p.c.send('post', '/api/user/cart/upsert', { items: [{ itemId: product.id, qty }] }).expect(200);
  const body = checkoutBody(p.email, kind === 'card' ? await testCard(p.c) : '');
  return p.c
    .send('post', '/api/checkout/place-order', {
      ...body,
      payment:
        kind === 'po' ? { kind: 'purchaseOrder', poNumber: `PO-${randomUUID().slice(0, 8)}` } : body.payment,
    })
    .set('Idempotency-Key', randomUUID())
    .expect(expected);
}

const yesterday = () => {
  const d = new Date(`${storeDay()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

describe('the company record staff keep', () => {
  it('refuses what cannot be: a credit limit without terms, an exemption without certificate, a bad day, a taken ERP number', async () => {
    const noTerms = await staff.gql(SAVE, { input: { name: 'Limits Co', creditLimit: 500 } });
    expect(noTerms.errors![0]!.message).toBe('A credit limit needs net terms.');
    const noCertificate = await staff.gql(SAVE, { input: { name: 'Exempt Co', taxExempt: true } });
    expect(noCertificate.errors![0]!.message).toBe('Enter the tax-exemption certificate number.');
    const badDay = await staff.gql(SAVE, {
      input: { name: 'Day Co', taxExempt: true, taxCertificate: 'NC-1', taxCertificateExpires: '31/12/2027' },
    });
    expect(badDay.errors![0]!.message).toBe('Enter the last day as YYYY-MM-DD.');
    const verifyNothing = await staff.gql(SAVE, { input: { name: 'Check Co', erpVerified: true } });
    expect(verifyNothing.errors![0]!.message).toBe('Enter the ERP account number you checked.');

    const erp = `ERP-T-${randomUUID().slice(0, 6)}`;
    await saveCompany({ name: 'First Holder', erpAccountId: erp });
    const taken = await staff.gql(SAVE, { input: { name: 'Second Holder', erpAccountId: erp } });
    expect(codeOf(taken)).toBe('BAD_USER_INPUT');
    expect(taken.errors![0]!.message).toBe('Another company has this ERP account number.');
  });

  it('records who checked the ERP number; a changed number is not checked any more; every change audited', async () => {
    const made = await saveCompany({ name: 'Verified Motion', erpAccountId: 'ERP-V-1', erpVerified: true });
    expect(made).toMatchObject({ erpVerified: true, erpVerifiedBy: 'Test Buyer' });
    const changed = await saveCompany(
      { name: 'Verified Motion', erpAccountId: 'ERP-V-2', erpVerified: false },
      made.id,
    );
    expect(changed.erpVerified).toBe(false);
    const audit = await db.execute<{ action: string; actor: string }[]>(
      `select action, actor_user_id as actor from audit_log where target_id = ? order by id`,
      [made.id],
    );
    expect(audit).toEqual([
      { action: 'company.created', actor: staffId },
      { action: 'company.record-changed', actor: staffId },
    ]); // The same two changes as company.changed, in order, with the record as saved.
    expect((await eventsOf(t, 'company', made.id)).map((e) => [e.type, e.seq, e.actorId, e.payload])).toEqual(
      [
        [
          'company.changed',
          1,
          staffId,
          expect.objectContaining({
            change: 'created',
            fields: expect.objectContaining({ erpAccountId: 'ERP-V-1' }),
          }),
        ],
        [
          'company.changed',
          2,
          staffId,
          expect.objectContaining({
            change: 'updated',
            fields: expect.objectContaining({ erpAccountId: 'ERP-V-2' }),
          }),
        ],
      ],
    );
  });

  it('a tax exemption ends with its certificate: taxed at checkout after the last day, not before', async () => {
    const company = await saveCompany({
      name: 'Exempt Fabrication',
      taxExempt: true,
      taxCertificate: 'NC-E595E-1',
      taxCertificateExpires: yesterday(),
    });
    expect(company.taxExemptToday).toBe(false);
    const buyer = await member(company.id, 'Buyer');
    const expired = await order(buyer, 1, 'card', 200);
    expect(expired.body.order.taxAmount).toBeGreaterThan(0);

    const renewed = await saveCompany(
      {
        name: 'Exempt Fabrication',
        taxExempt: true,
        taxCertificate: 'NC-E595E-2',
        taxCertificateExpires: `${Number(storeDay().slice(0, 4)) + 1}-12-31`,
      },
      company.id,
    );
    expect(renewed.taxExemptToday).toBe(true);
    const exempt = await order(buyer, 1, 'card', 200);
    expect(exempt.body.order.taxAmount).toBe(0);
  });

  it('staff choose the price list a company buys at: an unknown list is refused, a chosen one prices its cart', async () => {
    const list = `PL-${randomUUID().slice(0, 8)}`;
    await db.execute('insert into price_list_item (price_list_id, product_id, price) values (?, ?, 3.21)', [
      list,
      product.id,
    ]);
    const lists = await staff.gql<{ adminPriceLists: { id: string; products: number }[] }>(
      '{ adminPriceLists { id products } }',
    );
    expect(lists.data!.adminPriceLists).toContainEqual({ id: list, products: 1 });
    const unknown = await staff.gql(SAVE, { input: { name: 'Listed Co', priceListId: 'PL-NOPE' } });
    expect(unknown.errors?.[0]?.extensions?.fields).toEqual([
      { field: 'priceListId', message: 'Choose one of the price lists.' },
    ]);
    const company = await saveCompany({ name: 'Listed Co', priceListId: list });
    const buyer = await member(company.id, 'Buyer');
    const cart = await buyer.c
      .send('post', '/api/user/cart/upsert', { items: [{ itemId: product.id, qty: 2 }] })
      .expect(200);
    expect(JSON.stringify(cart.body)).toContain('3.21');
    // Back to the store's prices.
    const cleared = await staff.gql<{ saveAdminCompany: { priceListId: string | null } }>(
      `mutation($id: ID, $input: CompanyRecordInput!) { saveAdminCompany(id: $id, input: $input) { priceListId } }`,
      { id: company.id, input: { name: 'Listed Co', priceListId: '' } },
    );
    expect(cleared.data!.saveAdminCompany.priceListId).toBeNull();
  });

  it('a customer is refused the console’s companies (FORBIDDEN)', async () => {
    const company = await saveCompany({ name: 'Private Books Inc' });
    const buyer = await member(company.id, 'Admin');
    expect(codeOf(await buyer.c.gql(GET, { id: company.id }))).toBe('FORBIDDEN');
  });
});

describe('terms invoices and credit', () => {
  let company: string;
  let buyer: Person;

  beforeAll(async () => {
    company = (
      await saveCompany({
        name: 'Credit Line Automation',
        erpAccountId: `ERP-C-${randomUUID().slice(0, 6)}`,
        netTermsDays: 30,
        creditLimit: product.price * 5,
      })
    ).id;
    buyer = await member(company, 'Buyer');
  });

  it('payments against an invoice: partial, then too much refused, then the rest closes it', async () => {
    const placed = await order(buyer, 2);
    expect(placed.body.order.statusLabel).toBe('Processing');
    const orderId: string = placed.body.order.id;
    let record = await get(company);
    const invoice = record.invoices.find((i) => i.orderId === orderId)!;
    expect(record.openBalance).toBeCloseTo(invoice.balance, 2);
    const total = invoice.balance;

    record = (
      await staff.gql<{ recordTermsPayment: Kept }>(PAY, {
        orderId,
        input: { amount: 10, paidOn: storeDay(), reference: 'CHQ 10442' },
      })
    ).data!.recordTermsPayment;
    expect(record.invoices.find((i) => i.orderId === orderId)).toMatchObject({
      paid: 10,
      payments: [{ amount: 10, reference: 'CHQ 10442', recordedBy: 'Test Buyer' }],
    });
    const [partial] = await db.execute<{ paymentStatus: string }[]>(
      'select payment_status as "paymentStatus" from customer_order where id = ?',
      [orderId],
    );
    expect(partial!.paymentStatus).toBe('PARTIALLY_PAID');

    const tooMuch = await staff.gql(PAY, {
      orderId,
      input: { amount: total, paidOn: storeDay(), reference: 'WIRE 88' },
    });
    expect(codeOf(tooMuch)).toBe('BAD_USER_INPUT');
    expect(tooMuch.errors![0]!.message).toMatch(/^The invoice's balance is \$[\d,.]+: enter at most that\.$/);
    const future = await staff.gql(PAY, {
      orderId,
      input: { amount: 1, paidOn: `${Number(storeDay().slice(0, 4)) + 1}-01-01`, reference: 'WIRE 89' },
    });
    expect(future.errors![0]!.message).toBe('The day it was paid cannot be after today.');

    record = (
      await staff.gql<{ recordTermsPayment: Kept }>(PAY, {
        orderId,
        input: { amount: Math.round((total - 10) * 100) / 100, paidOn: storeDay(), reference: 'WIRE 90' },
      })
    ).data!.recordTermsPayment;
    expect(record.invoices.find((i) => i.orderId === orderId)!.balance).toBe(0);
    const [paid] = await db.execute<{ paymentStatus: string }[]>(
      'select payment_status as "paymentStatus" from customer_order where id = ?',
      [orderId],
    );
    expect(paid!.paymentStatus).toBe('PAID');
    const again = await staff.gql(PAY, { orderId, input: { amount: 1, paidOn: storeDay(), reference: 'X' } });
    expect(again.errors![0]!.message).toBe('This invoice is paid.');
    const audit = await db.execute<{ n: number }[]>(
      `select count(*)::int as n from audit_log where action = 'order.terms-payment-recorded' and target_id = ?`,
      [orderId],
    );
    expect(audit[0]!.n).toBe(2);
  });

  it('two payments of the whole balance at once: one is recorded; an invoice with payments cannot be cancelled', async () => {
    const placed = await order(buyer, 1);
    const orderId: string = placed.body.order.id;
    const balance = (await get(company)).invoices.find((i) => i.orderId === orderId)!.balance;
    const both = await Promise.all(
      ['WIRE A', 'WIRE B'].map((reference) =>
        staff.gql(PAY, { orderId, input: { amount: balance, paidOn: storeDay(), reference } }),
      ),
    );
    expect(both.filter((r) => !r.errors)).toHaveLength(1);
    expect(both.find((r) => r.errors)!.errors![0]!.message).toBe('This invoice is paid.');
    const [{ n }] = (await db.execute<{ n: number }[]>(
      'select count(*)::int as n from terms_payment where order_id = ?',
      [orderId],
    )) as [{ n: number }];
    expect(n).toBe(1);
    const cancel = await buyer.c.send('post', `/api/orders/${orderId}/cancel`).expect(409);
    expect(cancel.body.error.message).toBe(
      'Payments are recorded against this order: it can no longer be cancelled.',
    );
  });

  it('an invoice past its due day is overdue, in the list and on the company', async () => {
    const placed = await order(buyer, 1);
    await db.execute(`update customer_order set created_at = now() - interval '40 days' where id = ?`, [
      placed.body.order.id,
    ]);
    const record = await get(company);
    const invoice = record.invoices.find((i) => i.orderId === placed.body.order.id)!;
    expect(invoice.overdue).toBe(true);
    expect(record.overdueInvoices).toBe(1);
    expect(record.overdueBalance).toBeCloseTo(invoice.balance, 2);
    const list = await staff.gql<{ adminCompanies: { id: string; overdueInvoices: number }[] }>(
      `query($q: String) { adminCompanies(q: $q) { id overdueInvoices } }`,
      { q: 'Credit Line' },
    );
    expect(list.data!.adminCompanies).toEqual([{ id: company, overdueInvoices: 1 }]);
  });

  it('a purchase order over the credit limit waits for staff, not the company; approved it proceeds, rejected it is cancelled', async () => {
    const approver = await member(company, 'Approver');
    const over = await order(buyer, 5);
    expect(over.body.order.statusLabel).toBe('Awaiting Approval');
    const orderId: string = over.body.order.id;
    // Not the company's to decide.
    const queue = await approver.c.gql<{ companyApprovals: unknown[] }>('{ companyApprovals { orderId } }');
    expect(queue.data!.companyApprovals).toEqual([]);
    expect(
      codeOf(
        await approver.c.gql(
          `mutation($id: ID!) { decideCompanyOrder(orderId: $id, approve: true) { decision } }`,
          { id: orderId },
        ),
      ),
    ).toBe('NOT_FOUND');
    const seen = await buyer.c.gql<{ order: { approval: { reason: string; creditHold: boolean } } }>(
      `query($id: ID!) { order(id: $id) { approval { reason creditHold } } }`,
      { id: orderId },
    );
    expect(seen.data!.order.approval).toEqual({ reason: 'credit', creditHold: true });

    // Staff are e-mailed a link to the company's page, where the decision is taken.
    const told = await t.mail(BRAND.email.help, {
      subject: new RegExp(`${over.body.order.orderNumber}.*over its credit limit`),
    });
    expect(linkIn(told).pathname).toBe(`/admin/companies/${company}`);
    expect(told.text).toContain('credit limit is $');

    let record = await get(company);
    expect(record.creditWaiting).toBe(1);
    expect(record.creditHolds).toEqual([expect.objectContaining({ orderId, alsoSpending: false })]);

    record = (await staff.gql<{ decideCompanyCredit: Kept }>(DECIDE, { orderId, approve: true })).data!
      .decideCompanyCredit;
    expect(record.creditHolds).toEqual([]);
    const mail = await t.mail(buyer.email, { subject: /was approved/ });
    expect(mail.text).toContain('Axisline Supply');
    expect(linkIn(mail).pathname).toBe(`/user/account/orders/${orderId}`);
    const [row] = await db.execute<{ status: number }[]>('select status from customer_order where id = ?', [
      orderId,
    ]);
    expect(row!.status).toBe(1);
    // The buyer reads that the store decided, never an employee's name.
    const decided = await buyer.c.gql<{ order: { approval: { decidedBy: string } } }>(
      `query($id: ID!) { order(id: $id) { approval { decidedBy } } }`,
      { id: orderId },
    );
    expect(decided.data!.order.approval.decidedBy).toBe('Axisline Supply');

    // The next one is over by even more: staff refuse it, with a note the buyer reads.
    const refused = await order(buyer, 5);
    const noNote = await staff.gql(DECIDE, { orderId: refused.body.order.id, approve: false });
    expect(noNote.errors![0]!.message).toBe('Tell the buyer why the order is rejected.');
    await staff.gql(DECIDE, {
      orderId: refused.body.order.id,
      approve: false,
      note: 'Please settle invoice AXL-1 first.',
    });
    const rejected = await t.mail(buyer.email, { subject: /was not approved/ });
    expect(rejected.text).toContain('Please settle invoice AXL-1 first.');
    const twice = await staff.gql(DECIDE, { orderId: refused.body.order.id, approve: true });
    expect(codeOf(twice)).toBe('NOT_FOUND');
  });

  it('an unpaid card order paid later by a purchase order over the credit limit waits for staff, as at placing', async () => {
    await buyer.c
      .send('post', '/api/user/cart/upsert', { items: [{ itemId: product.id, qty: 9 }] })
      .expect(200);
    const placed = await buyer.c
      .send(
        'post',
        '/api/checkout/place-order',
        checkoutBody(buyer.email, await testCard(buyer.c, TEST_CARDS.requiresAction)),
      )
      .set('Idempotency-Key', randomUUID())
      .expect(200);
    expect(placed.body.order.statusLabel).toBe('Payment Requires Action');
    const orderId: string = placed.body.order.id;
    const held = await buyer.c
      .send('post', `/api/orders/${orderId}/pay`, { poNumber: 'PO-OVER' })
      .expect(200);
    expect(held.body.order).toMatchObject({ statusLabel: 'Awaiting Approval', poNumber: 'PO-OVER' });
    expect((await get(company)).creditHolds).toEqual(
      expect.arrayContaining([expect.objectContaining({ orderId, alsoSpending: false })]),
    );
  });

  it('over both the credit and the buyer’s limit: staff first, then the company’s approvers', async () => {
    const other = (await saveCompany({ name: 'Two Gates Ltd', netTermsDays: 45, creditLimit: product.price }))
      .id;
    const limited = await member(other, 'Buyer', product.price);
    const approver = await member(other, 'Approver');
    const placed = await order(limited, 3);
    const orderId: string = placed.body.order.id;
    expect((await get(other)).creditHolds).toEqual([
      expect.objectContaining({ orderId, alsoSpending: true }),
    ]);
    const before = await approver.c.gql<{ companyApprovals: unknown[] }>('{ companyApprovals { orderId } }');
    expect(before.data!.companyApprovals).toEqual([]);

    await staff.gql(DECIDE, { orderId, approve: true, note: 'Credit line raised next month.' });
    const mail = await t.mail(approver.email, { subject: /is waiting for your approval/ });
    expect(linkIn(mail).pathname).toBe('/user/account/company/approvals');
    const after = await approver.c.gql<{ companyApprovals: { orderId: string }[] }>(
      '{ companyApprovals { orderId } }',
    );
    expect(after.data!.companyApprovals.map((a) => a.orderId)).toEqual([orderId]);
    const decided = await approver.c.gql<{ decideCompanyOrder: { decision: string } }>(
      `mutation($id: ID!) { decideCompanyOrder(orderId: $id, approve: true) { decision } }`,
      { id: orderId },
    );
    expect(decided.data!.decideCompanyOrder.decision).toBe('approved');
    const [row] = await db.execute<{ status: number }[]>('select status from customer_order where id = ?', [
      orderId,
    ]);
    expect(row!.status).toBe(1);
  });
});
