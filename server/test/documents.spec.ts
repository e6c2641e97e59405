import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ONE_LINE_MESSAGE } from '../../domain/text.schema';
import { formatAmount } from '../../domain/money';
import { ROLES } from '../../domain/roles';
import { authorisedCard, checkoutBody, FIXTURE_PASSWORD, plainProducts } from './fixtures';
import { createTestApp, type Client, type TestApp } from './harness';
import { pdfText } from './pdf-text';

/**
 * The invoice and quote PDFs in the buyer's language, currency and taxes, with the site's legal identity
 * (issue 51 items 5 and 7, decision 058).
 */
jest.setTimeout(30_000);

let t: TestApp;
let products: { id: string; price: number }[];
const PAY_CA = 'pay-ca.shop.example';
const YEAR = new Date().getUTCFullYear();

beforeAll(async () => {
  t = await createTestApp();
  products = await plainProducts(t, 2);
});
afterAll(() => t.close());

/** A signed-in buyer whose shop language is `locale` (the cookie the switcher sets). */
async function buyerIn(locale: string): Promise<{ c: Client; email: string }> {
  const email = `documents.${randomUUID()}@plant.example`;
  await t.createUser({ email, password: FIXTURE_PASSWORD });
  const c = await t.client();
  setLocale(c, locale);
  await c.signIn(email, FIXTURE_PASSWORD);
  return { c, email };
}
const setLocale = (c: Client, locale: string) =>
  (
    c.agent as unknown as { jar: { setCookie(cookie: string, domain: string, path: string): void } }
  ).jar.setCookie(`locale=${locale}`, '127.0.0.1', '/');

/** What the reader sees: the PDF's text, no-break spaces read as spaces. */
const read = async (c: Client, url: string, host?: string) => {
  const req = c.agent
    .get(url)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  const res = await (host ? req.set('Host', host) : req).expect(200);
  return pdfText(res.body as Buffer).join('\n');
};
const spaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const money = (n: number, currency: string, locale: string) => spaces(formatAmount(n, currency, locale));
const day = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

async function placeOrder(c: Client, email: string, opts: { host?: string; address?: object } = {}) {
  const withHost = <R extends { set(k: string, v: string): R }>(r: R) =>
    opts.host ? r.set('Host', opts.host) : r;
  await withHost(
    c.send('post', '/api/user/cart/upsert', { items: [{ itemId: products[0]!.id, qty: 3 }] }),
  ).expect(200);
  const body = checkoutBody(email, await authorisedCard(c));
  const placed = await withHost(
    c
      .send('post', '/api/checkout/place-order', {
        ...body,
        shippingAddress: { ...body.shippingAddress, ...opts.address },
      })
      .set('Idempotency-Key', randomUUID()),
  ).expect(200);
  return placed.body.order as {
    id: string;
    orderNumber: string;
    createdAt: string;
    subTotal: number;
    total: number;
    taxes: { kind: string; amount: number }[];
  };
}

describe('the invoice PDF in the language the order was placed in', () => {
  it('en-US: English words, US dates and dollars, the state tax, Axisline Supply in the letterhead and footer', async () => {
    const { c, email } = await buyerIn('en-US');
    const order = await placeOrder(c, email);
    const text = await read(c, `/api/orders/${order.id}/invoice.pdf`);
    for (const words of [
      'INVOICE',
      'Ship to',
      'Unit price',
      'Subtotal',
      'Freight',
      'Total',
      'Tax (NC 4.75%)',
    ])
      expect(text).toContain(words);
    expect(text).toContain(`Date: ${day(order.createdAt, 'en-US')}`);
    expect(text).toContain(`${money(order.total, 'USD', 'en-US')} USD`);
    expect(text).toContain('Axisline Supply\n1200 Industrial Park Drive, Mooresville, NC 28115, USA');
    expect(text).toContain(`© ${YEAR} Axisline Supply. All rights reserved.`);
  });

  it('es-MX: Spanish words, its date and money formats', async () => {
    const { c, email } = await buyerIn('es-MX');
    const order = await placeOrder(c, email);
    // The buyer now shops in English: the invoice stays in the order's language.
    setLocale(c, 'en-US');
    const text = await read(c, `/api/orders/${order.id}/invoice.pdf`);
    for (const words of [
      'FACTURA',
      'Enviar a',
      'Precio unitario',
      'Subtotal',
      'Flete',
      'Impuesto (NC 4.75%)',
    ])
      expect(text).toContain(words);
    expect(text).not.toContain('Unit price');
    expect(text).toContain(`Fecha: ${day(order.createdAt, 'es-MX')}`);
    expect(text).toContain(money(order.subTotal, 'USD', 'es-MX'));
    expect(text).toMatch(/USD \d/);
    expect(text).toContain(`© ${YEAR} Axisline Supply. Todos los derechos reservados.`);
  });

  it('fr-CA on pay-ca to Quebec: French words and dates, CAD amounts, TPS and TVQ, the Canadian company', async () => {
    const { c, email } = await buyerIn('fr-CA');
    const order = await placeOrder(c, email, {
      host: PAY_CA,
      address: { city: 'Montréal', state: 'QC', zip: 'H2Y 1C6' },
    });
    expect(order.taxes.map((x) => x.kind)).toEqual(['GST', 'QST']);
    const text = await read(c, `/api/orders/${order.id}/invoice.pdf`, PAY_CA);
    for (const words of [
      'FACTURE',
      'Livrer à',
      'Prix unitaire',
      'Sous-total',
      'Transport',
      'TPS (5 %)',
      'TVQ (9,975 %)',
    ])
      expect(text).toContain(words);
    expect(text).not.toMatch(/GST|QST|\$\d/);
    expect(text).toContain(`Date : ${day(order.createdAt, 'fr-CA')}`);
    expect(text).toContain(`${money(order.total, 'CAD', 'fr-CA')} CAD`);
    expect(text).toContain(money(order.taxes[1]!.amount, 'CAD', 'fr-CA'));
    expect(text).toContain(
      'Axisline Payments Canada Inc.\n2300 Boulevard Industriel, Laval, QC H7S 2E5, Canada',
    );
    expect(text).toContain(`© ${YEAR} Axisline Payments Canada Inc. Tous droits réservés.`);
    expect(text).not.toContain('Mooresville');
  });
});

