import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pino from 'pino';
import { round2 } from '../../domain/money';
import { createTestApp, takeCsrfCookie, type Client, type TestApp } from './harness';
import { FakeProcurement } from './procurement';
import { punchoutCompany, type PunchoutCompany } from './punchout-fixtures';

/** The punchout session (decision 072): the StartPage once, the session's own cart, the transfer, edit, inspect. */
let t: TestApp;
let co: PunchoutCompany;
let plain: { id: string; price: number };
let cut: { id: string; option: string };
let tiered: { id: string; price: number };

beforeAll(async () => {
  t = await createTestApp({ log: pino({ level: process.env.TEST_LOG ?? 'silent' }) });
  co = await punchoutCompany(t);
  const db = t.orm.em.getConnection();
  const plains = await db.execute<{ id: string; price: number }[]>(
    `select id, price::float8 as price from product p where price between 10 and 40 and allowed_states = '{}'
       and min_transfer <= 1 and minimum_purchase_quantity <= 1 and in_stock
       and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
     order by id limit 2`,
  );
  [plain, tiered] = plains as [typeof plain, typeof tiered];
  [cut] = await db.execute<{ id: string; option: string }[]>(
    `select p.id, o.id as option from product p
       join product_configuration_option o on o.product_id = p.id and o.code = 'CUT_LENGTH'
     where p.price > 0 and p.id like '%-CUT' and allowed_states = '{}' order by p.id limit 1`,
  );
  await db.execute(`delete from price_break where product_id = ?`, [tiered.id]);
  await db.execute(
    `insert into price_break (price_list_id, product_id, min_quantity, price) values ('', ?, 10, ?)`,
    [tiered.id, round2(tiered.price * 0.9)],
  );
});
afterAll(async () => {
  await co.procurement.close();
  await t.close();
});

const db = () => t.orm.em.getConnection();

/** A setup answered: the StartPage's path. */
async function setup(options: Parameters<FakeProcurement['setupRequest']>[0] = {}): Promise<string> {
  const res = await t
    .agent()
    .post('/punchout/cxml/setup')
    .set('Content-Type', 'text/xml')
    .send(co.procurement.setupRequest(options));
  expect(res.status).toBe(200);
  return new URL(FakeProcurement.startPage(res.text)).pathname;
}

/** A browser that opened the StartPage (signed in, its CSRF token taken up). */
async function opened(startPath: string, headers: Record<string, string> = {}): Promise<Client> {
  const c = await t.client();
  const res = await c.agent.get(startPath).set(headers);
  expect(res.status).toBe(303);
  takeCsrfCookie(c, res);
  return c;
}

const SESSION = '{ punchoutSession { systemName operation protocol readOnly } }';
const TRANSFER = `mutation($cancel: Boolean) { transferPunchoutCart(cancel: $cancel) { action target fields { name value } } }`;
const ADD = `mutation($items: [CartItemInput!]!) { addToCart(items: $items) { subTotal orderLines { itemId quantity price lineTotal } } }`;

async function transfer(c: Client, cancel = false) {
  const res = await c.gql<{
    transferPunchoutCart: {
      action: string;
      target: string | null;
      fields: { name: string; value: string }[];
    };
  }>(TRANSFER, { cancel });
  expect(res.errors).toBeUndefined();
  return res.data!.transferPunchoutCart;
}

/** The browser posts the transfer form to the procurement system, as the shop's auto-submitted form does. */
async function post(form: { action: string; fields: { name: string; value: string }[] }) {
  const body = new URLSearchParams(form.fields.map((f): [string, string] => [f.name, f.value]));
  const res = await fetch(form.action, { method: 'POST', body });
  expect(res.status).toBe(200);
  return co.procurement.received.at(-1)!;
}

