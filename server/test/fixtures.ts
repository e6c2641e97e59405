import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '../../domain/checkout';
import { COMPANY_ROLES, type CompanyRoleName } from '../../domain/company';
import type { OrderView } from '../src/modules/order/order.service';
import { linkIn, takeCsrfCookie, type Client, type TestApp } from './harness';

export const FIXTURE_PASSWORD = 'Fixture-Rail-2020!';

/** Plain priced products (no options, no pack rule, ship anywhere) of the seeded catalogue. */
export const plainProducts = (t: TestApp, count: number) =>
  t.orm.em.getConnection().execute<{ id: string; price: number }[]>(
    `select id, price::float8 as price from product p where price between 10 and 40 and allowed_states = '{}'
       and min_transfer <= 1 and minimum_purchase_quantity <= 1
       and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
     order by id limit ?`,
    [count],
  );

/** The place-order body of a card payment shipped to a North Carolina dock. */
export const checkoutBody = (email: string, paymentMethodId: string) => ({
  contactEmail: email,
  shippingAddress: {
    name: 'Dock',
    addressLine1: '1 Main St',
    city: 'Charlotte',
    state: 'NC',
    zip: '28202',
    email,
  },
  shippingDetails: { carrierId: 'ups', carrierMethod: 'Ground' },
  payment: { kind: 'card', paymentMethodId },
});

/** A test card given to the payment provider (the id of its payment method): authorises unless told otherwise. */
export async function testCard(c: Client, number: string = TEST_CARDS.authorised): Promise<string> {
  const pm = await c
    .send('post', '/api/payments/test/payment-methods', { number, expiry: '12/39', cvc: '123', name: 'R' })
    .expect(201);
  return pm.body.id as string;
}

/** A saved test card that authorises (the id of its payment method). */
export const authorisedCard = (c: Client) => testCard(c);

/** A new customer who bought `items` with the test card (authorised: status 18) to North Carolina. */
export async function cardOrder(
  t: TestApp,
  items: {
    itemId: string;
    qty: number;
    configurations?: { productConfigurationId: string; value: number }[];
  }[],
): Promise<{ c: Client; email: string; order: OrderView }> {
  const email = `buyer.${randomUUID()}@plant.example`;
  await t.createUser({ email, password: FIXTURE_PASSWORD });
  const c = await t.client();
  await c.signIn(email, FIXTURE_PASSWORD);
  await c.send('post', '/api/user/cart/upsert', { items }).expect(200);
  const placed = await c
    .send('post', '/api/checkout/place-order', checkoutBody(email, await authorisedCard(c)))
    .set('Idempotency-Key', randomUUID())
    .expect(200);
  return { c, email, order: placed.body.order };
}

/**
 * Registers as a visitor does: step ACCOUNT, the link of the e-mail as delivered, step PASSWORD. Resolves with the
 * client, signed in by the registration (its CSRF token taken up), and the new user's id.
 */
export async function registerByMail(
  t: TestApp,
  account: { email: string; firstName: string; lastName: string; erpAccountId?: string },
  password: string,
): Promise<{ c: Client; userId: string }> {
  const c = await t.client();
  await c.send('post', '/api/user/registration', { ...account, termsAccepted: true }).expect(202);
  const token = linkIn(await t.mail(account.email)).searchParams.get('token')!;
  const pending = await c.agent
    .get(`/api/user/register-token?token=${encodeURIComponent(token)}`)
    .expect(200);
  const done = await c
    .send('post', `/api/user/registration/${pending.body.id}/complete`, {
      token,
      password,
      confirmPassword: password,
    })
    .expect(201);
  takeCsrfCookie(c, done);
  return { c, userId: done.body.user.id };
}

/**
 * The console's order edit form as it opens on `order` (the address's editable fields, the amounts and lines as
 * saved), with `change` applied: what a test sends to `updateOrder`.
 */
