import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { COMPANY_ROLES } from '../../domain/company';
import { ROLES, VALIDITY } from '../../domain/roles';
import { eventsOf } from './fixtures';
import { createTestApp, linkIn, type TestApp } from './harness';

/**
 * Company buying, slice 1 (issue 31, decision 043): a company's admin invites by e-mail, the invited person joins
 * through the e-mailed link (once, before it expires, only with the invited address), admins set roles and limits
 * and remove members; one company never reaches another's members or invitations.
 */
let t: TestApp;
const PASSWORD = 'Rail-Carriage-38!';
const stamp = () => `${Date.now()}.${Math.random().toString(36).slice(2, 7)}`;
let northwind: string;
let piedmont: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.orm.em.getConnection();
  [{ id: northwind }, { id: piedmont }] = await db.execute<{ id: string }[]>(
    `insert into business_account (company, erp_account_id) values ('Northwind Fabrication', 'ERP-N-1'),
       ('Piedmont Automation', 'ERP-P-1') returning id`,
  );
});
afterAll(async () => t.close());

/** A signed-in person, in a company with a role when given. */
async function person(company?: { accountId: string; role: number }) {
  const email = `p.${stamp()}@plant.example`;
  const id = await t.createUser({ email, password: PASSWORD, accountId: company?.accountId ?? null });
  if (company) {
    await t.orm.em
      .getConnection()
      .execute('update app_user set company_role = ? where id = ?', [company.role, id]);
  }
  const c = await t.client();
  await c.signIn(email, PASSWORD);
  return { c, id, email };
}

const MY_COMPANY = `{ myCompany { id name me { role orderLimit } members { userId email role orderLimit monthlyLimit }
  invitations { id email role expiresAt } } }`;
const INVITE = `mutation($input: CompanyInvitationInput!) { inviteCompanyMember(input: $input) { id email role } }`;
const ACCEPT = `mutation($token: String!) { acceptCompanyInvitation(token: $token) { name me { role orderLimit monthlyLimit } } }`;
const PREVIEW = `query($token: String!) { companyInvitation(token: $token) { company email role invitedBy } }`;
const UPDATE = `mutation($userId: ID!, $input: CompanyMemberInput!) { updateCompanyMember(userId: $userId, input: $input) { role orderLimit } }`;
const REMOVE = `mutation($userId: ID!) { removeCompanyMember(userId: $userId) }`;

