import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../src/modules/auth/password';
import { PUNCHOUT_MAX_BYTES } from '../../domain/punchout';
import { createTestApp, type TestApp } from './harness';
import { FakeProcurement } from './procurement';
import { punchoutCompany, type PunchoutCompany } from './punchout-fixtures';

let t: TestApp;
let acting: PunchoutCompany;
let perBuyer: PunchoutCompany;
let plain: string;
const others: PunchoutCompany[] = [];

beforeAll(async () => {
  t = await createTestApp();
  acting = await punchoutCompany(t);
  perBuyer = await punchoutCompany(t, { acting: false, systemName: 'Coupa' });
  [{ id: plain }] = await t.orm.em.getConnection().execute<{ id: string }[]>(
    `select id from product p where price between 10 and 40
       and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
     order by id limit 1`,
  );
});
afterAll(async () => {
  await acting.procurement.close();
  await perBuyer.procurement.close();
  for (const co of others) await co.procurement.close();
  await t.close();
});

const db = () => t.orm.em.getConnection();

const post = (text: string, type = 'text/xml') =>
  t.agent().post('/punchout/cxml/setup').set('Content-Type', type).send(text);

describe('POST /punchout/cxml/setup', () => {
  it('answers a one-time StartPage URL for the right credential, and logs both documents without secrets', async () => {
    const res = await post(acting.procurement.setupRequest({ buyerCookie: 'bc-1' }));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/xml/);
    expect(FakeProcurement.status(res.text)).toMatchObject({ code: 200, text: 'OK' });
    const url = new URL(FakeProcurement.startPage(res.text));
    expect(url.pathname).toMatch(/^\/punchout\/start\/[A-Za-z0-9_-]{40,}$/);
    const token = url.pathname.split('/').pop()!;
    const [session] = await db().execute<
      { userId: string; operation: string; buyerCookie: string; minutes: number; tokenHash: string }[]
    >(
      `select user_id as "userId", operation, buyer_cookie as "buyerCookie", token_hash as "tokenHash",
         extract(epoch from start_expires_at - now()) / 60 as minutes
       from punchout_session where company_id = ? order by created_at desc limit 1`,
      [acting.companyId],
    );
    expect(session).toMatchObject({ userId: acting.actingUserId, operation: 'create', buyerCookie: 'bc-1' });
    expect(session!.tokenHash).not.toContain(token);
    expect(Number(session!.minutes)).toBeGreaterThan(4.9);
    expect(Number(session!.minutes)).toBeLessThanOrEqual(5);
    const logged = await db().execute<{ kind: string; document: string; httpStatus: number }[]>(
      `select kind, document, http_status as "httpStatus" from punchout_message where company_id = ?
       order by created_at, direction`,
      [acting.companyId],
    );
    expect(logged.map((m) => m.kind)).toEqual(['setup-request', 'setup-response']);
    expect(logged[0]!.document).toContain('<SharedSecret>***</SharedSecret>');
    expect(logged[0]!.document).not.toContain(acting.procurement.identity.secret);
    expect(logged[1]!.document).not.toContain(token);
  });

  it('also takes the request as a cxml-urlencoded form post', async () => {
    const form = new URLSearchParams({ 'cxml-urlencoded': acting.procurement.setupRequest() }).toString();
    const res = await post(form, 'application/x-www-form-urlencoded');
    expect(res.status).toBe(200);
    expect(FakeProcurement.startPage(res.text)).toContain('/punchout/start/');
  });

  it('refuses a wrong secret with cXML 401 and opens no session', async () => {
    const before = await sessions(acting.companyId);
    const res = await post(acting.procurement.setupRequest({ secret: 'guessed' }));
    expect(res.status).toBe(401);
    expect(FakeProcurement.status(res.text)).toEqual({
      code: 401,
      text: 'Unauthorized',
      message: 'The punchout credential was not accepted.',
    });
    expect(await sessions(acting.companyId)).toBe(before);
  });

  it('accepts the previous secret during a rotation, and no longer once it has expired', async () => {
    const co = await punchoutCompany(t);
    others.push(co);
    const old = co.procurement.identity.secret;
    await db().execute(
      `update punchout_credential set previous_secret_hash = secret_hash, secret_hash = ?,
         previous_secret_until = now() + interval '1 day' where id = ?`,
      [await hashPassword('the-new-secret'), co.credentialId],
    );
    expect((await post(co.procurement.setupRequest({ secret: old }))).status).toBe(200);
    expect((await post(co.procurement.setupRequest({ secret: 'the-new-secret' }))).status).toBe(200);
    await db().execute(
      `update punchout_credential set previous_secret_until = now() - interval '1 second' where id = ?`,
      [co.credentialId],
    );
    expect((await post(co.procurement.setupRequest({ secret: old }))).status).toBe(401);
  });

  it('after 10 wrong secrets from one address for one identity, even the right one waits (429)', async () => {
    const co = await punchoutCompany(t);
    others.push(co);
    for (let i = 0; i < 10; i++) {
      expect((await post(co.procurement.setupRequest({ secret: `guess-${i}` }))).status).toBe(401);
    }
    const blocked = await post(co.procurement.setupRequest());
    expect(blocked.status).toBe(429);
    expect(FakeProcurement.status(blocked.text).message).toBe(
      'Too many failed attempts with this credential. Try again in 15 minutes.',
    );
    // Another company's identity from the same address is not held up.
    expect((await post(acting.procurement.setupRequest())).status).toBe(200);
  });

  it('refuses a return URL the company does not allow, with the reason', async () => {
    const res = await post(acting.procurement.setupRequest({ returnUrl: 'https://evil.example/steal' }));
    expect(res.status).toBe(400);
    expect(FakeProcurement.status(res.text).message).toBe('The return URL is not one this company allows.');
  });

  it('refuses a turned-off credential', async () => {
    const co = await punchoutCompany(t);
    others.push(co);
    await db().execute('update punchout_credential set enabled = false where id = ?', [co.credentialId]);
    const res = await post(co.procurement.setupRequest());
    expect(res.status).toBe(403);
    expect(FakeProcurement.status(res.text).message).toBe('Punchout is turned off for this company.');
  });

  it('without an acting user: a buyer by the UserEmail extrinsic, made a company Buyer on first use', async () => {
    const email = `Buyer.${randomUUID()}@plant.example`;
    const first = await post(perBuyer.procurement.setupRequest({ email, fullName: 'Robin Q. Buyer' }));
    expect(first.status).toBe(200);
    const [user] = await db().execute<
      {
        id: string;
        accountId: string;
        companyRole: number;
        firstName: string;
        lastName: string;
        hash: string | null;
      }[]
    >(
      `select id, account_id as "accountId", company_role as "companyRole", first_name as "firstName",
         last_name as "lastName", password_hash as hash from app_user where lower(email) = lower(?)`,
      [email],
    );
    expect(user).toMatchObject({
      accountId: perBuyer.companyId,
      companyRole: 30,
      firstName: 'Robin',
      lastName: 'Q. Buyer',
      hash: null,
    });
    expect((await post(perBuyer.procurement.setupRequest({ email }))).status).toBe(200);
    const [{ n }] = await db().execute<{ n: number }[]>(
      'select count(*)::int as n from punchout_session where user_id = ?',
      [user!.id],
    );
    expect(n).toBe(2);
  });

  it('without an acting user: refuses a request naming no e-mail, or a user of another company', async () => {
    const none = await post(perBuyer.procurement.setupRequest());
    expect(none.status).toBe(400);
    expect(FakeProcurement.status(none.text).message).toBe(
      'No acting user is set and the request names no e-mail.',
    );
    const other = await post(perBuyer.procurement.setupRequest({ email: acting.actingEmail! }));
    expect(other.status).toBe(400);
    expect(FakeProcurement.status(other.text).message).toBe(
      'The e-mail belongs to a user outside this company.',
    );
  });

  it('edit brings the ItemOut lines back into the session cart (an unknown part left out)', async () => {
    const res = await post(
      acting.procurement.setupRequest({
        operation: 'edit',
        items: [
          { partId: plain, quantity: 3 },
          { partId: 'NO-SUCH-PART', quantity: 1 },
        ],
      }),
    );
    expect(res.status).toBe(200);
    const lines = await db().execute<{ productId: string; quantity: number; operation: string }[]>(
      `select l.product_id as "productId", l.quantity, s.operation from punchout_session s
       join cart c on c.id = s.cart_id join cart_line l on l.cart_id = c.id
       where s.company_id = ? and s.operation = 'edit' and c.user_id is null`,
      [acting.companyId],
    );
    expect(lines).toEqual([{ productId: plain, quantity: 3, operation: 'edit' }]);
  });

  it('refuses an unknown operation', async () => {
    const text = acting.procurement.setupRequest().replace('operation="create"', 'operation="delete"');
    const res = await post(text);
    expect(res.status).toBe(400);
    expect(FakeProcurement.status(res.text).message).toBe('The operation must be create, edit or inspect.');
  });

  it('refuses an XXE or billion-laughs document with cXML 400, never expanding it', async () => {
    const xxe = acting.procurement
      .setupRequest()
      .replace(/<!DOCTYPE[^>]*>/, '<!DOCTYPE cXML [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>')
      .replace('cookie-1', '&xxe;');
    const res = await post(xxe);
    expect(res.status).toBe(400);
    expect(res.text).not.toContain('root:');
    expect(FakeProcurement.status(res.text).message).toBe(
      'The document may not declare a DTD subset or entities.',
    );
    const lol = `<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
      <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]><cXML payloadID="x">&d;</cXML>`;
    expect((await post(lol)).status).toBe(400);
  });

  it('refuses what is not cXML with 400 and an oversized body with 413, in cXML', async () => {
    const json = await post('{"operation":"create"}', 'application/json');
    expect(json.status).toBe(400);
    expect(FakeProcurement.status(json.text).message).toBe('The request is not a cXML document.');
    const big = await post(`<cXML payloadID="x">${'x'.repeat(PUNCHOUT_MAX_BYTES + 10)}</cXML>`);
    expect(big.status).toBe(413);
    expect(FakeProcurement.status(big.text).message).toBe('The request is too large.');
    const huge = await post(`<cXML payloadID="x">${'x'.repeat(PUNCHOUT_MAX_BYTES * 2)}</cXML>`);
    expect(huge.status).toBe(413);
  });

  it('needs no CSRF token, and sets no cookie', async () => {
    const res = await post(acting.procurement.setupRequest());
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

async function sessions(companyId: string): Promise<number> {
  const [{ n }] = await db().execute<{ n: number }[]>(
    'select count(*)::int as n from punchout_session where company_id = ?',
    [companyId],
  );
  return n;
}
