import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import crypto from 'node:crypto';
import { CSRF } from '../../domain/constants';
import { PRE_HYDRATION_GUARD } from '../../domain/ssr';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const QUERY = { query: '{ parentCategories { handle } }' };

describe('CSRF (spec section 7)', () => {
  it('GET /api/auth/csrf returns the token and sets the clientCsrfToken cookie (path /, SameSite=Lax)', async () => {
    const res = await t.agent().get('/api/auth/csrf').expect(200);
    expect(res.body.csrfToken).toMatch(/^[\w-]+\.[\w-]+$/);
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) =>
      c.startsWith(`${CSRF.cookieName}=`),
    );
    expect(cookie).toContain(`${CSRF.cookieName}=${res.body.csrfToken}`);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/HttpOnly/);
  });

  it('GET /api/auth/csrf/clear expires the cookie', async () => {
    const res = await t.agent().get('/api/auth/csrf/clear').expect(204);
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) =>
      c.startsWith(`${CSRF.cookieName}=`),
    );
    expect(cookie).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it('refuses a POST without the token with 403 JSON', async () => {
    const res = await t.agent().post('/graphql').send(QUERY).expect(403);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body.error.code).toBe('CSRF_TOKEN_INVALID');
  });

  it('accepts the token in the x-csrf-token header or as csrf_token in the body', async () => {
    const { agent, token } = await t.agentWithCsrf();
    const viaHeader = await agent.post('/graphql').set(CSRF.header, token).send(QUERY).expect(200);
    expect(viaHeader.body.data.parentCategories.length).toBeGreaterThan(0);
    const viaBody = await agent
      .post('/graphql')
      .send({ ...QUERY, [CSRF.bodyField]: token })
      .expect(200);
    expect(viaBody.body.data.parentCategories.length).toBeGreaterThan(0);
  });

  it('refuses a token that does not match the cookie, or a forged one matching a forged cookie', async () => {
    const { agent, token } = await t.agentWithCsrf();
    const other = (await t.agent().get('/api/auth/csrf')).body.csrfToken as string;
    await agent.post('/graphql').set(CSRF.header, other).send(QUERY).expect(403);
    const forged = `${token.split('.')[0]}.AAAA`;
    await t
      .agent()
      .post('/graphql')
      .set('Cookie', `${CSRF.cookieName}=${forged}`)
      .set(CSRF.header, forged)
      .send(QUERY)
      .expect(403);
  });

  it('takes beacon logs at POST /api/auth/_log as form fields, without a token', async () => {
    await t
      .agent()
      .post('/api/auth/_log')
      .type('form')
      .send({ level: 'error', code: 'CSRF_FETCH_FAILED' })
      .expect(204);
    const bad = await t.agent().post('/api/auth/_log').type('form').send({ level: 'panic' }).expect(400);
    expect(bad.body.error.fields.map((f: { field: string }) => f.field).sort()).toEqual(['code', 'level']);
  });
});

