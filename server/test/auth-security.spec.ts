import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CSRF } from '../../domain/constants';
import { hashPassword } from '../src/modules/auth/password';
import { createTestApp, type TestApp } from './harness';

const PASSWORD = 'Tslot-2020!rail';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ secureCookies: true, trustProxy: true });
  const hash = await hashPassword(PASSWORD);
  await t.orm.em.getConnection().execute(
    `insert into app_user (email, password_hash, first_name, last_name) values ('known@sec.example', ?, 'K', 'N'),
         ('alias@sec.example', ?, 'A', 'L'), ('cookie@sec.example', ?, 'C', 'K'), ('ip@sec.example', ?, 'I', 'P')`,
    [hash, hash, hash, hash],
  );
});
afterAll(async () => t.close());

/** Behind a TLS-terminating proxy: the app trusts X-Forwarded-Proto, so its cookies may be Secure. */
async function httpsClient() {
  const agent = t.agent();
  const res = await agent.get('/api/auth/csrf').set('X-Forwarded-Proto', 'https').expect(200);
  return { agent, token: (res.body as { csrfToken: string }).csrfToken };
}

describe('sign-in hardening', () => {
  it('sets the session cookie as __Host-, HttpOnly, Secure, SameSite=Lax, path / and no domain in production', async () => {
    const { agent, token } = await httpsClient();
    const res = await agent
      .post('/api/user/login')
      .set('X-Forwarded-Proto', 'https')
      .set('Cookie', `${CSRF.cookieName}=${token}`)
      .set(CSRF.header, token)
      .send({ email: 'cookie@sec.example', password: PASSWORD })
      .expect(200);
    const sid = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('__Host-axl.sid='))!;
    expect(sid).toBeDefined();
    expect(sid).toMatch(/; Path=\//);
    expect(sid).toMatch(/; HttpOnly/i);
    expect(sid).toMatch(/; Secure/i);
    expect(sid).toMatch(/; SameSite=Lax/i);
    expect(sid).not.toMatch(/Domain=/i);
  });

  it('counts each aliased GraphQL sign-in against the account limit', async () => {
    const { agent, token } = await httpsClient();
    const aliases = Array.from(
      { length: 8 },
      (_, i) => `a${i}: signIn(email: "alias@sec.example", password: "Wrong-pass${i}!") { id }`,
    ).join('\n');
    const res = await agent
      .post('/graphql')
      .set('X-Forwarded-Proto', 'https')
      .set('Cookie', `${CSRF.cookieName}=${token}`)
      .set(CSRF.header, token)
      .send({ query: `mutation { ${aliases} }` })
      .expect(200);
    // Eight aliases are eight attempts: over the account's limit of 5 before any password is checked.
    const codes = (res.body.errors as { extensions: { code: string } }[]).map((e) => e.extensions.code);
    expect(codes).toEqual(['TOO_MANY_REQUESTS']);
    const after = await agent
      .post('/api/user/login')
      .set('X-Forwarded-Proto', 'https')
      .set('Cookie', `${CSRF.cookieName}=${token}`)
      .set(CSRF.header, token)
      .send({ email: 'alias@sec.example', password: PASSWORD });
    expect(after.status).toBe(429);
  });

  it('limits sign-in attempts per IP address (behind the proxy, from X-Forwarded-For) with 429', async () => {
    const windowMs = 15 * 60_000;
    const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
    // 30 attempts already came from this address in the current window.
    await t.orm.em
      .getConnection()
      .execute(`insert into rate_limit (key, window_start, count) values ('signin:ip:203.0.113.9', ?, 30)`, [
        windowStart,
      ]);
    const { agent, token } = await httpsClient();
    const send = (ip: string) =>
      agent
        .post('/api/user/login')
        .set('X-Forwarded-Proto', 'https')
        .set('X-Forwarded-For', ip)
        .set('Cookie', `${CSRF.cookieName}=${token}`)
        .set(CSRF.header, token)
        .send({ email: 'ip@sec.example', password: PASSWORD });
    expect((await send('203.0.113.9')).status).toBe(429);
    expect((await send('198.51.100.7')).status).toBe(200);
  });

  it('sends an unknown sign-in provider to the sign-in page', async () => {
    const res = await t.agent().get('/api/auth/signin/github?callbackUrl=/cart').expect(302);
    expect(res.headers.location).toBe('/user/login?callbackUrl=%2Fcart&error=OAuthSignin');
  });

  it('takes as long for an unknown e-mail as for a wrong password (no enumeration by timing)', async () => {
    const { agent, token } = await httpsClient();
    const time = async (email: string) => {
      const started = process.hrtime.bigint();
      const res = await agent
        .post('/api/user/login')
        .set('X-Forwarded-Proto', 'https')
        .set('Cookie', `${CSRF.cookieName}=${token}`)
        .set(CSRF.header, token)
        .send({ email, password: 'Wrong-pass1!' });
      expect(res.status).toBe(401);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push(await time('known@sec.example'));
      unknown.push(await time(`nobody${i}@sec.example`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Both pay one scrypt (hundreds of ms); without the dummy hash the unknown e-mail answered in ~2 ms.
    expect(median(unknown) / median(known)).toBeGreaterThan(0.6);
    expect(median(unknown) / median(known)).toBeLessThan(1.6);
  });
});