const REQUEST = `mutation($input: QuoteRequestInput!) { requestQuote(input: $input) { id number } }`;
const SEND = `mutation($id: ID!, $version: Int!, $input: QuoteAnswerInput!) {
  sendQuote(id: $id, version: $version, input: $input) { status sent { revision total } }
}`;

async function sentQuote(c: Client, host?: string) {
  const withHost = <R extends { set(k: string, v: string): R }>(r: R) => (host ? r.set('Host', host) : r);
  const cart = await withHost(
    c.send('post', '/api/user/cart/upsert', { items: [{ itemId: products[1]!.id, qty: 1200 }] }),
  ).expect(200);
  const asked = await withHost(
    c
      .send('post', '/graphql', {
        query: REQUEST,
        variables: { input: { cartLineIds: [cart.body.orderLines[0].cartLineId] } },
      })
      .set('apollo-require-preflight', 'true'),
  ).expect(200);
  expect(asked.body.errors).toBeUndefined();
  const quote = asked.body.data.requestQuote as { id: string; number: string };
  const staffEmail = `documents.staff.${randomUUID()}@plant.example`;
  await t.createUser({ email: staffEmail, password: FIXTURE_PASSWORD, role: ROLES.Service });
  const staff = await t.client();
  await staff.signIn(staffEmail, FIXTURE_PASSWORD);
  await staff.gql(`mutation($id: ID!) { reviewQuote(id: $id, version: 1) { status } }`, { id: quote.id });
  const expiresOn = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const sent = await staff.gql<{ sendQuote: { sent: { total: number } } }>(SEND, {
    id: quote.id,
    version: 2,
    input: { lines: [{ lineNo: 1, unitPrice: 8.75 }], freight: 145, leadTimeDays: 12, expiresOn, note: '' },
  });
  expect(sent.errors).toBeUndefined();
  return { quote, total: sent.data!.sendQuote.sent.total, expiresOn };
}

describe('the quote PDF in the language it was requested in', () => {
  it('fr-CA: French words, dates and money, whatever language the buyer reads it in later', async () => {
    const { c } = await buyerIn('fr-CA');
    const { quote, total, expiresOn } = await sentQuote(c);
    setLocale(c, 'en-US');
    const text = await read(c, `/api/quotes/${quote.id}/quote.pdf`);
    for (const words of [
      'SOUMISSION',
      'Quantité',
      'Prix unitaire',
      'Sous-total',
      'Transport',
      'Total avant taxes',
    ])
      expect(text).toContain(words);
    expect(text).toContain(`Soumission : Q-${quote.number}, révision 1`);
    expect(text).toContain(`Valable jusqu’au : ${day(`${expiresOn}T12:00:00Z`, 'fr-CA')}`);
    expect(text).toContain(money(total, 'USD', 'fr-CA'));
    expect(text).toContain('Délai : 12 jours ouvrables');
    expect(text).not.toContain('Total before tax');
    expect(text).toContain('Axisline Supply\n1200 Industrial Park Drive, Mooresville, NC 28115, USA');
    expect(text).toContain(`© ${YEAR} Axisline Supply. Tous droits réservés.`);
  });

  it('es-MX on pay-ca: Spanish, in CAD, with the Canadian company; a quote from before is English', async () => {
    const { c } = await buyerIn('es-MX');
    const { quote, total } = await sentQuote(c, PAY_CA);
    const text = await read(c, `/api/quotes/${quote.id}/quote.pdf`);
    for (const words of ['COTIZACIÓN', 'Cantidad', 'Total antes de impuestos', 'Flete'])
      expect(text).toContain(words);
    expect(text).toContain(money(total, 'CAD', 'es-MX'));
    expect(text).toContain('Axisline Payments Canada Inc.\n2300 Boulevard Industriel');
    expect(text).toContain(`© ${YEAR} Axisline Payments Canada Inc. Todos los derechos reservados.`);

    // A quote asked before quotes kept their language reads as the column's default: en-US.
    await t.orm.em.getConnection().execute(`update quote set locale = default where id = ?`, [quote.id]);
    const before = await read(c, `/api/quotes/${quote.id}/quote.pdf`);
    expect(before).toContain('QUOTE');
    expect(before).toContain(`${money(total, 'CAD', 'en-US')}`);
    expect(before).toContain(`© ${YEAR} Axisline Payments Canada Inc. All rights reserved.`);
  });
});