describe('csrf_token in the body: JSON, form-encoded and multipart, as the client sends it (issue 35)', () => {
  const serviceRequest = () => ({
    firstName: 'Ada',
    lastName: 'Ng',
    email: `csrf.${crypto.randomUUID()}@plant.example`,
    service: 'cutting-and-machining',
    description: '12 pieces of 2020 at 300 mm',
  });
  const submissionsFrom = async (email: string) =>
    (
      await t.orm.em
        .getConnection()
        .execute<{ n: number }[]>('select count(*)::int as n from form_submission where email = ?', [email])
    )[0]!.n;

  it('accepts csrf_token in a JSON body on a REST call, and the service never sees the field', async () => {
    const { agent, token } = await t.agentWithCsrf();
    const res = await agent
      .post('/api/forms/contact')
      .send({
        firstName: 'Ada',
        lastName: 'Ng',
        email: 'json.body@plant.example',
        state: 'NC',
        comments: 'Do you stock 4040?',
        requestTypes: ['fabrication'],
        [CSRF.bodyField]: token,
      })
      .expect(201);
    const [stored] = await t.orm.em
      .getConnection()
      .execute<{ payload: Record<string, unknown> }[]>('select payload from form_submission where id = ?', [
        res.body.id,
      ]);
    expect(stored!.payload).not.toHaveProperty(CSRF.bodyField);
  });

  it('accepts csrf_token in a form-encoded body (the session client posts so)', async () => {
    const { agent, token } = await t.agentWithCsrf();
    const res = await agent
      .post('/api/auth/signout')
      .type('form')
      .send({ callbackUrl: '/cart', [CSRF.bodyField]: token })
      .expect(200);
    expect(res.body).toEqual({ url: '/cart' });
  });

  it('accepts csrf_token as the first field of a multipart service request with drawings', async () => {
    const { agent, token } = await t.agentWithCsrf();
    const fields = serviceRequest();
    const req = agent.post('/api/forms/service-request').field(CSRF.bodyField, token);
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    const res = await req.attach('drawings', Buffer.from('%PDF-1.7\n%test\n'), 'frame.pdf').expect(201);
    const [row] = await t.orm.em
      .getConnection()
      .execute<{ n: number }[]>('select count(*)::int as n from form_attachment where submission_id = ?', [
        res.body.id,
      ]);
    expect(row!.n).toBe(1);
    // Without drawings too: the token is checked once the fields are read.
    const bare = agent.post('/api/forms/service-request').field(CSRF.bodyField, token);
    for (const [k, v] of Object.entries(serviceRequest())) bare.field(k, v);
    await bare.expect(201);
  });

  it('refuses a multipart request without a token, with a wrong one, or with the token after the files: 403, nothing stored', async () => {
    const { agent, token } = await t.agentWithCsrf();
    const other = (await t.agent().get('/api/auth/csrf')).body.csrfToken as string;
    const attempts = [
      { before: undefined, after: undefined },
      { before: other, after: undefined },
      { before: undefined, after: token },
    ];
    for (const { before, after } of attempts) {
      const fields = serviceRequest();
      const req = agent.post('/api/forms/service-request');
      if (before) req.field(CSRF.bodyField, before);
      for (const [k, v] of Object.entries(fields)) req.field(k, v);
      req.attach('drawings', Buffer.from('%PDF-1.7\n%test\n'), 'frame.pdf');
      if (after) req.field(CSRF.bodyField, after);
      const res = await req.expect(403);
      expect(res.body.error.code).toBe('CSRF_TOKEN_INVALID');
      expect(await submissionsFrom(fields.email)).toBe(0);
    }
    // A multipart body without files and without a token is refused as well.
    const fields = serviceRequest();
    const bare = agent.post('/api/forms/service-request');
    for (const [k, v] of Object.entries(fields)) bare.field(k, v);
    expect((await bare.expect(403)).body.error.code).toBe('CSRF_TOKEN_INVALID');
    expect(await submissionsFrom(fields.email)).toBe(0);
  });

  it('refuses a multipart body on a route that does not read one, even with the token as a field', async () => {
    const { agent, token } = await t.agentWithCsrf();
    const res = await agent
      .post('/api/forms/contact')
      .field(CSRF.bodyField, token)
      .field('firstName', 'Ada')
      .expect(403);
    expect(res.body.error.code).toBe('CSRF_TOKEN_INVALID');
  });

  it("takes the error catalogue's log lines as beacon codes, and refuses markup", async () => {
    for (const code of ['Failed to fetch user data', 'client fetch error', 'CLIENT_SESSION_ERROR']) {
      await t.agent().post('/api/auth/_log').type('form').send({ level: 'error', code }).expect(204);
    }
    for (const code of ['<script>', ' leading space', 'x'.repeat(101)]) {
      const bad = await t
        .agent()
        .post('/api/auth/_log')
        .type('form')
        .send({ level: 'error', code })
        .expect(400);
      expect(bad.body.error.fields).toEqual([
        { field: 'code', message: 'code must be 1 to 100 letters, digits, spaces or _.:-' },
      ]);
    }
  });
});

