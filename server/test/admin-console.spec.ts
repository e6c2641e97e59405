import { addressRules, siteCountry } from '../../domain/regions';
import { taxationFor, taxLines, type TaxLine } from '../../domain/tax';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { editedTotal, proposedCharges } from '../../domain/admin';
import { lowestPriceWithoutApproval } from '../../domain/price-approval';
import { clickstreamPath } from '../../domain/clickstream';
import { freight, round2 } from '../../domain/money';
import { fulfilmentOf, fulfilmentStatusCode, type FulfilmentFacts } from '../../domain/fulfilment';
import { ROLES } from '../../domain/roles';
import { insertDemoOrders } from '../src/modules/order/demo-orders';
import { GRAPHQL_ACCESS, REST_ACCESS } from '../src/modules/auth/permission-matrix';
import type { OrderView } from '../src/modules/order/order.service';
import { cardOrder, erpCalls, FIXTURE_PASSWORD, plainProducts, webhookCalls } from './fixtures';
import { createTestApp, type Client, type TestApp } from './harness';
import { DEMO_BUYERS, DEMO_PASSWORD, ensureDemoBuyers } from '../src/modules/order/demo-accounts';

let t: TestApp;
let products: { id: string; price: number }[];

async function staffMember(role: number): Promise<{ c: Client; email: string; id: string }> {
  const email = `staff.${role}.${randomUUID()}@axisline.example`;
  const id = await t.createUser({ email, password: FIXTURE_PASSWORD, role });
  const c = await t.client();
  await c.signIn(email, FIXTURE_PASSWORD);
  return { c, email, id };
}

const ORDER_FIELDS = `id version status subTotal freightAmt taxPct taxAmount taxes { kind pct amount } total contactEmail erpOrderId acknowledgedAt
  shippingAddress { addressLine1 addressLine2 city state zip }
  lines { id quantity price basePrice lineTotal configurations { id price } }`;

const UPDATE = `mutation($id: ID!, $version: Int!, $input: AdminOrderInput!) {
  updateOrder(id: $id, version: $version, input: $input) { ${ORDER_FIELDS} } }`;

/** The edit form as the console fills it from an order, with `change` applied to the first line's price. */
function form(order: OrderView, price = order.lines[0]!.price) {
  const lines = order.lines.map((l, i) => ({
    id: l.id,
    quantity: l.quantity,
    price: i === 0 ? price : l.price,
    configurations: [],
  }));
  const subTotal = Math.round(lines.reduce((s, l) => s + l.price * l.quantity, 0) * 100) / 100;
  const charges = proposedCharges(subTotal, { country: 'US', taxes: order.taxes });
  const {
    name: _n,
    companyName: _c,
    country: _co,
    isResidential: _r,
    phone: _p,
    email: _e,
    ...address
  } = order.shippingAddress;
  return {
    contactEmail: order.contactEmail,
    address,
    ...charges,
    totalAmount: editedTotal(subTotal, charges.shippingCharges, charges.taxAmount),
    erpOrderId: 'ERP-77001',
    status: order.status,
    lines,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  products = await plainProducts(t, 2);
});
afterAll(async () => t.close());