const SET_LEGAL = `mutation($id: ID!, $input: SiteLegalInput!) {
  setSiteLegal(id: $id, input: $input) { id legalName postalAddress copyrightHolder }
}`;

describe("a site's legal identity, edited by Admin in Console → Sites", () => {
  const siteOn = (host: string) =>
    t
      .agent()
      .get('/graphql')
      .query({ query: '{ site { id legalName postalAddress copyrightHolder } }' })
      .set('Host', host)
      .set('apollo-require-preflight', 'true')
      .expect(200);

  it('the storefront tells each site its own company: pay-ca the Canadian one', async () => {
    expect((await siteOn(PAY_CA)).body.data.site).toEqual({
      id: 'pay-ca',
      legalName: 'Axisline Payments Canada Inc.',
      postalAddress: '2300 Boulevard Industriel, Laval, QC H7S 2E5, Canada',
      copyrightHolder: 'Axisline Payments Canada Inc.',
    });
    expect((await siteOn('localhost')).body.data.site).toMatchObject({
      id: 'axl',
      legalName: 'Axisline Supply',
      postalAddress: '1200 Industrial Park Drive, Mooresville, NC 28115, USA',
    });
  });

  it('Admin sets them (one line each, next to the field), other staff are refused, and the documents print them', async () => {
    const input = {
      legalName: 'Axisline Paiements Canada Ltée',
      postalAddress: '55 Rue du Port, Québec, QC G1K 4E9, Canada',
      copyrightHolder: 'Axisline Paiements Canada Ltée',
    };
    const service = `documents.service.${randomUUID()}@plant.example`;
    await t.createUser({ email: service, password: FIXTURE_PASSWORD, role: ROLES.Service });
    const serviceClient = await t.client();
    await serviceClient.signIn(service, FIXTURE_PASSWORD);
    const refused = await serviceClient.gql(SET_LEGAL, { id: 'pay-ca', input });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const adminEmail = `documents.admin.${randomUUID()}@plant.example`;
    await t.createUser({ email: adminEmail, password: FIXTURE_PASSWORD, role: ROLES.Admin });
    const admin = await t.client();
    await admin.signIn(adminEmail, FIXTURE_PASSWORD);
    const bad = await admin.gql(SET_LEGAL, {
      id: 'pay-ca',
      input: { ...input, postalAddress: '55 Rue du Port\nQuébec', legalName: ' ' },
    });
    expect(bad.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: [
        { field: 'legalName', message: 'Enter the legal name of the company selling on this site.' },
        { field: 'postalAddress', message: ONE_LINE_MESSAGE },
      ],
    });
    const missing = await admin.gql(SET_LEGAL, { id: 'nowhere', input });
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    const saved = await admin.gql<{ setSiteLegal: object }>(SET_LEGAL, { id: 'pay-ca', input });
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.setSiteLegal).toEqual({ id: 'pay-ca', ...input });
    expect((await siteOn(PAY_CA)).body.data.site).toMatchObject(input);

    const { c, email } = await buyerIn('fr-CA');
    const order = await placeOrder(c, email, {
      host: PAY_CA,
      address: { city: 'Québec', state: 'QC', zip: 'G1K 4E9' },
    });
    const text = await read(c, `/api/orders/${order.id}/invoice.pdf`, PAY_CA);
    expect(text).toContain('Axisline Paiements Canada Ltée\n55 Rue du Port, Québec, QC G1K 4E9, Canada');
    expect(text).toContain(`© ${YEAR} Axisline Paiements Canada Ltée. Tous droits réservés.`);
  });
});
