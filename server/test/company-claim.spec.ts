import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ROLES, VALIDITY } from '../../domain/roles';
import { registerByMail } from './fixtures';
import { createTestApp, type Client, type TestApp } from './harness';

/**
 * Issue 26, high 2: registration joined an existing company by typing its ERP account number, with its contract
 * prices, tax exemption and net terms. A typed number is now a claim that grants nothing until staff attach the
 * user in the console (audited). Also: staff act only on users of a lower role.
 */
let t: TestApp;
let product: { id: string; price: number };
const PASSWORD = 'Rail-Carriage-38!';
const stamp = () => `${Date.now()}.${Math.random().toString(36).slice(2, 7)}`;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.orm.em.getConnection();
  [product] = await db.execute<{ id: string; price: number }[]>(
    `select id, price::float8 as price from product p where price between 5 and 60
       and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
       and min_transfer <= 1 and minimum_purchase_quantity <= 1 order by id limit 1`,
  );
  await db.execute(
    `insert into business_account (company, erp_account_id, price_list_id, tax_exempt, net_terms_days)
     values ('Piedmont Automation', 'ERP-7001', 'PL-PIEDMONT', true, 30)`,
  );
  await db.execute(
    `insert into price_list_item (price_list_id, product_id, price) values ('PL-PIEDMONT', ?, 1.0)`,
    [product!.id],
  );
});
afterAll(async () => t.close());

/** Registers through the e-mailed link, typing `erpAccountId`; a client signed in anew and the user id. */
async function register(erpAccountId: string): Promise<{ c: Client; id: string; email: string }> {
  const email = `claim.${stamp()}@plant.example`;
  const { userId } = await registerByMail(
    t,
    { email, firstName: 'Eve', lastName: 'Stranger', erpAccountId },
    PASSWORD,
  );
  const signedIn = await t.client();
  await signedIn.signIn(email, PASSWORD);
  return { c: signedIn, id: userId, email };
}

async function staff(role: number): Promise<Client> {
  const email = `staff.${stamp()}@axisline.example`;
  await t.createUser({ email, password: PASSWORD, role });
  const c = await t.client();
  await c.signIn(email, PASSWORD);
  return c;
}

const unitPrice = async (c: Client) =>
  (await c.send('post', '/api/user/cart/upsert', { items: [{ itemId: product.id, qty: 1 }] }).expect(200))
    .body.orderLines[0].price as number;

const SET_COMPANY = `mutation($userId: ID!, $erp: String, $company: String) {
  setUserCompany(userId: $userId, erpAccountId: $erp, company: $company) { company erpAccountId erpAccountClaim }
}`;

describe('an ERP account number typed at registration', () => {
  it("grants none of the company's prices, terms or exemption until staff attach the user", async () => {
    const { c, id } = await register('ERP-7001');
    const me = await c.agent.get('/api/user').expect(200);
    expect(me.body.user.accounts).toEqual([]);
    expect(me.body.user.erpAccountId).toBeNull();
    expect(await unitPrice(c)).toBe(product.price); // list price, not the contract's $1.00

    // The console shows the claim; Customer Service may not verify it; Service may (audited).
    const cs = await staff(ROLES.CustomerService);
    const refused = await cs.gql(SET_COMPANY, { userId: id, erp: 'ERP-7001' });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const service = await staff(ROLES.Service);
    const listed = await service.gql<{
      adminUsers: { items: { id: string; erpAccountClaim: string | null }[] };
    }>(`{ adminUsers(filter: { q: "Stranger" }) { items { id erpAccountClaim } } }`);
    expect(listed.data!.adminUsers.items.find((u) => u.id === id)?.erpAccountClaim).toBe('ERP-7001');
    const attached = await service.gql(SET_COMPANY, { userId: id, erp: 'ERP-7001' });
    expect(attached.data).toEqual({
      setUserCompany: { company: 'Piedmont Automation', erpAccountId: 'ERP-7001', erpAccountClaim: null },
    });
    expect(await unitPrice(c)).toBe(1);
    const [audit] = await t.orm.em
      .getConnection()
      .execute<{ action: string; after: object }[]>(
        `select action, after from audit_log where target_id = ? and action like 'user.company%'`,
        [id],
      );
    expect(audit).toEqual({ action: 'user.company-attached', after: { erpAccountId: 'ERP-7001' } });

    // Detached again: back to list prices.
    await service.gql(SET_COMPANY, { userId: id, erp: null });
    expect(await unitPrice(c)).toBe(product.price);
  });

  it('needs a company name to attach to an ERP account number the store does not know yet', async () => {
    const { id } = await register('ERP-NEW-1');
    const service = await staff(ROLES.Service);
    const missing = await service.gql(SET_COMPANY, { userId: id, erp: 'ERP-NEW-1' });
    expect(missing.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: [{ field: 'company', message: 'Company is a required field' }],
    });
    const made = await service.gql(SET_COMPANY, { userId: id, erp: 'ERP-NEW-1', company: 'New Line Fab' });
    expect(made.data).toEqual({
      setUserCompany: { company: 'New Line Fab', erpAccountId: 'ERP-NEW-1', erpAccountClaim: null },
    });
  });
});

describe('staff act only on users of a lower role', () => {
  it('Service cannot lock an Admin or another Service user, but can lock a Customer; an Admin can lock an Admin', async () => {
    const ids = {
      admin: await t.createUser({
        email: `a.${stamp()}@axisline.example`,
        password: PASSWORD,
        role: ROLES.Admin,
      }),
      service: await t.createUser({
        email: `s.${stamp()}@axisline.example`,
        password: PASSWORD,
        role: ROLES.Service,
      }),
      customer: await t.createUser({ email: `c.${stamp()}@plant.example`, password: PASSWORD }),
    };
    const lock = (c: Client, userId: string) =>
      c.gql<{ setUserLocked: { validity: number } }>(
        `mutation($id: ID!) { setUserLocked(userId: $id, locked: true) { validity } }`,
        { id: userId },
      );
    const service = await staff(ROLES.Service);
    for (const target of [ids.admin, ids.service]) {
      const answer = await lock(service, target);
      expect(answer.errors?.[0]).toMatchObject({
        message: 'You can only change accounts of a lower role.',
        extensions: { code: 'FORBIDDEN' },
      });
    }
    expect((await lock(service, ids.customer)).data?.setUserLocked.validity).toBe(VALIDITY.Locked);
    const admin = await staff(ROLES.Admin);
    expect((await lock(admin, ids.admin)).data?.setUserLocked.validity).toBe(VALIDITY.Locked);
  });
});
