import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CSRF } from '../../domain/constants';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('e-mail through SMTP (SMTP_URL)', () => {
  it('delivers the outbox once and marks each e-mail sent', async () => {
    const { agent, token } = await t.agentWithCsrf();
    const email = `smtp.${Date.now()}@plant.example`;
    await agent
      .post('/api/user/registration')
      .set(CSRF.header, token)
      .send({ email, firstName: 'Sam', lastName: 'Tp', termsAccepted: true })
      .expect(202);
    const mail = await t.mail(email);
    await t.flush();
    expect(t.mailbox.to(email)).toHaveLength(1);
    expect(mail.subject).toBe('Confirm your e-mail to finish your Axisline Supply account');
    expect(mail.from).toBe('Axisline Supply <help@axisline.example>');
    const [row] = await t.orm.em
      .getConnection()
      .execute<{ sent: boolean; attempts: number }[]>(
        'select sent_at is not null as sent, attempts from email_outbox where to_address = ?',
        [email],
      );
    expect(row).toEqual({ sent: true, attempts: 1 });
  });

  it('keeps a refused e-mail with its error and retries it later', async () => {
    const { agent, token } = await t.agentWithCsrf();
    const email = `refused.${Date.now()}@plant.example`;
    t.mailbox.refuse = (address) => address === email;
    await agent
      .post('/api/user/registration')
      .set(CSRF.header, token)
      .send({ email, firstName: 'Re', lastName: 'Try', termsAccepted: true })
      .expect(202);
    await t.flush();
    t.mailbox.refuse = null;
    const [row] = await t.orm.em
      .getConnection()
      .execute<{ sent: boolean; error: string; later: boolean }[]>(
        `select sent_at is not null as sent, error, next_attempt_at > now() as later from email_outbox where to_address = ?`,
        [email],
      );
    expect(row!.sent).toBe(false);
    expect(row!.error).toMatch(/mailbox unavailable/);
    expect(row!.later).toBe(true);
    // When its turn comes again, it goes, with a link that works.
    await t.orm.em
      .getConnection()
      .execute('update email_outbox set next_attempt_at = now() where to_address = ?', [email]);
    const mail = await t.mail(email);
    expect(t.mailbox.to(email)).toHaveLength(1);
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    await t
      .agent()
      .get(`/api/user/register-token?token=${link.searchParams.get('token')}`)
      .expect(200);
  });
});

describe('an e-mail leaves when the change that queued it commits', () => {
  it('reaches the mailbox with no flush, the dispatcher polling only every 10 minutes', async () => {
    const polling = await createTestApp({ outboxIntervalMs: 600_000 });
    try {
      const { agent, token } = await polling.agentWithCsrf();
      const email = `woken.${Date.now()}@plant.example`;
      await agent
        .post('/api/user/registration')
        .set(CSRF.header, token)
        .send({ email, firstName: 'Wo', lastName: 'Ken', termsAccepted: true })
        .expect(202);
      const mail = await polling.mailbox.waitFor(email, { timeoutMs: 15_000 });
      expect(mail.subject).toBe('Confirm your e-mail to finish your Axisline Supply account');
    } finally {
      await polling.close();
    }
  });
});