describe('the StartPage', () => {
  it('signs the acting buyer in once, into the shop, with the banner naming the procurement system', async () => {
    const path = await setup();
    const c = await t.client();
    const res = await c.agent.get(path);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(String(res.headers['set-cookie'])).toContain('axl.sid=');
    takeCsrfCookie(c, res);
    const me = await c.gql<{ punchoutSession: unknown }>(SESSION);
    expect(me.data!.punchoutSession).toEqual({
      systemName: 'SAP Ariba',
      operation: 'create',
      protocol: 'cxml',
      readOnly: false,
    });
    const again = await t.agent().get(path);
    expect(again.status).toBe(410);
    expect(again.text).toContain('This punchout link has expired or was already used.');
  });

  it('refuses a StartPage older than 5 minutes, and an unknown token', async () => {
    const path = await setup();
    await db().execute(
      `update punchout_session set start_expires_at = now() - interval '1 second' where token_hash is not null
         and opened_at is null and company_id = ?`,
      [co.companyId],
    );
    const res = await t.agent().get(path);
    expect(res.status).toBe(410);
    expect(res.text).toContain('Start again from your procurement system.');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await t.agent().get('/punchout/start/not-a-token')).status).toBe(410);
  });

  it('in French for a buyer whose setup says fr-CA', async () => {
    const path = await setup({ lang: 'fr-CA' });
    await t.agent().get(path).expect(303);
    const res = await t.agent().get(path);
    expect(res.text).toContain('Ce lien punchout a expiré ou a déjà servi.');
  });

  it('answers no punchout session outside one', async () => {
    const c = await t.client();
    expect((await c.gql<{ punchoutSession: unknown }>(SESSION)).data!.punchoutSession).toBeNull();
    const refused = await c.gql(TRANSFER, { cancel: false });
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('the punchout cart and its transfer', () => {
  it('fills its own cart (not the buyer’s everyday one) and transfers lines, units, prices and total to the cent', async () => {
    const c = await opened(await setup({ buyerCookie: 'req-42' }));
    const added = await c.gql<{
      addToCart: { subTotal: number; orderLines: { itemId: string; price: number; lineTotal: number }[] };
    }>(ADD, {
      items: [
        { itemId: plain.id, qty: 2 },
        {
          itemId: cut.id,
          qty: 3,
          configurations: [{ productConfigurationId: cut.option, value: 750, type: 'length' }],
        },
        { itemId: tiered.id, qty: 10 },
      ],
    });
    expect(added.errors).toBeUndefined();
    const cart = added.data!.addToCart;
    const [everyday] = await db().execute<{ n: number }[]>(
      `select count(*)::int as n from cart_line l join cart c on c.id = l.cart_id where c.user_id = ?`,
      [co.actingUserId],
    );
    expect(everyday!.n).toBe(0);
    const form = await transfer(c);
    expect(form.action).toBe(co.procurement.returnUrl);
    expect(form.fields.map((f) => f.name)).toEqual(['cxml-urlencoded']);
    const got = await post(form);
    expect(got.buyerCookie).toBe('req-42');
    expect(got.operationAllowed).toBe('edit');
    const price = (id: string) => cart.orderLines.find((l) => l.itemId === id)!.price;
    expect(got.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          supplierPartId: plain.id,
          supplierPartAuxiliaryId: '',
          quantity: 2,
          unitOfMeasure: 'EA',
          unitPrice: price(plain.id),
          currency: 'USD',
        }),
        expect.objectContaining({ supplierPartId: cut.id, quantity: 3, unitPrice: price(cut.id) }),
        expect.objectContaining({
          supplierPartId: tiered.id,
          quantity: 10,
          unitPrice: round2(tiered.price * 0.9),
        }),
      ]),
    );
    const cutLine = got.items.find((i) => i.supplierPartId === cut.id)!;
    expect(JSON.parse(cutLine.supplierPartAuxiliaryId)).toEqual([[cut.option, 750, null]]);
    expect(cutLine.description).toMatch(/Cut Length: 750 mm/);
    expect(got.items.every((i) => /^\d{8}$/.test(i.unspsc))).toBe(true);
    const cents = got.items.reduce((s, i) => s + Math.round(i.unitPrice * 100) * i.quantity, 0);
    expect(Math.round(got.total * 100)).toBe(cents);
    expect(got.total).toBe(cart.subTotal);
    const [stored] = await db().execute<{ total: number; lines: unknown[]; buyerCookie: string }[]>(
      `select total::float8 as total, lines, buyer_cookie as "buyerCookie" from punchout_transfer
       where company_id = ? order by created_at desc limit 1`,
      [co.companyId],
    );
    expect(stored).toMatchObject({ total: got.total, buyerCookie: 'req-42' });
    expect(stored!.lines).toHaveLength(3);
    const [logged] = await db().execute<{ kind: string; document: string }[]>(
      `select kind, document from punchout_message where company_id = ? and kind = 'order-message'
       order by created_at desc limit 1`,
      [co.companyId],
    );
    expect(logged!.document).toContain('<BuyerCookie>req-42</BuyerCookie>');
    // The session ended with the transfer: this browser is signed out of the store.
    expect((await c.gql<{ punchoutSession: unknown }>(SESSION)).data?.punchoutSession ?? null).toBeNull();

    // edit: the procurement system sends the lines back and the same cart opens.
    const edit = await opened(
      await setup({
        operation: 'edit',
        items: got.items.map((i) => ({
          partId: i.supplierPartId,
          auxId: i.supplierPartAuxiliaryId,
          quantity: i.quantity,
        })),
      }),
    );
    const back = await post(await transfer(edit));
    expect(back.items).toEqual(got.items);
    expect(back.total).toBe(got.total);
  });

  it('refuses checkout in a punchout session: the cart goes back to the procurement system', async () => {
    const c = await opened(await setup());
    await c.gql(ADD, { items: [{ itemId: plain.id, qty: 1 }] });
    const res = await c.send('post', '/api/checkout/place-order', {});
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(
      'In a punchout session your cart goes back to your procurement system: use Transfer cart.',
    );
    const [{ n }] = await db().execute<{ n: number }[]>(
      'select count(*)::int as n from customer_order where user_id = ?',
      [co.actingUserId],
    );
    expect(n).toBe(0);
  });

  it('"Return without items" posts an empty order message and ends the session', async () => {
    const c = await opened(await setup({ buyerCookie: 'empty-1' }));
    await c.gql(ADD, { items: [{ itemId: plain.id, qty: 1 }] });
    const got = await post(await transfer(c, true));
    expect(got).toMatchObject({ buyerCookie: 'empty-1', total: 0, items: [] });
    const again = await c.gql(TRANSFER, { cancel: true });
    const code = again.errors?.[0]?.extensions?.code ?? (again as { error?: { code: string } }).error?.code;
    expect(['UNAUTHENTICATED', 'CSRF_TOKEN_INVALID']).toContain(code);
    expect(co.procurement.received.filter((r) => r.buyerCookie === 'empty-1')).toHaveLength(1);
  });

  it('inspect opens the cart read only', async () => {
    const c = await opened(await setup({ operation: 'inspect', items: [{ partId: plain.id, quantity: 4 }] }));
    expect(
      (await c.gql<{ punchoutSession: { readOnly: boolean } }>(SESSION)).data!.punchoutSession.readOnly,
    ).toBe(true);
    const refused = await c.gql(ADD, { items: [{ itemId: plain.id, qty: 1 }] });
    expect(refused.errors?.[0]?.message).toBe('This cart was opened to inspect it: it cannot be changed.');
    const got = await post(await transfer(c));
    expect(got.operationAllowed).toBe('inspect');
    expect(got.items.map((i) => [i.supplierPartId, i.quantity])).toEqual([[plain.id, 4]]);
  });

  it('ends after 2 hours idle with a page that says so and returns to the procurement system', async () => {
    const path = await setup({ buyerCookie: 'idle-1' });
    const c = await opened(path);
    const [row] = await db().execute<{ id: string }[]>(
      `select id from punchout_session where company_id = ? order by opened_at desc nulls last limit 1`,
      [co.companyId],
    );
    await db().execute(
      `update session set sess = jsonb_set(sess, '{punchout,seenAt}', to_jsonb(?::bigint))
       where sess->'punchout'->>'id' = ?`,
      [Date.now() - 2 * 60 * 60 * 1000 - 1000, row!.id],
    );
    // Any page of the session (here the StartPage reloaded) after 2 hours without a request.
    const page = await c.agent.get(path).set('Accept', 'text/html');
    expect(page.status).toBe(401);
    expect(page.text).toContain('Your punchout session ended after 2 hours without activity.');
    expect(page.text).toContain(`action="${co.procurement.returnUrl}"`);
    expect(page.text).toContain('Return to SAP Ariba');
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${co.procurement.origin}`);
    const [ended] = await db().execute<{ endedAt: Date | null }[]>(
      'select ended_at as "endedAt" from punchout_session where id = ?',
      [row!.id],
    );
    expect(ended!.endedAt).not.toBeNull();
    expect((await c.gql<{ punchoutSession: unknown }>(SESSION)).data?.punchoutSession ?? null).toBeNull();
  });

  it('allows the procurement system’s origin to frame the shop and receive its form, and no other', async () => {
    const c = await opened(await setup());
    const res = await c.agent.get('/graphql?query=%7B__typename%7D');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors 'self' ${co.procurement.origin}`);
    expect(csp).toContain(`form-action 'self' ${co.procurement.origin}`);
    expect(res.headers['x-frame-options']).toBeUndefined();
    const outside = await t.agent().get('/graphql?query=%7B__typename%7D');
    expect(String(outside.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('a framed StartPage sets every cookie SameSite=None; Secure; Partitioned', async () => {
    const path = await setup();
    const c = await t.client();
    const res = await c.agent.get(path).set('Sec-Fetch-Dest', 'iframe');
    expect(res.status).toBe(303);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cookies.length).toBeGreaterThanOrEqual(3);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/SameSite=None/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; Partitioned/);
    }
    const [row] = await db().execute<{ framed: boolean }[]>(
      'select framed from punchout_session where company_id = ? order by opened_at desc nulls last limit 1',
      [co.companyId],
    );
    expect(row!.framed).toBe(true);
  });
});