describe('admin order edit', () => {
  it('saves a web order as loaded: the form shows its order number as ERP order id, and it stays unacknowledged (decision 071)', async () => {
    const cs = await staffMember(ROLES.CustomerService);
    const { order } = await cardOrder(t, [{ itemId: products[0]!.id, qty: 1 }]);
    expect(order.erpOrderId).toBeNull();
    const input = { ...form(order, order.lines[0]!.price), erpOrderId: String(order.orderNumber) };
    const res = await cs.c.gql<{ updateOrder: OrderView }>(UPDATE, {
      id: order.id,
      version: order.version,
      input,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateOrder.erpOrderId).toBeNull();
    expect(res.data!.updateOrder.acknowledgedAt).toBeNull();
  });

  it('lets CustomerService change a line price: totals follow the domain rules and the audit trail records it', async () => {
    const cs = await staffMember(ROLES.CustomerService);
    const { order } = await cardOrder(t, [
      { itemId: products[0]!.id, qty: 3 },
      { itemId: products[1]!.id, qty: 1 },
    ]);
    const input = form(order, 9.5);
    const res = await cs.c.gql<{ updateOrder: OrderView }>(UPDATE, {
      id: order.id,
      version: order.version,
      input,
    });
    expect(res.errors).toBeUndefined();
    const saved = res.data!.updateOrder;
    const subTotal = Math.round((9.5 * 3 + order.lines[1]!.price) * 100) / 100;
    expect(saved.lines[0]).toMatchObject({ price: 9.5, lineTotal: 28.5 });
    expect(saved.subTotal).toBe(subTotal);
    expect(saved.total).toBe(input.totalAmount);
    expect(saved.erpOrderId).toBe('ERP-77001');
    expect(saved.version).toBe(order.version + 1);

    const audit = await cs.c.gql<{ orderAudit: { actorEmail: string; action: string; changes: object[] }[] }>(
      `query($id: ID!) { orderAudit(orderId: $id) { actorEmail action changes { field before after } } }`,
      { id: order.id },
    );
    const [entry] = audit.data!.orderAudit;
    expect(entry).toMatchObject({ actorEmail: cs.email, action: 'order.edit' });
    expect(entry!.changes).toEqual(
      expect.arrayContaining([
        { field: `line 1 (${products[0]!.id}) price`, before: order.lines[0]!.price, after: 9.5 },
        { field: 'erpOrderId', before: null, after: 'ERP-77001' },
        { field: 'subTotal', before: order.subTotal, after: subTotal },
      ]),
    );
  });

  it('refuses CustomerService a line price lowered more than 15% below the catalogue price or to zero; Service gives it, named in the audit trail (decision 054)', async () => {
    const cs = await staffMember(ROLES.CustomerService);
    const service = await staffMember(ROLES.Service);
    const { order } = await cardOrder(t, [
      { itemId: products[0]!.id, qty: 2 },
      { itemId: products[1]!.id, qty: 1 },
    ]);
    const catalogue = order.lines[0]!.price;
    const floor = lowestPriceWithoutApproval(catalogue, 15);
    const HELD =
      'More than 15% below the catalogue price, or zero: this price needs a Service or Admin role.';
    for (const price of [0, round2(floor - 0.01)]) {
      const refused = await cs.c.gql(UPDATE, {
        id: order.id,
        version: order.version,
        input: form(order, price),
      });
      expect([price, refused.errors?.[0]?.extensions]).toEqual([
        price,
        expect.objectContaining({ code: 'FORBIDDEN', fields: [{ field: 'lines[0].price', message: HELD }] }),
      ]);
    }
    const [unchanged] = await t.orm.em.getConnection().execute<{ version: number; price: number }[]>(
      `select o.version, l.price::float8 as price from customer_order o join order_line l on l.order_id = o.id
         where o.id = ? and l.line_no = 1`,
      [order.id],
    );
    expect(unchanged).toEqual({ version: order.version, price: catalogue });

    // Down to 15% off is CustomerService's to give.
    const atFloor = await cs.c.gql<{ updateOrder: OrderView }>(UPDATE, {
      id: order.id,
      version: order.version,
      input: form(order, floor),
    });
    expect(atFloor.errors).toBeUndefined();
    // Service gives $0; the trail names the line, its catalogue price, the price and who gave it.
    const free = await service.c.gql<{ updateOrder: OrderView }>(UPDATE, {
      id: order.id,
      version: atFloor.data!.updateOrder.version,
      input: form(atFloor.data!.updateOrder as OrderView, 0),
    });
    expect(free.errors).toBeUndefined();
    expect(free.data!.updateOrder.lines[0]).toMatchObject({ price: 0, lineTotal: 0 });
    const audit = await cs.c.gql<{
      orderAudit: { actorEmail: string; changes: { field: string; before: unknown; after: unknown }[] }[];
    }>(`query($id: ID!) { orderAudit(orderId: $id) { actorEmail changes { field before after } } }`, {
      id: order.id,
    });
    const [entry] = audit.data!.orderAudit;
    expect(entry!.actorEmail).toBe(service.email);
    expect(entry!.changes).toEqual(
      expect.arrayContaining([
        { field: `line 1 (${products[0]!.id}) price`, before: floor, after: 0 },
        { field: `line 1 (${products[0]!.id}) catalogue price`, before: catalogue, after: catalogue },
        { field: 'price below catalogue given by', before: null, after: `Test Buyer <${service.email}>` },
      ]),
    );
    // A price left as it is stands: CustomerService still edits the rest of the order.
    const other = await cs.c.gql<{ updateOrder: OrderView }>(UPDATE, {
      id: order.id,
      version: free.data!.updateOrder.version,
      input: { ...form(free.data!.updateOrder as OrderView, 0), erpOrderId: 'ERP-77002' },
    });
    expect(other.errors).toBeUndefined();
  });

  it('refuses a stale edit with a conflict naming who changed the order, and keeps their change', async () => {
    const first = await staffMember(ROLES.CustomerService);
    const second = await staffMember(ROLES.Service);
    const { order } = await cardOrder(t, [{ itemId: products[0]!.id, qty: 2 }]);
    const a = await first.c.gql(UPDATE, { id: order.id, version: order.version, input: form(order, 11) });
    expect(a.errors).toBeUndefined();
    const b = await second.c.gql(UPDATE, { id: order.id, version: order.version, input: form(order, 12) });
    expect(b.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(b.errors?.[0]?.message).toContain(`changed by ${first.email}`);
    expect(b.errors?.[0]?.message).toContain('yours were not saved');
    const now = await second.c.gql<{ adminOrder: OrderView }>(
      `query($id: ID!) { adminOrder(id: $id) { ${ORDER_FIELDS} } }`,
      {
        id: order.id,
      },
    );
    expect(now.data!.adminOrder.lines[0]!.price).toBe(11);
  });

  it('answers bad input with the spec messages next to their fields, and writes nothing', async () => {
    const cs = await staffMember(ROLES.CustomerService);
    const { order } = await cardOrder(t, [{ itemId: products[0]!.id, qty: 1 }]);
    const base = form(order);
    const res = await cs.c.gql(UPDATE, {
      id: order.id,
      version: order.version,
      input: {
        ...base,
        contactEmail: 'not-an-email',
        address: { ...base.address, zip: '28a02', city: ' Charlotte' },
        taxAmount: -1,
        lines: [{ ...base.lines[0]!, quantity: -2 }],
      },
    });
    const fields = res.errors?.[0]?.extensions?.fields as { field: string; message: string }[];
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'contactEmail', message: 'Email must be valid' },
        { field: 'address.zip', message: 'Zip code must be only digits' },
        { field: 'address.city', message: 'City cannot include leading and trailing spaces' },
        { field: 'taxAmount', message: "Tax amount can't be a negative value" },
        { field: 'lines[0].quantity', message: "Quantity can't be a negative value" },
      ]),
    );

    const wrongTotal = await cs.c.gql(UPDATE, {
      id: order.id,
      version: order.version,
      input: { ...base, totalAmount: base.totalAmount + 5 },
    });
    expect(wrongTotal.errors?.[0]?.extensions?.fields).toEqual([
      { field: 'totalAmount', message: expect.stringMatching(/^Total amount must be \d+\.\d\d/) },
    ]);

    const skip = await cs.c.gql(UPDATE, {
      id: order.id,
      version: order.version,
      input: { ...base, status: 10 },
    });
    expect(skip.errors?.[0]?.extensions?.fields).toEqual([
      { field: 'status', message: "Status can't change from Payment Received to Return Completed" },
    ]);
    // Shipped and Delivered come from shipments (the console's Fulfilment card), not from the form.
    const shippedByForm = await cs.c.gql(UPDATE, {
      id: order.id,
      version: order.version,
      input: { ...base, status: 3 },
    });
    expect(shippedByForm.errors?.[0]?.extensions?.fields).toEqual([
      { field: 'status', message: "Shipped follows the order's shipments: record them under Fulfilment" },
    ]);
    const [row] = await t.orm.em
      .getConnection()
      .execute<{ version: number; erp: string | null }[]>(
        'select version, erp_order_id as erp from customer_order where id = ?',
        [order.id],
      );
    expect(row).toEqual({ version: order.version, erp: order.erpOrderId });
  });
});

