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

  /** One sign-in attempt from `ip` in the shape an attacker may choose; the error code or 'OK'. */
  async function attempt(shape: Shape, email: string, password: string, ip = '192.0.2.10'): Promise<string> {
    const { agent, token } = await httpsClient();
    const send = (path: string) =>
      agent
        .post(path)
        .set('X-Forwarded-Proto', 'https')
        .set('X-Forwarded-For', ip)
        .set('Cookie', `${CSRF.cookieName}=${token}`)
        .set(CSRF.header, token);
    const args = `email: ${JSON.stringify(email)}, password: ${JSON.stringify(password)}`;
    const gql = async (query: string) => {
      const res = await send('/graphql').send({ query });
      const code = (res.body.errors as { extensions: { code: string } }[] | undefined)?.[0]?.extensions.code;
      return code ?? 'OK';
    };
    const rest = async (res: { status: number; body: { error?: { code: string } } }) =>
      res.status === 200
        ? 'OK'
        : (res.body.error?.code ?? (res.status === 401 ? 'UNAUTHENTICATED' : String(res.status)));
    switch (shape) {
      case 'fragment':
        return gql(`mutation { ...F } fragment F on Mutation { signIn(${args}) { id } }`);
      case 'inline fragment':
        return gql(`mutation { ... on Mutation { signIn(${args}) { id } } }`);
      case 'alias':
        return gql(`mutation { a: signIn(${args}) { id } }`);
      case 'REST':
        return rest(await send('/api/user/login').send({ email, password }));
      case 'session client':
        return rest(
          await send('/api/auth/callback/credentials')
            .type('form')
            .send({ email, password, csrf_token: token, callbackUrl: '/' }),
        );
    }
  }
  type Shape = 'fragment' | 'inline fragment' | 'alias' | 'REST' | 'session client';

  async function user(name: string): Promise<string> {
    const email = `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@sec.example`;
    await t.createUser({ email, password: PASSWORD });
    return email;
  }

  it('counts every sign-in through GraphQL fragments: 40 wrong passwords, then the right one is refused (issue 26, high 3)', async () => {
    const email = await user('fragment');
    const answers: string[] = [];
    for (let i = 0; i < 40; i++) answers.push(await attempt('fragment', email, `Wrong-pass${i}!`));
    expect(answers.slice(0, 5)).toEqual(Array(5).fill('UNAUTHENTICATED'));
    expect(new Set(answers.slice(5))).toEqual(new Set(['TOO_MANY_REQUESTS']));
    expect(await attempt('fragment', email, PASSWORD)).toBe('TOO_MANY_REQUESTS');
  }, 30_000);

  it('counts the same failure whatever the shape: inline fragment, alias, REST, the form-encoded session client', async () => {
    const email = await user('shapes');
    const shapes: Shape[] = ['inline fragment', 'alias', 'REST', 'session client', 'fragment'];
    for (const shape of shapes)
      expect([shape, await attempt(shape, email, 'Wrong-pass1!')]).toEqual([shape, 'UNAUTHENTICATED']);
    for (const shape of shapes)
      expect([shape, await attempt(shape, email, PASSWORD)]).toEqual([shape, 'TOO_MANY_REQUESTS']);
  }, 30_000);

  it('answers parallel guesses with at most five password checks', async () => {
    const email = await user('parallel');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt('REST', email, `Wrong-${i}-Pass!`)),
    );
    expect(answers.filter((a) => a === 'UNAUTHENTICATED')).toHaveLength(5);
    expect(answers.filter((a) => a === 'TOO_MANY_REQUESTS')).toHaveLength(15);
  }, 30_000);

  it("does not hold back the account's owner at another address, and successes do not count", async () => {
    const email = await user('victim');
    for (let i = 0; i < 8; i++) await attempt('REST', email, 'Wrong-pass1!', '203.0.113.66');
    expect(await attempt('REST', email, PASSWORD, '203.0.113.66')).toBe('TOO_MANY_REQUESTS');
    // The owner, elsewhere: four typos, a success, four more typos, and still in.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++)
        expect(await attempt('REST', email, 'Typo-pass1!', '198.51.100.20')).toBe('UNAUTHENTICATED');
      expect(await attempt('REST', email, PASSWORD, '198.51.100.20')).toBe('OK');
    }
  }, 30_000);

  it('refuses for 30 s after five failures, then doubles the delay with each further failure', async () => {
    const email = await user('delay');
    for (let i = 0; i < 5; i++) await attempt('REST', email, 'Wrong-pass1!');
    const refused = await httpsClient();
    const res = await refused.agent
      .post('/api/user/login')
      .set('X-Forwarded-Proto', 'https')
      .set('X-Forwarded-For', '192.0.2.10')
      .set('Cookie', `${CSRF.cookieName}=${refused.token}`)
      .set(CSRF.header, refused.token)
      .send({ email, password: PASSWORD });
    expect(res.status).toBe(429);
    expect(res.body.error.message).toMatch(/^Too many sign-in attempts\. Try again in (2\d|30) seconds\.$/);
    const pastDelay = (seconds: number) =>
      t.orm.em
        .getConnection()
        .execute(`update sign_in_throttle set last_at = last_at - make_interval(secs => ?) where key = ?`, [
          seconds,
          `signin:${email}|192.0.2.10`,
        ]);
    await pastDelay(31);
    expect(await attempt('REST', email, 'Wrong-pass2!')).toBe('UNAUTHENTICATED'); // the sixth failure
    await pastDelay(31);
    expect(await attempt('REST', email, PASSWORD)).toBe('TOO_MANY_REQUESTS'); // now 60 s
    await pastDelay(30);
    expect(await attempt('REST', email, PASSWORD)).toBe('OK');
  }, 30_000);

  it('limits one address to 100 failures in 15 minutes over all accounts; other addresses are unaffected', async () => {
    await t.orm.em
      .getConnection()
      .execute(
        `insert into sign_in_throttle (key, failures, first_at, last_at) values ('signin-ip:203.0.113.9', 100, now() - interval '1 minute', now())`,
      );
    const email = await user('office');
    expect(await attempt('REST', email, PASSWORD, '203.0.113.9')).toBe('TOO_MANY_REQUESTS');
    expect(await attempt('REST', email, PASSWORD, '198.51.100.7')).toBe('OK');
  }, 30_000);

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
