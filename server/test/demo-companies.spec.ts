import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { COMPANY_ROLES } from '../../domain/company';
import {
  DEMO_COMPANIES,
  DEMO_COMPANY_MEMBERS,
  DEMO_PASSWORD,
  demoCompaniesIn,
  ensureDemoCompanies,
} from '../src/modules/order/demo-accounts';
import { createTestApp, type TestApp } from './harness';

/**
 * Issue 31, item 8: two demo companies with a member of each role, made with the demo data (never with
 * NODE_ENV=production), once: a second start changes nothing, and what an operator changed stays changed.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface Row {
  id: string;
  company: string;
  erp: string;
  terms: number | null;
  priceList: string | null;
  email: string;
  hash: string;
  role: number;
  companyRole: number;
  orderLimit: number | null;
  monthlyLimit: number | null;
}

const demoRows = () =>
  t.orm.em.getConnection().execute<Row[]>(
    `select u.id, a.company, a.erp_account_id as erp, a.net_terms_days as terms, a.price_list_id as "priceList",
       u.email, u.password_hash as hash, u.role, u.company_role as "companyRole",
       u.order_limit::float8 as "orderLimit", u.monthly_limit::float8 as "monthlyLimit"
     from app_user u left join business_account a on a.id = u.account_id
     where u.email like '%@demo.axisline.example' order by u.email`,
  );

const companyCount = async () => {
  const [row] = await t.orm.em
    .getConnection()
    .execute<{ n: number }[]>(`select count(*)::int as n from business_account where erp_account_id in (?)`, [
      DEMO_COMPANIES.map((c) => c.erpAccountId),
    ]);
  return row!.n;
};

const MY_COMPANY = `{ myCompany { name erpAccountId me { email role orderLimit monthlyLimit }
  members { email role orderLimit monthlyLimit } } }`;

describe('demo companies (issue 31, item 8)', () => {
  it('none in production', async () => {
    expect(await ensureDemoCompanies(t.orm, { production: true })).toEqual([]);
    expect(await demoRows()).toEqual([]);
    expect(await companyCount()).toBe(0);
    expect(await demoCompaniesIn(t.orm, { production: true })).toEqual([]);
  });

  it('two companies with one member of each role, the buyers with limits, who sign in with the demo password', async () => {
    const created = await ensureDemoCompanies(t.orm, { production: false });
    expect([...created].sort()).toEqual(
      [
        'northwind.admin',
        'northwind.approver',
        'northwind.buyer',
        'northwind.viewer',
        'piedmont.admin',
        'piedmont.approver',
        'piedmont.buyer',
        'piedmont.viewer',
      ].map((local) => `${local}@demo.axisline.example`),
    );
    const rows = await demoRows();
    expect(await companyCount()).toBe(2);
    for (const company of ['Northwind Fabrication', 'Piedmont Automation']) {
      const members = rows.filter((r) => r.company === company);
      expect(members.map((r) => r.companyRole).sort()).toEqual(Object.values(COMPANY_ROLES).sort());
      for (const m of members) {
        expect(m.role).toBe(500); // a customer of the store
        const buyer = m.companyRole === COMPANY_ROLES.Buyer;
        expect([m.orderLimit, m.monthlyLimit]).toEqual(buyer ? [500, 2000] : [null, null]);
        // The demo catalogue has no customer price list: they pay list prices.
        expect(m.priceList).toBeNull();
      }
    }
    expect(rows.find((r) => r.email === 'northwind.admin@demo.axisline.example')).toMatchObject({
      erp: 'ERP-4101',
      terms: 30,
    });
    expect(rows.find((r) => r.email === 'piedmont.admin@demo.axisline.example')).toMatchObject({
      erp: 'ERP-4102',
      terms: null,
    });
    expect(await demoCompaniesIn(t.orm, { production: false })).toEqual([
      {
        name: 'Northwind Fabrication',
        logins: 'northwind.{admin,approver,buyer,viewer}@demo.axisline.example',
      },
      { name: 'Piedmont Automation', logins: 'piedmont.{admin,approver,buyer,viewer}@demo.axisline.example' },
    ]);

    // The admin sees every member with their role and limits; the buyer their own.
    const admin = await t.client();
    await admin.signIn('northwind.admin@demo.axisline.example', DEMO_PASSWORD);
    const seen = (await admin.gql<{ myCompany: { name: string; members: { email: string }[] } }>(MY_COMPANY))
      .data!.myCompany;
    expect(seen).toMatchObject({ name: 'Northwind Fabrication', erpAccountId: 'ERP-4101' });
    expect(
      [...seen.members].sort((a, b) => a.email.localeCompare(b.email)).map((m) => Object.values(m)),
    ).toEqual([
      ['northwind.admin@demo.axisline.example', 'Admin', null, null],
      ['northwind.approver@demo.axisline.example', 'Approver', null, null],
      ['northwind.buyer@demo.axisline.example', 'Buyer', 500, 2000],
      ['northwind.viewer@demo.axisline.example', 'Viewer', null, null],
    ]);
    const buyer = await t.client();
    await buyer.signIn('piedmont.buyer@demo.axisline.example', DEMO_PASSWORD);
    expect((await buyer.gql(MY_COMPANY)).data!.myCompany).toMatchObject({
      name: 'Piedmont Automation',
      me: { role: 'Buyer', orderLimit: 500, monthlyLimit: 2000 },
    });
    // Their locations, to pick at checkout (decision 045): Northwind's bill-to first.
    const locations = await admin.gql<{ myCompany: { addresses: { label: string; billTo: boolean }[] } }>(
      '{ myCompany { addresses { label billTo } } }',
    );
    expect(locations.data!.myCompany.addresses).toEqual([
      { label: 'Accounts payable', billTo: true },
      { label: 'Main plant — receiving', billTo: false },
    ]);
    expect(DEMO_COMPANY_MEMBERS).toHaveLength(8);
  });

  it('a second start changes nothing, and leaves what an operator changed', async () => {
    const before = await demoRows();
    expect(await ensureDemoCompanies(t.orm, { production: false })).toEqual([]);
    expect(await demoRows()).toEqual(before);
    expect(await companyCount()).toBe(2);

    // An operator raised a limit, removed a member, and deleted Piedmont (its members stay, without a company).
    const db = t.orm.em.getConnection();
    await db.execute(
      `update app_user set order_limit = 800 where email = 'northwind.buyer@demo.axisline.example'`,
    );
    await db.execute(
      `update app_user set account_id = null, company_role = null where email = 'northwind.viewer@demo.axisline.example'`,
    );
    await db.execute(`delete from business_account where erp_account_id = 'ERP-4102'`);
    const changed = await demoRows();
    expect(await ensureDemoCompanies(t.orm, { production: false })).toEqual([]);
    expect(await demoRows()).toEqual(changed);
    expect(await companyCount()).toBe(1);
    expect(changed.find((r) => r.email === 'northwind.buyer@demo.axisline.example')!.orderLimit).toBe(800);
    expect(await demoCompaniesIn(t.orm, { production: false })).toEqual([
      { name: 'Northwind Fabrication', logins: 'northwind.{admin,approver,buyer}@demo.axisline.example' },
    ]);
  });
});
