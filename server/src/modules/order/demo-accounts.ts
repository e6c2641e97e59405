import type { MikroORM } from '@mikro-orm/postgresql';
import { COMPANY_ROLES, type CompanyRoleName } from '../../../../domain/company';
import { ROLES, VALIDITY } from '../../../../domain/roles';
import { hashPassword } from '../auth';
import { DEMO_ORDER_SCOPE } from './demo-orders';

/**
 * Demo buyers, so the order history, re-order and return flows can be tried right after `npm start`. They exist
 * only with the demo data, never with NODE_ENV=production; their e-mails and password are printed at start and
 * in the README.
 */
export const DEMO_BUYERS = [
  { email: 'dana.buyer@demo.axisline.example', firstName: 'Dana', lastName: 'Buyer' },
  { email: 'sam.engineer@demo.axisline.example', firstName: 'Sam', lastName: 'Engineer' },
] as const;
export const DEMO_PASSWORD = 'Demo-Rail-2026!';
/** The demo accounts' e-mail domain. */
const DEMO_DOMAIN = 'demo.axisline.example';

/** Every this-many demo orders belong to the demo buyers (about 16 each of 400), the rest to anonymous buyers. */
const SHARE = 25;

/**
 * Creates the demo buyers (when missing) and gives them a share of the demo orders, delivered ones included.
 * Does nothing in production. Returns the demo buyers' e-mails.
 */
export async function ensureDemoBuyers(
  orm: MikroORM,
  { production }: { production: boolean },
): Promise<string[]> {
  if (production) return [];
  const db = orm.em.getConnection();
  const hash = await hashPassword(DEMO_PASSWORD);
  const emails: string[] = [];
  for (const [i, buyer] of DEMO_BUYERS.entries()) {
    await db.execute(
      `insert into app_user (email, password_hash, first_name, last_name, role, validity)
       values (?, ?, ?, ?, ?, ?) on conflict do nothing`,
      [buyer.email, hash, buyer.firstName, buyer.lastName, ROLES.Customer, VALIDITY.Valid],
    );
    await db.execute(
      `update customer_order o set user_id = u.id, contact_email = u.email,
         shipping_address = o.shipping_address || jsonb_build_object('email', u.email)
       from app_user u
       where lower(u.email) = ? and o.idempotency_scope = ? and o.user_id is null and o.order_number % ? = ?`,
      [buyer.email, DEMO_ORDER_SCOPE, SHARE, i],
    );
    emails.push(buyer.email);
  }
  return emails;
}

/** The demo buyers this database has (for the start banner); none in production. */
export async function demoBuyersIn(
  orm: MikroORM,
  { production }: { production: boolean },
): Promise<string[]> {
  if (production) return [];
  const rows = await orm.em
    .getConnection()
    .execute<{ email: string }[]>('select email from app_user where email in (?) order by email', [
      DEMO_BUYERS.map((b) => b.email),
    ]);
  return rows.map((r) => r.email);
}

/**
 * Two demo companies (issue 31, decision 043), each with a member of every company role, so company buying can be
 * tried right after `npm start`: a member signs in as `<handle>.<role>@demo.axisline.example`
 * (northwind.admin@…, piedmont.buyer@…) with DEMO_PASSWORD. The buyers have spending limits. The demo catalogue
 * has no customer price list, so both pay list prices; Northwind may pay by purchase order on net 30 terms. Each has
 * locations its buyers pick at checkout, one of them its bill-to (decision 045).
 * Like the demo buyers, they exist only with the demo data, never with NODE_ENV=production.
 */
export const DEMO_COMPANIES = [
  {
    handle: 'northwind',
    name: 'Northwind Fabrication',
    erpAccountId: 'ERP-4101',
    netTermsDays: 30,
    locations: [
      {
        label: 'Accounts payable',
        name: 'Accounts Payable',
        addressLine1: '2150 Commerce Way',
        city: 'Charlotte',
        state: 'NC',
        zip: '28206',
        billTo: true,
      },
      {
        label: 'Main plant — receiving',
        name: 'Receiving Dock 1',
        addressLine1: '880 Foundry Rd',
        city: 'Gastonia',
        state: 'NC',
        zip: '28052',
        billTo: false,
      },
    ],
    members: [
      { role: 'Admin', firstName: 'Nora', lastName: 'Whitfield' },
      { role: 'Approver', firstName: 'Owen', lastName: 'Hartley' },
      { role: 'Buyer', firstName: 'Priya', lastName: 'Natarajan', orderLimit: 500, monthlyLimit: 2000 },
      { role: 'Viewer', firstName: 'Leo', lastName: 'Marsh' },
    ],
  },
  {
    handle: 'piedmont',
    name: 'Piedmont Automation',
    erpAccountId: 'ERP-4102',
    netTermsDays: null,
    locations: [
      {
        label: 'Assembly hall',
        name: 'Shipping & Receiving',
        addressLine1: '41 Piedmont Pkwy',
        city: 'Greensboro',
        state: 'NC',
        zip: '27409',
        billTo: true,
      },
    ],
    members: [
      { role: 'Admin', firstName: 'Grace', lastName: 'Okafor' },
      { role: 'Approver', firstName: 'Marcus', lastName: 'Bell' },
      { role: 'Buyer', firstName: 'Elena', lastName: 'Ruiz', orderLimit: 500, monthlyLimit: 2000 },
      { role: 'Viewer', firstName: 'Tom', lastName: 'Lindqvist' },
    ],
  },
] as const satisfies readonly {
  handle: string;
  name: string;
  erpAccountId: string;
  netTermsDays: number | null;
  /** Its locations (decision 045): ship-to addresses, one the bill-to. */
  locations: readonly {
    label: string;
    name: string;
    addressLine1: string;
    city: string;
    state: string;
    zip: string;
    billTo: boolean;
  }[];
  members: readonly {
    role: CompanyRoleName;
    firstName: string;
    lastName: string;
    orderLimit?: number;
    monthlyLimit?: number;
  }[];
}[];