const codeOf = (res: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  res.errors?.[0]?.extensions?.code;

/** A new company, by name. */
async function newCompany(name: string): Promise<string> {
  const [row] = await t.orm.em
    .getConnection()
    .execute<{ id: string }[]>('insert into business_account (company) values (?) returning id', [name]);
  return row!.id;
}

/** Sets an account's validity as staff's lock (Locked) or closing one's account (Expired) leave it. */
async function setValidity(userId: string, validity: number): Promise<void> {
  await t.orm.em.getConnection().execute('update app_user set validity = ? where id = ?', [validity, userId]);
}

async function roleOf(userId: string) {
  const [row] = await t.orm.em
    .getConnection()
    .execute<{ accountId: string | null; role: number | null }[]>(
      'select account_id as "accountId", company_role as role from app_user where id = ?',
      [userId],
    );
  return row;
}

/** The token of the newest invitation e-mailed to `email`, as delivered. */
async function invitationToken(email: string): Promise<string> {
  const mail = await t.mail(email, { subject: /invites you/ });
  const link = linkIn(mail);
  expect(link.pathname).toBe('/company/join');
  return link.searchParams.get('token')!;
}

describe('invitations', () => {
  it('an admin invites by e-mail; the invited person opens the link, signs in and joins with the role and limits offered', async () => {
    const admin = await person({ accountId: northwind, role: COMPANY_ROLES.Admin });
    const invitee = await person();
    const invited = await admin.c.gql<{ inviteCompanyMember: { email: string; role: string } }>(INVITE, {
      input: { email: invitee.email.toUpperCase(), role: 'Approver', orderLimit: 2500, monthlyLimit: 10000 },
    });
    expect(invited.data!.inviteCompanyMember).toMatchObject({ email: invitee.email, role: 'Approver' });

    const mail = await t.mail(invitee.email, { subject: /invites you to buy for “Northwind Fabrication”/ });
    expect(mail.text).toMatch(/as an approver/);
    const token = linkIn(mail).searchParams.get('token')!;
    // The link shows what it offers to anyone who holds it.
    const anyone = await t.client();
    const preview = await anyone.gql<{ companyInvitation: Record<string, string> }>(PREVIEW, { token });
    expect(preview.errors).toBeUndefined();
    expect(preview.data!.companyInvitation).toMatchObject({
      company: 'Northwind Fabrication',
      email: invitee.email,
      role: 'Approver',
    });

    const joined = await invitee.c.gql<{
      acceptCompanyInvitation: { name: string; me: Record<string, unknown> };
    }>(ACCEPT, { token });
    expect(joined.data!.acceptCompanyInvitation).toEqual({
      name: 'Northwind Fabrication',
      me: { role: 'Approver', orderLimit: 2500, monthlyLimit: 10000 },
    });
    // Once: the link no longer works, for them or anyone.
    expect(codeOf(await invitee.c.gql(ACCEPT, { token }))).toBe('NOT_FOUND');
    expect(codeOf(await anyone.gql(PREVIEW, { token }))).toBe('NOT_FOUND');
    // Joined once: one company.member_changed on the company's stream, by the invitee.
    expect((await eventsOf(t, 'company', northwind)).filter((e) => e.payload.userId === invitee.id)).toEqual([
      expect.objectContaining({
        type: 'company.member_changed',
        actorId: invitee.id,
        payload: { companyId: northwind, userId: invitee.id, change: 'joined', fields: { role: 'Approver' } },
      }),
    ]);
    // The admin sees the new member; the invitation is no longer open.
    const company = await admin.c.gql<{
      myCompany: { members: { email: string; role: string }[]; invitations: unknown[] };
    }>(MY_COMPANY);
    expect(company.data!.myCompany.members).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: invitee.email, role: 'Approver' })]),
    );
    expect(company.data!.myCompany.invitations).toEqual([]);
    const [audit] = await t.orm.em
      .getConnection()
      .execute<{ action: string }[]>(
        `select action from audit_log where target_id = ? and action = 'company.member-joined'`,
        [northwind],
      );
    expect(audit).toBeDefined();
  });

  it('refuses the link to another account, an expired or revoked link, and someone already in a company', async () => {
    const admin = await person({ accountId: northwind, role: COMPANY_ROLES.Admin });
    const invitee = await person();
    await admin.c.gql(INVITE, { input: { email: invitee.email, role: 'Buyer' } });
    const token = await invitationToken(invitee.email);

    const stranger = await person();
    const refused = await stranger.c.gql(ACCEPT, { token });
    expect(codeOf(refused)).toBe('NOT_FOUND');
    expect(refused.errors![0]!.message).toBe('This invitation is not valid or has expired.');

    const inPiedmont = await person({ accountId: piedmont, role: COMPANY_ROLES.Buyer });
    await admin.c.gql(INVITE, { input: { email: inPiedmont.email, role: 'Buyer' } });
    const theirs = await invitationToken(inPiedmont.email);
    const conflict = await inPiedmont.c.gql(ACCEPT, { token: theirs });
    expect(codeOf(conflict)).toBe('CONFLICT');
    expect(conflict.errors![0]!.message).toBe('You already belong to a company.');

    await t.orm.em
      .getConnection()
      .execute(`update company_invitation set expires_at = now() - interval '1 second' where email = ?`, [
        invitee.email,
      ]);
    expect(codeOf(await invitee.c.gql(ACCEPT, { token }))).toBe('NOT_FOUND');

    // A new invitation replaces the open one; a revoked one stops working.
    const again = await admin.c.gql<{ inviteCompanyMember: { id: string } }>(INVITE, {
      input: { email: invitee.email, role: 'Viewer' },
    });
    const fresh = await invitationToken(invitee.email);
    await admin.c.gql('mutation($id: ID!) { revokeCompanyInvitation(id: $id) }', {
      id: again.data!.inviteCompanyMember.id,
    });
    expect(codeOf(await invitee.c.gql(ACCEPT, { token: fresh }))).toBe('NOT_FOUND');
    expect((await invitee.c.gql<{ myCompany: null }>(MY_COMPANY)).data!.myCompany).toBeNull();
  });

  it('refuses an invitation from a member who is not an admin, and bad input next to its field', async () => {
    const buyer = await person({ accountId: northwind, role: COMPANY_ROLES.Buyer });
    const forbidden = await buyer.c.gql(INVITE, {
      input: { email: `x.${stamp()}@plant.example`, role: 'Buyer' },
    });
    expect(codeOf(forbidden)).toBe('UNPROCESSABLE');
    expect(forbidden.errors![0]!.message).toBe('Only an admin of your company can do this.');
    const loner = await person();
    expect(
      codeOf(await loner.c.gql(INVITE, { input: { email: `y.${stamp()}@plant.example`, role: 'Buyer' } })),
    ).toBe('UNPROCESSABLE');

    const admin = await person({ accountId: northwind, role: COMPANY_ROLES.Admin });
    const bad = await admin.c.gql(INVITE, {
      input: { email: 'not-an-address', role: 'Owner', orderLimit: -5 },
    });
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    expect(bad.errors![0]!.extensions!.fields).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Please enter your email address.' },
        { field: 'role', message: 'Choose a role.' },
        { field: 'orderLimit', message: 'Enter an amount, or leave it empty for no limit.' },
      ]),
    );
    const colleague = await person({ accountId: northwind, role: COMPANY_ROLES.Buyer });
    const already = await admin.c.gql(INVITE, { input: { email: colleague.email, role: 'Buyer' } });
    expect(already.errors![0]!.extensions!.fields).toEqual([
      { field: 'email', message: 'This person already belongs to your company.' },
    ]);
  });
});

