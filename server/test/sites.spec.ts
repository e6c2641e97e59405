import { randomUUID } from 'node:crypto';
import { DEMO_CAD_PER_USD } from '../src/cli/demo-catalog';
import { authorisedCard, checkoutBody, FIXTURE_PASSWORD, plainProducts } from './fixtures';
import { freight, round2 } from '../../domain/money';
import { taxationFor, taxLines } from '../../domain/tax';
import { createTestApp, linkIn, type TestApp } from './harness';
import { siteUrlOf } from '../src/modules/site/site-urls';

/** Sites told apart by host name (decision 017), and pay-ca selling in CAD from its own price list. */
let t: TestApp;
let products: { id: string; price: number }[];
const PAY_CA = 'pay-ca.shop.example';

beforeAll(async () => {
  t = await createTestApp({
    siteHosts: { 'boutique.example': 'foodgrade' },
    publicUrl: 'https://shop.example',
  });
  products = await plainProducts(t, 3);
});
afterAll(() => t.close());

const siteQuery = (host: string) =>
  t
    .agent()
    .get('/graphql')
    .query({ query: '{ site { id name currency logo consentRegionDefaults } }' })
    .set('Host', host)
    .set('apollo-require-preflight', 'true')
    .expect(200);

const cadOf = async (id: string) => {
  const [row] = await t.orm.em
    .getConnection()
    .execute<{ price: number }[]>(
      `select price::float8 as price from price_list_item where price_list_id = 'site:pay-ca' and product_id = ?`,
      [id],
    );
  return row?.price ?? null;
};

