import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import jwt from 'jsonwebtoken';
import { CSRF } from '../../domain/constants';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, tokenSecret } from '../src/modules/auth/api-tokens';
import { hashPassword } from '../src/modules/auth/password';
import { createTestApp, type TestApp } from './harness';
import { COMPANY_ROLES } from '../../domain/company';
import { cardOrder, checkoutBody, companyMember, plainProducts, testCard } from './fixtures';

const SECRET = 'test-secret-test-secret-test-secret-00';
let t: TestApp;
let partnerId: string;
let adminAgent: Awaited<ReturnType<TestApp['agentWithCsrf']>>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.orm.em.getConnection();
  const hash = await hashPassword('Admin-Rail-99!');
  await db.execute(
    `insert into app_user (email, password_hash, first_name, last_name, role) values
       ('admin@partner.example', ?, 'Ad', 'Min', 100), ('feed@partner.example', ?, 'Feed', 'Bot', 400)`,
    [hash, hash],
  );
  partnerId = (
    await db.execute<{ id: string }[]>(`select id from app_user where email = 'feed@partner.example'`)
  )[0]!.id;
  adminAgent = await t.agentWithCsrf();
  const login = await adminAgent.agent
    .post('/api/user/login')
    .set(CSRF.header, adminAgent.token)
    .send({ email: 'admin@partner.example', password: 'Admin-Rail-99!' })
    .expect(200);
  const cookie = ([] as string[])
    .concat(login.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith(`${CSRF.cookieName}=`))!;
  adminAgent.token = decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!);
});
afterAll(async () => t.close());

const admin = (query: string, variables: object = {}) =>
  adminAgent.agent.post('/graphql').set(CSRF.header, adminAgent.token).send({ query, variables });

async function newKey(ratePerMinute = 600, scopes = ['catalog:read']): Promise<{ id: string; key: string }> {
  const res = await admin(
    `mutation($u: ID!, $r: Int, $s: [String!]!) { createApiKey(userId: $u, name: "ERP feed", scopes: $s, ratePerMinute: $r) { id key prefix } }`,
    { u: partnerId, r: ratePerMinute, s: scopes },
  ).expect(200);
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.createApiKey.key).toMatch(/^axl_/);
  return res.body.data.createApiKey;
}

const token = (key: string) => t.agent().post('/api/auth/token').send({ apiKey: key });
const asPartner = (bearer: string, query: string) =>
  t.agent().post('/graphql').set('Authorization', `Bearer ${bearer}`).send({ query });