describe('orders table', () => {
  it('filters on the server by order number, e-mail prefix and status, and exports the same rows as CSV', async () => {
    const cs = await staffMember(ROLES.CustomerService);
    const { order, email } = await cardOrder(t, [{ itemId: products[1]!.id, qty: 4 }]);
    const query = `query($f: AdminOrderFilterInput) { adminOrders(filter: $f) { total items { id orderNumber contactEmail statusLabel } } }`;
    const byNumber = await cs.c.gql<{ adminOrders: { total: number; items: { id: string }[] } }>(query, {
      f: { q: `AXL-${order.orderNumber}` },
    });
    expect(byNumber.data!.adminOrders.items.map((o) => o.id)).toEqual([order.id]);
    const byEmail = await cs.c.gql<{ adminOrders: { total: number; items: { id: string }[] } }>(query, {
      f: { q: email.slice(0, 20).toUpperCase(), statuses: [18] },
    });
    expect(byEmail.data!.adminOrders).toMatchObject({
      total: 1,
      items: [{ id: order.id, statusLabel: 'Payment Received' }],
    });
    const none = await cs.c.gql<{ adminOrders: { total: number } }>(query, {
      f: { q: email, statuses: [16] },
    });
    expect(none.data!.adminOrders.total).toBe(0);

    t.resetQueries();
    await cs.c.gql(query, { f: { pageSize: 100 } });
    const orderQueries = t.queries.filter((q) => /customer_order/.test(q));
    expect(orderQueries).toHaveLength(2); // the page and its count, whatever the page size

    const csv = await cs.c.agent.get('/api/admin/orders.csv').query({ q: email }).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const rows = csv.text.trim().split('\r\n');
    expect(rows[0]).toBe(
      'Order,Placed,Status,Payment,E-mail,Customer,Site,Ship to state,Total,Currency,ERP order',
    );
    expect(rows.slice(1)).toEqual([expect.stringContaining(`AXL-${order.orderNumber},`)]);
    expect(rows[1]).toContain(
      `,Payment Received,AUTHORIZED,${email},Test Buyer,axl,NC,${order.total.toFixed(2)},USD,`,
    );
  });
});

