import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type supertest from 'supertest';
import { CSRF } from '../../domain/constants';
import { registerByMail } from './fixtures';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PASSWORD = 'Tslot-2020!rail';

interface Client {
  agent: supertest.Agent;
  token: string;
  send(method: 'post' | 'put' | 'delete', path: string, body?: object): supertest.Test;
}

async function client(): Promise<Client> {
  const { agent, token } = await t.agentWithCsrf();
  const c: Client = {
    agent,
    token,
    send: (method, path, body = {}) => agent[method](path).set(CSRF.header, c.token).send(body),
  };
  return c;
}

/** After sign-in the CSRF token rotates: read the new one from the cookie jar. */
function refreshToken(c: Client, res: supertest.Response) {
  const cookie = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((v) => v.startsWith(`${CSRF.cookieName}=`));
  if (cookie) c.token = decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!);
}

/** The newest e-mail to `to`, as delivered to the test's mailbox (its text), with the outbox's kind for it. */
async function lastEmail(to: string): Promise<{ kind: string; text_body: string }> {
  const mail = await t.mail(to);
  const [row] = await t.orm.em
    .getConnection()
    .execute<{ kind: string }[]>(
      'select kind from email_outbox where to_address = ? and sent_at is not null order by sent_at desc limit 1',
      [to],
    );
  return { kind: row!.kind, text_body: mail.text };
}

let counter = 0;
async function register(first = 'Ada'): Promise<{ c: Client; email: string; userId: string }> {
  const email = `buyer${++counter}.${Date.now()}@plant.example`;
  const { c, userId } = await registerByMail(t, { email, firstName: first, lastName: 'Ng' }, PASSWORD);
  return { c, email, userId };
}

async function signIn(email: string, password = PASSWORD): Promise<Client> {
  const c = await client();
  const res = await c.send('post', '/api/user/login', { email, password }).expect(200);
  refreshToken(c, res);
  return c;
}

