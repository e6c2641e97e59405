import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pino from 'pino';
import { ROLES } from '../../domain/roles';
import { HIDDEN_TOKEN, LINK_TOKEN } from '../src/modules/mail/mailer';
import { createTestApp, linkIn, type TestApp } from './harness';

/**
 * Issue 26, high 1: staff could take over any account by reading a reset link in the outbox. E-mails now keep no
 * secret: the sender mints each token when it delivers the e-mail, and only its hash is stored.
 */
let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ log: pino({ level: 'info' }, { write: (line: string) => logLines.push(line) }) });
});
afterAll(async () => t.close());

const PASSWORD = 'Rail-Carriage-38!';
const stamp = () => `${Date.now()}.${Math.random().toString(36).slice(2, 7)}`;

describe('one-time links are readable only in the recipient’s inbox', () => {
  it('a Service user who triggers an Admin’s reset finds no usable link in the outbox, the database or the log', async () => {
    const adminEmail = `admin.${stamp()}@axisline.example`;
    await t.createUser({ email: adminEmail, password: PASSWORD, role: ROLES.Admin });
    const serviceEmail = `service.${stamp()}@axisline.example`;
    await t.createUser({ email: serviceEmail, password: PASSWORD, role: ROLES.Service });
    const attacker = await t.client();
    await attacker.signIn(serviceEmail, PASSWORD);
    await attacker.send('put', '/api/user/security/forgotPassword', { email: adminEmail }).expect(202);
    await t.flush(); // delivered: the token now exists (as a hash) and is in the admin's inbox only

    const read = await attacker.gql<{ outboxEmails: { kind: string; textBody: string }[] }>(
      `{ outboxEmails(to: "${adminEmail}") { kind textBody } }`,
    );
    const shown = read.data!.outboxEmails.find((m) => m.kind === 'password-reset')!;
    expect(shown.textBody).toContain(`/user/reset-password?token=${HIDDEN_TOKEN}`);

    const delivered = linkIn(await t.mail(adminEmail));
    const token = delivered.searchParams.get('token')!;
    expect(token).toMatch(/^[\w-]{43}$/);
    const db = t.orm.em.getConnection();
    const stored = await db.execute<{ text_body: string }[]>(
      'select text_body from email_outbox where to_address = ?',
      [adminEmail],
    );
    expect(stored.map((r) => r.text_body).join()).toContain(LINK_TOKEN);
    const everything = JSON.stringify(
      await db.execute(
        `select (select json_agg(o) from email_outbox o) as outbox, (select json_agg(r) from password_reset r) as resets`,
      ),
    );
    expect(everything).not.toContain(token);
    expect(logLines.join('')).not.toContain(token);

    // Whatever the attacker tries from what they can read, the admin's password stays.
    for (const guess of [HIDDEN_TOKEN, LINK_TOKEN, shown.textBody.split('token=')[1]!]) {
      await attacker
        .send('put', '/api/user/security/reset-password', {
          token: guess,
          newPassword: 'Taken-Over-99!',
          confirmPassword: 'Taken-Over-99!',
        })
        .expect((res) => expect([400, 404]).toContain(res.status));
    }
    const owner = await t.client();
    await owner.signIn(adminEmail, PASSWORD);
    // The owner's own link works, once.
    const body = { token, newPassword: 'Owner-Chose-41!', confirmPassword: 'Owner-Chose-41!' };
    await owner.send('put', '/api/user/security/reset-password', body).expect(200);
    await (await t.client()).send('put', '/api/user/security/reset-password', body).expect(404);
  });

  it('reset-all e-mails carry a link that opens the reset page and works (issue 28, item 10), and partner keys end', async () => {
    const emails = [`one.${stamp()}@plant.example`, `two.${stamp()}@plant.example`];
    for (const email of emails) await t.createUser({ email, password: PASSWORD });
    const adminEmail = `root.${stamp()}@axisline.example`;
    await t.createUser({ email: adminEmail, password: PASSWORD, role: ROLES.Admin });
    const admin = await t.client();
    await admin.signIn(adminEmail, PASSWORD);
    // A partner key of the first user, and a bearer token made from it before the reset (issue 26, medium 7).
    const [partnerId] = await t.orm.em
      .getConnection()
      .execute<{ id: string }[]>('select id from app_user where email = ?', [emails[0]]);
    const made = await admin.gql<{ createApiKey: { key: string } }>(
      `mutation($u: ID!) { createApiKey(userId: $u, name: "ERP feed", scopes: ["orders:own"]) { key } }`,
      { u: partnerId!.id },
    );
    const key = made.data!.createApiKey.key;
    const bearer = (await t.agent().post('/api/auth/token').send({ apiKey: key }).expect(200)).body
      .accessToken;
    const asPartner = () =>
      t
        .agent()
        .post('/graphql')
        .set('Authorization', `Bearer ${bearer}`)
        .send({ query: '{ orders { total } }' });
    expect((await asPartner()).body.errors).toBeUndefined();

    await admin.send('put', '/api/admin/user/reset-all-passwords').expect(200);
    expect((await asPartner()).status).toBe(401);
    await t.agent().post('/api/auth/token').send({ apiKey: key }).expect(401);
    for (const email of emails) {
      const mail = await t.mail(email, { subject: /Choose a new password/ });
      const link = linkIn(mail);
      expect(`${link.origin}${link.pathname}`).toBe('http://localhost:4000/user/reset-password');
      expect(mail.text).toContain('the link works for 72 hours, once');
      const c = await t.client();
      const chosen = `Fresh-${email.slice(0, 3)}-Pass-7!`;
      await c
        .send('put', '/api/user/security/reset-password', {
          token: link.searchParams.get('token'),
          newPassword: chosen,
          confirmPassword: chosen,
        })
        .expect(200);
      await c.signIn(email, chosen);
    }
  }, 30_000);

  it('an e-mail whose link expired before delivery is not sent', async () => {
    const email = `late.${stamp()}@plant.example`;
    const id = await t.createUser({ email, password: PASSWORD });
    await t.orm.em.getConnection().execute(
      `insert into email_outbox (to_address, kind, subject, text_body, link_kind, link_ref, link_expires_at)
       values (?, 'password-reset', 'Reset', ?, 'password-reset', ?, now() - interval '1 minute')`,
      [email, `x?token=${LINK_TOKEN}`, id],
    );
    await t.flush();
    expect(t.mailbox.to(email)).toHaveLength(0);
    const [row] = await t.orm.em
      .getConnection()
      .execute<{ error: string; sent: boolean }[]>(
        'select error, sent_at is not null as sent from email_outbox where to_address = ?',
        [email],
      );
    expect(row).toEqual({ error: 'not sent: its link expired before it could be delivered', sent: false });
  });
});

describe('retention', () => {
  it('empties the text of e-mails sent more than 30 days ago, keeping who, what and when', async () => {
    const app = await createTestApp();
    try {
      const db = app.orm.em.getConnection();
      await db.execute(
        `insert into email_outbox (to_address, kind, subject, text_body, sent_at) values
         ('old@plant.example', 'order-confirmation', 'Old', 'Your order 1', now() - interval '31 days'),
         ('new@plant.example', 'order-confirmation', 'New', 'Your order 2', now() - interval '29 days')`,
      );
      await app.flush();
      const rows = await db.execute<{ to_address: string; subject: string; text_body: string }[]>(
        `select to_address, subject, text_body from email_outbox where kind = 'order-confirmation' and subject in ('Old', 'New') order by subject`,
      );
      expect(rows).toEqual([
        { to_address: 'new@plant.example', subject: 'New', text_body: 'Your order 2' },
        { to_address: 'old@plant.example', subject: 'Old', text_body: '' },
      ]);
    } finally {
      await app.close();
    }
  });
});