describe('members', () => {
  it('an admin sets roles and limits and removes members; the company always keeps an admin', async () => {
    const company = (
      await t.orm.em
        .getConnection()
        .execute<{ id: string }[]>(
          `insert into business_account (company) values ('Solo Works') returning id`,
        )
    )[0]!.id;
    const admin = await person({ accountId: company, role: COMPANY_ROLES.Admin });
    const buyer = await person({ accountId: company, role: COMPANY_ROLES.Buyer });

    const changed = await admin.c.gql<{ updateCompanyMember: unknown }>(UPDATE, {
      userId: buyer.id,
      input: { role: 'Buyer', orderLimit: 500 },
    });
    expect(changed.data!.updateCompanyMember).toEqual({ role: 'Buyer', orderLimit: 500 });
    // The buyer sees their own membership only.
    const seen = await buyer.c.gql<{
      myCompany: { me: unknown; members: unknown[]; invitations: unknown[] };
    }>(MY_COMPANY);
    expect(seen.data!.myCompany.me).toEqual({ role: 'Buyer', orderLimit: 500 });
    expect(seen.data!.myCompany.members).toHaveLength(1);
    // The only admin can neither step down nor leave.
    const demote = await admin.c.gql(UPDATE, { userId: admin.id, input: { role: 'Buyer' } });
    expect(codeOf(demote)).toBe('CONFLICT');
    expect(demote.errors![0]!.message).toBe('Your company must keep at least one active admin.');
    expect(codeOf(await admin.c.gql(REMOVE, { userId: admin.id }))).toBe('CONFLICT');

    expect((await admin.c.gql(REMOVE, { userId: buyer.id })).data).toEqual({ removeCompanyMember: true });
    // Removed while signed in: the next request no longer reaches the company.
    expect((await buyer.c.gql<{ myCompany: null }>(MY_COMPANY)).data!.myCompany).toBeNull();
    const [row] = await t.orm.em
      .getConnection()
      .execute<{ accountId: string | null; role: number | null }[]>(
        'select account_id as "accountId", company_role as role from app_user where id = ?',
        [buyer.id],
      );
    expect(row).toEqual({ accountId: null, role: null });
    // The change and the removal, in order, by the admin; the refused ones wrote nothing.
    expect(await eventsOf(t, 'company', company)).toEqual([
      expect.objectContaining({
        type: 'company.member_changed',
        seq: 1,
        actorId: admin.id,
        payload: expect.objectContaining({ userId: buyer.id, change: 'updated' }),
      }),
      expect.objectContaining({
        type: 'company.member_changed',
        seq: 2,
        payload: { companyId: company, userId: buyer.id, change: 'removed', fields: {} },
      }),
    ]);
  });

  it('counts only admins who can sign in: with the other admin locked or closed, the last active one can neither step down nor leave', async () => {
    const company = await newCompany('Locked Out Ltd');
    const a = await person({ accountId: company, role: COMPANY_ROLES.Admin });
    const b = await person({ accountId: company, role: COMPANY_ROLES.Admin });
    for (const validity of [VALIDITY.Locked, VALIDITY.Expired]) {
      // Locked by staff, or closed by its owner (a closed account is anonymised and expired, its membership kept).
      await setValidity(b.id, validity);
      const demote = await a.c.gql(UPDATE, { userId: a.id, input: { role: 'Buyer' } });
      expect(codeOf(demote)).toBe('CONFLICT');
      expect(demote.errors![0]!.message).toBe('Your company must keep at least one active admin.');
      const leave = await a.c.gql(REMOVE, { userId: a.id });
      expect(codeOf(leave)).toBe('CONFLICT');
      expect(await roleOf(a.id)).toEqual({ accountId: company, role: COMPANY_ROLES.Admin });
    }
    // Demoting or removing the locked admin stays possible: the company keeps its active one.
    expect((await a.c.gql(UPDATE, { userId: b.id, input: { role: 'Buyer' } })).errors).toBeUndefined();
    await setValidity(b.id, VALIDITY.Valid);
    expect((await a.c.gql(UPDATE, { userId: b.id, input: { role: 'Admin' } })).errors).toBeUndefined();
    // With the other admin active again, stepping down is allowed.
    const stepDown = await a.c.gql<{ updateCompanyMember: unknown }>(UPDATE, {
      userId: a.id,
      input: { role: 'Buyer' },
    });
    expect(stepDown.data!.updateCompanyMember).toEqual({ role: 'Buyer', orderLimit: null });
  });

  it("never reaches another company's members or invitations: the same NOT_FOUND as a made-up id", async () => {
    const northAdmin = await person({ accountId: northwind, role: COMPANY_ROLES.Admin });
    const piedAdmin = await person({ accountId: piedmont, role: COMPANY_ROLES.Admin });
    const piedBuyer = await person({ accountId: piedmont, role: COMPANY_ROLES.Buyer });
    const invitation = await piedAdmin.c.gql<{ inviteCompanyMember: { id: string } }>(INVITE, {
      input: { email: `z.${stamp()}@plant.example`, role: 'Buyer' },
    });
    const made = '00000000-0000-4000-8000-000000000000';
    const foreign = await northAdmin.c.gql(UPDATE, { userId: piedBuyer.id, input: { role: 'Admin' } });
    const missing = await northAdmin.c.gql(UPDATE, { userId: made, input: { role: 'Admin' } });
    expect(codeOf(foreign)).toBe('NOT_FOUND');
    expect(foreign.errors![0]!.message).toBe(missing.errors![0]!.message);
    expect(codeOf(await northAdmin.c.gql(REMOVE, { userId: piedBuyer.id }))).toBe('NOT_FOUND');
    expect(
      codeOf(
        await northAdmin.c.gql('mutation($id: ID!) { revokeCompanyInvitation(id: $id) }', {
          id: invitation.data!.inviteCompanyMember.id,
        }),
      ),
    ).toBe('NOT_FOUND');
    const north = await northAdmin.c.gql<{
      myCompany: { members: { userId: string }[]; invitations: { id: string }[] };
    }>(MY_COMPANY);
    expect(north.data!.myCompany.members.map((m) => m.userId)).not.toContain(piedBuyer.id);
    expect(north.data!.myCompany.invitations.map((i) => i.id)).not.toContain(
      invitation.data!.inviteCompanyMember.id,
    );
    const [still] = await t.orm.em
      .getConnection()
      .execute<{ role: number }[]>('select company_role as role from app_user where id = ?', [piedBuyer.id]);
    expect(still!.role).toBe(COMPANY_ROLES.Buyer);
  });
});