describe('registration in two steps', () => {
  it('e-mails a link, then the PASSWORD step creates a signed-in Customer', async () => {
    const email = `new.${Date.now()}@plant.example`;
    const c = await client();
    const started = await c
      .send('post', '/api/user/registration', {
        email,
        firstName: ' Grace ',
        lastName: 'Hopper',
        termsAccepted: true,
      })
      .expect(202);
    const mail = await lastEmail(email);
    expect(mail.kind).toBe('registration');
    expect(mail.text_body).toContain('http://localhost:4000/user/register?token=');
    const token = /token=([\w-]+)/.exec(mail.text_body)![1]!;
    const pending = await c.agent.get(`/api/user/register-token?token=${token}`).expect(200);
    expect(pending.body).toMatchObject({ email, firstName: 'Grace', lastName: 'Hopper', step: 'PASSWORD' });

    const done = await c
      .send('post', `/api/user/registration/${pending.body.id}/complete`, {
        token,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      })
      .expect(201);
    expect(done.body.user).toMatchObject({
      firstName: 'Grace',
      emailAddress: email,
      role: 500,
      addresses: [],
    });
    const cookies = ([] as string[]).concat(done.headers['set-cookie'] ?? []);
    expect(cookies.find((v) => v.startsWith('axl.sid='))).toMatch(/HttpOnly/i);
    expect(cookies.find((v) => v.startsWith('axl.sid='))).toMatch(/SameSite=Lax/i);
    expect(cookies.find((v) => v.startsWith('searchUserId='))).toContain(encodeURIComponent(email));
    refreshToken(c, done);
    const me = await c.agent.get('/api/user').expect(200);
    expect(me.body.user.firstName).toBe('Grace');
    // Spec section 3, User: ids default to -1, other fields to empty; the session's expiry is returned.
    expect(me.body.user).toMatchObject({
      customerId: -1,
      paymentId: -1,
      primaryAddressId: -1,
      primaryPaymentId: -1,
      paymentOptions: [],
      title: '',
      phone: '',
      shipToAccount: '',
      contactInfo: { email, phone: '' },
    });
    const expires = Date.parse(me.body.user.sessionExpires);
    expect(expires - Date.now()).toBeGreaterThan(13 * 24 * 3600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(14 * 24 * 3600_000);
    const gql = await c
      .send('post', '/graphql', {
        query: `{ me { customerId paymentId securityFlags sessionExpires primaryAddressId primaryPaymentId
          shipToAccount contactInfo { email phone } } }`,
      })
      .expect(200);
    expect(gql.body.data.me).toEqual({
      customerId: '-1',
      paymentId: '-1',
      securityFlags: 0,
      sessionExpires: me.body.user.sessionExpires,
      primaryAddressId: '-1',
      primaryPaymentId: '-1',
      shipToAccount: '',
      contactInfo: { email, phone: '' },
    });
    // The link works once.
    await c.agent.get(`/api/user/register-token?token=${token}`).expect(404);
    expect(started.body.status).toBe(202);
  });

  it('answers a known e-mail exactly like a new one, and e-mails its owner instead', async () => {
    const { email } = await register();
    const c = await client();
    const again = await c
      .send('post', '/api/user/registration', { email, firstName: 'Eve', lastName: 'X', termsAccepted: true })
      .expect(202);
    const fresh = await c
      .send('post', '/api/user/registration', {
        email: `other.${Date.now()}@plant.example`,
        firstName: 'Eve',
        lastName: 'X',
        termsAccepted: true,
      })
      .expect(202);
    expect(again.body).toEqual(fresh.body);
    expect((await lastEmail(email)).kind).toBe('account-exists');
  });

  it('shows the spec messages next to the fields, and refuses a common password', async () => {
    const c = await client();
    const bad = await c
      .send('post', '/api/user/registration', { email: 'x', firstName: '', lastName: 'L'.repeat(65) })
      .expect(400);
    expect(bad.body.error.fields).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Please enter your email address.' },
        { field: 'firstName', message: 'Please enter your first name.' },
        { field: 'lastName', message: 'Last name must be less than 64 characters.' },
        { field: 'termsAccepted', message: 'You must accept the terms.' },
      ]),
    );
    const email = `common.${Date.now()}@plant.example`;
    await c
      .send('post', '/api/user/registration', { email, firstName: 'A', lastName: 'B', termsAccepted: true })
      .expect(202);
    const token = /token=([\w-]+)/.exec((await lastEmail(email)).text_body)![1]!;
    const pending = await c.agent.get(`/api/user/register-token?token=${token}`).expect(200);
    const common = await c
      .send('post', `/api/user/registration/${pending.body.id}/complete`, {
        token,
        password: 'Password1!',
        confirmPassword: 'Password1!',
      })
      .expect(400);
    expect(common.body.error.fields).toEqual([
      { field: 'password', message: 'This password is too common. Choose another one.' },
    ]);
  });

  it.each(['P@ssw0rd!', 'Passw0rd!', 'Zaq12wsx!', '1qaz@WSX', 'Summer2024!', 'Welcome1!', 'Axisline-2026'])(
    "refuses the common password %s (breach lists, leetspeak, keyboard walks, the store's own name) in the shopper's language",
    async (password) => {
      const email = `walk.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@plant.example`;
      await t.createUser({ email, password: 'Long-Enough-Rail-83!' });
      const c = await signIn(email, 'Long-Enough-Rail-83!');
      const body = { oldPassword: 'Long-Enough-Rail-83!', newPassword: password, confirmPassword: password };
      const en = await c.send('put', '/api/user/security/change-password', body).expect(400);
      expect(en.body.error.fields).toEqual([
        { field: 'newPassword', message: 'This password is too common. Choose another one.' },
      ]);
      const fr = await c
        .send('put', '/api/user/security/change-password', body)
        .set('Cookie', 'locale=fr-CA')
        .expect(400);
      expect(fr.body.error.fields[0].message).toBe(
        'Ce mot de passe est trop courant. Choisissez-en un autre.',
      );
    },
  );

  it('accepts a long passphrase of unrelated words', async () => {
    const email = `phrase.${Date.now()}@plant.example`;
    await t.createUser({ email, password: 'Long-Enough-Rail-83!' });
    const c = await signIn(email, 'Long-Enough-Rail-83!');
    await c
      .send('put', '/api/user/security/change-password', {
        oldPassword: 'Long-Enough-Rail-83!',
        newPassword: 'Gantry-Pulley-Orbit-58',
        confirmPassword: 'Gantry-Pulley-Orbit-58',
      })
      .expect(200);
  });
});

