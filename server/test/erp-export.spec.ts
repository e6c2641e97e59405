import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { acknowledgedAsOther, ERP_MESSAGES } from '../../domain/erp';
import { ROLES } from '../../domain/roles';
import { ONE_LINE_MESSAGE } from '../../domain/text.schema';
import { servicesDb } from '../src/db/db';
import { createApiKey } from '../src/modules/auth';
import type { OrderView } from '../src/modules/order/order.service';
import {
  authorisedCard,
  checkoutBody,
  companyMember,
  eventsOf,
  FIXTURE_PASSWORD,
  orderEditInput,
  plainProducts,
  type CompanyPerson,
} from './fixtures';
import { createTestApp, type Client, type TestApp } from './harness';

/*
 * Order export for the ERP (issue 56 item 6, decision 071): what an ERP reads of an order placed in the shop, and
 * its acknowledgement through a key with `erp:orders`.
 */

// A test app, five people and their sign-ins before the first test: under CI's load, the budget of the specs alike.
jest.setTimeout(60_000);

let t: TestApp;
let admin: Client;
let adminId: string;
let service: Client;
let customer: Client;
let buyer: CompanyPerson;
let companyId: string;
let erpUserId: string;
let products: { id: string; price: number }[];
const sql = <T extends object[] = object[]>(text: string, params: unknown[] = []) =>
  t.orm.em.getConnection().execute<T>(text, params);

/** The default age of the console's list (ERP_ACKNOWLEDGE_MINUTES) in this app. */
const ACK_MINUTES = 45;

async function signedIn(role: number): Promise<{ c: Client; id: string }> {
  const email = `erp.${role}.${randomUUID()}@axisline.example`;
  const id = await t.createUser({ email, password: FIXTURE_PASSWORD, role });
  const c = await t.client();
  await c.signIn(email, FIXTURE_PASSWORD);
  return { c, id };
}

beforeAll(async () => {
  t = await createTestApp({ erpAcknowledgeMinutes: ACK_MINUTES });
  ({ c: admin, id: adminId } = await signedIn(ROLES.Admin));
  ({ c: service } = await signedIn(ROLES.CustomerService));
  ({ c: customer } = await signedIn(ROLES.Customer));
  [{ id: companyId }] = await sql<{ id: string }[]>(
    `insert into business_account (company, erp_account_id, net_terms_days) values (?, ?, 30) returning id`,
    [`Export Co ${randomUUID()}`, `C-${randomUUID().slice(0, 8)}`],
  );
  // The dock the buyers ship to, written as the company keeps it (other case and spacing than the checkout's).
  await sql(
    `insert into company_address (account_id, label, name, address_line1, city, state, zip, email, bill_to)
     values (?, 'Charlotte dock', 'Receiving', '1  MAIN st', 'charlotte', 'NC', '28202', 'ap@export.example', true)`,
    [companyId],
  );
  buyer = await companyMember(t, companyId, 'Buyer');
  erpUserId = await t.createUser({ email: `erp.${randomUUID()}@erp.example`, password: FIXTURE_PASSWORD });
  products = await plainProducts(t, 2);
});
afterAll(async () => t.close());

/** A bearer token of a new key of the ERP's user with `scopes`. */
async function bearer(scopes: string[], userId = erpUserId): Promise<string> {
  const { key } = await createApiKey(servicesDb(t.orm), { userId, name: 'ERP', scopes, createdBy: adminId });
  const res = await t.agent().post('/api/auth/token').send({ apiKey: key }).expect(200);
  return res.body.accessToken as string;
}

type GqlAnswer<T> = { data?: T | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };

/** A GraphQL call with a partner's bearer token. */
async function asKey<T = Record<string, unknown>>(
  token: string,
  query: string,
  variables: object = {},
): Promise<GqlAnswer<T>> {
  const res = await t
    .agent()
    .post('/graphql')
    .set('Authorization', `Bearer ${token}`)
    .send({ query, variables });
  return res.body as GqlAnswer<T>;
}