describe('sites by host name', () => {
  it('resolves the site from the first label of the host, SITE_HOSTS, or the default', async () => {
    expect((await siteQuery(`${PAY_CA}:4000`)).body.data.site).toEqual({
      id: 'pay-ca',
      name: 'Axisline Payments Canada',
      currency: 'cad',
      logo: '/sites/pay-ca.svg',
      consentRegionDefaults: false,
    });
    expect((await siteQuery('boutique.example')).body.data.site.id).toBe('foodgrade');
    expect((await siteQuery('www.axisline.example')).body.data.site.id).toBe('axl');
    expect((await siteQuery('localhost')).body.data.site.id).toBe('axl');
  });

  it('prices products on pay-ca from its CAD list, and list prices elsewhere', async () => {
    const id = products[0]!.id;
    const cad = await cadOf(id);
    expect(cad).toBeCloseTo(Math.round(products[0]!.price * DEMO_CAD_PER_USD * 100) / 100, 2);
    const onPayCa = await t.agent().get(`/api/products/${id}`).set('Host', PAY_CA).expect(200);
    expect(onPayCa.body.price).toBe(cad);
    const onAxl = await t.agent().get(`/api/products/${id}`).expect(200);
    expect(onAxl.body.price).toBe(products[0]!.price);
    const refreshed = await t
      .agent()
      .get('/api/products/refreshDetails')
      .query({ ids: id })
      .set('Host', PAY_CA);
    expect(refreshed.body).toEqual([{ id, price: cad }]);
  });

  it('sells a product missing from the CAD list on quotation on pay-ca only', async () => {
    const id = products[1]!.id;
    await t.orm.em
      .getConnection()
      .execute(`delete from price_list_item where price_list_id = 'site:pay-ca' and product_id = ?`, [id]);
    const onPayCa = await t.agent().get(`/api/products/${id}`).set('Host', PAY_CA).expect(200);
    expect(onPayCa.body.price).toBeNull();
    expect((await t.agent().get(`/api/products/${id}`).expect(200)).body.price).toBe(products[1]!.price);
  });

  it('checks out on pay-ca in CAD: the cart, the order and the payment', async () => {
    const email = `buyer.${randomUUID()}@plant.example`;
    await t.createUser({ email, password: FIXTURE_PASSWORD });
    const c = await t.client();
    await c.signIn(email, FIXTURE_PASSWORD);
    const id = products[2]!.id;
    const cad = (await cadOf(id))!;
    const cart = await c
      .send('post', '/api/user/cart/upsert', { items: [{ itemId: id, qty: 2 }] })
      .set('Host', PAY_CA)
      .expect(200);
    expect(cart.body).toMatchObject({ currencyCode: 'cad', subTotal: Math.round(cad * 2 * 100) / 100 });
    // The same cart read on the US site is priced in dollars.
    const us = await c.agent.get('/api/user/cart').expect(200);
    expect(us.body).toMatchObject({
      currencyCode: 'usd',
      subTotal: Math.round(products[2]!.price * 2 * 100) / 100,
    });

    // pay-ca ships within Canada (decision 033): a US address is refused next to its fields.
    const card = await authorisedCard(c);
    const refused = await c
      .send('post', '/api/checkout/place-order', checkoutBody(email, card))
      .set('Idempotency-Key', randomUUID())
      .set('Host', PAY_CA)
      .expect(400);
    expect(refused.body.error.fields).toEqual(
      expect.arrayContaining([
        { field: 'shippingAddress.state', message: 'Province is a required field' },
        { field: 'shippingAddress.zip', message: 'Enter a postal code like K1A 0B1' },
      ]),
    );
    const body = checkoutBody(email, card);
    const vancouver = { ...body.shippingAddress, city: 'Vancouver', state: 'bc', zip: 'v6b4y8' };
    const placed = await c
      .send('post', '/api/checkout/place-order', { ...body, shippingAddress: vancouver })
      .set('Idempotency-Key', randomUUID())
      .set('Host', PAY_CA)
      .expect(200);
    // British Columbia: GST 5 % and PST 7 %, each on the goods and the CAD freight.
    const subTotal = Math.round(cad * 2 * 100) / 100;
    const freightAmt = freight(subTotal, 'CA');
    const taxes = taxLines(taxationFor('CA', 'BC').components, { subTotal, freight: freightAmt });
    expect(taxes.map((x) => x.kind)).toEqual(['GST', 'PST']);
    expect(placed.body.order).toMatchObject({
      currencyCode: 'cad',
      subTotal,
      freightAmt,
      taxPct: 12,
      taxes,
      taxAmount: round2(taxes[0]!.amount + taxes[1]!.amount),
      taxGeoCode: '59',
      shippingAddress: { state: 'BC', zip: 'V6B 4Y8', country: 'CA' },
    });
    const [row] = await t.orm.em.getConnection().execute<{ site: string; currency: string }[]>(
      `select o.site, i.currency from customer_order o join test_payment_intent i on i.id = o.payment_intent_id
         where o.id = ?`,
      [placed.body.order.id],
    );
    expect(row).toEqual({ site: 'pay-ca', currency: 'cad' });
    // The confirmation's link opens the order on pay-ca's own address, where it is priced and shipped.
    const mail = await t.mail(email, { subject: /order|commande/i });
    const link = linkIn(mail);
    expect(link.href).toBe(`https://${PAY_CA}/user/account/orders/${placed.body.order.id}`);
    // The page the link opens reads the order on the link's host: pay-ca, in CAD.
    const opened = await c.agent
      .get(`/api/orders/${link.pathname.split('/').pop()}`)
      .set('Host', link.host)
      .expect(200);
    expect(opened.body).toMatchObject({ id: placed.body.order.id, currencyCode: 'cad' });
  });

  it("names each site's own address in e-mailed links: SITE_HOSTS first, else the site's label on the store's domain", () => {
    const hosts = { 'boutique.example': 'foodgrade' } as const;
    expect(siteUrlOf('https://shop.example', hosts, 'axl')).toBe('https://shop.example');
    expect(siteUrlOf('https://shop.example', hosts, 'foodgrade')).toBe('https://boutique.example');
    expect(siteUrlOf('https://shop.example:8443/', hosts, 'pay-ca')).toBe('https://pay-ca.shop.example:8443');
    // An IP address or a one-label host cannot carry a site: the store's own address.
    expect(siteUrlOf('http://127.0.0.1:4000', hosts, 'pay-ca')).toBe('http://127.0.0.1:4000');
    expect(siteUrlOf('http://localhost:4000', hosts, 'pay-ca')).toBe('http://localhost:4000');
  });
});