describe('partner API keys and tokens', () => {
  it('stores only a hash of the key and shows the key once', async () => {
    const { id, key } = await newKey();
    const [row] = await t.orm.em
      .getConnection()
      .execute<{ secret_hash: string; prefix: string }[]>(
        'select secret_hash, prefix from api_key where id = ?',
        [id],
      );
    expect(row!.secret_hash).not.toContain(key);
    expect(key.startsWith(row!.prefix)).toBe(true);
    const list = await admin('{ apiKeys { id prefix scopes } }').expect(200);
    expect(JSON.stringify(list.body)).not.toContain(key);
  });

  it('exchanges a key for a 15-minute JWT that GraphQL accepts without cookies or CSRF', async () => {
    const { key } = await newKey();
    const res = await token(key).expect(200);
    expect(res.body).toMatchObject({ tokenType: 'Bearer', expiresIn: 900, scope: 'catalog:read' });
    const claims = jwt.decode(res.body.accessToken, { complete: true })!;
    expect(claims.header.alg).toBe('HS256');
    expect(claims.payload).toMatchObject({ iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, sub: partnerId });
    const read = await asPartner(res.body.accessToken, '{ parentCategories { handle } }').expect(200);
    expect(read.body.data.parentCategories.length).toBeGreaterThan(0);
    // A partner token never reaches a user's account operations.
    const me = await asPartner(res.body.accessToken, '{ me { id } }').expect(200);
    expect(me.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('answers 401 to alg none, expired, tampered and wrong-audience tokens, and to an unknown key', async () => {
    const { id } = await newKey();
    const secret = tokenSecret(SECRET);
    const claims = { scope: 'catalog:read', kid: id };
    const base = { issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE, subject: partnerId };
    const good = jwt.sign(claims, secret, { ...base, algorithm: 'HS256', expiresIn: 60 });
    expect((await asPartner(good, '{ site { id } }')).status).toBe(200);

    const none = jwt.sign(claims, '', { ...base, algorithm: 'none' });
    const expired = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, secret, {
      ...base,
      algorithm: 'HS256',
    });
    const wrongAudience = jwt.sign(claims, secret, { ...base, audience: 'someone-else', algorithm: 'HS256' });
    const otherSecret = jwt.sign(claims, 'not-our-secret', { ...base, algorithm: 'HS256' });
    const [head, payload, signature] = good.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...(jwt.decode(good) as object), sub: '00000000-0000-4000-8000-000000000000' }),
    ).toString('base64url');
    const tampered = `${head}.${forged}.${signature}`;
    for (const [name, bad] of Object.entries({
      none,
      expired,
      wrongAudience,
      otherSecret,
      tampered,
      garbage: 'x.y.z',
    })) {
      const res = await asPartner(bad, '{ site { id } }');
      expect([name, res.status]).toEqual([name, 401]);
    }
    expect(payload).toBeDefined();
    expect((await token('axl_not-a-real-key')).status).toBe(401);
  });

  it("lets a key with orders:own fill its user's cart, place an order and read it; other keys get FORBIDDEN", async () => {
    const { key } = await newKey(600, ['catalog:read', 'orders:own']);
    const bearer = (await token(key).expect(200)).body.accessToken as string;
    const auth = { Authorization: `Bearer ${bearer}` };
    const [product] = await t.orm.em.getConnection().execute<{ id: string }[]>(
      `select id from product p where price is not null and allowed_states = '{}' and minimum_purchase_quantity <= 1
           and not exists (select 1 from product_configuration_option o where o.product_id = p.id) order by id limit 1`,
    );
    await t
      .agent()
      .post('/api/user/cart/upsert')
      .set(auth)
      .send({ items: [{ itemId: product!.id, qty: 2 }] })
      .expect(200);
    const card = await t
      .agent()
      .post('/api/payments/test/payment-methods')
      .set(auth)
      .send({ number: '4242424242424242', expiry: '12/39', cvc: '123', name: 'Feed Bot' })
      .expect(201);
    const placed = await t
      .agent()
      .post('/api/checkout/place-order')
      .set(auth)
      .set('Idempotency-Key', `partner-${Date.now()}`)
      .send(checkoutBody('feed@partner.example', card.body.id))
      .expect(200);
    expect(placed.body.order.statusLabel).toBe('Payment Received');
    const list = await t.agent().get('/api/orders').set(auth).expect(200);
    expect(list.body.items.map((o: { id: string }) => o.id)).toContain(placed.body.order.id);
    const gql = await asPartner(bearer, '{ orders { items { id } } }').expect(200);
    expect(gql.body.data.orders.items.map((o: { id: string }) => o.id)).toContain(placed.body.order.id);

    const readOnly = (await token((await newKey()).key).expect(200)).body.accessToken as string;
    const denied = { Authorization: `Bearer ${readOnly}` };
    await t.agent().get('/api/orders').set(denied).expect(403);
    await t.agent().get('/api/user/cart').set(denied).expect(403);
    await t.agent().get(`/api/orders/${placed.body.order.id}`).set(denied).expect(403);
    const none = await asPartner(readOnly, '{ orders { total } }').expect(200);
    expect(none.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it("lets a key with company:orders act for its user's company: its orders, invoices and approvals, buying within the user's limit", async () => {
    const db = t.orm.em.getConnection();
    const [company] = await db.execute<{ id: string }[]>(
      `insert into business_account (company) values ('Procured Co ${Date.now()}') returning id`,
    );
    // The partner's user approves for the company; a colleague buys with a $1 limit per order.
    await db.execute('update app_user set account_id = ?, company_role = ? where id = ?', [
      company!.id,
      COMPANY_ROLES.Approver,
      partnerId,
    ]);
    const buyer = await companyMember(t, company!.id, 'Buyer', { orderLimit: 1 });
    const [product] = await plainProducts(t, 1);
    await buyer.c
      .send('post', '/api/user/cart/upsert', { items: [{ itemId: product!.id, qty: 1 }] })
      .expect(200);
    const held = await buyer.c
      .send('post', '/api/checkout/place-order', checkoutBody(buyer.email, await testCard(buyer.c)))
      .set('Idempotency-Key', `held-${Date.now()}`)
      .expect(200);
    expect(held.body.order.statusLabel).toBe('Awaiting Approval');
    const heldId: string = held.body.order.id;

    const { key } = await newKey(600, ['company:orders']);
    const bearer = (await token(key).expect(200)).body.accessToken as string;
    const auth = { Authorization: `Bearer ${bearer}` };
    // The company and its own member; never the people, invitations or locations, even for an admin's key.
    await db.execute('update app_user set company_role = ? where id = ?', [COMPANY_ROLES.Admin, partnerId]);
    await db.execute(
      `insert into company_address (account_id, label, name, address_line1, city, state, zip, country, email)
       values (?, 'Dock', 'Receiving', '1 Dock Rd', 'Mooresville', 'NC', '28115', 'US', 'dock@procured.example')`,
      [company!.id],
    );
    const mine = await asPartner(
      bearer,
      '{ myCompany { id me { role } members { email } invitations { email } addresses { label } } }',
    ).expect(200);
    expect(mine.body.errors).toBeUndefined();
    expect(mine.body.data.myCompany).toEqual({
      id: company!.id,
      me: { role: 'Admin' },
      members: [{ email: 'feed@partner.example' }],
      invitations: [],
      addresses: [],
    });
    await db.execute('update app_user set company_role = ? where id = ?', [
      COMPANY_ROLES.Approver,
      partnerId,
    ]);
    const queue = await asPartner(bearer, '{ companyApprovals { orderId } }').expect(200);
    expect(queue.body.data.companyApprovals.map((a: { orderId: string }) => a.orderId)).toEqual([heldId]);
    const orders = await asPartner(bearer, '{ companyOrders { items { id } } }').expect(200);
    expect(orders.body.data.companyOrders.items.map((o: { id: string }) => o.id)).toContain(heldId);
    // The colleague's invoice, as the company's pages give it.
    const pdf = await t.agent().get(`/api/orders/${heldId}/invoice.pdf`).set(auth).expect(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    const decided = await t
      .agent()
      .post('/graphql')
      .set(auth)
      .send({
        query: `mutation($id: ID!) { decideCompanyOrder(orderId: $id, approve: true, note: "Bay 4") { decision } }`,
        variables: { id: heldId },
      })
      .expect(200);
    expect(decided.body.errors).toBeUndefined();
    expect(decided.body.data.decideCompanyOrder.decision).toBe('approved');

    // It buys for the company as its user (cart and checkout), but never manages the company's people.
    await t
      .agent()
      .post('/api/user/cart/upsert')
      .set(auth)
      .send({ items: [{ itemId: product!.id, qty: 1 }] })
      .expect(200);
    const invite = await asPartner(
      bearer,
      'mutation { inviteCompanyMember(input: { email: "x@y.example", role: "Buyer" }) { id } }',
    ).expect(200);
    expect(invite.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const own = await asPartner(bearer, '{ orders { total } }').expect(200);
    expect(own.body.errors[0].extensions.code).toBe('FORBIDDEN');

    // Another company's order answers like a missing one; a user outside any company reaches no orders.
    const outsider = await cardOrder(t, [{ itemId: product!.id, qty: 1 }]);
    await t.agent().get(`/api/orders/${outsider.order.id}/invoice.pdf`).set(auth).expect(404);
    await db.execute('update app_user set account_id = null, company_role = null where id = ?', [partnerId]);
    const fresh = (await token(key).expect(200)).body.accessToken as string;
    await t
      .agent()
      .get('/api/user/cart')
      .set({ Authorization: `Bearer ${fresh}` })
      .expect(403);
    const none = await asPartner(fresh, '{ companyOrders { total } }').expect(200);
    expect(none.body.errors[0].extensions.code).not.toBeUndefined();
  });

  it('stops working when the key is revoked, and limits calls per key', async () => {
    const { id, key } = await newKey(3);
    const access = (await token(key).expect(200)).body.accessToken;
    expect((await asPartner(access, '{ site { id } }')).status).toBe(200);
    expect((await asPartner(access, '{ site { id } }')).status).toBe(200);
    expect((await asPartner(access, '{ site { id } }')).status).toBe(429);
    await admin('mutation($id: ID!) { revokeApiKey(id: $id) }', { id }).expect(200);
    expect((await token(key)).status).toBe(401);
  });

  it('lets only Admins manage keys', async () => {
    const { key } = await newKey();
    const access = (await token(key).expect(200)).body.accessToken;
    const res = await asPartner(access, '{ apiKeys { id } }');
    expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe("Supplier scope: its own brand's products and stock", () => {
  it('lists and updates only the own brand, through a key with supplier:products', async () => {
    const db = t.orm.em.getConnection();
    await db.execute(`update app_user set supplier_brand_handle = 'precisa' where id = ?`, [partnerId]);
    const { key } = await newKey(600, ['catalog:read', 'supplier:products']);
    const access = (await token(key).expect(200)).body.accessToken;
    const list = await asPartner(access, '{ supplierProducts { id inStock } }').expect(200);
    const ids = list.body.data.supplierProducts.map((p: { id: string }) => p.id);
    expect(ids.length).toBeGreaterThan(0);
    const [{ n }] = await db.execute<[{ n: number }]>(
      `select count(*)::int as n from product p join brand b on b.id = p.brand_id where p.id = any(array[?]::text[]) and b.handle <> 'precisa'`,
      [ids],
    );
    expect(n).toBe(0);

    const indexVersion = async () =>
      BigInt((await db.execute<[{ v: string }]>('select version::text as v from search_index_state'))[0].v);
    const before = await indexVersion();
    // A typeahead answer computed ahead for the product's part number (decision 042), and one for other words.
    const [{ prefix }] = await db.execute<[{ prefix: string }]>(
      `select left(part_key, 3) as prefix from product_search where product_id = ?`,
      [ids[0]],
    );
    const computed = `update typeahead_answer set answer = '{}', match = to_tsquery('axl', ?), part_patterns = ?::text[]
      where key = ?`;
    await db.execute(computed, [`${prefix}:*`, `{${prefix}%}`, prefix]);
    await db.execute(computed, ['zzzz:*', '{zzzz%}', 'nema']);
    const set = await asPartner(
      access,
      `mutation { setProductStock(id: "${ids[0]}", inStock: false) { id inStock } }`,
    );
    expect(set.body.data.setProductStock).toEqual({ id: ids[0], inStock: false });
    // Search answers cached in any process show the stock flag: the new index version drops them.
    expect(await indexVersion()).toBe(before + 1n);
    // The answer that may show the product is forgotten (the next typeahead searches live); the other is kept.
    const answers = await db.execute<{ key: string; answer: unknown }[]>(
      'select key, answer from typeahead_answer where key in (?, ?) order by key = ?',
      [prefix, 'nema', prefix],
    );
    expect(answers).toEqual([
      { key: 'nema', answer: {} },
      { key: prefix, answer: null },
    ]);
    const [other] = await db.execute<{ id: string }[]>(
      `select p.id from product p join brand b on b.id = p.brand_id where b.handle <> 'precisa' limit 1`,
    );
    const foreign = await asPartner(
      access,
      `mutation { setProductStock(id: "${other!.id}", inStock: false) { id } }`,
    );
    expect(foreign.body.errors[0].extensions.code).toBe('NOT_FOUND');

    // Counts per warehouse (decision 050): the stock flag follows them; another brand's part reads as missing.
    const levels = (id: string, moo: number, rno: number) =>
      asPartner(
        access,
        `mutation { setProductStockLevels(id: "${id}", levels: [{ warehouseId: "MOO", onHand: ${moo} }, { warehouseId: "RNO", onHand: ${rno} }]) { id inStock } }`,
      );
    expect((await levels(ids[0], 12, 3)).body.data.setProductStockLevels).toEqual({
      id: ids[0],
      inStock: true,
    });
    expect(
      await db.execute(
        `select warehouse_id as "warehouseId", on_hand as "onHand" from stock_level where product_id = ? order by 1`,
        [ids[0]],
      ),
    ).toEqual([
      { warehouseId: 'MOO', onHand: 12 },
      { warehouseId: 'RNO', onHand: 3 },
    ]);
    expect((await levels(ids[0], 0, 0)).body.data.setProductStockLevels).toEqual({
      id: ids[0],
      inStock: false,
    });
    const bad = await asPartner(
      access,
      `mutation { setProductStockLevels(id: "${ids[0]}", levels: [{ warehouseId: "LAX", onHand: 1 }]) { id } }`,
    );
    expect(bad.body.errors[0].extensions.fields).toEqual([
      { field: 'levels[0].warehouseId', message: 'Choose a warehouse.' },
    ]);
    expect((await levels(other!.id, 1, 1)).body.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('is FORBIDDEN to a key without the scope', async () => {
    const { key } = await newKey(600, ['catalog:read']);
    const access = (await token(key).expect(200)).body.accessToken;
    const res = await asPartner(access, '{ supplierProducts { id } }');
    expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe('the outbox for staff', () => {
  it('shows staff the newest e-mails to an address, and refuses a Supplier', async () => {
    await t.orm.em
      .getConnection()
      .execute(
        `insert into email_outbox (to_address, kind, subject, text_body) values ('who@plant.example', 'test', 'Hello', 'Body')`,
      );
    const res = await admin(
      '{ outboxEmails(to: "WHO@plant.example") { toAddress subject sentAt attempts } }',
    ).expect(200);
    expect(res.body.data.outboxEmails).toEqual([
      { toAddress: 'who@plant.example', subject: 'Hello', sentAt: null, attempts: 0 },
    ]);
    const { key } = await newKey(600, ['catalog:read', 'supplier:products']);
    const access = (await token(key).expect(200)).body.accessToken;
    const refused = await asPartner(access, '{ outboxEmails { id } }');
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