/** The company buyer orders `items` by card to the company's dock, through the shop's API. */
async function placeOrder(items: { itemId: string; qty: number }[]): Promise<OrderView> {
  await buyer.c.send('post', '/api/user/cart/upsert', { items }).expect(200);
  const placed = await buyer.c
    .send('post', '/api/checkout/place-order', checkoutBody(buyer.email, await authorisedCard(buyer.c)))
    .set('Idempotency-Key', randomUUID())
    .expect(200);
  return placed.body.order as OrderView;
}

const ACKNOWLEDGE = `mutation($id: ID!, $erp: String!) {
  acknowledgeOrder(id: $id, erpOrderId: $erp) { id erpOrderId acknowledgedAt version } }`;
type Acknowledged = {
  acknowledgeOrder: { id: string; erpOrderId: string; acknowledgedAt: string; version: number };
};

const UNACKNOWLEDGED = `query($minutes: Int) { unacknowledgedOrders(olderThanMinutes: $minutes, pageSize: 100) {
  total olderThanMinutes items { id orderNumber waitingMinutes acknowledgedAt } } }`;
type Unacknowledged = {
  unacknowledgedOrders: {
    total: number;
    olderThanMinutes: number;
    items: { id: string; orderNumber: string; waitingMinutes: number; acknowledgedAt: string | null }[];
  };
};

interface SalesOrder {
  schema: number;
  orderNumber: string;
  erpOrderId: string | null;
  soldTo: { companyId: string | null; erpAccountId: string | null; email: string };
  shipTo: { addressLine1: string; erpShipToId: string | null };
  billTo: { erpShipToId: string | null } | null;
  lines: {
    lineNo: number;
    partNumber: string;
    erpItemNumber: string;
    quantity: number;
    unitOfMeasure: string;
    price: number;
    lineTotal: number;
  }[];
  taxes: { jurisdiction: string; kind: string; pct: number; amount: number }[];
  freight: { carrierId: string; amount: number };
  totals: { subTotal: number; freight: number; tax: number; total: number };
  payment: { kind: string; terms: string };
}

const salesOrderOf = async (orderId: string, type: string): Promise<SalesOrder[]> =>
  (await eventsOf(t, 'order', orderId))
    .filter((e) => e.type === type)
    .map((e) => e.payload.salesOrder as SalesOrder);

