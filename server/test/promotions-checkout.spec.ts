import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { editedPromotions, editedTotal, proposedCharges, type OrderPromotionFacts } from '../../domain/admin';
import { formatAmount, freight, round2 } from '../../domain/money';
import { ROLES } from '../../domain/roles';
import { taxLines, taxationFor } from '../../domain/tax';
import { authorisedCard, checkoutBody, FIXTURE_PASSWORD, plainProducts } from './fixtures';
import { createTestApp, type Client, type TestApp } from './harness';
import { pdfText } from './pdf-text';
import { endPromotions, giveCodes, givePromotion } from './promotions';
import { ensureDemoPromotions } from '../src/modules/promotion/promotion.demo';
import { servicesDb } from '../src/db/db';

/** Promotions at the cart and at place order (issue 58, decision 079): codes, limits under load, cancelling. */
jest.setTimeout(90_000);

let t: TestApp;
let db: ReturnType<TestApp['orm']['em']['getConnection']>;
let products: { id: string; price: number }[];

beforeAll(async () => {
  t = await createTestApp({ log: pino({ level: process.env.TEST_LOG ?? 'silent' }) });
  db = t.orm.em.getConnection();
  products = await plainProducts(t, 9);
});
afterEach(() => endPromotions(t));
afterAll(() => t.close());

interface CartAnswer {
  subTotal: number;
  discountTotal: number;
  freightAmt: number;
  freightDiscount: number;
  taxAmount: number;
  total: number;
  promotions: { name: string; code: string | null; amount: number; freightAmount: number }[];
  codes: {
    code: string;
    applied: boolean;
    pending: boolean;
    reason: string | null;
    message: string | null;
  }[];
  orderLines: { itemId: string; lineTotal: number; discount: number; netLineTotal: number }[];
}

const CART_FIELDS = `subTotal discountTotal freightAmt freightDiscount taxAmount total
  promotions { name code amount freightAmount } codes { code applied pending reason message }
  orderLines { itemId lineTotal discount netLineTotal }`;

async function guestWith(items: { itemId: string; qty: number }[]): Promise<Client> {
  const c = await t.client();
  await c.send('post', '/api/user/cart/upsert', { items }).expect(200);
  return c;
}

async function cartOf(c: Client, state = 'NC'): Promise<CartAnswer> {
  const answer = await c.gql<{ cart: CartAnswer }>(
    `query($s: String) { cart(state: $s) { ${CART_FIELDS} } }`,
    {
      s: state,
    },
  );
  expect(answer.errors).toBeUndefined();
  return answer.data!.cart;
}

const applyCode = (c: Client, code: string) =>
  c.gql<{ applyCartCode: CartAnswer }>(
    `mutation($code: String!) { applyCartCode(code: $code) { ${CART_FIELDS} } }`,
    {
      code,
    },
  );

const place = (c: Client, email: string, card: string, extra: Record<string, unknown> = {}) =>
  c
    .send('post', '/api/checkout/place-order', { ...checkoutBody(email, card), ...extra })
    .set('Idempotency-Key', randomUUID());

const redemptions = async (promotionId: string) =>
  (
    await db.execute<{ n: number }[]>(
      'select count(*)::int as n from promotion_redemption where promotion_id = ? and released_at is null',
      [promotionId],
    )
  )[0]!.n;

