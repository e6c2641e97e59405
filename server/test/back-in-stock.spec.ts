import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ROLES } from '../../domain/roles';
import { productPath } from '../../domain/routes';
import { FIXTURE_PASSWORD } from './fixtures';
import { createTestApp, linkIn, type Client, type TestApp } from './harness';

/**
 * Issue 52, item 2: anyone could enrol any address in unlimited back-in-stock notices. Now a signed-out request
 * waits for the address's owner to confirm it from an e-mailed link, the confirmations are limited like the store's
 * other e-mails (per address and per IP), an address has at most BACK_IN_STOCK_OPEN_MAX open requests, and a
 * signed-in buyer asks only for their own address (decision 053).
 */
jest.setTimeout(60_000);

let t: TestApp;
let db: ReturnType<TestApp['orm']['em']['getConnection']>;
let parts: string[];
let staff: Client;

const ASK = `mutation($e: String!, $i: ID!) { notifyBackInStock(email: $e, itemId: $i) { status created email itemId } }`;
const ADJUST = `mutation($id: ID!, $input: StockAdjustmentInput!) {
  adjustStock(productId: $id, input: $input) { productId } }`;

beforeAll(async () => {
  t = await createTestApp();
  db = t.orm.em.getConnection();
  const rows = await db.execute<{ id: string }[]>(
    `select p.id from product p where exists (select 1 from stock_level s where s.product_id = p.id)
     order by p.id limit 60`,
  );
  parts = rows.map((r) => r.id);
  const email = `bis.staff.${randomUUID()}@axisline.example`;
  await t.createUser({ email, password: FIXTURE_PASSWORD, role: ROLES.Service });
  staff = await t.client();
  await staff.signIn(email, FIXTURE_PASSWORD);
});
afterAll(() => t.close());

/** Out of stock at both warehouses, then staff count 10 in Mooresville: a restock that answers the requests. */
async function restock(id: string): Promise<void> {
  await db.execute('update stock_level set on_hand = 0, reserved = 0 where product_id = ?', [id]);
  await db.execute('update product set in_stock = false where id = ?', [id]);
  const done = await staff.gql(ADJUST, {
    id,
    input: { levels: [{ warehouseId: 'MOO', onHand: 10 }], reason: 'Delivery' },
  });
  expect(done.errors).toBeUndefined();
}

const notices = async (to: string) => {
  await t.flush();
  return t.mailbox.to(to).filter((m) => /Back in stock/.test(m.subject));
};

const ask = (c: Client, email: string, itemId: string) =>
  c.send('post', '/api/product/itemNotification', { email, itemId });