describe('console access', () => {
  it('answers FORBIDDEN to a Customer for every console operation, and 403 for the CSV export', async () => {
    const { c } = await cardOrder(t, [{ itemId: products[0]!.id, qty: 1 }]);
    const NIL = '00000000-0000-4000-8000-000000000000';
    // Open to keys with a scope but, signed in, to Admins only (the services check; decisions 070, 071).
    const webhooks = { ...webhookCalls(NIL), ...erpCalls(NIL) };
    const calls: Record<string, string> = {
      'Query.adminOrders': '{ adminOrders { total } }',
      'Query.adminOrder': `{ adminOrder(id: "${NIL}") { id } }`,
      'Query.orderAudit': `{ orderAudit(orderId: "${NIL}") { id } }`,
      'Query.orderPromotionFacts': `{ orderPromotionFacts(orderId: "${NIL}") { site } }`,
      'Query.adminPromotions': '{ adminPromotions { total } }',
      'Query.promotionChoices': '{ promotionChoices { priceLists } }',
      'Query.adminPromotion': `{ adminPromotion(id: "${NIL}") { id } }`,
      'Mutation.savePromotion':
        'mutation { savePromotion(input: { name: "X", sites: ["axl"], actionKind: "linesPercent", pct: 5 }) { id } }',
      'Mutation.endPromotion': `mutation { endPromotion(id: "${NIL}", version: 1) { id } }`,
      'Mutation.generatePromotionCodes': `mutation { generatePromotionCodes(id: "${NIL}", count: 1) { count } }`,
      'Mutation.updateOrder': `mutation { updateOrder(id: "${NIL}", version: 1, input: { contactEmail: "a@b.example", address: { addressLine1: "1 A St", city: "X", state: "NC", zip: "28115" }, taxAmount: 0, shippingCharges: 0, totalAmount: 0, erpOrderId: "E", status: 1, lines: [] }) { id } }`,
      'Mutation.shipOrder': `mutation { shipOrder(id: "${NIL}", version: 1, input: { carrier: "ups", trackingNumber: "1Z", shippedOn: "2026-01-01" }) { id } }`,
      'Mutation.deliverOrder': `mutation { deliverOrder(id: "${NIL}", version: 1, input: { deliveredOn: "2026-01-02" }) { id } }`,
      'Query.adminUsers': '{ adminUsers { total } }',
      'Mutation.setUserRole': `mutation { setUserRole(userId: "${NIL}", role: 100) { id } }`,
      'Mutation.setUserLocked': `mutation { setUserLocked(userId: "${NIL}", locked: true) { id } }`,
      'Query.dashboard': '{ dashboard(from: "2026-01-01T00:00:00Z", to: "2026-01-08T00:00:00Z") { sales } }',
      'Query.adminSites': '{ adminSites { id } }',
      'Mutation.setSiteVisibility':
        'mutation { setSiteVisibility(id: "mai", showAllProducts: false) { id } }',
      'Mutation.setSiteLegal':
        'mutation { setSiteLegal(id: "mai", input: { legalName: "X Inc.", postalAddress: "1 Main St", copyrightHolder: "X Inc." }) { id } }',
      'Mutation.resetAllPasswords': 'mutation { resetAllPasswords }',
      'Query.returnQueue': '{ returnQueue { id } }',
      'Query.formSubmissions': '{ formSubmissions { id } }',
      'Query.outboxEmails': '{ outboxEmails { id } }',
      'Query.apiKeys': '{ apiKeys { id } }',
      'Mutation.createApiKey': `mutation { createApiKey(userId: "${NIL}", name: "x", scopes: ["catalog:read"]) { id } }`,
      'Mutation.revokeApiKey': `mutation { revokeApiKey(id: "${NIL}") }`,
      'Mutation.setUserCompany': `mutation { setUserCompany(userId: "${NIL}", erpAccountId: "ERP-1") { id } }`,
      'Mutation.decideReturn': `mutation { decideReturn(id: "${NIL}", decision: "RETURN_ACCEPTED") { id } }`,
      'Mutation.advanceReturn': `mutation { advanceReturn(id: "${NIL}", status: 8) { id } }`,
      'Query.adminCompanies': '{ adminCompanies { id } }',
      'Query.adminPriceLists': '{ adminPriceLists { id } }',
      'Query.adminProductPrices': '{ adminProductPrices(productId: "X") { productId } }',
      'Mutation.setPriceBreaks': 'mutation { setPriceBreaks(productId: "X", breaks: []) { productId } }',
      'Mutation.setProductErpItem':
        'mutation { setProductErpItem(productId: "X", erpItemId: "I-1") { productId } }',
      'Mutation.setLocationErpShipTo': `mutation { setLocationErpShipTo(locationId: "${NIL}", erpShipToId: "S-1") { id } }`,
      'Query.unacknowledgedOrders': '{ unacknowledgedOrders { total } }',
      'Query.adminQuotes': '{ adminQuotes { id } }',
      'Query.adminQuote': `{ adminQuote(id: "${NIL}") { id } }`,
      'Mutation.reviewQuote': `mutation { reviewQuote(id: "${NIL}", version: 1) { id } }`,
      'Mutation.sendQuote': `mutation { sendQuote(id: "${NIL}", version: 1, input: { lines: [], freight: 0, leadTimeDays: 1, expiresOn: "2099-01-01" }) { id } }`,
      'Mutation.declineQuote': `mutation { declineQuote(id: "${NIL}", version: 1, note: "No") { id } }`,
      'Mutation.saveQuoteDraft': `mutation { saveQuoteDraft(id: "${NIL}", version: 1, input: { lines: [], freight: 0, leadTimeDays: 1, expiresOn: "2099-01-01" }) { id } }`,
      'Mutation.sendQuoteDraft': `mutation { sendQuoteDraft(id: "${NIL}", version: 1) { id } }`,
      'Mutation.sendQuoteStaffMessage': `mutation { sendQuoteStaffMessage(id: "${NIL}", body: "Hi") { id } }`,
      'Query.adminCompany': `{ adminCompany(id: "${NIL}") { id } }`,
      'Mutation.saveAdminCompany': 'mutation { saveAdminCompany(input: { name: "Acme" }) { id } }',
      'Mutation.setCompanyMemberRole': `mutation { setCompanyMemberRole(companyId: "${NIL}", userId: "${NIL}", role: "Admin") { id } }`,
      'Mutation.recordTermsPayment': `mutation { recordTermsPayment(orderId: "${NIL}", input: { amount: 1, paidOn: "2026-01-02", reference: "R" }) { id } }`,
      'Mutation.decideCompanyCredit': `mutation { decideCompanyCredit(orderId: "${NIL}", approve: true) { id } }`,
      'Query.adminCompanyApplications': '{ adminCompanyApplications { id } }',
      'Query.adminCompanyApplication': `{ adminCompanyApplication(id: "${NIL}") { id } }`,
      'Mutation.approveCompanyApplication': `mutation { approveCompanyApplication(id: "${NIL}", input: { name: "Acme" }) { id } }`,
      'Mutation.declineCompanyApplication': `mutation { declineCompanyApplication(id: "${NIL}", note: "No") { id } }`,
      'Query.adminStock': '{ adminStock { productId } }',
      'Mutation.adjustStock':
        'mutation { adjustStock(productId: "X", input: { levels: [{ warehouseId: "MOO", onHand: 1 }], reason: "count" }) { productId } }',
      'Mutation.setMaxOrderQuantity':
        'mutation { setMaxOrderQuantity(productId: "X", maxOrderQuantity: 5) { productId } }',
      'Query.punchoutCredential': `{ punchoutCredential(companyId: "${NIL}") { companyId } }`,
      'Query.punchoutMessages': `{ punchoutMessages(companyId: "${NIL}") { page } }`,
      'Query.punchoutSessions': `{ punchoutSessions(companyId: "${NIL}") { buyerCookie } }`,
      'Mutation.rotatePunchoutSecret': `mutation { rotatePunchoutSecret(companyId: "${NIL}") { secret } }`,
      'Mutation.savePunchoutCredential': `mutation { savePunchoutCredential(companyId: "${NIL}", input: { systemName: "SAP Ariba", enabled: true, fromDomain: "NetworkID", fromIdentity: "AN-1", senderDomain: "NetworkID", senderIdentity: "AN-1", returnUrls: [] }) { companyId } }`,
      ...webhooks,
    };
    // Every operation only staff may call is in this list: those the matrix gives staff roles only, and the webhook
    // operations, open to keys with webhooks:manage but, signed in, to Admins only (the service checks, decision 070).
    const staffOnly = Object.entries(GRAPHQL_ACCESS)
      .filter(([, a]) => Array.isArray(a) && !a.includes('Customer') && !a.includes('Supplier'))
      .map(([op]) => op);
    expect(staffOnly.sort()).toEqual(
      Object.keys(calls)
        .filter((op) => !(op in webhooks))
        .sort(),
    );
    for (const [op, query] of Object.entries(calls)) {
      const res = await c.gql(query);
      expect([op, res.errors?.[0]?.extensions?.code]).toEqual([op, 'FORBIDDEN']);
    }
    expect(REST_ACCESS['GET /api/admin/orders.csv']).not.toContain('Customer');
    await c.agent.get('/api/admin/orders.csv').expect(403);
  });
});