describe('the cart', () => {
  it('an automatic promotion takes 10 % off the lines it names; tax is charged on what is left', async () => {
    const [a, b] = products;
    await givePromotion(t, {
      name: 'Ten off one part',
      conditions: { productIds: [a!.id], customers: all() },
    });
    const c = await guestWith([
      { itemId: a!.id, qty: 3 },
      { itemId: b!.id, qty: 1 },
    ]);
    const cart = await cartOf(c);
    // The preview's rules: this promotion, as decided for this buyer (decision 079).
    const preview = await c.gql<{
      cart: { promotionRules: { name: string; limits: object; conditions: object }[] };
    }>('{ cart { promotionRules } }');
    expect(preview.data!.cart.promotionRules).toEqual([
      expect.objectContaining({
        name: 'Ten off one part',
        limits: {},
        conditions: { productIds: [a!.id], customers: all(), priceListIds: [] },
      }),
    ]);
    const lineA = round2(a!.price * 3);
    const discount = round2(lineA * 0.1);
    expect(cart.promotions).toEqual([
      { name: 'Ten off one part', code: null, amount: discount, freightAmount: 0 },
    ]);
    expect(cart.orderLines).toEqual([
      { itemId: a!.id, lineTotal: lineA, discount, netLineTotal: round2(lineA - discount) },
      { itemId: b!.id, lineTotal: b!.price, discount: 0, netLineTotal: b!.price },
    ]);
    const subTotal = round2(lineA + b!.price);
    // The freight band reads the subtotal before promotions (decision 079); NC's tax is on the net goods.
    const freightAmt = freight(subTotal, 'US');
    const [tax] = taxLines(taxationFor('US', 'NC').components, {
      subTotal: round2(subTotal - discount),
      freight: freightAmt,
    });
    expect(cart).toMatchObject({
      subTotal,
      discountTotal: discount,
      freightAmt,
      freightDiscount: 0,
      taxAmount: tax!.amount,
      total: round2(subTotal - discount + freightAmt + tax!.amount),
    });
  });

  it('a code in any case is kept on the cart; one that does not exist is refused next to the field and not kept', async () => {
    await givePromotion(t, {
      name: 'Trade show',
      code: 'SHOW26',
      automatic: false,
      action: { kind: 'orderAmount', amount: 5 },
      currency: 'usd',
    });
    const c = await guestWith([{ itemId: products[2]!.id, qty: 2 }]);
    const applied = await applyCode(c, '  show26 ');
    expect(applied.errors).toBeUndefined();
    expect(applied.data!.applyCartCode).toMatchObject({
      discountTotal: 5,
      promotions: [{ name: 'Trade show', code: 'SHOW26', amount: 5, freightAmount: 0 }],
      codes: [{ code: 'SHOW26', applied: true, pending: false, reason: null, message: null }],
    });
    const unknown = await applyCode(c, 'NOPE-1');
    expect(unknown.errors?.[0]).toMatchObject({
      message: 'We don’t recognize the code NOPE-1.'.replace('’', "'"),
      extensions: {
        code: 'BAD_USER_INPUT',
        fields: [{ field: 'code', message: expect.stringContaining('NOPE-1') }],
      },
    });
    expect((await cartOf(c)).codes.map((x) => x.code)).toEqual(['SHOW26']);
    const removed = await c.gql<{ removeCartCode: CartAnswer }>(
      `mutation { removeCartCode(code: "Show26") { ${CART_FIELDS} } }`,
    );
    expect(removed.data!.removeCartCode).toMatchObject({ discountTotal: 0, promotions: [], codes: [] });
  });

  it('refused attempts are limited per session: past the limit even a good code is not looked at', async () => {
    await givePromotion(t, { name: 'Good', code: 'GOOD-ONE', automatic: false });
    const c = await guestWith([{ itemId: products[3]!.id, qty: 1 }]);
    for (let i = 0; i < 10; i++) {
      const refused = await applyCode(c, `GUESS-${i}`);
      expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    const blocked = await applyCode(c, 'GOOD-ONE');
    expect(blocked.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
    expect((await cartOf(c)).codes).toEqual([]);
    // Another visitor is not held back by this one's guesses.
    const other = await guestWith([{ itemId: products[3]!.id, qty: 1 }]);
    expect((await applyCode(other, 'good-one')).errors).toBeUndefined();
  });

  it('a code kept as a visitor stays on the cart after sign-in', async () => {
    await givePromotion(t, { name: 'Welcome', code: 'HELLO5', automatic: false });
    const email = `buyer.${randomUUID()}@plant.example`;
    await t.createUser({ email, password: FIXTURE_PASSWORD });
    const c = await guestWith([{ itemId: products[4]!.id, qty: 1 }]);
    expect((await applyCode(c, 'hello5')).errors).toBeUndefined();
    await c.signIn(email, FIXTURE_PASSWORD);
    expect((await cartOf(c)).codes).toEqual([
      { code: 'HELLO5', applied: true, pending: false, reason: null, message: null },
    ]);
  });
});

describe('placing an order', () => {
  it('the order keeps the promotions as applied: its lines, its totals, and a later change does not touch it', async () => {
    const id = await givePromotion(t, { name: 'Ten percent', code: 'TEN', automatic: false });
    const c = await guestWith([{ itemId: products[5]!.id, qty: 4 }]);
    await applyCode(c, 'ten');
    const cart = await cartOf(c);
    const email = `guest.${randomUUID()}@plant.example`;
    const placed = await place(c, email, await authorisedCard(c), { expectedTotal: cart.total }).expect(200);
    const order = placed.body.order;
    expect(order).toMatchObject({
      subTotal: cart.subTotal,
      discountTotal: cart.discountTotal,
      freightAmt: cart.freightAmt,
      taxAmount: cart.taxAmount,
      total: cart.total,
      promotions: [{ name: 'Ten percent', code: 'TEN', amount: cart.discountTotal, freightAmount: 0 }],
    });
    expect(order.lines[0]).toMatchObject({
      discount: cart.discountTotal,
      netLineTotal: round2(cart.subTotal - cart.discountTotal),
    });
    expect(await redemptions(id)).toBe(1);
    await db.execute(
      `update promotion set name = 'Renamed', action = '{"kind":"linesPercent","pct":50}' where id = ?`,
      [id],
    );
    const again = await c.agent.get(`/api/orders/${order.id}`).expect(200);
    expect(again.body).toMatchObject({
      total: cart.total,
      promotions: [{ name: 'Ten percent', amount: cart.discountTotal }],
    });
    // The invoice PDF as the buyer reads it: the promotion's row and the line's net.
    const text = await invoiceText(c, order.id);
    expect(text).toContain('Promotion TEN - Ten percent');
    expect(text).toContain(
      `Discount -${usd(cart.discountTotal)} = ${usd(round2(cart.subTotal - cart.discountTotal))}`,
    );
    expect(text).toContain(usd(cart.total));
    // The dashboard counts it by the name it had on the order, with what it took and the order's net sales.
    const email2 = `staff.${randomUUID()}@axisline.example`;
    await t.createUser({ email: email2, password: FIXTURE_PASSWORD, role: ROLES.Admin });
    const staff = await t.client();
    await staff.signIn(email2, FIXTURE_PASSWORD);
    const range = {
      from: new Date(Date.now() - 3_600_000).toISOString(),
      to: new Date(Date.now() + 60_000).toISOString(),
    };
    const dashboard = await staff.gql<{
      dashboard: { promotions: { name: string; redemptions: number; discount: number; netSales: number }[] };
    }>(
      `query($from: String!, $to: String!) { dashboard(from: $from, to: $to) { promotions { name redemptions discount netSales } } }`,
      range,
    );
    expect(dashboard.data!.dashboard.promotions).toEqual(
      expect.arrayContaining([
        {
          name: 'Ten percent',
          redemptions: 1,
          discount: cart.discountTotal,
          netSales: round2(cart.subTotal - cart.discountTotal),
        },
      ]),
    );
  });

  it('an order placed in French has its invoice in French: the promotion and the discount named so', async () => {
    await givePromotion(t, {
      name: 'Rabais de lancement',
      conditions: { productIds: [products[5]!.id], customers: all() },
    });
    const c = await guestWith([{ itemId: products[5]!.id, qty: 2 }]);
    (c.agent as unknown as { jar: { setCookie(v: string, d: string, p: string): void } }).jar.setCookie(
      'locale=fr-CA',
      '127.0.0.1',
      '/',
    );
    const cart = await cartOf(c);
    const placed = await place(c, `guest.${randomUUID()}@plant.example`, await authorisedCard(c)).expect(200);
    const text = await invoiceText(c, placed.body.order.id);
    const cad = (n: number) => formatAmount(n, 'usd', 'fr-CA').replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('FACTURE');
    expect(text).toContain('Promotion Rabais de lancement');
    expect(text).toContain(`-${cad(cart.discountTotal)}`);
    expect(text).toContain(
      `Rabais -${cad(cart.discountTotal)} = ${cad(round2(cart.subTotal - cart.discountTotal))}`,
    );
  });

  it('pay-ca to Quebec: GST and QST on the goods after the promotion and on the freight after its discount', async () => {
    await givePromotion(t, { name: 'Dix pour cent', sites: ['pay-ca'] });
    await givePromotion(t, {
      name: 'Half freight',
      sites: ['pay-ca'],
      priority: 200,
      action: { kind: 'freightPercent', pct: 50 },
    });
    const PAY_CA = 'pay-ca.shop.example';
    const c = await t.client();
    await c
      .send('post', '/api/user/cart/upsert', { items: [{ itemId: products[3]!.id, qty: 2 }] })
      .set('Host', PAY_CA)
      .expect(200);
    const email = `guest.${randomUUID()}@plant.example`;
    const body = checkoutBody(email, await authorisedCard(c));
    const placed = await c
      .send('post', '/api/checkout/place-order', {
        ...body,
        shippingAddress: { ...body.shippingAddress, city: 'Montréal', state: 'QC', zip: 'H2Y 1C6' },
      })
      .set('Host', PAY_CA)
      .set('Idempotency-Key', randomUUID())
      .expect(200);
    const order = placed.body.order as {
      subTotal: number;
      discountTotal: number;
      freightAmt: number;
      freightDiscount: number;
      total: number;
      currencyCode: string;
      taxes: { kind: string; amount: number }[];
    };
    expect(order.currencyCode).toBe('cad');
    const goods = round2(order.subTotal - order.discountTotal);
    expect(order.discountTotal).toBe(round2(order.subTotal * 0.1));
    // The freight band reads the subtotal before promotions; half of it is taken off (decision 079).
    const table = freight(order.subTotal, 'CA');
    expect(table).toBeGreaterThan(0);
    expect(order).toMatchObject({
      freightDiscount: round2(table / 2),
      freightAmt: round2(table - round2(table / 2)),
    });
    const expected = taxLines(taxationFor('CA', 'QC').components, {
      subTotal: goods,
      freight: order.freightAmt,
    });
    expect(order.taxes).toEqual(
      expected.map((x) => expect.objectContaining({ kind: x.kind, amount: x.amount })),
    );
    expect(order.total).toBe(
      round2(goods + order.freightAmt + expected.reduce((sum, x) => sum + x.amount, 0)),
    );
  });

  it('20 orders at once against a limit of 5: exactly 5 take the promotion, the others are told, no deadlock', async () => {
    const id = await givePromotion(t, {
      name: 'First five',
      code: 'FIVE',
      automatic: false,
      limits: { total: 5 },
    });
    const item = products[6]!.id;
    // 8 pieces left and no backorder, so the stock's locks and the promotion's cross.
    await db.execute(
      `update stock_level set on_hand = case warehouse_id when 'MOO' then 8 else 0 end, reserved = 0 where product_id = ?`,
      [item],
    );
    await db.execute('update product set backorder_allowed = false where id = ?', [item]);
    const buyers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const c = await guestWith([{ itemId: item, qty: 1 }]);
        expect((await applyCode(c, 'FIVE')).errors).toBeUndefined();
        return { c, card: await authorisedCard(c), email: `guest.${randomUUID()}@plant.example` };
      }),
    );
    const answers = await Promise.all(buyers.map((b) => place(b.c, b.email, b.card)));
    const placed = answers.filter((a) => a.status === 200);
    // An order that cannot take the code it was shown is refused, not placed at a higher total.
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(5).fill(200), ...Array(15).fill(400)]);
    expect(placed.every((a) => a.body.order.discountTotal > 0)).toBe(true);
    expect(await redemptions(id)).toBe(5);
    for (const refused of answers.filter((a) => a.status === 400)) {
      expect(refused.body.error.fields[0].field).toMatch(/^(code|cart)$/);
    }
  });

  it('a budget under orders at once: what it gives never passes it, to the cent', async () => {
    const item = products[2]!;
    const each = round2(item.price * 0.1);
    const id = await givePromotion(t, {
      name: 'Budget of three',
      code: 'BUDGET3',
      automatic: false,
      currency: 'usd',
      limits: { budget: round2(each * 2.5) },
    });
    const buyers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const c = await guestWith([{ itemId: item.id, qty: 1 }]);
        expect((await applyCode(c, 'budget3')).errors).toBeUndefined();
        return { c, card: await authorisedCard(c), email: `guest.${randomUUID()}@plant.example` };
      }),
    );
    const answers = await Promise.all(buyers.map((b) => place(b.c, b.email, b.card)));
    const placed = answers.filter((a) => a.status === 200);
    // Two whole discounts and the half left; the others are told: the code used up, or its amount changed.
    expect(placed.map((a) => a.body.order.discountTotal).sort()).toEqual(
      [round2(each * 0.5), each, each].sort(),
    );
    const refused = answers.filter((a) => a.status !== 200).map((a) => a.status);
    expect(refused).toHaveLength(5);
    expect(refused.every((status) => status === 400 || status === 409)).toBe(true);
    const [given] = await db.execute<{ total: number }[]>(
      'select sum(amount)::float8 as total from promotion_redemption where promotion_id = ? and released_at is null',
      [id],
    );
    expect(given!.total).toBe(round2(each * 2.5));
  });

  it('a single-use code used by two carts at once gives one order; a cancelled order gives it back', async () => {
    const id = await givePromotion(t, {
      name: 'One use',
      automatic: false,
      action: { kind: 'orderAmount', amount: 3 },
      currency: 'usd',
    });
    const [code] = await giveCodes(t, id, 1, 'ONE-');
    const buyers = await Promise.all(
      [0, 1].map(async () => {
        const c = await guestWith([{ itemId: products[7]!.id, qty: 1 }]);
        expect((await applyCode(c, code!.toLowerCase())).errors).toBeUndefined();
        return { c, card: await authorisedCard(c), email: `guest.${randomUUID()}@plant.example` };
      }),
    );
    const answers = await Promise.all(buyers.map((b) => place(b.c, b.email, b.card)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.status === 400)!;
    expect(refused.body.error.fields).toEqual([
      { field: 'code', message: `The code ${code} has been used up.` },
    ]);
    const winner = answers.find((a) => a.status === 200)!;
    const buyer = buyers[answers.indexOf(winner)]!;
    await buyer.c.send('post', `/api/orders/${winner.body.order.id}/cancel`).expect(200);
    expect(await redemptions(id)).toBe(0);
    const [row] = await db.execute<{ used: boolean }[]>(
      'select used_at is not null as used from promotion_code where code = ?',
      [code],
    );
    expect(row!.used).toBe(false);
  });

  it("first order only: a visitor's second order with the same e-mail in another case is refused at place order", async () => {
    await givePromotion(t, {
      name: 'First order',
      code: 'FIRST',
      automatic: false,
      conditions: { firstOrderOnly: true, customers: all() },
    });
    const email = `Dana.${randomUUID()}@plant.example`;
    const first = await guestWith([{ itemId: products[0]!.id, qty: 1 }]);
    const pending = (await applyCode(first, 'first')).data!.applyCartCode;
    expect(pending.codes).toEqual([
      { code: 'FIRST', applied: true, pending: true, reason: null, message: null },
    ]);
    expect(
      (await place(first, email, await authorisedCard(first)).expect(200)).body.order.discountTotal,
    ).toBeGreaterThan(0);
    const second = await guestWith([{ itemId: products[0]!.id, qty: 1 }]);
    await applyCode(second, 'FIRST');
    const refused = await place(second, email.toLowerCase(), await authorisedCard(second)).expect(400);
    expect(refused.body.error.fields).toEqual([
      { field: 'code', message: 'The code FIRST is not available for this e-mail address.' },
    ]);
  });

  it('a total higher than the buyer saw (the promotion ended meanwhile) is refused so they see it first', async () => {
    await givePromotion(t, { name: 'Auto ten' });
    const c = await guestWith([{ itemId: products[1]!.id, qty: 2 }]);
    const cart = await cartOf(c);
    await endPromotions(t);
    const refused = await place(c, `guest.${randomUUID()}@plant.example`, await authorisedCard(c), {
      expectedTotal: cart.total,
    }).expect(409);
    expect(refused.body.error.fields[0]).toMatchObject({
      field: 'cart',
      message: expect.stringMatching(/^Your total changed from \$/),
    });
  });
});