describe('back-in-stock requests (issue 52, item 2)', () => {
  it('refuses the 40-parts attack on a stranger: 3 confirmations an hour, and no notice without the owner’s click', async () => {
    const stranger = `stranger.${randomUUID()}@victim.example`;
    const attacker = await t.client();
    const answers: number[] = [];
    for (const id of parts.slice(0, 40)) answers.push((await ask(attacker, stranger, id)).status);
    expect(answers.slice(0, 3)).toEqual([202, 202, 202]);
    expect(new Set(answers.slice(3))).toEqual(new Set([429]));
    const refused = await ask(attacker, stranger, parts[41]!);
    expect(refused.body.error.code).toBe('TOO_MANY_REQUESTS');

    // The stranger receives three requests to confirm, and nothing else: a restock mails no one unconfirmed.
    await t.mail(stranger, { subject: /Confirm/ });
    expect(t.mailbox.to(stranger)).toHaveLength(3);
    for (const id of parts.slice(0, 3)) await restock(id);
    expect(await notices(stranger)).toEqual([]);
    const [queued] = await db.execute<{ n: number }[]>(
      `select count(*)::int as n from email_outbox where to_address = ? and kind = 'back-in-stock'`,
      [stranger],
    );
    expect(queued!.n).toBe(0);
  });

  it('a signed-out request becomes active when its owner opens the link in the e-mail', async () => {
    const [id] = parts.slice(45, 46) as [string];
    const owner = `owner.${randomUUID()}@plant.example`;
    const visitor = await t.client();
    const asked = await ask(visitor, owner, id).expect(202);
    expect(asked.body).toEqual({ email: owner, itemId: id, status: 'confirmation_sent', created: true });
    // Asking again before confirming sends a fresh link (counted as another e-mail), still 202.
    expect((await ask(visitor, owner, id).expect(202)).body.status).toBe('confirmation_sent');

    const mail = await t.mail(owner, { subject: /Confirm/ });
    expect(mail.text).toContain(id);
    const link = linkIn(mail);
    expect(link.pathname).toBe('/api/product/itemNotification/confirm');
    // The outbox keeps no working link (decision 026).
    const [stored] = await db.execute<{ text: string }[]>(
      `select string_agg(text_body, ' ') as text from email_outbox where to_address = ?`,
      [owner],
    );
    expect(stored!.text).not.toContain(link.searchParams.get('token')!);

    // Not yet confirmed: a restock does not write.
    await restock(id);
    expect(await notices(owner)).toEqual([]);

    const opened = await t.agent().get(`${link.pathname}${link.search}`).expect(303);
    expect(opened.headers.location).toBe(`${productPath(id)}?backInStock=confirmed`);
    // Confirmed, it waits: asking again signed out is answered as any request (202: nobody learns who is on the
    // list), and nothing is sent.
    const before = t.mailbox.to(owner).length;
    expect((await ask(await t.client(), owner, id).expect(202)).body.status).toBe('confirmation_sent');
    await t.flush();
    expect(t.mailbox.to(owner)).toHaveLength(before);

    await restock(id);
    const [notice] = await notices(owner);
    expect(decodeURIComponent(linkIn(notice!).pathname)).toBe(`/product/detail/${id}`);

    // A link is good once: opened again it says so on the part's page.
    const again = await t.agent().get(`${link.pathname}${link.search}`).expect(303);
    expect(again.headers.location).toBe(`${productPath(id)}?backInStock=expired`);
    const forged = await t
      .agent()
      .get(`${link.pathname}?item=${encodeURIComponent(id)}&token=nope`)
      .expect(303);
    expect(forged.headers.location).toBe(`${productPath(id)}?backInStock=expired`);
  });

  it('signed in: the buyer’s own address is active at once (201, then 200); another address is refused next to the field', async () => {
    const email = `buyer.${randomUUID()}@plant.example`;
    await t.createUser({ email, password: FIXTURE_PASSWORD });
    const buyer = await t.client();
    await buyer.signIn(email, FIXTURE_PASSWORD);
    const [id] = parts.slice(50, 51) as [string];

    const made = await ask(buyer, email.toUpperCase(), id).expect(201);
    expect(made.body.status).toBe('created');
    expect((await ask(buyer, email, id).expect(200)).body.status).toBe('already_requested');

    const other = await ask(buyer, `someone.else.${randomUUID()}@plant.example`, id).expect(400);
    expect(other.body.error.fields).toEqual([
      { field: 'email', message: 'Signed in, you can ask for notices only at your own e-mail address.' },
    ]);
    const gqlOther = await buyer.gql(ASK, { e: 'someone@else.example', i: id });
    expect(gqlOther.errors?.[0]?.extensions?.fields).toEqual([
      { field: 'email', message: 'Signed in, you can ask for notices only at your own e-mail address.' },
    ]);

    // No confirmation needed: the restock writes.
    await t.flush();
    expect(t.mailbox.to(email)).toHaveLength(0);
    await restock(id);
    expect(await notices(email)).toHaveLength(1);
  });

  it('GraphQL answers the same statuses', async () => {
    const email = `gql.${randomUUID()}@plant.example`;
    await t.createUser({ email, password: FIXTURE_PASSWORD });
    const buyer = await t.client();
    await buyer.signIn(email, FIXTURE_PASSWORD);
    const [a, b] = parts.slice(52, 54) as [string, string];
    const first = await buyer.gql<{ notifyBackInStock: { status: string } }>(ASK, { e: email, i: a });
    expect(first.data!.notifyBackInStock).toEqual({ status: 'created', created: true, email, itemId: a });
    const again = await buyer.gql<{ notifyBackInStock: { status: string } }>(ASK, { e: email, i: a });
    expect(again.data!.notifyBackInStock.status).toBe('already_requested');
    const guest = await (
      await t.client()
    ).gql<{ notifyBackInStock: { status: string } }>(ASK, { e: `guest.${randomUUID()}@plant.example`, i: b });
    expect(guest.data!.notifyBackInStock.status).toBe('confirmation_sent');
  });

  it('an address has at most 25 open requests, even signed in', async () => {
    const email = `many.${randomUUID()}@plant.example`;
    await t.createUser({ email, password: FIXTURE_PASSWORD });
    const buyer = await t.client();
    await buyer.signIn(email, FIXTURE_PASSWORD);
    for (const id of parts.slice(0, 25)) await ask(buyer, email, id).expect(201);
    const over = await ask(buyer, email, parts[25]!).expect(422);
    expect(over.body.error.fields).toEqual([
      {
        field: 'email',
        message: 'This e-mail address already waits for 25 items. We will write as each comes back in stock.',
      },
    ]);
    // One already asked for still answers 200.
    expect((await ask(buyer, email, parts[0]!).expect(200)).body.status).toBe('already_requested');
  });

  it('counts confirmations per IP as the other e-mails (MAIL_LIMIT_PER_IP)', async () => {
    const limited = await createTestApp({ mailPerIp: 2 });
    try {
      const c = await limited.client();
      const [id] = parts as [string];
      await ask(c, `ip1.${randomUUID()}@plant.example`, id).expect(202);
      await ask(c, `ip2.${randomUUID()}@plant.example`, id).expect(202);
      await ask(c, `ip3.${randomUUID()}@plant.example`, id).expect(429);
    } finally {
      await limited.close();
    }
  });
});