export function orderEditInput(order: OrderView, change: Record<string, unknown> = {}) {
  const {
    name: _n,
    companyName: _c,
    isResidential: _r,
    phone: _p,
    email: _e,
    ...address
  } = order.shippingAddress;
  return {
    contactEmail: order.contactEmail,
    address,
    taxAmount: order.taxAmount,
    shippingCharges: order.freightAmt,
    totalAmount: order.total,
    erpOrderId: order.erpOrderId ?? String(order.orderNumber),
    status: order.status,
    lines: order.lines.map((l) => ({ id: l.id, quantity: l.quantity, price: l.price, configurations: [] })),
    ...change,
  };
}

/** A signed-in member of a company. */
export interface CompanyPerson {
  c: Client;
  id: string;
  email: string;
}

/**
 * A new member of the company `accountId`, with a role and spending limits (none unless given), signed in. Named
 * "<Role> Tester" (e.g. "Buyer Tester"), as e-mails and pages show them.
 */
export async function companyMember(
  t: TestApp,
  accountId: string,
  role: CompanyRoleName,
  limits: { orderLimit?: number | null; monthlyLimit?: number | null } = {},
): Promise<CompanyPerson> {
  const email = `${role.toLowerCase()}.${randomUUID()}@plant.example`;
  const id = await t.createUser({ email, password: FIXTURE_PASSWORD, accountId });
  await t.orm.em.getConnection().execute(
    `update app_user set first_name = ?, last_name = 'Tester', company_role = ?, order_limit = ?, monthly_limit = ?
       where id = ?`,
    [role, COMPANY_ROLES[role], limits.orderLimit ?? null, limits.monthlyLimit ?? null, id],
  );
  const c = await t.client();
  await c.signIn(email, FIXTURE_PASSWORD);
  return { c, id, email };
}

/** A business event as it was written (decision 065). */
export interface WrittenEvent {
  type: string;
  seq: number;
  version: number | null;
  actorId: string | null;
  payload: Record<string, unknown>;
}

/** The events written about one aggregate, in its sequence. */
export function eventsOf(t: TestApp, aggregateType: string, aggregateId: string): Promise<WrittenEvent[]> {
  return t.orm.em.getConnection().execute<WrittenEvent[]>(
    `select type, seq::int as seq, version, actor_id as "actorId", payload from domain_event
     where aggregate_type = ? and aggregate_id = ? order by seq`,
    [aggregateType, aggregateId],
  );
}

/**
 * A call of the ERP's acknowledgement (signed in: Admins only; keys: erp:orders, decision 071), for the specs that
 * try every guarded operation.
 */
export const erpCalls = (NIL: string): Record<string, string> => ({
  'Mutation.acknowledgeOrder': `mutation { acknowledgeOrder(id: "${NIL}", erpOrderId: "SO-1") { id } }`,
});

/**
 * A call of each webhook operation (signed in: Admins only, decision 068; keys: webhooks:manage, decision 070), for
 * the specs that try every guarded operation.
 */
export const webhookCalls = (NIL: string): Record<string, string> => ({
  'Query.webhookEndpoints': '{ webhookEndpoints { id } }',
  'Mutation.createWebhookEndpoint':
    'mutation { createWebhookEndpoint(input: { url: "https://erp.example.com/hooks", events: ["order.placed"] }) { secret } }',
  'Mutation.updateWebhookEndpoint': `mutation { updateWebhookEndpoint(id: "${NIL}", input: { enabled: false }) { id } }`,
  'Mutation.rotateWebhookSecret': `mutation { rotateWebhookSecret(id: "${NIL}") { secret } }`,
  'Mutation.deleteWebhookEndpoint': `mutation { deleteWebhookEndpoint(id: "${NIL}") }`,
  'Query.webhookDeliveries': `{ webhookDeliveries(endpointId: "${NIL}") { total } }`,
  'Mutation.replayWebhookDelivery': `mutation { replayWebhookDelivery(id: "${NIL}") { id } }`,
  'Mutation.sendTestWebhook': `mutation { sendTestWebhook(endpointId: "${NIL}") { id } }`,
});