export type DemoCompany = (typeof DEMO_COMPANIES)[number];

/** A demo company member's e-mail: northwind.buyer@demo.axisline.example. */
export const demoMemberEmail = (company: Pick<DemoCompany, 'handle'>, role: CompanyRoleName) =>
  `${company.handle}.${role.toLowerCase()}@${DEMO_DOMAIN}`;

/** Every demo company member, with their e-mail, company and role. */
export const DEMO_COMPANY_MEMBERS = DEMO_COMPANIES.flatMap((company) =>
  company.members.map((m) => ({
    email: demoMemberEmail(company, m.role),
    company: company.name,
    erpAccountId: company.erpAccountId,
    firstName: m.firstName,
    lastName: m.lastName,
    role: m.role,
    orderLimit: 'orderLimit' in m ? m.orderLimit : null,
    monthlyLimit: 'monthlyLimit' in m ? m.monthlyLimit : null,
  })),
);

/**
 * Creates each demo company that is missing, with its members, in one statement. A company is made only when
 * its ERP number is free and none of its members' e-mails is taken: one an operator changed or removed is left as
 * it is. Does nothing in production. Returns the e-mails of the members created.
 */
export async function ensureDemoCompanies(
  orm: MikroORM,
  { production }: { production: boolean },
): Promise<string[]> {
  if (production) return [];
  const db = orm.em.getConnection();
  const emails = DEMO_COMPANY_MEMBERS.map((m) => m.email);
  const [taken] = await db.execute<{ erps: string[]; emails: string[] }[]>(
    `select array(select erp_account_id from business_account where erp_account_id in (?)) as erps,
            array(select lower(email) from app_user where lower(email) in (?)) as emails`,
    [DEMO_COMPANIES.map((c) => c.erpAccountId), emails],
  );
  const missing = DEMO_COMPANIES.filter(
    (c) =>
      !taken!.erps.includes(c.erpAccountId) &&
      !c.members.some((m) => taken!.emails.includes(demoMemberEmail(c, m.role))),
  );
  if (missing.length === 0) return [];
  const hash = await hashPassword(DEMO_PASSWORD);
  const created: string[] = [];
  for (const company of missing) {
    const members = DEMO_COMPANY_MEMBERS.filter((m) => m.erpAccountId === company.erpAccountId).map((m) => ({
      email: m.email,
      first_name: m.firstName,
      last_name: m.lastName,
      company_role: COMPANY_ROLES[m.role],
      order_limit: m.orderLimit,
      monthly_limit: m.monthlyLimit,
    }));
    const rows = await db.execute<{ email: string }[]>(
      `with company as (
         insert into business_account (company, erp_account_id, net_terms_days) values (?, ?, ?)
         on conflict do nothing returning id),
       locations as (
         insert into company_address (account_id, label, name, address_line1, city, state, zip, email, bill_to)
         select company.id, l.label, l.name, l."addressLine1", l.city, l.state, l.zip, ?, l."billTo"
         from company cross join jsonb_to_recordset(?::jsonb) as l(label text, name text, "addressLine1" text,
           city text, state text, zip text, "billTo" boolean))
       insert into app_user (email, password_hash, first_name, last_name, role, validity, account_id, company_role,
         order_limit, monthly_limit)
       select m.email, ?, m.first_name, m.last_name, ?, ?, company.id, m.company_role, m.order_limit, m.monthly_limit
       from company cross join jsonb_to_recordset(?::jsonb) as m(email text, first_name text, last_name text,
         company_role smallint, order_limit numeric, monthly_limit numeric)
       on conflict do nothing returning email`,
      [
        company.name,
        company.erpAccountId,
        company.netTermsDays,
        `receiving@${company.handle}.example`,
        JSON.stringify(company.locations),
        hash,
        ROLES.Customer,
        VALIDITY.Valid,
        JSON.stringify(members),
      ],
    );
    created.push(...rows.map((r) => r.email));
  }
  return created;
}

/** The demo companies this database has (for the start banner), and their logins in short; none in production. */
export async function demoCompaniesIn(
  orm: MikroORM,
  { production }: { production: boolean },
): Promise<{ name: string; logins: string }[]> {
  if (production) return [];
  const rows = await orm.em.getConnection().execute<{ email: string }[]>(
    `select lower(u.email) as email from app_user u join business_account a on a.id = u.account_id
     where lower(u.email) in (?)`,
    [DEMO_COMPANY_MEMBERS.map((m) => m.email)],
  );
  const present = new Set(rows.map((r) => r.email));
  return DEMO_COMPANIES.flatMap((company) => {
    const roles = company.members
      .filter((m) => present.has(demoMemberEmail(company, m.role)))
      .map((m) => m.role.toLowerCase());
    if (roles.length === 0) return [];
    const local = roles.length === 1 ? roles[0] : `{${roles.join(',')}}`;
    return [{ name: company.name, logins: `${company.handle}.${local}@${DEMO_DOMAIN}` }];
  });
}