describe('sign-in and session', () => {
  it('stores passwords with scrypt at N=2^15, r=8, p=3', async () => {
    const { userId } = await register();
    const [row] = await t.orm.em
      .getConnection()
      .execute<{ hash: string }[]>('select password_hash as hash from app_user where id = ?', [userId]);
    expect(row!.hash).toMatch(/^scrypt\$32768\$8\$3\$[\w-]{22}\$[\w-]{43}$/);
  });

  it('answers an unknown e-mail and a wrong password the same way', async () => {
    const { email } = await register();
    const c = await client();
    const wrong = await c.send('post', '/api/user/login', { email, password: 'Wrong-pass1!' });
    const unknown = await c.send('post', '/api/user/login', {
      email: `nobody.${Date.now()}@x.example`,
      password: 'Wrong-pass1!',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('limits sign-in attempts per account with 429', async () => {
    const { email } = await register();
    const c = await client();
    for (let i = 0; i < 5; i++)
      await c.send('post', '/api/user/login', { email, password: 'Wrong-pass1!' }).expect(401);
    const limited = await c.send('post', '/api/user/login', { email, password: PASSWORD });
    expect(limited.status).toBe(429);
  });

  it('gives a new session id at sign-in (no fixation) and a new CSRF token', async () => {
    const { email } = await register();
    const c = await signIn(email);
    const sidOf = (res: supertest.Response) =>
      ([] as string[])
        .concat(res.headers['set-cookie'] ?? [])
        .find((v) => v.startsWith('axl.sid='))
        ?.split(';')[0];
    const first = await c.send('post', '/api/user/login', { email, password: PASSWORD }).expect(200);
    const before = c.token;
    refreshToken(c, first);
    expect(c.token).not.toBe(before);
    const second = await c.send('post', '/api/user/login', { email, password: PASSWORD }).expect(200);
    expect(sidOf(first)).toBeDefined();
    expect(sidOf(second)).toBeDefined();
    expect(sidOf(second)).not.toBe(sidOf(first));
    // The session id from before the second sign-in no longer signs anyone in.
    const stale = await t.agent().get('/api/user').set('Cookie', sidOf(first)!);
    expect(stale.status).toBe(401);
  });

  it('session, providers, form-encoded credentials callback and sign-out', async () => {
    const { email } = await register('Linus');
    const c = await client();
    expect((await c.agent.get('/api/auth/session').expect(200)).body).toEqual({});
    expect((await c.agent.get('/api/auth/providers').expect(200)).body.credentials.callbackUrl).toBe(
      '/api/auth/callback/credentials',
    );
    const signedIn = await c.agent
      .post('/api/auth/callback/credentials')
      .type('form')
      .send({ email, password: PASSWORD, csrf_token: c.token, callbackUrl: '/user/account' })
      .expect(200);
    expect(signedIn.body).toEqual({ url: '/user/account' });
    refreshToken(c, signedIn);
    const session = await c.agent.get('/api/auth/session').expect(200);
    expect(session.body.user.name).toBe('Linus Ng');
    expect(session.body.userInfo.userId).toMatch(/^[0-9a-f-]{36}$/);

    const evil = await c.agent
      .post('/api/auth/callback/credentials')
      .type('form')
      .send({ email, password: PASSWORD, csrf_token: c.token, callbackUrl: '//evil.example/x' });
    refreshToken(c, evil);
    expect(evil.body.url).toBe('/');
    // Issue 26: a tab after the first slash (`%2F%09%2Fevil.example`), which browsers drop to reach //evil.example.
    const tabbed = await c.agent
      .post('/api/auth/callback/credentials')
      .type('form')
      .send(
        `email=${encodeURIComponent(email)}&password=${encodeURIComponent(PASSWORD)}&csrf_token=${encodeURIComponent(c.token)}&callbackUrl=%2F%09%2Fevil.example`,
      );
    refreshToken(c, tabbed);
    expect(tabbed.body.url).toBe('/');

    const out = await c.send('post', '/api/auth/signout').expect(200);
    const cleared = ([] as string[]).concat(out.headers['set-cookie'] ?? []);
    expect(cleared.find((v) => v.startsWith('searchUserId='))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await c.agent.get('/api/auth/session').expect(200)).body).toEqual({});
    await c.agent.get('/api/user').expect(401);
  });

  it("a locked user's next request answers 401", async () => {
    const { c, userId } = await register();
    await c.agent.get('/api/user').expect(200);
    await t.orm.em.getConnection().execute('update app_user set validity = 1 where id = ?', [userId]);
    await c.agent.get('/api/user').expect(401);
    await c.agent.get('/api/auth/session').expect(200, {});
  });
});

describe('profile, addresses and passwords', () => {
  const address = (name: string) => ({
    name,
    addressLine1: '1200 Industrial Park Dr',
    city: 'Mooresville',
    state: 'NC',
    zip: '28115',
    email: 'dock@plant.example',
    phone: '704-555-0186',
  });

  it('edits the profile with the spec rules', async () => {
    const { c } = await register();
    const bad = await c
      .send('post', '/api/user', { firstName: ' Ada', lastName: 'Ng', phone: '12' })
      .expect(400);
    expect(bad.body.error.fields).toEqual(
      expect.arrayContaining([
        { field: 'firstName', message: 'Name cannot include leading and trailing spaces' },
        { field: 'phone', message: 'Phone number is not valid.' },
      ]),
    );
    const ok = await c
      .send('post', '/api/user', { firstName: 'Ada', lastName: 'Lovelace', phone: '(704) 555-0186' })
      .expect(200);
    expect(ok.body.user).toMatchObject({ lastName: 'Lovelace', phone: '(704) 555-0186' });
  });

  it('the first address becomes primary; make-primary moves it; an id means update', async () => {
    const { c } = await register();
    const first = await c.send('post', '/api/user/address', address('Dock 1')).expect(200);
    const firstId = first.body.user.addresses[0].id;
    expect(first.body.user.primaryAddressId).toBe(firstId);
    const second = await c.send('post', '/api/user/address', address('Dock 2')).expect(200);
    const secondId = second.body.user.addresses[1].id;
    expect(second.body.user.primaryAddressId).toBe(firstId);
    const moved = await c.send('put', '/api/user/make-primary-address', { id: secondId }).expect(200);
    expect(moved.body.user.primaryAddressId).toBe(secondId);
    const updated = await c
      .send('put', '/api/user/address', { ...address('Dock 2 (north)'), id: secondId })
      .expect(200);
    expect(updated.body.user.addresses.map((a: { name: string }) => a.name)).toEqual([
      'Dock 1',
      'Dock 2 (north)',
    ]);
    const bad = await c.send('post', '/api/user/address', { ...address('X'), zip: '28115-0001' }).expect(400);
    expect(bad.body.error.fields).toEqual([{ field: 'zip', message: 'Zip code must be only digits' }]);
    const deleted = await c.send('delete', '/api/user/address', { id: secondId }).expect(200);
    expect(deleted.body.user.primaryAddressId).toBe(firstId);
  });

  it("user B can neither read nor change A's addresses (answered like a missing one)", async () => {
    const a = await register('Alice');
    const b = await register('Bob');
    const created = await a.c.send('post', '/api/user/address', address('A dock')).expect(200);
    const id = created.body.user.addresses[0].id;
    const missing = await b.c.send('put', '/api/user/make-primary-address', {
      id: '00000000-0000-4000-8000-000000000000',
    });
    const foreign = await b.c.send('put', '/api/user/make-primary-address', { id });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    await b.c.send('put', '/api/user/address', { ...address('Hijacked'), id }).expect(404);
    await b.c.send('delete', '/api/user/address', { id }).expect(404);
    const mine = await b.c.agent.get('/api/user').expect(200);
    expect(mine.body.user.addresses).toEqual([]);
    const still = await a.c.agent.get('/api/user').expect(200);
    expect(still.body.user.addresses[0].name).toBe('A dock');
  });

  it('changing the password keeps this session and ends the others', async () => {
    const { c, email } = await register();
    const other = await signIn(email);
    const wrong = await c
      .send('put', '/api/user/security/change-password', {
        oldPassword: 'nope',
        newPassword: 'New-Rail-15!',
        confirmPassword: 'New-Rail-15!',
      })
      .expect(400);
    expect(wrong.body.error.fields).toEqual([
      { field: 'oldPassword', message: 'The current password is not correct.' },
    ]);
    await c
      .send('put', '/api/user/security/change-password', {
        oldPassword: PASSWORD,
        newPassword: 'New-Rail-15!',
        confirmPassword: 'New-Rail-15!',
      })
      .expect(200);
    await c.agent.get('/api/user').expect(200);
    await other.agent.get('/api/user').expect(401);
    await signIn(email, 'New-Rail-15!');
  });

  it('forgot password: same answer for anyone, a single-use link for a known e-mail', async () => {
    const { email } = await register();
    const c = await client();
    const known = await c.send('put', '/api/user/security/forgotPassword', { email }).expect(202);
    const unknown = await c
      .send('put', '/api/user/security/forgotPassword', { email: `x.${Date.now()}@y.example` })
      .expect(202);
    expect(known.body).toEqual(unknown.body);
    const mail = await lastEmail(email);
    expect(mail.kind).toBe('password-reset');
    const token = /token=([\w-]+)/.exec(mail.text_body)![1]!;
    const body = { token, newPassword: 'Reset-Ball-16!', confirmPassword: 'Reset-Ball-16!' };
    await c.send('put', '/api/user/security/reset-password', body).expect(200);
    await c.send('put', '/api/user/security/reset-password', body).expect(404);
    await signIn(email, 'Reset-Ball-16!');
    const old = await client();
    await old.send('post', '/api/user/login', { email, password: PASSWORD }).expect(401);
  });

  it('validates an address offline: fields, state code, ZIP prefix of the state', async () => {
    const query = (a: Record<string, string>) =>
      t.agent().get('/api/validation/address').query(a).expect(200);
    const ok = await query({ ...address('Dock 1'), state: 'nc' });
    expect(ok.body).toEqual({ success: true, data: expect.objectContaining({ state: 'NC', zip: '28115' }) });
    const wrongState = await query({ ...address('Dock 1'), state: 'SC' });
    expect(wrongState.body).toEqual({
      success: false,
      errors: [{ field: 'zip', message: 'Zip code does not belong to the state' }],
    });
    const missing = await query({ city: 'Mooresville' });
    expect(missing.body.success).toBe(false);
    expect(missing.body.errors).toContainEqual({
      field: 'addressLine1',
      message: 'Address line 1 is a required field',
    });
  });

  it('limits the e-mails a visitor can make the store send to one address (429)', async () => {
    const c = await client();
    const email = `flood.${Date.now()}@plant.example`;
    for (let i = 0; i < 3; i++)
      await c.send('put', '/api/user/security/forgotPassword', { email }).expect(202);
    await c.send('put', '/api/user/security/forgotPassword', { email }).expect(429);
  });

  it('limits the e-mails one address can ask for, to MAIL_LIMIT_PER_IP an hour whatever the recipients', async () => {
    const limited = await createTestApp({ mailPerIp: 2 });
    try {
      const c = await limited.client();
      for (let i = 0; i < 2; i++) {
        await c
          .send('put', '/api/user/security/forgotPassword', {
            email: `plant.${i}.${Date.now()}@plant.example`,
          })
          .expect(202);
      }
      const refused = await c
        .send('put', '/api/user/security/forgotPassword', { email: `plant.3.${Date.now()}@plant.example` })
        .expect(429);
      expect(refused.body.error.message).toBe('Too many e-mails asked for. Please try again later.');
    } finally {
      await limited.close();
    }
  });

  it('answers the caller IP', async () => {
    const res = await t.agent().get('/api/ip-address/get-ip-address').expect(200);
    expect(res.body.ip).toMatch(/127\.0\.0\.1|::1/);
  });
});

describe('reset all passwords (Admin)', () => {
  const asAdmin = async () => {
    const { email, userId } = await register('Root');
    await t.orm.em.getConnection().execute('update app_user set role = 100 where id = ?', [userId]);
    return { c: await signIn(email), email };
  };

  it('is FORBIDDEN to a Customer, over GraphQL and REST', async () => {
    const { c } = await register();
    const gql = await c.send('post', '/graphql', { query: 'mutation { resetAllPasswords }' }).expect(200);
    expect(gql.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(gql.body.data).toBeNull();
    await c.send('put', '/api/admin/user/reset-all-passwords').expect(403);
  });

  it('needs a sign-in within the last 5 minutes', async () => {
    const { c } = await asAdmin();
    await t.orm.em
      .getConnection()
      .execute(`update session set sess = jsonb_set(sess::jsonb, '{authAt}', to_jsonb(?::bigint))::json`, [
        Date.now() - 6 * 60_000,
      ]);
    // Sessions signed in before the credentials changed end; move the change back so only recency matters.
    await t.orm.em
      .getConnection()
      .execute(`update app_user set credentials_changed_at = now() - interval '1 hour'`);
    const res = await c.send('put', '/api/admin/user/reset-all-passwords').expect(401);
    expect(res.body.error.code).toBe('REAUTHENTICATE');
  });

  it('ends every password and session in one go and e-mails a working reset link to each user', async () => {
    const { c: customer, email: customerEmail } = await register('Cust');
    const { c: admin } = await asAdmin();
    const res = await admin.send('put', '/api/admin/user/reset-all-passwords').expect(200);
    const [{ n }] = await t.orm.em
      .getConnection()
      .execute<[{ n: number }]>('select count(*)::int as n from app_user');
    expect(res.body.users).toBe(n);
    const [{ left }] = await t.orm.em
      .getConnection()
      .execute<[{ left: number }]>(
        'select count(*)::int as left from app_user where password_hash is not null',
      );
    expect(left).toBe(0);
    await customer.agent.get('/api/user').expect(401);
    await admin.agent.get('/api/user').expect(401);
    const old = await client();
    await old.send('post', '/api/user/login', { email: customerEmail, password: PASSWORD }).expect(401);

    const mail = await lastEmail(customerEmail);
    expect(mail.kind).toBe('password-reset-all');
    const token = /token=([\w-]+)/.exec(mail.text_body)![1]!;
    await old
      .send('put', '/api/user/security/reset-password', {
        token,
        newPassword: 'After-Reset-42!',
        confirmPassword: 'After-Reset-42!',
      })
      .expect(200);
    await signIn(customerEmail, 'After-Reset-42!');
    const [audit] = await t.orm.em
      .getConnection()
      .execute<{ after: { users: number } }[]>(
        `select after from audit_log where action = 'users.reset-all-passwords' order by id desc limit 1`,
      );
    expect(audit!.after.users).toBe(n);
  }, 30_000);
});

describe('session lifetime from sign-in (issue 26, medium 5)', () => {
  /** Moves this user's sessions' sign-in back by `ms`, as if they had signed in that long ago. */
  async function signedInAgo(userId: string, ms: number) {
    const db = t.orm.em.getConnection();
    await db.execute(
      `update app_user set credentials_changed_at = now() - interval '400 days' where id = ?`,
      [userId],
    );
    await db.execute(
      `update session set sess = jsonb_set(sess::jsonb, '{authAt}', to_jsonb(?::bigint))::json where sess->>'userId' = ?`,
      [Date.now() - ms, userId],
    );
  }

  it('ends a staff session 12 hours after sign-in and a customer session after 30 days, however active', async () => {
    const staffEmail = `cs.${Date.now()}@axisline.example`;
    const staffId = await t.createUser({ email: staffEmail, password: PASSWORD, role: 300 });
    const customerEmail = `buyer.${Date.now()}@plant.example`;
    const customerId = await t.createUser({ email: customerEmail, password: PASSWORD });
    const staff = await t.client();
    await staff.signIn(staffEmail, PASSWORD);
    const customer = await t.client();
    await customer.signIn(customerEmail, PASSWORD);

    await signedInAgo(staffId, 11 * 3600_000);
    await signedInAgo(customerId, 13 * 3600_000);
    await staff.agent.get('/api/user').expect(200);
    await customer.agent.get('/api/user').expect(200);

    await signedInAgo(staffId, 12 * 3600_000 + 60_000);
    const ended = await staff.agent.get('/api/user').expect(401);
    expect(ended.body.error.message).toBe('Your session has ended. Please sign in again.');
    await signedInAgo(customerId, 29 * 86_400_000);
    await customer.agent.get('/api/user').expect(200);
    await signedInAgo(customerId, 30 * 86_400_000 + 60_000);
    await customer.agent.get('/api/user').expect(401);
  });
});
