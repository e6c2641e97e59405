import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { CSRF } from '../../domain/constants';
import { createTestApp, type TestApp } from './harness';

interface Received {
  to: string[];
  raw: string;
}

let t: TestApp;
let smtp: SMTPServer;
const received: Received[] = [];
let refuse = false;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, cb) {
      if (refuse) return cb(new Error('mailbox unavailable'));
      cb();
    },
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('e-mail through SMTP (SMTP_URL)', () => {
  it('delivers the outbox once and marks each e-mail sent', async () => {
    const { agent, token } = await t.agentWithCsrf();
    const email = `smtp.${Date.now()}@plant.example`;
    await agent
      .post('/api/user/registration')
      .set(CSRF.header, token)
      .send({ email, firstName: 'Sam', lastName: 'Tp', termsAccepted: true })
      .expect(202);
    await t.flush();
    await t.flush();
    const mine = received.filter((m) => m.to.includes(email));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.raw).toContain('Subject: Confirm your e-mail to finish your Axisline Supply account');
    expect(mine[0]!.raw).toContain('From: Axisline Supply <help@axisline.example>');
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
    refuse = true;
    await agent
      .post('/api/user/registration')
      .set(CSRF.header, token)
      .send({ email, firstName: 'Re', lastName: 'Try', termsAccepted: true })
      .expect(202);
    await t.flush();
    refuse = false;
    const [row] = await t.orm.em
      .getConnection()
      .execute<{ sent: boolean; error: string; later: boolean }[]>(
        `select sent_at is not null as sent, error, next_attempt_at > now() as later from email_outbox where to_address = ?`,
        [email],
      );
    expect(row!.sent).toBe(false);
    expect(row!.error).toMatch(/mailbox unavailable/);
    expect(row!.later).toBe(true);
    // When its turn comes again, it goes.
    await t.orm.em
      .getConnection()
      .execute('update email_outbox set next_attempt_at = now() where to_address = ?', [email]);
    await t.flush();
    expect(received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });
});
