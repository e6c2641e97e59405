import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { CSRF } from '../../domain/constants';
import { COMPANY_ROLES } from '../../domain/company';
import { VALIDITY } from '../../domain/roles';
import { createTestApp, type Client, type TestApp } from './harness';
import { cardOrder, FIXTURE_PASSWORD } from './fixtures';

/** Issue 26: a buyer downloads their data and closes their account; orders stay, anonymised. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function buyerWithHistory(): Promise<{ c: Client; email: string; orderId: string }> {
  const [product] = await t.orm.em.getConnection().execute<{ id: string }[]>(
    `select id from product p where price between 5 and 60
         and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
         and min_transfer <= 1 and minimum_purchase_quantity <= 1 and allowed_states = '{}' order by id limit 1`,
  );
  const { c, email, order } = await cardOrder(t, [{ itemId: product!.id, qty: 2 }]);
  await c
    .send('post', '/api/product/create-save-list', { name: 'Gantry build', description: 'Spare parts' })
    .expect(201);
  return { c, email, orderId: order.id };
}

describe("a buyer's own data", () => {
  it('downloads everything kept about them as JSON, and the download is audited', async () => {
    const { c, email } = await buyerWithHistory();
    const res = await c.agent
      .get('/api/user/export')
      .set('Cookie', 'consent=%7B%22analytics%22%3Afalse%7D')
      .expect(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="axisline-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = JSON.parse(res.text);
    expect(data.account.emailAddress).toBe(email);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0].lines[0].quantity).toBe(2);
    expect(data.savedLists.map((l: { name: string }) => l.name)).toContain('Gantry build');
    expect(data).toHaveProperty('returns');
    expect(data).toHaveProperty('formSubmissions');
    expect(data).toHaveProperty('backInStockAlerts');
    await t.agent().get('/api/user/export').expect(401);
    const [audit] = await t.orm.em
      .getConnection()
      .execute<{ n: number }[]>(
        `select count(*)::int as n from audit_log where action = 'user.data-exported' and target_id = ?`,
        [data.account.id],
      );
    expect(audit!.n).toBe(1);
  });

  it('closes the account with the password: personal data gone, the order kept without its personal fields', async () => {
    const { c, email, orderId } = await buyerWithHistory();
    const wrong = await c.send('delete', '/api/user', { password: 'Not-The-Password-1!' }).expect(400);
    expect(wrong.body.error.fields).toEqual([{ field: 'password', message: 'The password is not correct.' }]);
    const me = (await c.agent.get('/api/user').expect(200)).body.user;

    await c.send('delete', '/api/user', { password: FIXTURE_PASSWORD }).expect(200);
    await c.agent.get('/api/user').expect(401);
    const again = await t.client();
    await again.send('post', '/api/user/login', { email, password: FIXTURE_PASSWORD }).expect(401);

    const db = t.orm.em.getConnection();
    const [user] = await db.execute<{ email: string; first_name: string; password_hash: string | null }[]>(
      'select email, first_name, password_hash from app_user where id = ?',
      [me.id],
    );
    expect(user).toEqual({
      email: `deleted+${me.id}@deleted.invalid`,
      first_name: 'Deleted',
      password_hash: null,
    });
    const [order] = await db.execute<
      { contact_email: string; shipping_address: Record<string, string>; total: string }[]
    >('select contact_email, shipping_address, total from customer_order where id = ?', [orderId]);
    expect(order!.contact_email).toBe(`deleted+${me.id}@deleted.invalid`);
    expect(order!.shipping_address).toMatchObject({ name: '', email: '', phone: '', addressLine1: '' });
    expect(order!.shipping_address.state).toMatch(/^[A-Z]{2}$/); // the tax record keeps its jurisdiction
    const left = await db.execute<{ n: number }[]>(
      `select (select count(*) from address where user_id = ?) + (select count(*) from saved_list where user_id = ?)
         + (select count(*) from email_outbox where lower(to_address) = lower(?))::int as n`,
      [me.id, me.id, email],
    );
    expect(Number(left[0]!.n)).toBe(0);
    const [audit] = await db.execute<{ after: object }[]>(
      `select after from audit_log where action = 'user.deleted' and target_id = ?`,
      [me.id],
    );
    expect(audit!.after).toEqual({ ordersKept: 1 });
  });

  it('refuses to close a staff account from the shop', async () => {
    const email = `staff.${Date.now()}@axisline.example`;
    await t.createUser({ email, password: 'Staff-Rail-2020!', role: 300 });
    const c = await t.client();
    await c.signIn(email, 'Staff-Rail-2020!');
    const res = await c.send('delete', '/api/user', { password: 'Staff-Rail-2020!' }).expect(403);
    expect(res.body.error.message).toBe('Staff accounts are closed by an Admin in the console.');
  });
});

describe('a guest quote form sent from the address, never claimed (decision 061)', () => {
  it('is in the download and goes with the account', async () => {
    const email = `asker.${randomUUID()}@plant.example`;
    const guest = await t.client();
    const form = guest.agent.post('/api/forms/quote').set(CSRF.header, guest.token);
    for (const [k, v] of Object.entries({
      item: 'Guard to drawing',
      email,
      firstName: 'Ada',
      lastName: 'Asker',
    })) {
      form.field(k, v);
    }
    const quoteId: string = (await form.expect(201)).body.id;
    await t.createUser({ email, password: FIXTURE_PASSWORD });
    const c = await t.client();
    await c.signIn(email, FIXTURE_PASSWORD);
    const data = JSON.parse((await c.agent.get('/api/user/export').expect(200)).text);
    expect(data.quotes.map((q: { lines: { description: string }[] }) => q.lines[0]!.description)).toEqual([
      'Guard to drawing',
    ]);
    await c.send('delete', '/api/user', { password: FIXTURE_PASSWORD }).expect(200);
    const [left] = await t.orm.em
      .getConnection()
      .execute<{ n: number }[]>('select count(*)::int as n from quote where id = ?', [quoteId]);
    expect(left!.n).toBe(0);
  });
});

describe('closing the account of a company admin (issue 52, item 5)', () => {
  it('the last active admin names another first; with another active admin it closes', async () => {
    const db = t.orm.em.getConnection();
    const [company] = await db.execute<{ id: string }[]>(
      "insert into business_account (company) values ('Closing Co') returning id",
    );
    const admin = async () => {
      const email = `admin.${randomUUID()}@plant.example`;
      const id = await t.createUser({ email, password: FIXTURE_PASSWORD, accountId: company!.id });
      await db.execute('update app_user set company_role = ? where id = ?', [COMPANY_ROLES.Admin, id]);
      const c = await t.client();
      await c.signIn(email, FIXTURE_PASSWORD);
      return { c, id };
    };
    const first = await admin();
    const refused = await first.c.send('delete', '/api/user', { password: FIXTURE_PASSWORD }).expect(409);
    expect(refused.body.error.message).toBe(
      'You are your company’s last active admin: name another admin on the company page before closing your account.',
    );
    // A locked second admin does not count; an active one does.
    const second = await admin();
    await db.execute('update app_user set validity = ? where id = ?', [VALIDITY.Locked, second.id]);
    await first.c.send('delete', '/api/user', { password: FIXTURE_PASSWORD }).expect(409);
    await db.execute('update app_user set validity = ? where id = ?', [VALIDITY.Valid, second.id]);
    await first.c.send('delete', '/api/user', { password: FIXTURE_PASSWORD }).expect(200);
  });
});