const usd = (n: number) => formatAmount(n, 'usd');

/** The text of an order's invoice PDF as its buyer downloads it (no-break spaces read as spaces). */
async function invoiceText(c: Client, orderId: string): Promise<string> {
  const res = await c.agent
    .get(`/api/orders/${orderId}/invoice.pdf`)
    .buffer(true)
    .parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (chunk: Buffer) => chunks.push(chunk));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  return pdfText(res.body as Buffer)
    .join('\n')
    .replace(/[\u00a0\u202f]/g, ' ');
}

function all() {
  return { guests: true, signedIn: true, companies: 'all' as const };
}

describe('the console edit of an order with promotions', () => {
  const ORDER = `id version subTotal discountTotal freightAmt taxAmount total currencyCode createdAt
    taxes { kind pct amount } shippingAddress { addressLine1 addressLine2 city state zip country }
    contactEmail status promotions { name code amount freightAmount } lines { id quantity price lineTotal discount }`;
  const FACTS = `site promotions { position name code dropped amount freightAmount rule }
    lines { lineId productId brandId categoryHandle source priceListId }`;
  interface EditedOrder {
    id: string;
    version: number;
    subTotal: number;
    discountTotal: number;
    total: number;
    currencyCode: string;
    createdAt: string;
    taxes: { kind: string; pct: number; amount: number }[];
    shippingAddress: Record<string, string | null>;
    contactEmail: string;
    status: number;
    promotions: { name: string; amount: number }[];
    lines: { id: string; quantity: number; price: number; lineTotal: number; discount: number }[];
  }

  /** The form as the console fills it (useOrderEdit): the promotions evaluated again by the same domain rule. */
  function editForm(
    order: EditedOrder,
    facts: OrderPromotionFacts & { site: string },
    quantity: number,
    drop: number[] = [],
  ) {
    const lines = order.lines.map((l) => ({ id: l.id, quantity, price: l.price, configurations: [] }));
    const priced = lines.map((l) => ({
      id: l.id,
      quantity,
      unitPrice: l.price,
      lineTotal: round2(l.price * quantity),
    }));
    const subTotal = round2(priced.reduce((sum, l) => sum + l.lineTotal, 0));
    const promotions = editedPromotions(
      {
        facts,
        site: facts.site as 'axl',
        currency: order.currencyCode,
        createdAt: order.createdAt,
        country: 'US',
      },
      priced,
      drop,
    );
    const charges = proposedCharges(subTotal, { country: 'US', taxes: order.taxes, promotions });
    const { country: _country, ...address } = order.shippingAddress;
    return {
      contactEmail: order.contactEmail,
      address,
      ...charges,
      totalAmount: editedTotal(
        subTotal,
        charges.shippingCharges,
        charges.taxAmount,
        promotions.goodsDiscount,
      ),
      erpOrderId: 'ERP-58001',
      status: order.status,
      lines,
      dropPromotions: drop,
    };
  }

  it('a quantity below a minimum lets its promotion fall off; a dropped one is given back; the trail says so', async () => {
    const item = products[8]!;
    await givePromotion(t, {
      name: 'Four or more',
      conditions: { minSubtotal: round2(item.price * 3), customers: all() },
    });
    const five = await givePromotion(t, {
      name: 'Five off',
      priority: 200,
      action: { kind: 'orderAmount', amount: 5 },
      currency: 'usd',
    });
    const buyer = await guestWith([{ itemId: item.id, qty: 4 }]);
    const placed = await place(
      buyer,
      `guest.${randomUUID()}@plant.example`,
      await authorisedCard(buyer),
    ).expect(200);
    const orderId = placed.body.order.id as string;
    expect(placed.body.order.promotions.map((p: { name: string }) => p.name)).toEqual([
      'Four or more',
      'Five off',
    ]);

    const email = `staff.${randomUUID()}@axisline.example`;
    await t.createUser({ email, password: FIXTURE_PASSWORD, role: ROLES.Service });
    const staff = await t.client();
    await staff.signIn(email, FIXTURE_PASSWORD);
    const load = async () => {
      const res = await staff.gql<{
        adminOrder: EditedOrder;
        orderPromotionFacts: OrderPromotionFacts & { site: string };
      }>(
        `query($id: ID!) { adminOrder(id: $id) { ${ORDER} } orderPromotionFacts(orderId: $id) { ${FACTS} } }`,
        { id: orderId },
      );
      expect(res.errors).toBeUndefined();
      return res.data!;
    };
    const update = (order: EditedOrder, input: unknown) =>
      staff.gql<{ updateOrder: EditedOrder }>(
        `mutation($id: ID!, $version: Int!, $input: AdminOrderInput!) {
           updateOrder(id: $id, version: $version, input: $input) { ${ORDER} } }`,
        { id: orderId, version: order.version, input },
      );

    // Two pieces: under the minimum, so "Four or more" falls off; "Five off" stays, to the cent of the console's form.
    const first = await load();
    const two = editForm(first.adminOrder, first.orderPromotionFacts, 2);
    const edited = await update(first.adminOrder, two);
    expect(edited.errors).toBeUndefined();
    expect(edited.data!.updateOrder).toMatchObject({
      subTotal: round2(item.price * 2),
      discountTotal: 5,
      total: two.totalAmount,
      promotions: [{ name: 'Five off', amount: 5 }],
      lines: [{ quantity: 2, discount: 5 }],
    });

    // Staff drop "Five off": nothing taken off, and its redemption given back (its budget and count).
    const second = await load();
    const position = second.orderPromotionFacts.promotions.find((p) => p.name === 'Five off')!.position;
    const dropped = await update(
      second.adminOrder,
      editForm(second.adminOrder, second.orderPromotionFacts, 2, [position]),
    );
    expect(dropped.errors).toBeUndefined();
    expect(dropped.data!.updateOrder).toMatchObject({
      discountTotal: 0,
      promotions: [],
      lines: [{ discount: 0 }],
    });
    expect(await redemptions(five)).toBe(0);
    // A total that leaves the discount out is refused with the rule that names it.
    const third = await load();
    const wrong = { ...editForm(third.adminOrder, third.orderPromotionFacts, 4), totalAmount: 1 };
    const refused = await update(third.adminOrder, wrong);
    expect(refused.errors?.[0]?.message).toMatch(
      /^Total amount must be [\d.]+ \(subtotal [\d.]+ − discount [\d.]+ \+ freight \+ tax\)$/,
    );

    const audit = await staff.gql<{
      orderAudit: { changes: { field: string; before: unknown; after: unknown }[] }[];
    }>(`query($id: ID!) { orderAudit(orderId: $id) { changes { field before after } } }`, { id: orderId });
    const changes = audit.data!.orderAudit.flatMap((e) => e.changes);
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'promotion Four or more', before: 'applied', after: 'not applied' },
        { field: 'promotion Five off', before: 'applied', after: 'dropped' },
      ]),
    );
  });
});