describe('staff attach a person to a company (decision 028)', () => {
  it("makes the company's first member its admin, and later ones buyers", async () => {
    const db = t.orm.em.getConnection();
    const staff = await t.client();
    const staffEmail = `staff.${stamp()}@axisline.example`;
    await t.createUser({ email: staffEmail, password: PASSWORD, role: 200 });
    await staff.signIn(staffEmail, PASSWORD);
    const attach = (userId: string) =>
      staff.gql(
        `mutation($userId: ID!) { setUserCompany(userId: $userId, erpAccountId: "ERP-NEW-${stamp()}", company: "New Co") { id } }`,
        { userId },
      );
    const first = await person();
    const res = await attach(first.id);
    expect(res.errors).toBeUndefined();
    const [{ accountId }] = await db.execute<[{ accountId: string }]>(
      'select account_id as "accountId" from app_user where id = ?',
      [first.id],
    );
    const second = await person();
    await staff.gql(
      `mutation($userId: ID!, $erp: String!) { setUserCompany(userId: $userId, erpAccountId: $erp) { id } }`,
      {
        userId: second.id,
        erp: (
          await db.execute<[{ erp: string }]>(
            'select erp_account_id as erp from business_account where id = ?',
            [accountId],
          )
        )[0].erp,
      },
    );
    const roles = await db.execute<{ id: string; role: number }[]>(
      'select id, company_role as role from app_user where account_id = ? order by created_at',
      [accountId],
    );
    expect(roles).toEqual([
      { id: first.id, role: COMPANY_ROLES.Admin },
      { id: second.id, role: COMPANY_ROLES.Buyer },
    ]);
  });
});