describe('the sales order on order events', () => {
  it('carries the ERP item numbers and ship-to id set in the console, and the part number otherwise', async () => {
    const [tagged, plain] = products;
    const set = await admin.gql<{ setProductErpItem: { erpItemId: string | null } }>(
      `mutation($p: ID!, $e: String!) { setProductErpItem(productId: $p, erpItemId: $e) { erpItemId } }`,
      { p: tagged!.id, e: ' ITM-7781 ' },
    );
    expect(set.errors).toBeUndefined();
    expect(set.data!.setProductErpItem.erpItemId).toBe('ITM-7781');
    // The rules and messages written once in domain/erp.ts.
    for (const [value, message] of [
      ['X'.repeat(65), ERP_MESSAGES.itemIdTooLong],
      ['ITM\n7781', ONE_LINE_MESSAGE],
    ]) {
      const refused = await admin.gql(
        `mutation($p: ID!, $e: String!) { setProductErpItem(productId: $p, erpItemId: $e) { erpItemId } }`,
        { p: plain!.id, e: value },
      );
      expect(refused.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    }

    const company = await admin.gql<{
      adminCompany: { locations: { id: string; erpShipToId: string | null }[] };
    }>(`query($id: ID!) { adminCompany(id: $id) { locations { id label erpShipToId } } }`, { id: companyId });
    const [dock] = company.data!.adminCompany.locations;
    expect(dock).toMatchObject({ erpShipToId: null });
    const shipTo = await admin.gql<{ setLocationErpShipTo: { locations: { erpShipToId: string | null }[] } }>(
      `mutation($l: ID!, $e: String!) { setLocationErpShipTo(locationId: $l, erpShipToId: $e) { locations { erpShipToId } } }`,
      { l: dock!.id, e: 'ST-CLT-01' },
    );
    expect(shipTo.data!.setLocationErpShipTo.locations[0]!.erpShipToId).toBe('ST-CLT-01');
    // Both changes are audited, each with its event.
    const audit = await sql<{ action: string }[]>(
      `select action from audit_log where action in ('product.erp_item_id', 'company.location-erp-ship-to')
         and target_id in (?, ?)`,
      [tagged!.id, companyId],
    );
    expect(audit.map((a) => a.action).sort()).toEqual([
      'company.location-erp-ship-to',
      'product.erp_item_id',
    ]);
    expect((await eventsOf(t, 'product', tagged!.id)).at(-1)!.payload).toMatchObject({
      changes: { erpItemId: 'ITM-7781' },
    });

    const order = await placeOrder([
      { itemId: tagged!.id, qty: 2 },
      { itemId: plain!.id, qty: 1 },
    ]);
    // The store no longer writes its own number as the ERP's.
    expect(order.erpOrderId).toBeNull();
    const [placed] = await salesOrderOf(order.id, 'order.placed');
    const [erpAccount] = await sql<{ erp: string }[]>(
      'select erp_account_id as erp from business_account where id = ?',
      [companyId],
    );
    expect(placed).toMatchObject({
      schema: 1,
      orderNumber: String(order.orderNumber),
      erpOrderId: null,
      soldTo: { companyId, erpAccountId: erpAccount!.erp, email: buyer.email },
      shipTo: { addressLine1: '1 Main St', erpShipToId: 'ST-CLT-01' },
      freight: { carrierId: 'ups', amount: order.freightAmt },
      totals: {
        subTotal: order.subTotal,
        freight: order.freightAmt,
        tax: order.taxAmount,
        total: order.total,
      },
      payment: { kind: 'card', terms: 'PREPAID' },
    });
    expect(placed!.lines).toEqual([
      expect.objectContaining({ lineNo: 1, partNumber: tagged!.id, erpItemNumber: 'ITM-7781', quantity: 2 }),
      expect.objectContaining({ lineNo: 2, partNumber: plain!.id, erpItemNumber: plain!.id, quantity: 1 }),
    ]);
    expect(placed!.lines[0]).toMatchObject({
      unitOfMeasure: order.lines[0]!.unitOfMeasure,
      price: order.lines[0]!.price,
      lineTotal: order.lines[0]!.lineTotal,
    });
    expect(placed!.taxes).toEqual(
      order.taxes.map((tax) => ({ jurisdiction: 'US-NC', geoCode: order.taxGeoCode, ...tax })),
    );

    // A company key reads the same in the event feed (positions are given after commit); the payment's events
    // carry it too.
    await t.flush();
    const feed = await t
      .agent()
      .get('/api/events?types=order.paid&first=500')
      .set('Authorization', `Bearer ${await bearer(['company:orders'], buyer.id)}`)
      .expect(200);
    const paid = (feed.body.events as { aggregateId: string; data: { salesOrder: SalesOrder } }[]).find(
      (e) => e.aggregateId === order.id,
    );
    expect(paid!.data.salesOrder).toMatchObject({
      orderNumber: String(order.orderNumber),
      lines: placed!.lines,
    });
  });
});

describe('acknowledgeOrder', () => {
  it('sets the ERP number once: the same number answers the same, another is a conflict', async () => {
    const order = await placeOrder([{ itemId: products[1]!.id, qty: 1 }]);
    const erp = await bearer(['erp:orders']);
    const first = await asKey<Acknowledged>(erp, ACKNOWLEDGE, { id: order.id, erp: 'SO-5001' });
    expect(first.errors).toBeUndefined();
    expect(first.data!.acknowledgeOrder).toMatchObject({ id: order.id, erpOrderId: 'SO-5001' });
    expect(Date.parse(first.data!.acknowledgeOrder.acknowledgedAt)).toBeGreaterThan(0);

    const again = await asKey<Acknowledged>(erp, ACKNOWLEDGE, { id: order.id, erp: 'SO-5001' });
    expect(again.data!.acknowledgeOrder).toEqual(first.data!.acknowledgeOrder);

    const other = await asKey<Acknowledged>(erp, ACKNOWLEDGE, { id: order.id, erp: 'SO-5002' });
    const message = acknowledgedAsOther(order.orderNumber, 'SO-5001');
    expect(other.errors?.[0]).toMatchObject({
      message,
      extensions: { code: 'CONFLICT', fields: [{ field: 'erpOrderId', message }] },
    });

    // One event and one audit entry, for the first call only; the event carries the ERP's number.
    const acknowledged = await salesOrderOf(order.id, 'order.acknowledged');
    expect(acknowledged).toHaveLength(1);
    expect(acknowledged[0]).toMatchObject({ erpOrderId: 'SO-5001', orderNumber: String(order.orderNumber) });
    const events = (await eventsOf(t, 'order', order.id)).filter((e) => e.type === 'order.acknowledged');
    expect(events[0]!.payload).toMatchObject({ orderId: order.id, erpOrderId: 'SO-5001', by: 'erp' });
    const audits = await sql<{ after: { erpOrderId: string } }[]>(
      `select after from audit_log where action = 'order.acknowledged' and target_id = ?`,
      [order.id],
    );
    expect(audits).toEqual([{ after: { erpOrderId: 'SO-5001' } }]);

    const [row] = await sql<{ erp: string }[]>(
      'select erp_order_id as erp from customer_order where id = ?',
      [order.id],
    );
    expect(row!.erp).toBe('SO-5001');

    const missing = await asKey(erp, ACKNOWLEDGE, { id: randomUUID(), erp: 'SO-1' });
    expect(missing.errors?.[0]).toMatchObject({
      message: 'Order was not found',
      extensions: { code: 'NOT_FOUND' },
    });
    const blank = await asKey(erp, ACKNOWLEDGE, { id: order.id, erp: '  ' });
    expect(blank.errors?.[0]).toMatchObject({
      message: ERP_MESSAGES.erpOrderIdRequired,
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('is refused to a key without erp:orders, to a Customer and to CustomerService; an Admin may', async () => {
    const order = await placeOrder([{ itemId: products[0]!.id, qty: 1 }]);
    const variables = { id: order.id, erp: 'SO-6001' };
    const noScope = await asKey(await bearer(['company:orders', 'webhooks:manage']), ACKNOWLEDGE, variables);
    expect(noScope.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    for (const who of [customer, service, buyer.c]) {
      expect((await who.gql(ACKNOWLEDGE, variables)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const anonymous = await (await t.client()).gql(ACKNOWLEDGE, variables);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const [row] = await sql<{ erp: string | null; at: Date | null }[]>(
      'select erp_order_id as erp, acknowledged_at as at from customer_order where id = ?',
      [order.id],
    );
    expect(row).toEqual({ erp: null, at: null });

    const byAdmin = await admin.gql<Acknowledged>(ACKNOWLEDGE, variables);
    expect(byAdmin.data!.acknowledgeOrder.erpOrderId).toBe('SO-6001');
    const events = (await eventsOf(t, 'order', order.id)).filter((e) => e.type === 'order.acknowledged');
    expect(events.map((e) => e.payload.by)).toEqual(['staff']);
  });
});

describe('unacknowledgedOrders', () => {
  it('lists orders the ERP has not acknowledged after the set minutes, oldest first, until it does', async () => {
    const older = await placeOrder([{ itemId: products[0]!.id, qty: 1 }]);
    const newer = await placeOrder([{ itemId: products[1]!.id, qty: 1 }]);
    const ids = (page: Unacknowledged) => page.unacknowledgedOrders.items.map((i) => i.id);

    // Just placed: not yet listed at the store's setting, listed when staff ask from 0 minutes.
    const fresh = await service.gql<Unacknowledged>(UNACKNOWLEDGED, {});
    expect(fresh.data!.unacknowledgedOrders.olderThanMinutes).toBe(ACK_MINUTES);
    expect(ids(fresh.data!)).not.toContain(older.id);
    const now = await service.gql<Unacknowledged>(UNACKNOWLEDGED, { minutes: 0 });
    expect(ids(now.data!)).toEqual(expect.arrayContaining([older.id, newer.id]));

    await sql(`update customer_order set created_at = now() - interval '3 hours' where id = ?`, [older.id]);
    await sql(`update customer_order set created_at = now() - interval '2 hours' where id = ?`, [newer.id]);
    const waiting = (await service.gql<Unacknowledged>(UNACKNOWLEDGED, {})).data!.unacknowledgedOrders;
    const listed = waiting.items.filter((i) => i.id === older.id || i.id === newer.id);
    expect(listed.map((i) => i.id)).toEqual([older.id, newer.id]);
    expect(listed[0]!.waitingMinutes).toBeGreaterThanOrEqual(180);
    expect(listed[0]!.acknowledgedAt).toBeNull();

    const ack = await asKey<Acknowledged>(await bearer(['erp:orders']), ACKNOWLEDGE, {
      id: older.id,
      erp: 'SO-7001',
    });
    expect(ack.errors).toBeUndefined();
    const after = (await service.gql<Unacknowledged>(UNACKNOWLEDGED, {})).data!;
    expect(ids(after)).not.toContain(older.id);
    expect(ids(after)).toContain(newer.id);
    expect(after.unacknowledgedOrders.total).toBe(waiting.total - 1);

    // Console Orders' staff only; an out-of-range age is refused with its message.
    expect((await customer.gql(UNACKNOWLEDGED, {})).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const bad = await service.gql(UNACKNOWLEDGED, { minutes: -1 });
    expect(bad.errors?.[0]?.message).toBe(ERP_MESSAGES.minutesRange);
  });
});

describe("the console's order edit", () => {
  it('shows the order number for an order not acknowledged; saved unchanged it stays so, typed over it acknowledges', async () => {
    const order = await placeOrder([{ itemId: products[0]!.id, qty: 1 }]);
    const UPDATE = `mutation($id: ID!, $v: Int!, $input: AdminOrderInput!) {
      updateOrder(id: $id, version: $v, input: $input) { version erpOrderId acknowledgedAt contactEmail } }`;
    const edited = await admin.gql<{
      updateOrder: { version: number; erpOrderId: string | null; acknowledgedAt: string | null };
    }>(UPDATE, {
      id: order.id,
      v: order.version,
      input: orderEditInput(order, {
        erpOrderId: String(order.orderNumber),
        contactEmail: 'ap@export.example',
      }),
    });
    expect(edited.errors).toBeUndefined();
    expect(edited.data!.updateOrder).toMatchObject({ erpOrderId: null, acknowledgedAt: null });
    // The edit is an event with the sales order as saved; it acknowledged nothing.
    const events = await eventsOf(t, 'order', order.id);
    const edit = events.find((e) => e.type === 'order.edited')!;
    expect(edit.payload).toMatchObject({ orderId: order.id, fields: ['contactEmail'] });
    expect((edit.payload.salesOrder as { contactEmail: string }).contactEmail).toBe('ap@export.example');
    expect(events.filter((e) => e.type === 'order.acknowledged')).toEqual([]);

    const typed = await admin.gql<{
      updateOrder: { erpOrderId: string | null; acknowledgedAt: string | null };
    }>(UPDATE, {
      id: order.id,
      v: edited.data!.updateOrder.version,
      input: orderEditInput({ ...order, contactEmail: 'ap@export.example' }, { erpOrderId: 'SO-8001' }),
    });
    expect(typed.data!.updateOrder.erpOrderId).toBe('SO-8001');
    expect(typed.data!.updateOrder.acknowledgedAt).not.toBeNull();
    const acknowledged = (await eventsOf(t, 'order', order.id)).filter(
      (e) => e.type === 'order.acknowledged',
    );
    expect(acknowledged.map((e) => e.payload)).toEqual([
      expect.objectContaining({ erpOrderId: 'SO-8001', by: 'staff' }),
    ]);
    // The ERP then sending the same number is the same acknowledgement.
    const same = await asKey<Acknowledged>(await bearer(['erp:orders']), ACKNOWLEDGE, {
      id: order.id,
      erp: 'SO-8001',
    });
    expect(same.data!.acknowledgeOrder.erpOrderId).toBe('SO-8001');
  });
});
