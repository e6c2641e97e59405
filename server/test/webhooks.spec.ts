import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { TEST_CARDS } from '../../domain/checkout';
import { ROLES } from '../../domain/roles';
import { WEBHOOK_DISABLED_REASONS, WEBHOOK_MESSAGES } from '../../domain/webhooks';
import { createTestApp, type Client, type TestApp } from './harness';
import { Receiver } from './receiver';

/** The schedule's clock: real time plus what the test moves it on by (no test waits on real minutes). */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const later = (ms: number) => void (offsetMs += ms);

const logLines: string[] = [];
const log = pino(
  { level: 'debug' },
  new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  }),
);

const PASSWORD = 'Hooks-Rail-2026!';
let t: TestApp;
let receiver: Receiver;
let base: string;
let admin: Client;
let plain: string;

beforeAll(async () => {
  t = await createTestApp({ log, webhooks: { now: clock, random: () => 0.5 } });
  receiver = new Receiver();
  base = await receiver.start();
  const email = `hooks.admin.${randomUUID()}@axisline.example`;
  await t.createUser({ email, password: PASSWORD, role: ROLES.Admin });
  admin = await t.client();
  await admin.signIn(email, PASSWORD);
  [{ id: plain }] = await t.orm.em.getConnection().execute<{ id: string }[]>(
    `select id from product p where price between 20 and 60
       and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
       and min_transfer <= 1 and minimum_purchase_quantity <= 1 and allowed_states = '{}' order by id limit 1`,
  );
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const ENDPOINT = 'id url events description enabled disabledReason previousSecretExpiresAt';

async function createEndpoint(c: Client, url: string, events: string[]) {
  const res = await c.gql<{ createWebhookEndpoint: { endpoint: { id: string }; secret: string } }>(
    `mutation($input: CreateWebhookEndpointInput!) {
       createWebhookEndpoint(input: $input) { endpoint { ${ENDPOINT} } secret }
     }`,
    { input: { url, events, description: 'ERP sales orders' } },
  );
  expect(res.errors).toBeUndefined();
  return { id: res.data!.createWebhookEndpoint.endpoint.id, secret: res.data!.createWebhookEndpoint.secret };
}

/** The body the receiver last got with this webhook-id. */
const receiverBody = (messageId: string) =>
  receiver.received.findLast((r) => r.headers['webhook-id'] === messageId)!.body;

/** What the console's list shows of an endpoint's health. */
async function health(c: Client, id: string) {
  const res = await c.gql<{
    webhookEndpoints: { id: string; lastDeliveryStatus: string | null; failingSince: string | null }[];
  }>('{ webhookEndpoints { id lastDeliveryStatus failingSince } }');
  expect(res.errors).toBeUndefined();
  return res.data!.webhookEndpoints.find((e) => e.id === id)!;
}

interface Delivery {
  id: string;
  messageId: string;
  eventType: string;
  status: string;
  attempts: number;
  replayOf: string | null;
  attemptLog: { responseCode: number | null; responseBody: string | null; error: string | null }[];
}

async function deliveries(c: Client, endpointId: string): Promise<Delivery[]> {
  const res = await c.gql<{ webhookDeliveries: { items: Delivery[] } }>(
    `query($id: ID!) { webhookDeliveries(endpointId: $id) {
       items { id messageId eventType status attempts replayOf attemptLog { responseCode responseBody error } } } }`,
    { id: endpointId },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.webhookDeliveries.items;
}

async function placeOrder(): Promise<string> {
  const email = `hooks.buyer.${randomUUID()}@plant.example`;
  await t.createUser({ email, password: PASSWORD });
  const c = await t.client();
  await c.signIn(email, PASSWORD);
  await c.send('post', '/api/user/cart/upsert', { items: [{ itemId: plain, qty: 2 }] }).expect(200);
  const pm = await c
    .send('post', '/api/payments/test/payment-methods', {
      number: TEST_CARDS.authorised,
      expiry: '12/39',
      cvc: '123',
      name: 'A Buyer',
    })
    .expect(201);
  const placed = await c
    .send('post', '/api/checkout/place-order', {
      contactEmail: email,
      shippingAddress: {
        name: 'Receiving Dock 2',
        companyName: 'Piedmont Automation',
        addressLine1: '400 Mill St',
        city: 'Mooresville',
        state: 'NC',
        zip: '28115',
        email: 'dock@piedmont.example',
        phone: '704-555-0100',
      },
      shippingDetails: { carrierId: 'ups', carrierMethod: 'Ground', note: '' },
      payment: { kind: 'card', paymentMethodId: pm.body.id },
    })
    .set('Idempotency-Key', randomUUID())
    .expect(200);
  return placed.body.order.id as string;
}

let orderEndpoint: { id: string; secret: string };
let orderId: string;

/** The consumers that got a delivery row for the events of one aggregate. */
async function consumersOf(aggregateId: string): Promise<string[]> {
  const rows = await t.orm.em.getConnection().execute<{ consumer: string }[]>(
    `select distinct d.consumer from domain_event_delivery d join domain_event e on e.id = d.event_id
       where e.aggregate_id = ? order by 1`,
    [aggregateId],
  );
  return rows.map((r) => r.consumer);
}

describe('webhooks', () => {
  it('costs an order nothing while no endpoint is on: its events get no delivery for webhooks', async () => {
    const quiet = await placeOrder();
    expect(await consumersOf(quiet)).toEqual(['feed']);
  });

  it('delivers a placed order to a receiver that fails twice, then verifies it with standardwebhooks', async () => {
    orderEndpoint = await createEndpoint(admin, `${base}/orders`, ['order.placed']);
    expect(await health(admin, orderEndpoint.id)).toMatchObject({
      lastDeliveryStatus: null,
      failingSince: null,
    });
    expect(orderEndpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    let calls = 0;
    const verified: unknown[] = [];
    receiver.handlers.set('/orders', (req) => {
      calls += 1;
      if (calls <= 2) return { status: 500, body: 'database is down' };
      verified.push(new Webhook(orderEndpoint.secret).verify(req.body, req.headers));
      return { status: 200, body: 'acknowledged' };
    });

    orderId = await placeOrder();
    expect(await consumersOf(orderId)).toEqual(['feed', 'webhooks']);
    await t.flush(); // the first attempt: at once
    expect(receiver.at('/orders')).toHaveLength(1);
    const failing = await health(admin, orderEndpoint.id);
    expect(failing).toMatchObject({ lastDeliveryStatus: 'pending', failingSince: expect.any(String) });
    later(4_000);
    await t.flush(); // not yet due (5 s)
    expect(receiver.at('/orders')).toHaveLength(1);
    later(1_000);
    await t.flush(); // the second, after 5 s
    expect(receiver.at('/orders')).toHaveLength(2);
    // Still failing since the first failure, not the latest.
    expect((await health(admin, orderEndpoint.id)).failingSince).toBe(failing.failingSince);
    later(5 * 60_000);
    await t.flush(); // the third, after 5 minutes more: verified and acknowledged
    const got = receiver.at('/orders');
    expect(got).toHaveLength(3);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(verified).toEqual([
      expect.objectContaining({
        type: 'order.placed',
        data: expect.objectContaining({
          aggregateType: 'order',
          aggregateId: orderId,
          orderId,
          seq: expect.any(Number),
        }),
      }),
    ]);

    expect((verified[0] as { data: object }).data).not.toHaveProperty('actor');
    const [delivery] = await deliveries(admin, orderEndpoint.id);
    expect(delivery).toMatchObject({ eventType: 'order.placed', status: 'succeeded', attempts: 3 });
    expect(delivery!.messageId).toBe(got[0]!.headers['webhook-id']);
    expect(delivery!.attemptLog.map((a) => [a.responseCode, a.responseBody])).toEqual([
      [500, 'database is down'],
      [500, 'database is down'],
      [200, 'acknowledged'],
    ]);
    later(24 * 3600_000);
    await t.flush(); // delivered: never sent again
    expect(receiver.at('/orders')).toHaveLength(3);
    expect(await health(admin, orderEndpoint.id)).toMatchObject({
      lastDeliveryStatus: 'succeeded',
      failingSince: null,
    });
  });

  it('replays a delivery with the same webhook-id and body', async () => {
    const [original] = await deliveries(admin, orderEndpoint.id);
    const res = await admin.gql<{ replayWebhookDelivery: { id: string; messageId: string } }>(
      'mutation($id: ID!) { replayWebhookDelivery(id: $id) { id messageId } }',
      { id: original!.id },
    );
    expect(res.data!.replayWebhookDelivery.messageId).toBe(original!.messageId);
    await t.flush();
    const got = receiver.at('/orders');
    expect(got).toHaveLength(4);
    expect(got[3]!.headers['webhook-id']).toBe(original!.messageId);
    expect(got[3]!.body).toBe(got[0]!.body);
    expect(new Webhook(orderEndpoint.secret).verify(got[3]!.body, got[3]!.headers)).toBeTruthy();
    const [replay] = await deliveries(admin, orderEndpoint.id);
    expect(replay).toMatchObject({ replayOf: original!.id, status: 'succeeded', attempts: 1 });
  });

  it('signs with both secrets for a day after a rotation, each verifying on its own', async () => {
    const endpoint = await createEndpoint(admin, `${base}/rotation`, ['order.shipped']);
    const rotated = await admin.gql<{
      rotateWebhookSecret: { secret: string; endpoint: { previousSecretExpiresAt: string | null } };
    }>(
      'mutation($id: ID!) { rotateWebhookSecret(id: $id) { secret endpoint { previousSecretExpiresAt } } }',
      {
        id: endpoint.id,
      },
    );
    const fresh = rotated.data!.rotateWebhookSecret.secret;
    expect(fresh).not.toBe(endpoint.secret);
    expect(rotated.data!.rotateWebhookSecret.endpoint.previousSecretExpiresAt).not.toBeNull();
    await admin.gql('mutation($id: ID!) { sendTestWebhook(endpointId: $id) { id } }', { id: endpoint.id });
    await t.flush();
    const [got] = receiver.at('/rotation');
    expect(got!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(fresh).verify(got!.body, got!.headers)).toMatchObject({ type: 'webhook.test' });
    expect(new Webhook(endpoint.secret).verify(got!.body, got!.headers)).toMatchObject({
      type: 'webhook.test',
    });

    // A day later only the new secret signs.
    later(24 * 3600_000 + 60_000);
    await admin.gql('mutation($id: ID!) { sendTestWebhook(endpointId: $id) { id } }', { id: endpoint.id });
    await t.flush();
    const next = receiver.at('/rotation')[1]!;
    expect(next.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(new Webhook(fresh).verify(next.body, next.headers)).toBeTruthy();
    expect(() => new Webhook(endpoint.secret).verify(next.body, next.headers)).toThrow();
  });

  it('turns an endpoint off when its receiver answers 410 Gone', async () => {
    const endpoint = await createEndpoint(admin, `${base}/gone`, ['order.placed']);
    receiver.handlers.set('/gone', () => ({ status: 410, body: 'no such hook' }));
    await admin.gql('mutation($id: ID!) { sendTestWebhook(endpointId: $id) { id } }', { id: endpoint.id });
    await t.flush();
    const list = await admin.gql<{
      webhookEndpoints: { id: string; enabled: boolean; disabledReason: string }[];
    }>(`{ webhookEndpoints { ${ENDPOINT} } }`);
    expect(list.data!.webhookEndpoints.find((e) => e.id === endpoint.id)).toMatchObject({
      enabled: false,
      disabledReason: expect.stringMatching(/410/),
    });
    expect(await deliveries(admin, endpoint.id)).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 1 }),
    ]);
    // A later order makes no delivery for it, and nothing more is sent.
    await placeOrder();
    later(3600_000);
    await t.flush();
    expect(receiver.at('/gone')).toHaveLength(1);
    expect(await deliveries(admin, endpoint.id)).toHaveLength(1);
  });

  it('follows no redirect: a 302 is a failed attempt, tried again later, and its target is never called', async () => {
    const endpoint = await createEndpoint(admin, `${base}/moved`, ['order.placed']);
    receiver.handlers.set('/moved', () => ({ status: 302, headers: { location: `${base}/target` } }));
    await admin.gql('mutation($id: ID!) { sendTestWebhook(endpointId: $id) { id } }', { id: endpoint.id });
    await t.flush();
    expect(receiver.at('/moved')).toHaveLength(1);
    expect(receiver.at('/target')).toHaveLength(0);
    expect(await deliveries(admin, endpoint.id)).toEqual([
      expect.objectContaining({
        status: 'pending',
        attempts: 1,
        attemptLog: [expect.objectContaining({ responseCode: 302 })],
      }),
    ]);
  });

  it("waits as long as the receiver's Retry-After asks", async () => {
    const endpoint = await createEndpoint(admin, `${base}/busy`, ['order.placed']);
    let calls = 0;
    receiver.handlers.set('/busy', () =>
      ++calls === 1 ? { status: 429, headers: { 'retry-after': '120' } } : { status: 204 },
    );
    await admin.gql('mutation($id: ID!) { sendTestWebhook(endpointId: $id) { id } }', { id: endpoint.id });
    await t.flush();
    later(60_000); // past the schedule's 5 s, not the receiver's 2 minutes
    await t.flush();
    expect(receiver.at('/busy')).toHaveLength(1);
    later(61_000);
    await t.flush();
    expect(receiver.at('/busy')).toHaveLength(2);
    expect(await deliveries(admin, endpoint.id)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
  });

  it('refuses an address that is not https (http only to this machine) with the message next to the field', async () => {
    for (const url of ['http://erp.example.com/hooks', 'ftp://127.0.0.1/hooks', 'not a url']) {
      const res = await admin.gql(
        'mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret } }',
        { input: { url, events: ['order.placed'] } },
      );
      expect(res.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: [
          {
            field: 'url',
            message: url.startsWith('http:') ? WEBHOOK_MESSAGES.urlHttps : WEBHOOK_MESSAGES.urlInvalid,
          },
        ],
      });
    }
    const none = await admin.gql(
      'mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret } }',
      { input: { url: 'https://erp.example.com/hooks', events: ['order.nope'] } },
    );
    expect(none.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: [{ field: 'events[0]', message: WEBHOOK_MESSAGES.eventUnknown }],
    });
  });

  it('lets only an Admin keep endpoints', async () => {
    const people = [];
    for (const role of [ROLES.Service, ROLES.CustomerService, ROLES.Customer]) {
      const email = `hooks.${role}.${randomUUID()}@axisline.example`;
      await t.createUser({ email, password: PASSWORD, role });
      const c = await t.client();
      await c.signIn(email, PASSWORD);
      people.push(c);
    }
    people.push(await t.client()); // signed out
    for (const c of people) {
      const list = await c.gql(`{ webhookEndpoints { id } }`);
      expect(['FORBIDDEN', 'UNAUTHENTICATED']).toContain(list.errors?.[0]?.extensions?.code);
      const created = await c.gql(
        'mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret } }',
        { input: { url: `${base}/x`, events: ['order.placed'] } },
      );
      expect(['FORBIDDEN', 'UNAUTHENTICATED']).toContain(created.errors?.[0]?.extensions?.code);
      const replay = await c.gql('mutation($id: ID!) { rotateWebhookSecret(id: $id) { secret } }', {
        id: orderEndpoint.id,
      });
      expect(['FORBIDDEN', 'UNAUTHENTICATED']).toContain(replay.errors?.[0]?.extensions?.code);
    }
  });

  it('never shows, logs, audits or stores a secret in clear after creating it', async () => {
    const endpoint = await createEndpoint(admin, `${base}/quiet`, ['order.placed']);
    receiver.handlers.set('/quiet', () => ({ status: 500 }));
    await admin.gql('mutation($id: ID!) { sendTestWebhook(endpointId: $id) { id } }', { id: endpoint.id });
    await t.flush();
    const list = await admin.gql(`{ webhookEndpoints { ${ENDPOINT} } }`);
    const db = t.orm.em.getConnection();
    const audit = await db.execute('select * from audit_log where target_type = ?', ['webhook_endpoint']);
    const stored = await db.execute('select * from webhook_endpoint');
    expect(audit.length).toBeGreaterThan(0);
    expect(logLines.some((l) => l.includes('webhook not delivered'))).toBe(true);
    for (const { secret } of [endpoint, orderEndpoint]) {
      const bare = secret.slice('whsec_'.length);
      for (const where of [
        JSON.stringify(list),
        logLines.join('\n'),
        JSON.stringify(audit),
        JSON.stringify(stored),
      ]) {
        expect(where).not.toContain(bare);
      }
    }
  });

  it('loses nothing in a 10-minute receiver outage: every order placed meanwhile arrives once, verified', async () => {
    const erp = new Receiver();
    const erpBase = await erp.start();
    const endpoint = await createEndpoint(admin, `${erpBase}/erp`, ['order.placed']);
    const placed: string[] = [await placeOrder()];
    await t.flush();
    expect(erp.at('/erp')).toHaveLength(1);

    await erp.close(); // the ERP goes down: connections are refused
    for (let minute = 0; minute < 10; minute++) {
      if (minute % 2 === 0) placed.push(await placeOrder());
      await t.flush();
      later(60_000);
    }
    await t.flush();
    const down = await deliveries(admin, endpoint.id);
    expect(down.filter((d) => d.status === 'pending')).toHaveLength(5);
    expect(down.every((d) => d.status !== 'failed')).toBe(true);

    await erp.start(Number(new URL(erpBase).port)); // back up
    later(35 * 60_000); // past every waiting delivery's next try (at most 30 minutes after an attempt)
    await t.flush();
    const got = erp.at('/erp');
    const orders = got.map((r) => {
      const message = new Webhook(endpoint.secret).verify(r.body, r.headers) as { data: { orderId: string } };
      return message.data.orderId;
    });
    expect(orders.sort()).toEqual([...placed].sort());
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(placed.length);
    expect((await deliveries(admin, endpoint.id)).map((d) => d.status)).toEqual(
      placed.map(() => 'succeeded'),
    );
    later(24 * 3600_000);
    await t.flush(); // delivered ones are never sent again
    expect(erp.at('/erp')).toHaveLength(placed.length);
    await erp.close();
  });

  it('turns an endpoint off after 5 days of failures, e-mails the Admins, and resumes once turned on', async () => {
    const email = `hooks.keeper.${randomUUID()}@axisline.example`;
    await t.createUser({ email, password: PASSWORD, role: ROLES.Admin });
    const endpoint = await createEndpoint(admin, `${base}/down`, ['order.placed']);
    let up = false;
    receiver.handlers.set('/down', () => (up ? { status: 200 } : { status: 503, body: 'maintenance' }));
    const state = async () => {
      const res = await admin.gql<{
        webhookEndpoints: {
          id: string;
          enabled: boolean;
          disabledReason: string | null;
          failingSince: string;
        }[];
      }>(`{ webhookEndpoints { ${ENDPOINT} failingSince } }`);
      return res.data!.webhookEndpoints.find((e) => e.id === endpoint.id)!;
    };

    await placeOrder();
    await t.flush(); // fails: failing since now
    const since = (await state()).failingSince;
    expect(since).not.toBeNull();
    expect(await state()).toMatchObject({ enabled: true, disabledReason: null });

    // A success in between starts the count again.
    up = true;
    later(5_000);
    await t.flush();
    expect(await state()).toMatchObject({ enabled: true, failingSince: null });
    up = false;

    const second = await placeOrder();
    await t.flush();
    later(4 * 24 * 3600_000); // four days of failures: still on
    await t.flush();
    expect(await state()).toMatchObject({ enabled: true, disabledReason: null });
    later(24 * 3600_000); // the fifth day: the next failure turns it off
    await t.flush();
    expect(await state()).toMatchObject({ enabled: false, disabledReason: WEBHOOK_DISABLED_REASONS.failing });

    const mail = await t.mail(email, { subject: new RegExp(`Webhooks stopped: ${base}/down`) });
    expect(mail.text).toContain('HTTP 503');
    expect(mail.text).toContain(`http://localhost:4000/admin/integrations`);
    const sent = receiver.at('/down').length;
    later(3600_000);
    await t.flush(); // off: nothing is sent
    expect(receiver.at('/down')).toHaveLength(sent);

    // The e-mail's action: an Admin turns it on again; the delivery still waiting is sent, verified.
    up = true;
    const on = await admin.gql(
      'mutation($id: ID!, $input: UpdateWebhookEndpointInput!) { updateWebhookEndpoint(id: $id, input: $input) { id } }',
      { id: endpoint.id, input: { enabled: true } },
    );
    expect(on.errors).toBeUndefined();
    expect(await state()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    later(24 * 3600_000);
    await t.flush();
    const waiting = (await deliveries(admin, endpoint.id)).find(
      (d) => JSON.parse(receiverBody(d.messageId)).data.orderId === second,
    );
    expect(waiting).toMatchObject({ eventType: 'order.placed', status: 'succeeded' });
    expect(waiting!.attemptLog.map((a) => a.responseCode)).toEqual([503, 503, 503, 200]);
    expect(
      new Webhook(endpoint.secret).verify(
        receiverBody(waiting!.messageId),
        receiver.received.at(-1)!.headers,
      ),
    ).toBeTruthy();
  });
});

describe('webhooks in production', () => {
  let prod: TestApp;
  const asked: string[] = [];
  beforeAll(async () => {
    prod = await createTestApp({
      production: true,
      webhooks: {
        now: clock,
        random: () => 0.5,
        // A stub resolver: the partner's names answer private and link-local addresses.
        resolve: async (host) => {
          asked.push(host);
          return host === 'metadata.partner.example'
            ? [{ address: '169.254.169.254', family: 4 }]
            : [{ address: '10.0.0.7', family: 4 }];
        },
      },
    });
  });
  afterAll(async () => prod.close());

  it('refuses private, loopback and link-local destinations after resolution, on every attempt', async () => {
    const email = `hooks.prod.${randomUUID()}@axisline.example`;
    await prod.createUser({ email, password: PASSWORD, role: ROLES.Admin });
    const c = await prod.client();
    await c.signIn(email, PASSWORD);

    const loopback = await c.gql(
      'mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret } }',
      { input: { url: `${base}/prod`, events: ['order.placed'] } },
    );
    expect(loopback.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: [{ field: 'url', message: WEBHOOK_MESSAGES.urlHttps }],
    });

    for (const host of ['hooks.partner.example', 'metadata.partner.example', '127.0.0.1', '[::1]']) {
      const endpoint = await createEndpoint(c, `https://${host}/hooks`, ['order.placed']);
      await c.gql('mutation($id: ID!) { sendTestWebhook(endpointId: $id) { id } }', { id: endpoint.id });
      await prod.flush();
      later(10_000);
      await prod.flush(); // the retry is checked again
      const [delivery] = await deliveries(c, endpoint.id);
      expect(delivery).toMatchObject({ status: 'pending', attempts: 2 });
      expect(delivery!.attemptLog).toEqual([
        expect.objectContaining({ responseCode: null, error: expect.stringMatching(/private address/) }),
        expect.objectContaining({ responseCode: null, error: expect.stringMatching(/private address/) }),
      ]);
    }
    expect(asked.filter((h) => h === 'hooks.partner.example')).toHaveLength(2);
    expect(asked.filter((h) => h === 'metadata.partner.example')).toHaveLength(2);
    expect(receiver.at('/hooks')).toHaveLength(0);
  });
});
