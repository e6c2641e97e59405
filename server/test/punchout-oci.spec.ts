import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { OCI_DESCRIPTION_CHARS } from '../../domain/punchout';
import { createTestApp, takeCsrfCookie, type Client, type TestApp } from './harness';
import { punchoutCompany, type PunchoutCompany } from './punchout-fixtures';

/** SAP OCI (decision 074): the browser comes with USERNAME, PASSWORD and HOOK_URL; the cart goes back as NEW_ITEM fields. */
let t: TestApp;
let co: PunchoutCompany;
const username = `oci-${randomUUID().slice(0, 8)}`;
const password = `Oci-${randomUUID()}`;
let plain: { id: string; name: string };
let cut: { id: string; option: string };

beforeAll(async () => {
  t = await createTestApp();
  co = await punchoutCompany(t, { ociUsername: username, ociPassword: password, systemName: 'SAP SRM' });
  const db = t.orm.em.getConnection();
  [plain] = await db.execute<{ id: string; name: string }[]>(
    `select id, name from product p where price between 10 and 40 and allowed_states = '{}'
       and min_transfer <= 1 and minimum_purchase_quantity <= 1 and length(name) > ${OCI_DESCRIPTION_CHARS}
       and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
     order by id limit 1`,
  );
  [cut] = await db.execute<{ id: string; option: string }[]>(
    `select p.id, o.id as option from product p
       join product_configuration_option o on o.product_id = p.id and o.code = 'CUT_LENGTH'
     where p.price > 0 and p.id like '%-CUT' and allowed_states = '{}' order by p.id limit 1`,
  );
});
afterAll(async () => {
  await co.procurement.close();
  await t.close();
});

const TRANSFER = `mutation($cancel: Boolean) { transferPunchoutCart(cancel: $cancel) { action target fields { name value } } }`;

async function ociSignIn(fields: Record<string, string>, method: 'get' | 'post' = 'post') {
  const c = await t.client();
  const res =
    method === 'get'
      ? await c.agent.get('/punchout/oci').query(fields)
      : await c.agent.post('/punchout/oci').type('form').send(fields);
  takeCsrfCookie(c, res);
  return { c, res };
}

const good = () => ({
  USERNAME: username,
  PASSWORD: password,
  HOOK_URL: co.procurement.hookUrl,
  '~OkCode': 'ADDI',
  '~TARGET': '_top',
  '~CALLER': 'CTLG',
});

async function transfer(c: Client) {
  const res = await c.gql<{
    transferPunchoutCart: {
      action: string;
      target: string | null;
      fields: { name: string; value: string }[];
    };
  }>(TRANSFER, { cancel: false });
  expect(res.errors).toBeUndefined();
  return res.data!.transferPunchoutCart;
}

describe('/punchout/oci', () => {
  it('opens the session from the OCI call and transfers NEW_ITEM fields to HOOK_URL', async () => {
    const { c, res } = await ociSignIn(good());
    expect(res.status).toBe(303);
    const session = await c.gql<{ punchoutSession: { systemName: string; protocol: string } }>(
      '{ punchoutSession { systemName protocol } }',
    );
    expect(session.data!.punchoutSession).toEqual({ systemName: 'SAP SRM', protocol: 'oci' });
    const added = await c.gql<{
      addToCart: { orderLines: { itemId: string; price: number; name: string }[] };
    }>(
      `mutation($items: [CartItemInput!]!) { addToCart(items: $items) { orderLines { itemId price name } } }`,
      {
        items: [
          { itemId: plain.id, qty: 3 },
          {
            itemId: cut.id,
            qty: 2,
            configurations: [{ productConfigurationId: cut.option, value: 600, type: 'length' }],
          },
        ],
      },
    );
    expect(added.errors).toBeUndefined();
    const lines = added.data!.addToCart.orderLines;
    const form = await transfer(c);
    expect(form.action).toBe(co.procurement.hookUrl);
    expect(form.target).toBe('_top');
    expect(form.fields).toContainEqual({ name: '~OkCode', value: 'ADDI' });
    const body = new URLSearchParams(form.fields.map((f): [string, string] => [f.name, f.value]));
    const posted = await fetch(form.action, { method: 'POST', body });
    expect(posted.status).toBe(200);
    const got = co.procurement.received.at(-1)!;
    expect(got.protocol).toBe('oci');
    const item = (id: string) => got.items.find((i) => i.supplierPartId === id)!;
    const price = (id: string) => lines.find((l) => l.itemId === id)!.price;
    expect(item(plain.id)).toMatchObject({
      quantity: 3,
      unitOfMeasure: 'EA',
      unitPrice: price(plain.id),
      currency: 'USD',
    });
    expect(item(plain.id).description).toHaveLength(OCI_DESCRIPTION_CHARS);
    expect(item(plain.id).longText!.join('')).toBe(lines.find((l) => l.itemId === plain.id)!.name);
    expect(item(cut.id)).toMatchObject({ quantity: 2, unitPrice: price(cut.id) });
    expect(JSON.parse(item(cut.id).supplierPartAuxiliaryId)).toEqual([[cut.option, 600, null]]);
    expect(item(cut.id).longText!.join('')).toContain('Cut Length: 600 mm');
    expect(item(plain.id).unspsc).toMatch(/^\d{8}$/);
    const cents = Math.round(price(plain.id) * 100) * 3 + Math.round(price(cut.id) * 100) * 2;
    expect(Math.round(got.total * 100)).toBe(cents);
    const [stored] = await t.orm.em
      .getConnection()
      .execute<{ total: number }[]>(
        `select total::float8 as total from punchout_transfer where company_id = ? order by created_at desc limit 1`,
        [co.companyId],
      );
    expect(Math.round(stored!.total * 100)).toBe(cents);
  });

  it('takes the call by GET too, and never keeps the password', async () => {
    const { res } = await ociSignIn(good(), 'get');
    expect(res.status).toBe(303);
    const logged = await t.orm.em
      .getConnection()
      .execute<{ document: string }[]>(
        `select document from punchout_message where company_id = ? and kind = 'setup-request'`,
        [co.companyId],
      );
    expect(logged.length).toBeGreaterThanOrEqual(2);
    for (const m of logged) {
      expect(m.document).toContain('PASSWORD=***');
      expect(m.document).not.toContain(password);
    }
  });

  it('refuses a wrong password (401) and a HOOK_URL the company does not allow (400), with a page that says so', async () => {
    const wrong = await ociSignIn({ ...good(), PASSWORD: 'guess' });
    expect(wrong.res.status).toBe(401);
    expect(wrong.res.text).toContain('The punchout credential was not accepted.');
    expect(wrong.res.headers['set-cookie']).toBeUndefined();
    const elsewhere = await ociSignIn({ ...good(), HOOK_URL: 'https://elsewhere.example/hook' });
    expect(elsewhere.res.status).toBe(400);
    expect(elsewhere.res.text).toContain('The return URL is not one this company allows.');
    const missing = await ociSignIn({ USERNAME: username, PASSWORD: password });
    expect(missing.res.status).toBe(400);
    expect(missing.res.text).toContain('The request is missing HOOK_URL.');
  });
});