describe("the demo store's promotions", () => {
  it('10 % off a demo ball screw this month, WELCOME10 on top for a first order; written once', async () => {
    expect(await ensureDemoPromotions(servicesDb(t.orm))).toBe(2);
    expect(await ensureDemoPromotions(servicesDb(t.orm))).toBe(0);
    await t.checkCaches();
    const [screw] = await db.execute<{ id: string; price: number }[]>(
      `select p.id, p.price::float8 as price from product p join category c on c.id = p.category_id
       where c.handle like 'motion-control/ballscrews-accessories/%' and p.price is not null
         and p.minimum_purchase_quantity <= 1 and p.min_transfer <= 1 and p.allowed_states = '{}'
         and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
       order by p.id limit 1`,
    );
    expect(screw).toBeDefined();
    const c = await guestWith([{ itemId: screw!.id, qty: 2 }]);
    const line = round2(screw!.price * 2);
    const automatic = round2(line * 0.1);
    expect((await cartOf(c)).promotions).toEqual([
      { name: 'Ball screws 10 % off this month', code: null, amount: automatic, freightAmount: 0 },
    ]);
    const welcome = (await applyCode(c, 'welcome10')).data!.applyCartCode;
    // WELCOME10 works on what the ball-screw promotion left (decision 079: they compound), checked at placement.
    expect(welcome.promotions[1]).toEqual({
      name: 'Welcome: 10 % off your first order',
      code: 'WELCOME10',
      amount: round2((line - automatic) * 0.1),
      freightAmount: 0,
    });
    expect(welcome.codes).toEqual([
      { code: 'WELCOME10', applied: true, pending: true, reason: null, message: null },
    ]);
  });
});
