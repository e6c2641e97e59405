import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { SecretBox } from '../src/common/secret-box';
import { servicesDb } from '../src/db/db';
import { syncPunchoutStatusConsumer } from '../src/modules/punchout';
import { hashPassword } from '../src/modules/auth/password';
import { createTestApp, type TestApp } from './harness';
import { Receiver } from './receiver';

/*
 * POST /punchout/cxml/order (issue 57, decision 073): a procurement system's OrderRequest becomes a purchase order
 * at the transferred prices. The tests post cXML as a procurement system does, with supertest.
 */

let t: TestApp;
let plain: { id: string; price: number };
let other: { id: string; price: number };
let receiver: Receiver;
let receiverBase: string;

interface Company {
  companyId: string;
  buyerId: string;
  identity: { from: string; sender: string; secret: string };
}

const db = () => t.orm.em.getConnection();

beforeAll(async () => {
  // PUNCHOUT_PRICE_DAYS=40: a transfer of 35 days ago still has its prices (the default, 30, would price it again).
  t = await createTestApp({ punchoutPriceDays: 40 });
  receiver = new Receiver();
  receiverBase = await receiver.start();
  const rows = await db().execute<{ id: string; price: string }[]>(
    `select id, price from product p where price between 20 and 60
       and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
       and min_transfer <= 1 and minimum_purchase_quantity <= 1 and allowed_states = '{}'
       and (max_order_quantity is null or max_order_quantity >= 10) order by id limit 2`,
  );
  [plain, other] = rows.map((r) => ({ id: r.id, price: Number(r.price) })) as [typeof plain, typeof other];
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/** A company on net terms with a credential, a buyer, and one transfer of `lines` (days ago). */
async function company(
  options: { netTerms?: number | null; creditLimit?: number | null } = {},
): Promise<Company> {
  const [row] = await db().execute<{ id: string }[]>(
    `insert into business_account (company, net_terms_days, credit_limit) values (?, ?, ?) returning id`,
    [
      `Plant ${randomUUID().slice(0, 6)}`,
      options.netTerms === undefined ? 30 : options.netTerms,
      options.creditLimit ?? null,
    ],
  );
  const companyId = row!.id;
  const buyerId = await t.createUser({
    email: `po.buyer.${randomUUID()}@plant.example`,
    password: 'Punchout-Order-2026!',
    accountId: companyId,
  });
  // A small spending limit: the procurement system approved the order, so it must not apply.
  await db().execute(`update app_user set company_role = 30, order_limit = 1 where id = ?`, [buyerId]);
  const identity = {
    from: `AN${randomUUID().slice(0, 10)}`,
    sender: 'AN-SENDER',
    secret: `s-${randomUUID()}`,
  };
  await db().execute(
    `insert into punchout_credential (company_id, system_name, from_domain, from_identity, sender_domain,
       sender_identity, secret_hash, return_urls, acting_user_id)
     values (?, 'SAP Ariba', 'NetworkID', ?, 'NetworkID', ?, ?, '[]'::jsonb, ?)`,
    [companyId, identity.from, identity.sender, await hashPassword(identity.secret), buyerId],
  );
  return { companyId, buyerId, identity };
}

async function transfer(c: Company, lines: { id: string; price: number; quantity: number }[], daysAgo = 0) {
  const [session] = await db().execute<{ id: string }[]>(
    `insert into punchout_session (token_hash, company_id, credential_id, user_id, protocol, return_url,
       start_expires_at, buyer_cookie)
     select ?, ?, id, ?, 'cxml', 'https://buyer.example/return', now(), 'cookie-1' from punchout_credential
     where company_id = ? returning id`,
    [randomUUID(), c.companyId, c.buyerId, c.companyId],
  );
  const transferLines = lines.map((l) => ({
    productId: l.id,
    partNumber: l.id,
    configKey: '',
    quantity: l.quantity,
    unitPrice: l.price,
    currency: 'USD',
    unitCode: 'EA',
    description: `Part ${l.id}`,
    unspsc: null,
    manufacturerPartId: null,
  }));
  await db().execute(
    `insert into punchout_transfer (session_id, company_id, buyer_cookie, lines, total, currency, created_at)
     values (?, ?, 'cookie-1', ?::jsonb, ?, 'USD', now() - make_interval(days => ?))`,
    [
      session!.id,
      c.companyId,
      JSON.stringify(transferLines),
      lines.reduce((s, l) => s + l.price * l.quantity, 0),
      daysAgo,
    ],
  );
}

function orderRequest(
  c: Company,
  o: {
    orderId: string;
    payloadId?: string;
    secret?: string;
    lines: { id: string; price: number; quantity: number }[];
    head?: string;
  },
): string {
  const items = o.lines
    .map(
      (l, i) => `<ItemOut quantity="${l.quantity}" lineNumber="${i + 1}">
        <ItemID><SupplierPartID>${l.id}</SupplierPartID><SupplierPartAuxiliaryID></SupplierPartAuxiliaryID></ItemID>
        <ItemDetail><UnitPrice><Money currency="USD">${l.price.toFixed(2)}</Money></UnitPrice>
          <Description xml:lang="en">Part</Description><UnitOfMeasure>EA</UnitOfMeasure></ItemDetail>
      </ItemOut>`,
    )
    .join('');
  const total = o.lines.reduce((s, l) => s + l.price * l.quantity, 0).toFixed(2);
  return `<?xml version="1.0" encoding="UTF-8"?>
${o.head ?? '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd">'}
<cXML payloadID="${o.payloadId ?? `${randomUUID()}@buyer.example`}" timestamp="2026-12-04T01:00:00Z" xml:lang="en-US">
  <Header>
    <From><Credential domain="NetworkID"><Identity>${c.identity.from}</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>axisline-supply</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>${c.identity.sender}</Identity>
      <SharedSecret>${o.secret ?? c.identity.secret}</SharedSecret></Credential><UserAgent>Buyer 1.0</UserAgent></Sender>
  </Header>
  <Request deploymentMode="test">
    <OrderRequest>
      <OrderRequestHeader orderID="${o.orderId}" orderDate="2026-12-04T01:00:00Z" type="new">
        <Total><Money currency="USD">${total}</Money></Total>
        <ShipTo><Address addressID="PLANT-1"><Name xml:lang="en">Plant One</Name>
          <PostalAddress><DeliverTo>Receiving Dock 4</DeliverTo><Street>100 Industrial Way</Street>
            <City>Columbus</City><State>OH</State><PostalCode>43215</PostalCode>
            <Country isoCountryCode="US">United States</Country></PostalAddress>
          <Email>receiving@plant.example</Email>
          <Phone><TelephoneNumber><CountryCode isoCountryCode="US">1</CountryCode>
            <AreaOrCityCode>614</AreaOrCityCode><Number>5551234</Number></TelephoneNumber></Phone></Address></ShipTo>
        <Comments>Dock 4, mornings</Comments>
      </OrderRequestHeader>
      ${items}
    </OrderRequest>
  </Request>
</cXML>`;
}

const post = (xml: string) =>
  t.agent().post('/punchout/cxml/order').set('Content-Type', 'text/xml').send(xml);

const orders = (companyId: string) =>
  db().execute<
    { id: string; orderNumber: string; poNumber: string; total: string; status: number; userId: string }[]
  >(
    `select id, order_number::text as "orderNumber", po_number as "poNumber", total, status, user_id as "userId"
     from customer_order where account_id = ? order by created_at`,
    [companyId],
  );

describe('POST /punchout/cxml/order', () => {
  it('places one purchase order at the transferred prices, however many times it is posted', async () => {
    const c = await company();
    const transferred = { ...plain, price: plain.price - 1.25, quantity: 3 };
    await transfer(c, [transferred]);
    const xml = orderRequest(c, { orderId: `PO-${randomUUID().slice(0, 8)}`, lines: [transferred] });
    const first = await post(xml);
    expect(first.status).toBe(200);
    expect(first.type).toBe('text/xml');
    expect(first.text).toMatch(/<Status code="200" text="OK">Order \d+ received for PO-/);
    const [order] = await orders(c.companyId);
    expect(order).toBeDefined();
    expect(first.text).toContain(`Order ${order!.orderNumber} received`);
    expect(order!.userId).toBe(c.buyerId);
    expect(order!.poNumber).toMatch(/^PO-/);
    const [shipped] = await db().execute<{ address: Record<string, unknown> }[]>(
      'select shipping_address as address from customer_order where id = ?',
      [order!.id],
    );
    expect(shipped!.address).toMatchObject({
      name: 'Receiving Dock 4',
      companyName: 'Plant One',
      addressLine1: '100 Industrial Way',
      city: 'Columbus',
      state: 'OH',
      zip: '43215',
      phone: '614 5551234',
    });
    const [line] = await db().execute<{ price: string; quantity: number }[]>(
      'select price, quantity from order_line where order_id = ?',
      [order!.id],
    );
    // The transferred price, not the catalogue's; the buyer's spending limit (1.00) did not hold it.
    expect(Number(line!.price)).toBeCloseTo(transferred.price, 2);
    expect(line!.quantity).toBe(3);
    expect(order!.status).not.toBe(5);
    const [approval] = await db().execute<{ n: number }[]>(
      'select count(*)::int as n from company_approval where order_id = ?',
      [order!.id],
    );
    expect(approval!.n).toBe(0);
    // Its event was written with it.
    const events = await db().execute<{ type: string }[]>(
      `select type from domain_event where aggregate_id = ? order by seq`,
      [order!.id],
    );
    expect(events.map((e) => e.type)).toContain('order.placed');

    // The same document again (and again with another payloadID): the same order, nothing more.
    const again = await post(xml);
    expect(again.status).toBe(200);
    expect(again.text).toContain(`Order ${order!.orderNumber} received`);
    const resent = await post(xml.replace(/payloadID="[^"]+"/, `payloadID="${randomUUID()}@buyer.example"`));
    expect(resent.text).toContain(`Order ${order!.orderNumber} received`);
    expect(await orders(c.companyId)).toHaveLength(1);

    // Logged for the console, its secret masked.
    const logged = await db().execute<{ kind: string; document: string; httpStatus: number | null }[]>(
      `select kind, document, http_status as "httpStatus" from punchout_message where company_id = ? order by created_at`,
      [c.companyId],
    );
    expect(logged.map((m) => m.kind)).toEqual([
      'order-request',
      'order-response',
      'order-request',
      'order-response',
      'order-request',
      'order-response',
    ]);
    expect(logged.map((m) => m.document).join('')).not.toContain(c.identity.secret);
  });

  it('answers 401 to a wrong secret and creates nothing', async () => {
    const c = await company();
    await transfer(c, [{ ...plain, quantity: 1 }]);
    const res = await post(
      orderRequest(c, { orderId: 'PO-WRONG-1', secret: 'not-it', lines: [{ ...plain, quantity: 1 }] }),
    );
    expect(res.status).toBe(401);
    expect(res.text).toContain(
      '<Status code="401" text="Unauthorized">The punchout credential was not accepted.',
    );
    expect(await orders(c.companyId)).toHaveLength(0);
    const [logged] = await db().execute<{ n: number }[]>(
      'select count(*)::int as n from punchout_message where company_id = ?',
      [c.companyId],
    );
    expect(logged!.n).toBe(0);
  });

  it('refuses a part no longer sold, naming the line', async () => {
    const c = await company();
    const lines = [
      { ...plain, quantity: 1 },
      { ...other, quantity: 2 },
    ];
    await transfer(c, lines);
    // The second part is no longer in the catalogue (an import removed it).
    await db().execute('delete from product where id = ?', [other.id]);
    const res = await post(orderRequest(c, { orderId: 'PO-GONE-1', lines }));
    expect(res.status).toBe(400);
    expect(res.text).toContain(`Line 2: the part ${other.id} is no longer sold.`);
    expect(await orders(c.companyId)).toHaveLength(0);
  });

  it('refuses a part that was never transferred, and a company without net terms', async () => {
    const c = await company();
    const never = await post(orderRequest(c, { orderId: 'PO-NEVER', lines: [{ ...plain, quantity: 1 }] }));
    expect(never.status).toBe(400);
    expect(never.text).toContain(`Line 1: the part ${plain.id} was not transferred`);

    const noTerms = await company({ netTerms: null });
    await transfer(noTerms, [{ ...plain, quantity: 1 }]);
    const res = await post(
      orderRequest(noTerms, { orderId: 'PO-TERMS-1', lines: [{ ...plain, quantity: 1 }] }),
    );
    expect(res.status).toBe(400);
    expect(res.text).toContain(
      'The company has no net terms: a punchout order is a purchase order and needs them.',
    );
    expect(await orders(noTerms.companyId)).toHaveLength(0);
  });

  it('re-prices a line transferred longer ago than PUNCHOUT_PRICE_DAYS and refuses it when the price changed', async () => {
    const recent = await company();
    const kept = { ...plain, price: plain.price + 5, quantity: 1 };
    await transfer(recent, [kept], 35);
    expect((await post(orderRequest(recent, { orderId: 'PO-KEPT-1', lines: [kept] }))).status).toBe(200);
    const c = await company();
    const stale = { ...plain, price: plain.price + 5, quantity: 1 };
    await transfer(c, [stale], 45);
    const res = await post(orderRequest(c, { orderId: 'PO-STALE-1', lines: [stale] }));
    expect(res.status).toBe(400);
    expect(res.text).toContain(`Line 1: the price of ${plain.id} changed since it was transferred`);
    expect(await orders(c.companyId)).toHaveLength(0);
  });

  it('holds an order over the credit limit for staff to decide', async () => {
    const c = await company({ creditLimit: 10 });
    const line = { ...plain, quantity: 2 };
    await transfer(c, [line]);
    const res = await post(orderRequest(c, { orderId: 'PO-CREDIT-1', lines: [line] }));
    expect(res.status).toBe(200);
    const [order] = await orders(c.companyId);
    const [approval] = await db().execute<{ reason: unknown }[]>(
      'select reason from company_approval where order_id = ?',
      [order!.id],
    );
    expect(JSON.stringify(approval?.reason)).toContain('credit');
  });

  it('refuses an XXE or billion-laughs OrderRequest without expanding it, and not-XML', async () => {
    const c = await company();
    await transfer(c, [{ ...plain, quantity: 1 }]);
    const xxe = orderRequest(c, {
      orderId: 'PO-XXE-&xxe;',
      lines: [{ ...plain, quantity: 1 }],
      head: '<!DOCTYPE cXML [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    });
    const res = await post(xxe);
    expect(res.status).toBe(400);
    expect(res.text).toContain('The document may not declare a DTD subset or entities.');
    expect(res.text).not.toContain('root:');
    const garbage = await post('this is not xml');
    expect(garbage.status).toBe(400);
    expect(garbage.text).toContain('The request is not a cXML document.');
    expect(await orders(c.companyId)).toHaveLength(0);
  });

  it('sends each status change back to the procurement system as a StatusUpdateRequest, and logs it', async () => {
    const c = await company();
    // The harness's SECRETS_KEY seals the status credential, as the console's save does.
    const sealed = new SecretBox('test-secrets-key-test-secrets-key-0000').seal('status-secret-42');
    await db().execute(
      'update punchout_credential set status_url = ?, status_credential_sealed = ? where company_id = ?',
      [`${receiverBase}/cxml/status`, sealed, c.companyId],
    );
    // As the console's save does: a credential with a status URL turns the status consumer on.
    await syncPunchoutStatusConsumer(servicesDb(t.orm));
    const line = { ...plain, quantity: 1 };
    await transfer(c, [line]);
    const payloadId = `${randomUUID()}@buyer.example`;
    const res = await post(orderRequest(c, { orderId: 'PO-STATUS-1', payloadId, lines: [line] }));
    expect(res.status).toBe(200);
    await t.flush();
    const sent = receiver.received.filter((r) => r.path === '/cxml/status');
    expect(sent.length).toBeGreaterThanOrEqual(1);
    const body = sent.at(-1)!.body;
    expect(body).toContain('<StatusUpdateRequest>');
    expect(body).toContain(`<DocumentReference payloadID="${payloadId}"/>`);
    expect(body).toContain('<SharedSecret>status-secret-42</SharedSecret>');
    expect(body).toContain('<Extrinsic name="orderID">PO-STATUS-1</Extrinsic>');
    expect(body).toMatch(/<Status code="200" text="OK">\S+/);
    const logged = await db().execute<{ document: string; httpStatus: number }[]>(
      `select document, http_status as "httpStatus" from punchout_message
       where company_id = ? and kind = 'status-update'`,
      [c.companyId],
    );
    expect(logged.length).toBeGreaterThanOrEqual(1);
    expect(logged[0]!.httpStatus).toBe(200);
    expect(logged[0]!.document).toContain('<SharedSecret>***</SharedSecret>');
  });
});
