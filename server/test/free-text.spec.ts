import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { BRAND, CSRF } from '../../domain/constants';
import { ROLES } from '../../domain/roles';
import { ONE_LINE_MESSAGE } from '../../domain/text.schema';
import { createTestApp, linkIn, type TestApp } from './harness';

/**
 * Free text that reaches e-mails (issue 52, item 4): a one-line field (a company's name, an ERP number, a person's
 * name, a list's name) with a line break, a tab or a bidi control is refused next to the field, so no one forges a
 * line of the store's e-mails; an invitation quotes the names its admin wrote as data, names the store and tells how
 * to check it without its link.
 */
jest.setTimeout(30_000);

let t: TestApp;
let db: ReturnType<TestApp['orm']['em']['getConnection']>;
const PASSWORD = 'Free-Text-Rail-2026!';

beforeAll(async () => {
  t = await createTestApp();
  db = t.orm.em.getConnection();
});
afterAll(async () => t.close());

async function customer(accountId: string | null = null) {
  const email = `text.${randomUUID()}@shop.example`;
  const id = await t.createUser({ email, password: PASSWORD, role: ROLES.Customer, accountId });
  const c = await t.client();
  await c.signIn(email, PASSWORD);
  return { c, id, email };
}

const FORGED = 'Acme Corp\nERP account number: C10042';

/** E-mails queued for staff that carry `text`. */
async function staffMailWith(text: string) {
  return db.execute<{ subject: string }[]>(
    'select subject from email_outbox where to_address = ? and (subject like ? or text_body like ?)',
    [BRAND.email.help, `%${text}%`, `%${text}%`],
  );
}

describe('one-line fields refuse control characters', () => {
  it('a company application whose name forges an "ERP account number" line is refused next to the field, and staff are not e-mailed', async () => {
    const buyer = await customer();
    const apply = (fields: Record<string, string>) => {
      const req = buyer.c.agent.post('/api/company/applications').field(CSRF.bodyField, buyer.c.token);
      for (const [k, v] of Object.entries(fields)) req.field(k, v);
      return req;
    };
    const forged = await apply({ name: FORGED }).expect(400);
    expect(forged.body.error).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: [{ field: 'name', message: ONE_LINE_MESSAGE }],
    });
    const crlf = await apply({
      name: 'Acme Corp',
      erpAccountId: 'none\r\nApproved by: Axisline Supply',
    }).expect(400);
    expect(crlf.body.error.fields).toEqual([{ field: 'erpAccountId', message: ONE_LINE_MESSAGE }]);
    const bidi = await apply({ name: 'Acme \u202eCorp' }).expect(400);
    expect(bidi.body.error.fields).toEqual([{ field: 'name', message: ONE_LINE_MESSAGE }]);
    // In French, the same refusal reads in French.
    const french = await apply({ name: FORGED }).set('Accept-Language', 'fr-CA').expect(400);
    expect(french.body.error.fields[0].field).toBe('name');

    const [kept] = await db.execute<{ n: number }[]>(
      'select count(*)::int as n from company_application where user_id = ?',
      [buyer.id],
    );
    expect(kept!.n).toBe(0);
    expect(await staffMailWith('C10042')).toEqual([]);

    // The same company, written on one line, reaches staff with its own lines only.
    const name = `Acme Corp ${randomUUID().slice(0, 6)}`;
    await apply({ name, erpAccountId: 'C555' }).expect(201);
    const mail = await t.mail(BRAND.email.help, { subject: new RegExp(name) });
    expect(mail.text.split('\n').filter((line) => line.startsWith('ERP account number:'))).toEqual([
      'ERP account number: C555',
    ]);
  });

  it('registration and profile names, saved addresses and list names refuse them too, over REST and GraphQL', async () => {
    const visitor = await t.client();
    const registration = await visitor
      .send('post', '/api/user/registration', {
        email: `reg.${randomUUID()}@shop.example`,
        firstName: 'Ada\nERP account number: C10042',
        lastName: 'Byron',
        termsAccepted: true,
      })
      .expect(400);
    expect(registration.body.error.fields).toEqual([{ field: 'firstName', message: ONE_LINE_MESSAGE }]);

    const { c } = await customer();
    const inside = await c.send('post', '/api/user', { firstName: 'Ada', lastName: 'By\tron' }).expect(400);
    expect(inside.body.error.fields).toEqual([{ field: 'lastName', message: ONE_LINE_MESSAGE }]);

    const address = await c
      .send('post', '/api/user/address', {
        name: 'Dock 4',
        addressLine1: '1200 Industrial Park Dr\u2028Attn: accounts payable',
        city: 'Mooresville',
        state: 'NC',
        zip: '28115',
        email: 'dock@shop.example',
      })
      .expect(400);
    expect(address.body.error.fields).toEqual([{ field: 'addressLine1', message: ONE_LINE_MESSAGE }]);

    const list = await c.send('post', '/api/product/create-save-list', { name: 'Spares\r\nShared by staff' });
    expect(list.status).toBe(400);
    expect(list.body.error.fields).toEqual([{ field: 'name', message: ONE_LINE_MESSAGE }]);

    const gql = await c.gql(`mutation($input: SavedListInput!) { createSavedList(input: $input) { id } }`, {
      input: { name: 'Spares\u202e' },
    });
    expect(gql.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: [{ field: 'name', message: ONE_LINE_MESSAGE }],
    });
  });
});