describe('errors are JSON with the right status, never a 500 for the caller', () => {
  it('answers malformed JSON with 400', async () => {
    const { agent, token } = await t.agentWithCsrf();
    const res = await agent
      .post('/api/auth/_log')
      .set('Content-Type', 'application/json')
      .set(CSRF.header, token)
      .send('{"level": "error",')
      .expect(400);
    expect(res.body.error).toEqual({ code: 'BAD_REQUEST', message: 'The request body is not valid JSON' });
  });

  it('answers an unknown API path with 404 JSON', async () => {
    const res = await t.agent().get('/api/nothing-here').expect(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('refuses an unknown site with 400', async () => {
    const res = await t.agent().get('/api/products/category/parent').set('x-site-id', 'nope').expect(400);
    expect(res.body.error.message).toMatch(/Unknown site/);
  });

  it('answers /healthz (liveness) with a request id', async () => {
    const res = await t.agent().get('/healthz').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('sends security headers (helmet)', async () => {
    const res = await t.agent().get('/healthz');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // Scripts from the shop's own origin, and inline only the pre-hydration guard, by its hash.
    const guardHash = crypto.createHash('sha256').update(PRE_HYDRATION_GUARD).digest('base64');
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe(`'self' 'sha256-${guardHash}'`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('CSRF tokens are bound to the session (issue 26, medium 4)', () => {
  const PASSWORD = 'Rail-Carriage-38!';
  it("refuses an attacker's valid token planted as cookie and header beside the victim's session", async () => {
    const email = `victim.${Date.now()}@plant.example`;
    await t.createUser({ email, password: PASSWORD });
    const victim = await t.client();
    const signedIn = await victim.signIn(email, PASSWORD);
    const sid = ([] as string[])
      .concat(signedIn.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('axl.sid='))!
      .split(';')[0]!;
    // The POST right after sign-in, with the token the sign-in response set, works.
    await victim.send('post', '/api/user', { firstName: 'Vic', lastName: 'Tim' }).expect(200);

    const attackerToken = (await t.agent().get('/api/auth/csrf').expect(200)).body.csrfToken as string;
    const forged = await t
      .agent()
      .post('/api/user')
      .set('Cookie', `${sid}; ${CSRF.cookieName}=${attackerToken}`)
      .set(CSRF.header, attackerToken)
      .send({ firstName: 'Mal', lastName: 'Lory' })
      .expect(403);
    expect(forged.body.error.code).toBe('CSRF_TOKEN_INVALID');
    const me = await victim.agent.get('/api/user').expect(200);
    expect(me.body.user.firstName).toBe('Vic');
  });

  it('keeps an anonymous shopper’s token valid when their first write makes the session', async () => {
    const shopper = await t.client();
    const [product] = await t.orm.em.getConnection().execute<{ id: string }[]>(
      `select id from product p where not exists (select 1 from product_configuration_option o where o.product_id = p.id)
           and min_transfer <= 1 and minimum_purchase_quantity <= 1 and price > 0 order by id limit 1`,
    );
    await shopper
      .send('post', '/api/user/cart/upsert', { items: [{ itemId: product!.id, qty: 1 }] })
      .expect(200);
    await shopper
      .send('post', '/api/user/cart/upsert', { items: [{ itemId: product!.id, qty: 1 }] })
      .expect(200);
    // Another valid token (fetched elsewhere) does not work with this session.
    const other = (await t.agent().get('/api/auth/csrf').expect(200)).body.csrfToken as string;
    await shopper.agent
      .post('/api/user/cart/upsert')
      .set(CSRF.header, other)
      .set('Cookie', `${CSRF.cookieName}=${other}`)
      .send({ items: [{ itemId: product!.id, qty: 1 }] })
      .expect(403);
    // GET /api/auth/csrf hands the session a new token, which then works.
    const fresh = (await shopper.agent.get('/api/auth/csrf').expect(200)).body.csrfToken as string;
    shopper.token = fresh;
    await shopper
      .send('post', '/api/user/cart/upsert', { items: [{ itemId: product!.id, qty: 1 }] })
      .expect(200);
  });
});