describe('customers and users', () => {
  const LIST = `query($f: AdminUserFilterInput) { adminUsers(filter: $f) { total items { id email roleName validity orderCount } } }`;

  it('lets an Admin change a role and lock an account (its sessions end at once), audited; CustomerService may not', async () => {
    const admin = await staffMember(ROLES.Admin);
    const cs = await staffMember(ROLES.CustomerService);
    const { c: customer, email } = await cardOrder(t, [{ itemId: products[0]!.id, qty: 1 }]);

    const found = await cs.c.gql<{
      adminUsers: { total: number; items: { id: string; orderCount: number }[] };
    }>(LIST, { f: { q: email } });
    expect(found.data!.adminUsers).toMatchObject({
      total: 1,
      items: [{ email, roleName: 'Customer', orderCount: 1 }],
    });
    const userId = found.data!.adminUsers.items[0]!.id;

    const denied = await cs.c.gql(`mutation($id: ID!) { setUserRole(userId: $id, role: 300) { id } }`, {
      id: userId,
    });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const self = await admin.c.gql(`mutation($id: ID!) { setUserRole(userId: $id, role: 500) { id } }`, {
      id: admin.id,
    });
    expect(self.errors?.[0]?.message).toBe('You cannot change your own role.');

    const promoted = await admin.c.gql<{ setUserRole: { roleName: string } }>(
      `mutation($id: ID!) { setUserRole(userId: $id, role: 300) { roleName } }`,
      { id: userId },
    );
    expect(promoted.data!.setUserRole.roleName).toBe('CustomerService');

    const me = await customer.gql<{ me: { emailAddress: string } }>('{ me { emailAddress } }');
    expect(me.data?.me.emailAddress).toBe(email);
    const locked = await admin.c.gql<{ setUserLocked: { validity: number } }>(
      `mutation($id: ID!) { setUserLocked(userId: $id, locked: true) { validity } }`,
      { id: userId },
    );
    expect(locked.data!.setUserLocked.validity).toBe(1);
    expect((await customer.gql('{ me { emailAddress } }')).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    await customer.send('post', '/api/user/login', { email, password: FIXTURE_PASSWORD }).expect(401);

    const audit = await t.orm.em
      .getConnection()
      .execute<{ action: string; after: object }[]>(
        `select action, after from audit_log where target_type = 'user' and target_id = ? order by id`,
        [userId],
      );
    expect(audit).toEqual([
      { action: 'user.role', after: { role: 'CustomerService' } },
      { action: 'user.lock', after: { locked: true } },
    ]);
  });
});

describe('dashboard', () => {
  it('reports sales, orders by status, top products and the purchase end of the funnel for a range', async () => {
    const admin = await staffMember(ROLES.Admin);
    const from = new Date(Date.now() - 60_000).toISOString();
    const { order } = await cardOrder(t, [{ itemId: products[1]!.id, qty: 5 }]);
    const to = new Date(Date.now() + 60_000).toISOString();
    const res = await admin.c.gql<{
      dashboard: {
        sales: number;
        orderCount: number;
        averageOrderValue: number;
        ordersByStatus: { label: string; count: number }[];
        topProducts: { itemId: string; quantity: number }[];
        salesByDay: { sales: number }[];
        funnel: { views: number | null; checkout: number; purchase: number };
      };
    }>(
      `query($from: String!, $to: String!) { dashboard(from: $from, to: $to) { sales orderCount averageOrderValue
         ordersByStatus { label count } topProducts { itemId quantity } salesByDay { day sales orders }
         funnel { views checkout purchase } } }`,
      { from, to },
    );
    const d = res.data!.dashboard;
    expect(d.sales).toBeGreaterThanOrEqual(order.total);
    expect(d.orderCount).toBeGreaterThanOrEqual(1);
    expect(d.averageOrderValue).toBeCloseTo(d.sales / d.orderCount, 2);
    expect(d.ordersByStatus).toEqual(
      expect.arrayContaining([expect.objectContaining({ label: 'Payment Received' })]),
    );
    expect(d.topProducts).toEqual(
      expect.arrayContaining([expect.objectContaining({ itemId: products[1]!.id })]),
    );
    expect(d.salesByDay.reduce((s, x) => s + x.sales, 0)).toBeCloseTo(d.sales, 2);
    expect(d.funnel).toMatchObject({ views: null, purchase: d.orderCount });

    const backwards = await admin.c.gql(
      `{ dashboard(from: "2026-02-01T00:00:00Z", to: "2026-01-01T00:00:00Z") { sales } }`,
    );
    expect(backwards.errors?.[0]?.message).toBe('The end of the range must be after its start');
  });

  it('counts committed searches only: results pages and chosen suggestions, not keystrokes or blank queries', async () => {
    const admin = await staffMember(ROLES.Admin);
    const db = t.orm.em.getConnection();
    const from = new Date(Date.now() - 60_000).toISOString();
    const word = `gantry${Date.now()}`;
    const rows: [string, string, number, boolean][] = [
      ['typeahead', word.slice(0, 3), 4, false], // keystrokes
      ['typeahead', word.slice(0, 5), 2, false],
      ['typeahead', word, 2, true], // a suggestion the shopper chose
      ['search', word, 2, false], // a results page
      ['search', '   ', 0, false], // blank
      ['typeahead', `${word}zz`, 0, false], // typed, never committed
      ['search', `${word}zz`, 0, false], // committed with no results
    ];
    for (const [kind, query, results, clicked] of rows) {
      const [row] = await db.execute<{ token: string }[]>(
        `insert into search_attribution (token, kind, query, result_count) values (gen_random_uuid(), ?, ?, ?) returning token`,
        [kind, query, results],
      );
      if (clicked) {
        await db.execute(`insert into search_click (token, product_id, position) values (?, ?, 1)`, [
          row!.token,
          products[0]!.id,
        ]);
      }
    }
    const to = new Date(Date.now() + 60_000).toISOString();
    const res = await admin.c.gql<{
      dashboard: {
        topSearches: { query: string; count: number }[];
        zeroResultSearches: { query: string; count: number }[];
      };
    }>(
      `query($from: String!, $to: String!) { dashboard(from: $from, to: $to) {
         topSearches { query count } zeroResultSearches { query count } } }`,
      { from, to },
    );
    const d = res.data!.dashboard;
    expect(d.topSearches.filter((s) => s.query.startsWith(word.slice(0, 3)))).toEqual([
      { query: word, count: 2 },
      { query: `${word}zz`, count: 1 },
    ]);
    expect(d.topSearches.some((s) => s.query.trim() === '')).toBe(false);
    expect(d.zeroResultSearches.filter((s) => s.query.startsWith(word.slice(0, 3)))).toEqual([
      { query: `${word}zz`, count: 1 },
    ]);
  });

  it("fills the funnel's views and add-to-cart with the site's shoppers from the click-stream", async () => {
    const admin = await staffMember(ROLES.Admin);
    const funnel = async (from: string, to: string) => {
      const res = await admin.c.gql<{
        dashboard: { funnel: { views: number | null; addToCart: number | null } };
      }>(
        `query($from: String!, $to: String!) { dashboard(from: $from, to: $to) { funnel { views addToCart } } }`,
        { from, to },
      );
      expect(res.errors).toBeUndefined();
      return res.data!.dashboard.funnel;
    };
    const from = new Date(Date.now() - 60_000).toISOString();
    const to = () => new Date(Date.now() + 60_000).toISOString();
    // Before the site sent any event: not collected (the console says so), rather than zero.
    expect(await funnel(from, to())).toEqual({ views: null, addToCart: null });

    const [v1, v2, v3] = [randomUUID(), randomUUID(), randomUUID()];
    const event = (eventType: string, visitorId: string) => ({
      eventType,
      visitorId,
      eventTime: new Date().toISOString(),
      productDetails: [{ id: products[0]!.id, quantity: 1 }],
    });
    await t
      .agent()
      .post(clickstreamPath('axl'))
      .send({
        events: [
          // Two shoppers looked (one of them at three pages), one of them added to the cart twice.
          event('detail-page-view', v1),
          event('detail-page-view', v1),
          event('detail-page-view', v1),
          event('detail-page-view', v2),
          event('add-to-cart', v2),
          event('add-to-cart', v2),
          event('home-page-view', v3),
        ],
      })
      .expect(204);
    // Another site's shopper is not this site's.
    await t
      .agent()
      .post(clickstreamPath('foodgrade'))
      .send(event('detail-page-view', randomUUID()))
      .expect(204);
    await t.flush();
    expect(await funnel(from, to())).toEqual({ views: 2, addToCart: 1 });
    // A range of the past with no event of the site: not collected then.
    expect(await funnel('2026-01-01T00:00:00Z', '2026-01-08T00:00:00Z')).toEqual({
      views: null,
      addToCart: null,
    });
  });
});

describe('demo orders', () => {
  it('belong partly to demo buyers who can sign in, see their history and return a delivered order (issue 28, item 2)', async () => {
    const app = await createTestApp();
    try {
      await insertDemoOrders(app.orm, 400, { days: 60, seed: 3 });
      expect(await ensureDemoBuyers(app.orm, { production: true })).toEqual([]);
      const [none] = await app.orm.em
        .getConnection()
        .execute<{ n: number }[]>(
          `select count(*)::int as n from app_user where email like '%@demo.axisline.example'`,
        );
      expect(none!.n).toBe(0);
      expect(await ensureDemoBuyers(app.orm, { production: false })).toEqual(DEMO_BUYERS.map((b) => b.email));
      const [future] = await app.orm.em
        .getConnection()
        .execute<{ n: number }[]>(`select count(*)::int as n from customer_order where delivered_at > now()`);
      expect(future!.n).toBe(0);

      const dana = await app.client();
      await dana.signIn(DEMO_BUYERS[0].email, DEMO_PASSWORD);
      const history = (await dana.agent.get('/api/orders?pageSize=50').expect(200)).body;
      expect(history.total).toBeGreaterThanOrEqual(10);
      const delivered = (history.items as { id: string; status: number }[]).filter((o) => o.status === 4);
      expect(delivered.length).toBeGreaterThan(0);
      const [recent] = await app.orm.em.getConnection().execute<{ id: string }[]>(
        `select id from customer_order where id in (?) and delivered_at > now() - interval '30 days'
         order by delivered_at desc limit 1`,
        [delivered.map((o) => o.id)],
      );
      const order = (await dana.agent.get(`/api/orders/${recent!.id}`).expect(200)).body;
      await dana
        .send('post', '/api/returns', {
          orderId: order.id,
          reason: 'CUSTOMER_ORDER_MISTAKE',
          items: [{ id: order.lines[0].id, quantity: 1 }],
        })
        .expect(201);
    } finally {
      await app.close();
    }
  });

  it('inserts orders whose lines and totals follow the domain rules', async () => {
    const inserted = await insertDemoOrders(t.orm, 60, { days: 30, seed: 7 });
    expect(inserted).toBe(60);
    const rows = await t.orm.em.getConnection().execute<
      {
        site: string;
        address: { state: string; zip: string; country: string };
        sub: number;
        freight: number;
        tax: number;
        taxes: TaxLine[];
        total: number;
        lines: number;
        sum: number;
      }[]
    >(
      `select o.site, o.shipping_address as address, o.sub_total::float8 as sub, o.freight_amt::float8 as freight,
         o.tax_amount::float8 as tax, o.taxes, o.total::float8 as total, count(l.id)::int as lines,
         sum(l.line_total)::float8 as sum
       from customer_order o join order_line l on l.order_id = o.id
       where o.idempotency_scope = 'demo' group by o.id`,
    );
    expect(rows).toHaveLength(60);
    for (const r of rows) {
      expect(r.lines).toBeGreaterThanOrEqual(1);
      expect(r.lines).toBeLessThanOrEqual(3);
      expect(r.sub).toBeCloseTo(r.sum, 2);
      // The country of the site: its addresses, its freight table and its taxes (decision 033).
      const country = siteCountry(r.site);
      expect(r.address.country).toBe(country);
      if (country === 'CA')
        expect(addressRules(country).postalMatchesRegion(r.address.zip, r.address.state)).toBe(true);
      expect(r.freight).toBe(freight(r.sub, country));
      const taxes = taxLines(taxationFor(country, r.address.state).components, {
        subTotal: r.sub,
        freight: r.freight,
      });
      expect(r.taxes).toEqual(taxes);
      expect(r.tax).toBe(round2(taxes.reduce((sum, x) => sum + x.amount, 0)));
      expect(r.total).toBe(round2(r.sub + r.freight + r.tax));
    }
    expect(rows.some((r) => r.site === 'pay-ca')).toBe(true);

    // Orders that shipped have their shipments, and their statuses are the ones those shipments give.
    const shipped = await t.orm.em.getConnection().execute<
      (FulfilmentFacts & {
        status: number;
        shipmentStatus: string;
        deliveryStatus: string;
        paymentStatus: string;
        deliveredAt: Date | null;
      })[]
    >(
      `select o.status, o.shipment_status as "shipmentStatus", o.delivery_status as "deliveryStatus",
         o.payment_status as "paymentStatus", o.delivered_at as "deliveredAt",
         (select json_agg(json_build_object('id', l.id, 'quantity', l.quantity)) from order_line l
          where l.order_id = o.id) as lines,
         coalesce((select json_agg(json_build_object('shippedOn', s.shipped_on, 'deliveredOn', s.delivered_on,
           'lines', (select json_agg(json_build_object('lineId', sl.order_line_id, 'quantity', sl.quantity))
                     from shipment_line sl where sl.shipment_id = s.id)))
          from shipment s where s.order_id = o.id), '[]') as shipments
       from customer_order o where o.idempotency_scope = 'demo' and o.status in (2, 3, 4)`,
    );
    expect(shipped.length).toBeGreaterThan(5);
    for (const o of shipped) {
      const f = fulfilmentOf(o);
      expect(o.shipments).toHaveLength(1);
      expect({
        shipment: f.shipmentStatus,
        delivery: f.deliveryStatus,
        status: fulfilmentStatusCode(f, -1),
      }).toEqual({
        shipment: o.shipmentStatus,
        delivery: o.deliveryStatus,
        status: o.status,
      });
      expect(o.paymentStatus).toBe('PAID');
      expect(o.shipments[0]!.shippedOn <= (f.deliveredOn ?? '9999')).toBe(true);
    }
  });
});

describe('sites', () => {
  it('lets an Admin open a listed-only site to the whole catalogue and close it again, at once', async () => {
    const admin = await staffMember(ROLES.Admin);
    const cs = await staffMember(ROLES.CustomerService);
    const [unlisted] = await t.orm.em
      .getConnection()
      .execute<{ id: string }[]>(
        `select product_id as id from product_search where not ('mai' = any(sites)) limit 1`,
      );
    const onMai = () =>
      admin.c.agent.get(`/api/products/${encodeURIComponent(unlisted!.id)}`).set('x-site-id', 'mai');
    const visibility = (showAllProducts: boolean) =>
      admin.c.gql<{ setSiteVisibility: { showAllProducts: boolean } }>(
        `mutation { setSiteVisibility(id: "mai", showAllProducts: ${showAllProducts}) { showAllProducts } }`,
      );
    expect((await onMai()).status).toBe(404); // MAI shows only its listed products

    expect((await visibility(true)).data!.setSiteVisibility.showAllProducts).toBe(true);
    expect((await onMai()).status).toBe(200);
    await visibility(false);
    expect((await onMai()).status).toBe(404);

    const sites = await admin.c.gql<{ adminSites: { id: string; currency: string }[] }>(
      '{ adminSites { id currency } }',
    );
    expect(sites.data!.adminSites).toEqual(expect.arrayContaining([{ id: 'pay-ca', currency: 'cad' }]));
    const denied = await cs.c.gql('{ adminSites { id } }');
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