describe('an invitation e-mail', () => {
  const INVITE = `mutation($input: CompanyInvitationInput!) { inviteCompanyMember(input: $input) { id } }`;

  async function invitingAdmin(company: string, first: string, last: string) {
    const [{ id: accountId }] = (await db.execute<{ id: string }[]>(
      'insert into business_account (company) values (?) returning id',
      [company],
    )) as [{ id: string }];
    const admin = await customer(accountId);
    await db.execute('update app_user set company_role = 10, first_name = ?, last_name = ? where id = ?', [
      first,
      last,
      admin.id,
    ]);
    return { ...admin, accountId };
  }

  it('quotes the admin’s and company’s names as data, names the store, and tells how to check it without the link; the company page shows it', async () => {
    // Names written before the schemas refused control characters, and a call to action in a name.
    const company = `Northwind "Fabrication" — call 1-900-555-0199 ${randomUUID().slice(0, 4)}`;
    const admin = await invitingAdmin(company, 'Dana', 'Reyes\nPay invoice 42 at https://evil.example/pay');
    const invitee = await customer();
    const sent = await admin.c.gql(INVITE, { input: { email: invitee.email, role: 'Buyer' } });
    expect(sent.errors).toBeUndefined();

    const mail = await t.mail(invitee.email, { subject: /invites you to buy for/ });
    const quotedCompany = `“${company.replace(/"/g, "'")}”`;
    expect(mail.subject).toBe(`Axisline Supply invites you to buy for ${quotedCompany}`);
    const lines = mail.text.split('\n');
    // The names, each on its own labelled line, in quotation marks; nothing they hold starts a line of its own.
    expect(lines).toContain(`Company: ${quotedCompany}`);
    expect(lines).toContain('Invited by: “Dana Reyes Pay invoice 42 at https[:]//evil[.]example/pay”');
    expect(lines.some((line) => line.startsWith('Pay invoice'))).toBe(false);
    // The one link is the store's own invitation link, never a name.
    const links = mail.text.match(/https?:\/\/\S+/g)!;
    expect(links).toHaveLength(1);
    const link = linkIn(mail);
    expect(link.pathname).toBe('/company/join');
    expect(mail.text).not.toMatch(/evil\.example/);
    // Who the store is, and how to check the invitation without the link.
    expect(mail.text).toContain(
      `This invitation comes from Axisline Supply, 1200 Industrial Park Drive, Mooresville, NC 28115 (1-800-555-0142, help@axisline.example)`,
    );
    expect(mail.text).toContain(
      "To check it without this e-mail's link: go to the Axisline Supply site yourself, sign in with this e-mail address (or register with it), and open your company page (Account, then Company)",
    );

    // What the e-mail says is true: the company page of the invited address shows the invitation, and joins.
    const mine = await invitee.c.gql<{
      myCompanyInvitations: { id: string; company: string; invitedBy: string; role: string }[];
    }>(`{ myCompanyInvitations { id company invitedBy role } }`);
    expect(mine.data!.myCompanyInvitations).toEqual([
      expect.objectContaining({ company, role: 'Buyer', invitedBy: expect.stringContaining('Dana Reyes') }),
    ]);
    const { id } = mine.data!.myCompanyInvitations[0]!;
    // Someone else's account sees none of it, and cannot accept it by its id.
    const stranger = await customer();
    const theirs = await stranger.c.gql<{ myCompanyInvitations: unknown[] }>(
      `{ myCompanyInvitations { id } }`,
    );
    expect(theirs.data!.myCompanyInvitations).toEqual([]);
    const stolen = await stranger.c.gql(`mutation($id: ID!) { acceptMyCompanyInvitation(id: $id) { id } }`, {
      id,
    });
    expect(stolen.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const joined = await invitee.c.gql<{ acceptMyCompanyInvitation: { id: string; me: { role: string } } }>(
      `mutation($id: ID!) { acceptMyCompanyInvitation(id: $id) { id me { role } } }`,
      { id },
    );
    expect(joined.data!.acceptMyCompanyInvitation).toEqual({ id: admin.accountId, me: { role: 'Buyer' } });
    // It worked once: the e-mail's link no longer does.
    const token = link.searchParams.get('token')!;
    const again = await invitee.c.gql(
      `mutation($token: String!) { acceptCompanyInvitation(token: $token) { id } }`,
      {
        token,
      },
    );
    expect(again.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('is written in the invited person’s language (fr-CA), with the same facts', async () => {
    const company = `Atelier Laval ${randomUUID().slice(0, 4)}`;
    const admin = await invitingAdmin(company, 'Marie', 'Tremblay');
    const invitee = await customer();
    await db.execute(`update app_user set locale = 'fr-CA' where email = ?`, [invitee.email]);
    expect(
      (await admin.c.gql(INVITE, { input: { email: invitee.email, role: 'Viewer' } })).errors,
    ).toBeUndefined();
    const mail = await t.mail(invitee.email, { subject: /vous invite à acheter pour/ });
    expect(mail.subject).toBe(`Axisline Supply vous invite à acheter pour “${company}”`);
    const lines = mail.text.split('\n');
    expect(lines).toContain(`Entreprise : “${company}”`);
    expect(lines).toContain('Invitation de : “Marie Tremblay”');
    expect(mail.text).toContain('Cette invitation vient d’Axisline Supply, 1200 Industrial Park Drive');
    expect(mail.text).toContain(
      'connectez-vous avec cette adresse courriel (ou inscrivez-vous avec elle) et ouvrez la page de votre entreprise (Compte, puis Entreprise)',
    );
    expect(linkIn(mail).pathname).toBe('/company/join');
  });
});