describe("staff lock a company's admin (issue 52)", () => {
  const LOCK = `mutation($id: ID!) { setUserLocked(userId: $id, locked: true) { validity } }`;
  const SET_ROLE = `mutation($companyId: ID!, $userId: ID!, $role: String!) {
    setCompanyMemberRole(companyId: $companyId, userId: $userId, role: $role) { people { userId role active } } }`;

  async function staff(role: number = ROLES.Service) {
    const email = `staff.${stamp()}@axisline.example`;
    await t.createUser({ email, password: PASSWORD, role });
    const c = await t.client();
    await c.signIn(email, PASSWORD);
    return c;
  }

  async function named(userId: string, first: string, last: string) {
    await t.orm.em
      .getConnection()
      .execute('update app_user set first_name = ?, last_name = ? where id = ?', [first, last, userId]);
  }

  it('refuses to lock the last active admin of a company, naming both; with another active admin the lock goes through', async () => {
    const service = await staff();
    const company = await newCompany('Harbor Controls');
    const a = await person({ accountId: company, role: COMPANY_ROLES.Admin });
    await named(a.id, 'Ada', 'Marsh');
    const b = await person({ accountId: company, role: COMPANY_ROLES.Admin });
    for (const validity of [VALIDITY.Locked, VALIDITY.Expired]) {
      await setValidity(b.id, validity);
      const refused = await service.gql(LOCK, { id: a.id });
      expect(codeOf(refused)).toBe('CONFLICT');
      expect(refused.errors![0]!.message).toBe(
        'Ada Marsh is the last active admin of Harbor Controls. Name another admin first.',
      );
      // Nothing happened: Ada is still signed in, and still the company's admin.
      const still = await a.c.gql<{ myCompany: { me: { role: string } } }>(MY_COMPANY);
      expect(still.data!.myCompany.me.role).toBe('Admin');
    }
    // A buyer of the company is locked as anyone else.
    const buyer = await person({ accountId: company, role: COMPANY_ROLES.Buyer });
    expect((await service.gql<{ setUserLocked: { validity: number } }>(LOCK, { id: buyer.id })).data).toEqual(
      {
        setUserLocked: { validity: VALIDITY.Locked },
      },
    );

    // Staff name another admin (an active member), then the lock goes through and Ada's session ends.
    const carol = await person({ accountId: company, role: COMPANY_ROLES.Buyer });
    const promoted = await service.gql<{
      setCompanyMemberRole: { people: { userId: string; role: string; active: boolean }[] };
    }>(SET_ROLE, { companyId: company, userId: carol.id, role: 'Admin' });
    expect(promoted.errors).toBeUndefined();
    expect(promoted.data!.setCompanyMemberRole.people).toEqual(
      expect.arrayContaining([
        { userId: carol.id, role: 'Admin', active: true },
        { userId: b.id, role: 'Admin', active: false },
        { userId: buyer.id, role: 'Buyer', active: false },
      ]),
    );
    const locked = await service.gql<{ setUserLocked: { validity: number } }>(LOCK, { id: a.id });
    expect(locked.data!.setUserLocked.validity).toBe(VALIDITY.Locked);
    expect(codeOf(await a.c.gql(MY_COMPANY))).toBe('UNAUTHENTICATED');
    const audit = await t.orm.em
      .getConnection()
      .execute<{ action: string; before: object; after: object }[]>(
        `select action, before, after from audit_log where target_type = 'user' and target_id = ? order by id`,
        [carol.id],
      );
    expect(audit).toEqual([
      { action: 'company.member-changed', before: { role: 'Buyer' }, after: { role: 'Admin' } },
    ]);
  });

  it("staff set a member's company role, but never take away the last active admin nor reach another company's member", async () => {
    const service = await staff();
    const company = await newCompany('Quay Robotics');
    const a = await person({ accountId: company, role: COMPANY_ROLES.Admin });
    await named(a.id, 'Ben', 'Ode');
    const b = await person({ accountId: company, role: COMPANY_ROLES.Admin });
    await setValidity(b.id, VALIDITY.Locked);
    const demote = await service.gql(SET_ROLE, { companyId: company, userId: a.id, role: 'Buyer' });
    expect(codeOf(demote)).toBe('CONFLICT');
    expect(demote.errors![0]!.message).toBe(
      'Ben Ode is the last active admin of Quay Robotics. Name another admin first.',
    );
    expect(await roleOf(a.id)).toEqual({ accountId: company, role: COMPANY_ROLES.Admin });

    const other = await person({ accountId: northwind, role: COMPANY_ROLES.Buyer });
    const foreign = await service.gql(SET_ROLE, { companyId: company, userId: other.id, role: 'Admin' });
    expect(codeOf(foreign)).toBe('NOT_FOUND');
    expect(await roleOf(other.id)).toEqual({ accountId: northwind, role: COMPANY_ROLES.Buyer });
    const bad = await service.gql(SET_ROLE, { companyId: company, userId: b.id, role: 'Owner' });
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    expect(bad.errors![0]!.extensions!.fields).toEqual([{ field: 'role', message: 'Choose a role.' }]);

    const cs = await staff(ROLES.CustomerService);
    expect(codeOf(await cs.gql(SET_ROLE, { companyId: company, userId: b.id, role: 'Buyer' }))).toBe(
      'FORBIDDEN',
    );
  });

  it('an admin stepping down while staff lock the other admin: not both go through, the company keeps an active admin', async () => {
    const service = await staff();
    const company = await newCompany('Race Conditions Inc');
    const a = await person({ accountId: company, role: COMPANY_ROLES.Admin });
    const b = await person({ accountId: company, role: COMPANY_ROLES.Admin });
    const [stepDown, lock] = await Promise.all([
      a.c.gql(UPDATE, { userId: a.id, input: { role: 'Buyer' } }),
      service.gql(LOCK, { id: b.id }),
    ]);
    expect([stepDown.errors, lock.errors].filter((e) => e === undefined).length).toBeLessThanOrEqual(1);
    const [{ n }] = await t.orm.em
      .getConnection()
      .execute<[{ n: number }]>(
        'select count(*)::int as n from app_user where account_id = ? and company_role = ? and validity = ?',
        [company, COMPANY_ROLES.Admin, VALIDITY.Valid],
      );
    expect(n).toBeGreaterThanOrEqual(1);
  });
});
