import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { BRAND, CSRF, NUL_CHARACTER_MESSAGE } from '../../domain/constants';
import { CERTIFICATE_REFUSED } from '../../domain/company';
import { ROLES } from '../../domain/roles';
import { companyMember } from './fixtures';
import { createTestApp, linkIn, type Client, type TestApp } from './harness';

/**
 * "My company buys on account" (issue 31 item 1, decision 047): a customer applies with the company's name, its ERP
 * number and its tax certificate; staff are e-mailed a link to it, approve it (the company is made with the applicant
 * as its admin) or decline it with a note; the applicant is e-mailed either way.
 */
jest.setTimeout(30_000);

let t: TestApp;
let db: ReturnType<TestApp['orm']['em']['getConnection']>;
const PASSWORD = 'Apply-Rail-2026!';
let staff: Client;

const PDF = Buffer.from('%PDF-1.7\n% resale certificate\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

beforeAll(async () => {
  t = await createTestApp();
  db = t.orm.em.getConnection();
  const email = `credit.${randomUUID()}@axisline.example`;
  await t.createUser({ email, password: PASSWORD, role: ROLES.Service });
  staff = await t.client();
  await staff.signIn(email, PASSWORD);
});
afterAll(async () => t.close());

async function customer(role: number = ROLES.Customer) {
  const email = `apply.${randomUUID()}@shop.example`;
  const id = await t.createUser({ email, password: PASSWORD, role });
  const c = await t.client();
  await c.signIn(email, PASSWORD);
  return { c, id, email };
}

/** POST /api/company/applications as the page sends it: the CSRF token first, the fields, then the file. */
function apply(c: Client, fields: Record<string, string>, files: { data: Buffer; name: string }[] = []) {
  const req = c.agent.post('/api/company/applications').field(CSRF.bodyField, c.token);
  for (const [k, v] of Object.entries(fields)) req.field(k, v);
  for (const f of files) req.attach('certificate', f.data, f.name);
  return req;
}

const FIELDS = () => ({
  name: `Tarheel Automation ${randomUUID().slice(0, 6)}`,
  erpAccountId: `ERP-${randomUUID().slice(0, 8)}`,
  taxCertificate: 'NC-E595-2231',
  taxCertificateExpires: '2030-06-30',
});

const VIEW = `id status name erpAccountId taxCertificate taxCertificateExpires certificateFilename note decidedBy
  companyId applicant { userId email name }`;
type View = {
  id: string;
  status: string;
  name: string;
  note: string;
  decidedBy: string | null;
  companyId: string | null;
  certificateFilename: string | null;
  applicant: { userId: string; email: string };
};
const MINE = `{ myCompanyApplication { ${VIEW} } }`;
const ONE = `query($id: ID!) { adminCompanyApplication(id: $id) { ${VIEW} } }`;
const APPROVE = `mutation($id: ID!, $input: CompanyRecordInput!) { approveCompanyApplication(id: $id, input: $input) { ${VIEW} } }`;
const DECLINE = `mutation($id: ID!, $note: String!) { declineCompanyApplication(id: $id, note: $note) { ${VIEW} } }`;

const codeOf = (res: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  res.errors?.[0]?.extensions?.code;

describe('applying for a company account', () => {
  it('stores the application and its certificate, e-mails staff a console link, and keeps one pending at a time', async () => {
    const buyer = await customer();
    const fields = FIELDS();
    const res = await apply(buyer.c, fields, [{ data: PDF, name: 'resale certificate.pdf' }]).expect(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      name: fields.name,
      erpAccountId: fields.erpAccountId,
      taxCertificate: 'NC-E595-2231',
      taxCertificateExpires: '2030-06-30',
      certificateFilename: 'resale certificate.pdf',
      decidedBy: null,
    });

    const mail = await t.mail(BRAND.email.help, { subject: new RegExp(fields.name) });
    expect(mail.text).toContain(buyer.email);
    expect(mail.text).toContain('NC-E595-2231');
    const link = linkIn(mail);
    expect(link.pathname).toBe(`/admin/companies/applications/${res.body.id}`);
    const seen = await staff.gql<{ adminCompanyApplication: View }>(ONE, {
      id: link.pathname.split('/').pop(),
    });
    expect(seen.data!.adminCompanyApplication).toMatchObject({ name: fields.name, status: 'pending' });
    expect(seen.data!.adminCompanyApplication.applicant.email).toBe(buyer.email);

    // Staff download the certificate as sent; the applicant (a customer) may not.
    const file = await staff.agent
      .get(`/api/admin/company-applications/${res.body.id}/certificate`)
      .expect(200);
    expect(file.headers['content-type']).toMatch(/^application\/pdf/);
    expect(Buffer.from(file.body as Buffer).equals(PDF)).toBe(true);
    await buyer.c.agent.get(`/api/admin/company-applications/${res.body.id}/certificate`).expect(403);

    const mine = await buyer.c.gql<{ myCompanyApplication: View }>(MINE);
    expect(mine.data!.myCompanyApplication).toMatchObject({ id: res.body.id, status: 'pending' });

    const again = await apply(buyer.c, FIELDS()).expect(409);
    expect(again.body.error.message).toBe('Your application is being reviewed: withdraw it to send another.');
    // Withdrawn, another may be sent.
    expect((await buyer.c.gql(`mutation { withdrawCompanyApplication }`)).errors).toBeUndefined();
    expect((await buyer.c.gql<{ myCompanyApplication: View }>(MINE)).data!.myCompanyApplication.status).toBe(
      'withdrawn',
    );
    await apply(buyer.c, FIELDS()).expect(201);
  });

  it('refuses a file that is not what its name says, two files, an expired certificate and a file without its number, next to the field', async () => {
    const buyer = await customer();
    const disguised = await apply(buyer.c, FIELDS(), [{ data: PNG, name: 'certificate.pdf' }]).expect(400);
    expect(disguised.body.error.fields).toEqual([{ field: 'certificate', message: CERTIFICATE_REFUSED }]);
    const two = await apply(buyer.c, FIELDS(), [
      { data: PDF, name: 'a.pdf' },
      { data: PNG, name: 'b.png' },
    ]).expect(400);
    expect(two.body.error.fields).toEqual([{ field: 'certificate', message: CERTIFICATE_REFUSED }]);
    const expired = await apply(buyer.c, { ...FIELDS(), taxCertificateExpires: '2020-01-31' }).expect(400);
    expect(expired.body.error.fields).toEqual([
      { field: 'taxCertificateExpires', message: 'This certificate has expired.' },
    ]);
    const unnamed = await apply(buyer.c, { ...FIELDS(), taxCertificate: '' }, [
      { data: PNG, name: 'scan.png' },
    ]).expect(400);
    expect(unnamed.body.error.fields).toEqual([
      { field: 'taxCertificate', message: 'Enter the tax-exemption certificate number.' },
    ]);
    const impossible = await apply(buyer.c, { ...FIELDS(), taxCertificateExpires: '2099-02-30' }).expect(400);
    expect(impossible.body.error.fields).toEqual([
      { field: 'taxCertificateExpires', message: 'Enter the last day as YYYY-MM-DD.' },
    ]);
    const nul = await apply(buyer.c, { ...FIELDS(), name: 'Acme\u0000 Inc' }).expect(400);
    expect(nul.body.error.fields).toEqual([{ field: 'name', message: NUL_CHARACTER_MESSAGE }]);
    const nameless = await apply(buyer.c, { ...FIELDS(), name: '  ' }).expect(400);
    expect(nameless.body.error.fields).toEqual([{ field: 'name', message: 'Company is a required field' }]);
    // Nothing was kept, and staff heard of nothing.
    const [row] = await db.execute<{ n: number }[]>(
      'select count(*)::int as n from company_application where user_id = ?',
      [buyer.id],
    );
    expect(row!.n).toBe(0);
    // A PNG named as one is accepted.
    await apply(buyer.c, FIELDS(), [{ data: PNG, name: 'scan.png' }]).expect(201);
  });

  it('is for signed-in customers without a company: a member, staff and a visitor are refused', async () => {
    const [company] = await db.execute<{ id: string }[]>(
      `insert into business_account (company) values ('Member Co ${randomUUID().slice(0, 6)}') returning id`,
    );
    const admin = await companyMember(t, company!.id, 'Admin');
    const member = await apply(admin.c, FIELDS()).expect(422);
    expect(member.body.error.message).toBe('You already belong to a company.');
    const clerk = await customer(ROLES.CustomerService);
    expect((await apply(clerk.c, FIELDS()).expect(403)).body.error.message).toBe(
      'Only customer accounts buy for a company.',
    );
    const { agent, token } = await t.agentWithCsrf();
    await agent
      .post('/api/company/applications')
      .field(CSRF.bodyField, token)
      .field('name', 'Nobody Inc')
      .expect(401);
    // A customer reads staff's list: forbidden.
    const buyer = await customer();
    expect(codeOf(await buyer.c.gql('{ adminCompanyApplications { id } }'))).toBe('FORBIDDEN');
  });
});

describe('staff deciding', () => {
  it('approves: the company is made with the record staff settled, the applicant is its admin, and their e-mail opens the company page', async () => {
    const buyer = await customer();
    const fields = FIELDS();
    const { body } = await apply(buyer.c, fields).expect(201);
    const res = await staff.gql<{ approveCompanyApplication: View }>(APPROVE, {
      id: body.id,
      input: {
        name: fields.name,
        erpAccountId: fields.erpAccountId,
        erpVerified: true,
        taxExempt: true,
        taxCertificate: fields.taxCertificate,
        taxCertificateExpires: fields.taxCertificateExpires,
        netTermsDays: 30,
        creditLimit: 5000,
      },
    });
    expect(res.errors).toBeUndefined();
    const decided = res.data!.approveCompanyApplication;
    expect(decided).toMatchObject({ status: 'approved' });
    expect(decided.companyId).toBeTruthy();
    expect(decided.decidedBy).toMatch(/Test Buyer|@axisline\.example/);

    const company = await buyer.c.gql<{ myCompany: { id: string; name: string; me: { role: string } } }>(
      '{ myCompany { id name me { role } } }',
    );
    expect(company.data!.myCompany).toMatchObject({
      id: decided.companyId,
      name: fields.name,
      me: { role: 'Admin' },
    });
    const [record] = await db.execute<{ terms: number; limit: number; verified: boolean; exempt: boolean }[]>(
      `select net_terms_days as terms, credit_limit::float8 as limit, erp_verified_at is not null as verified,
         tax_exempt as exempt from business_account where id = ?`,
      [decided.companyId],
    );
    expect(record).toEqual({ terms: 30, limit: 5000, verified: true, exempt: true });

    // The applicant reads the store's name as the decider.
    const mine = await buyer.c.gql<{ myCompanyApplication: View }>(MINE);
    expect(mine.data!.myCompanyApplication).toMatchObject({ status: 'approved', decidedBy: BRAND.name });

    const mail = await t.mail(buyer.email, { subject: /now buys on account/ });
    const link = linkIn(mail);
    expect(link.pathname).toBe('/user/account/company');

    // Decided once: a second decision is a conflict.
    const twice = await staff.gql(DECLINE, { id: body.id, note: 'Too late' });
    expect(codeOf(twice)).toBe('CONFLICT');
  });

  it('declines with a note the applicant reads in their e-mail; they may apply again', async () => {
    const buyer = await customer();
    const fields = FIELDS();
    const { body } = await apply(buyer.c, fields).expect(201);
    const bare = await staff.gql(DECLINE, { id: body.id, note: '  ' });
    expect(bare.errors?.[0]?.message).toBe('Tell the applicant why the application is declined.');
    const note = 'Send the state resale certificate, not last year’s invoice.';
    const res = await staff.gql<{ declineCompanyApplication: View }>(DECLINE, { id: body.id, note });
    expect(res.data!.declineCompanyApplication).toMatchObject({ status: 'declined', note, companyId: null });
    const mail = await t.mail(buyer.email, { subject: /company account application/ });
    expect(mail.text).toContain(note);
    expect(linkIn(mail).pathname).toBe('/user/account/company');
    const mine = await buyer.c.gql<{ myCompanyApplication: View }>(MINE);
    expect(mine.data!.myCompanyApplication).toMatchObject({ status: 'declined', note });
    expect((await buyer.c.gql<{ myCompany: null }>('{ myCompany { id } }')).data!.myCompany).toBeNull();
    await apply(buyer.c, fields).expect(201);
  });

  it('refuses to approve for someone who joined a company since, or with an ERP number another company has', async () => {
    const buyer = await customer();
    const { body } = await apply(buyer.c, FIELDS()).expect(201);
    const [other] = await db.execute<{ id: string }[]>(
      `insert into business_account (company, erp_account_id) values ('Other Co', ?) returning id`,
      [`ERP-TAKEN-${randomUUID().slice(0, 6)}`],
    );
    const [{ erp }] = (await db.execute<{ erp: string }[]>(
      'select erp_account_id as erp from business_account where id = ?',
      [other!.id],
    )) as [{ erp: string }];
    const taken = await staff.gql(APPROVE, { id: body.id, input: { name: 'Tarheel', erpAccountId: erp } });
    expect(taken.errors?.[0]?.message).toBe('Another company has this ERP account number.');
    await db.execute('update app_user set account_id = ?, company_role = 30 where id = ?', [
      other!.id,
      buyer.id,
    ]);
    const joined = await staff.gql(APPROVE, { id: body.id, input: { name: 'Tarheel' } });
    expect(joined.errors?.[0]?.message).toBe(
      'The applicant has joined a company since: decline the application with a note.',
    );
    // Nothing was made by either attempt.
    const [made] = await db.execute<{ n: number }[]>(
      "select count(*)::int as n from business_account where company = 'Tarheel'",
    );
    expect(made!.n).toBe(0);
  });

  it('an applicant who closes their account takes their application and certificate with them; one made staff is not approved', async () => {
    const leaving = await customer();
    const { body } = await apply(leaving.c, FIELDS(), [{ data: PDF, name: 'c.pdf' }]).expect(201);
    const deleted = await leaving.c.gql('mutation($p: String!) { deleteMyAccount(password: $p) }', {
      p: PASSWORD,
    });
    expect(deleted.errors).toBeUndefined();
    const [left] = await db.execute<{ n: number }[]>(
      'select count(*)::int as n from company_application where id = ?',
      [body.id],
    );
    expect(left!.n).toBe(0);
    expect(codeOf(await staff.gql(ONE, { id: body.id }))).toBe('NOT_FOUND');

    const promoted = await customer();
    const second = await apply(promoted.c, FIELDS()).expect(201);
    await db.execute('update app_user set role = ? where id = ?', [ROLES.CustomerService, promoted.id]);
    const refused = await staff.gql(APPROVE, { id: second.body.id, input: { name: 'Promoted Co' } });
    expect(codeOf(refused)).toBe('UNPROCESSABLE');
  });

  it('decides an application once when two staff decide it at the same moment', async () => {
    const buyer = await customer();
    const { body } = await apply(buyer.c, FIELDS()).expect(201);
    const results = await Promise.all([
      staff.gql(APPROVE, { id: body.id, input: { name: `Race ${randomUUID().slice(0, 6)}` } }),
      staff.gql(DECLINE, { id: body.id, note: 'Duplicate' }),
    ]);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.map(codeOf).filter(Boolean)).toEqual(['CONFLICT']);
    const [{ n }] = (await db.execute<{ n: number }[]>(
      "select count(*)::int as n from audit_log where target_id = ? and action in ('company.application-approved', 'company.application-declined')",
      [body.id],
    )) as [{ n: number }];
    expect(n).toBe(1);
  });
});
