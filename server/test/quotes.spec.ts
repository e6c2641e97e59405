import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { QUOTE_ANSWER_MESSAGES, QUOTE_MESSAGES } from '../../domain/quotes';
import { BRAND, CSRF } from '../../domain/constants';
import { CUSTOM_WORK_PART } from '../src/modules/catalog/seed/generator';
import { ROLES } from '../../domain/roles';
import { lowestPriceWithoutApproval } from '../../domain/price-approval';
import {
  authorisedCard,
  checkoutBody,
  companyMember,
  eventsOf,
  FIXTURE_PASSWORD,
  orderEditInput,
  plainProducts,
} from './fixtures';
import { createTestApp, linkIn, takeCsrfCookie, type Client, type TestApp } from './harness';
import { tokenHash } from '../src/common/tokens';

/** Quotes, slice 1 (issue 32, decision 049): asked from the cart, read by the buyer, their company and staff. */
// A quote's walk is many requests (ask, price, send, accept, order): seconds on a loaded 2-core machine.
jest.setTimeout(30_000);

let t: TestApp;
let db: ReturnType<TestApp['orm']['em']['getConnection']>;
let products: { id: string; price: number }[];
let quoteOnly: string;

/** What the server logged (decision 061: a guest's quote link never reaches it). */
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ log: pino({ level: 'info' }, { write: (line: string) => logLines.push(line) }) });
  db = t.orm.em.getConnection();
  products = await plainProducts(t, 2);
  quoteOnly = (
    await db.execute<{ id: string }[]>(
      `select id from product p where price is null
         and not exists (select 1 from product_configuration_option o where o.product_id = p.id) limit 1`,
    )
  )[0]!.id;
});
afterAll(() => t.close());

const REQUEST = `mutation($input: QuoteRequestInput!) {
  requestQuote(input: $input) {
    id number status neededBy note source buyerEmail companyName
    lines { lineNo itemId description quantity cataloguePrice unitPrice }
  }
}`;

interface QuoteAnswer {
  id: string;
  number: string;
  status: string;
  neededBy: string | null;
  note: string;
  source: string;
  buyerEmail: string;
  companyName: string | null;
  lines: {
    lineNo: number;
    itemId: string;
    description: string;
    quantity: number;
    cataloguePrice: number | null;
  }[];
}

async function customer(c?: Client, accountId: string | null = null) {
  const email = `quotes.${randomUUID()}@plant.example`;
  await t.createUser({ email, password: FIXTURE_PASSWORD, accountId });
  const client = c ?? (await t.client());
  await client.signIn(email, FIXTURE_PASSWORD);
  return { c: client, email };
}

async function cartLines(c: Client, items: { itemId: string; qty: number }[]) {
  const cart = (await c.send('post', '/api/user/cart/upsert', { items }).expect(200)).body;
  return cart.orderLines as { cartLineId: string; id: string }[];
}

const tomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

describe('quotes from the cart', () => {
  it("asks for some of the cart's lines, priced or not, at any quantity; the cart is left alone", async () => {
    const { c, email } = await customer();
    const lines = await cartLines(c, [
      { itemId: products[0]!.id, qty: 5000 },
      { itemId: quoteOnly, qty: 3 },
      { itemId: products[1]!.id, qty: 1 },
    ]);
    const wanted = lines.filter((l) => l.id !== products[1]!.id).map((l) => l.cartLineId);
    const res = await c.gql<{ requestQuote: QuoteAnswer }>(REQUEST, {
      input: {
        cartLineIds: wanted,
        neededBy: tomorrow(),
        note: 'Run of 5,000: can you beat the 250+ price?',
      },
    });
    expect(res.errors).toBeUndefined();
    const quote = res.data!.requestQuote;
    expect(quote).toMatchObject({
      status: 'requested',
      neededBy: tomorrow(),
      source: 'cart',
      buyerEmail: email,
      companyName: null,
      note: 'Run of 5,000: can you beat the 250+ price?',
    });
    expect(Number(quote.number)).toBeGreaterThanOrEqual(100001);
    expect(quote.lines.map((l) => [l.lineNo, l.itemId, l.quantity, l.cataloguePrice === null])).toEqual([
      [1, products[0]!.id, 5000, false],
      [2, quoteOnly, 3, true],
    ]);
    // The cart still has its three lines.
    const cart = (await c.agent.get('/api/user/cart').expect(200)).body;
    expect(cart.orderLines).toHaveLength(3);
    // The buyer reads it, by id and in their list.
    const mine = await c.gql<{ myQuotes: { id: string }[]; quote: { number: string } }>(
      `query($id: ID!) { myQuotes { id } quote(id: $id) { number } }`,
      { id: quote.id },
    );
    expect(mine.data!.myQuotes.map((q) => q.id)).toEqual([quote.id]);
    expect(mine.data!.quote.number).toBe(quote.number);
  });

  it('refuses hostile or mistaken requests next to their field, and stores nothing', async () => {
    const { c } = await customer();
    const [line] = await cartLines(c, [{ itemId: products[0]!.id, qty: 2 }]);
    const fields = async (input: object) =>
      (await c.gql(REQUEST, { input })).errors?.[0]?.extensions?.fields as {
        field: string;
        message: string;
      }[];
    expect(await fields({ cartLineIds: [] })).toEqual([
      { field: 'cartLineIds', message: QUOTE_MESSAGES.noLines },
    ]);
    // Someone else's cart line, or a made-up one, is not in this cart.
    const { c: other } = await customer();
    const [theirs] = await cartLines(other, [{ itemId: products[1]!.id, qty: 1 }]);
    expect(await fields({ cartLineIds: [line!.cartLineId, theirs!.cartLineId] })).toEqual([
      { field: 'cartLineIds[1]', message: QUOTE_MESSAGES.unknownLine },
    ]);
    expect(await fields({ cartLineIds: ['not-a-uuid'] })).toEqual([
      { field: 'cartLineIds[0]', message: QUOTE_MESSAGES.unknownLine },
    ]);
    expect(await fields({ cartLineIds: [line!.cartLineId], neededBy: '2020-01-01' })).toEqual([
      { field: 'neededBy', message: QUOTE_MESSAGES.neededBy },
    ]);
    expect(await fields({ cartLineIds: [line!.cartLineId], neededBy: '2027-02-30' })).toEqual([
      { field: 'neededBy', message: QUOTE_MESSAGES.neededBy },
    ]);
    expect(await fields({ cartLineIds: [line!.cartLineId], note: 'x'.repeat(2001) })).toEqual([
      { field: 'note', message: QUOTE_MESSAGES.note },
    ]);
    const nul = await c.gql(REQUEST, { input: { cartLineIds: [line!.cartLineId], note: 'a\u0000b' } });
    expect(nul.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await c.gql<{ myQuotes: unknown[] }>('{ myQuotes { id } }')).data!.myQuotes).toEqual([]);
    // Staff do not ask for quotes; a visitor must sign in.
    const staffEmail = `quotes.staff.${randomUUID()}@plant.example`;
    await t.createUser({ email: staffEmail, password: FIXTURE_PASSWORD, role: ROLES.Service });
    const staff = await t.client();
    await staff.signIn(staffEmail, FIXTURE_PASSWORD);
    const [staffLine] = await cartLines(staff, [{ itemId: products[0]!.id, qty: 1 }]);
    const refused = await staff.gql(REQUEST, { input: { cartLineIds: [staffLine!.cartLineId] } });
    expect(refused.errors?.[0]).toMatchObject({
      message: QUOTE_MESSAGES.staffOnly,
      extensions: { code: 'FORBIDDEN' },
    });
    const visitor = await t.client();
    const anonymous = await visitor.gql(REQUEST, { input: { cartLineIds: [line!.cartLineId] } });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('a company sees its quotes by role; another buyer reads them as missing; staff list those waiting', async () => {
    const [account] = await db.execute<{ id: string }[]>(
      `insert into business_account (company) values ('Quoting Co') returning id`,
    );
    const buyer = await companyMember(t, account!.id, 'Buyer');
    const colleague = await companyMember(t, account!.id, 'Buyer');
    const approver = await companyMember(t, account!.id, 'Approver');
    const [line] = await cartLines(buyer.c, [{ itemId: products[0]!.id, qty: 800 }]);
    const quote = (
      await buyer.c.gql<{ requestQuote: QuoteAnswer }>(REQUEST, {
        input: { cartLineIds: [line!.cartLineId] },
      })
    ).data!.requestQuote;
    expect(quote.companyName).toBe('Quoting Co');
    const read = async (c: Client) =>
      c.gql<{ myQuotes: { id: string }[]; quote: { id: string } | null }>(
        `query($id: ID!) { myQuotes { id } quote(id: $id) { id } }`,
        { id: quote.id },
      );
    expect((await read(approver.c)).data?.myQuotes.map((q) => q.id)).toContain(quote.id);
    const colleagueRead = await read(colleague.c);
    expect(colleagueRead.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const { c: stranger } = await customer();
    expect((await read(stranger)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const malformed = await stranger.gql(`{ quote(id: "../../etc") { id } }`);
    expect(malformed.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    const staffEmail = `quotes.cs.${randomUUID()}@plant.example`;
    await t.createUser({ email: staffEmail, password: FIXTURE_PASSWORD, role: ROLES.CustomerService });
    const staff = await t.client();
    await staff.signIn(staffEmail, FIXTURE_PASSWORD);
    const queue = await staff.gql<{ adminQuotes: { id: string; status: string }[]; adminQuote: QuoteAnswer }>(
      `query($id: ID!) { adminQuotes { id status } adminQuote(id: $id) { number companyName lines { quantity } } }`,
      { id: quote.id },
    );
    expect(queue.data!.adminQuotes).toContainEqual({ id: quote.id, status: 'requested' });
    expect(queue.data!.adminQuote).toMatchObject({
      number: quote.number,
      companyName: 'Quoting Co',
      lines: [{ quantity: 800 }],
    });
    const forbidden = await buyer.c.gql('{ adminQuotes { id } }');
    expect(forbidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('staff review, price and send revisions; the buyer is e-mailed a link to it; a stale page, a missing price or a past day is refused', async () => {
    const { c, email } = await customer();
    const lines = await cartLines(c, [
      { itemId: products[0]!.id, qty: 1200 },
      { itemId: quoteOnly, qty: 4 },
    ]);
    const quote = (
      await c.gql<{ requestQuote: QuoteAnswer & { version?: number } }>(REQUEST, {
        input: { cartLineIds: lines.map((l) => l.cartLineId) },
      })
    ).data!.requestQuote;
    const staffEmail = `quotes.sales.${randomUUID()}@plant.example`;
    await t.createUser({ email: staffEmail, password: FIXTURE_PASSWORD, role: ROLES.Service });
    const staff = await t.client();
    await staff.signIn(staffEmail, FIXTURE_PASSWORD);
    const SEND = `mutation($id: ID!, $version: Int!, $input: QuoteAnswerInput!) {
      sendQuote(id: $id, version: $version, input: $input) {
        status version sent { revision freight subTotal total leadTimeDays expiresOn note lines { lineNo unitPrice lineTotal } }
      }
    }`;
    const reviewed = await staff.gql<{ reviewQuote: { status: string; version: number } }>(
      `mutation($id: ID!) { reviewQuote(id: $id, version: 1) { status version } }`,
      { id: quote.id },
    );
    expect(reviewed.data!.reviewQuote).toEqual({ status: 'in_review', version: 2 });
    const answer = {
      lines: [
        { lineNo: 1, unitPrice: 8.75 },
        { lineNo: 2, unitPrice: 212.5 },
      ],
      freight: 145,
      leadTimeDays: 12,
      expiresOn: tomorrow(),
      note: 'Anodized in one lot.',
    };
    const fields = async (version: number, input: object) =>
      (await staff.gql(SEND, { id: quote.id, version, input })).errors?.[0]?.extensions;
    // The page showed version 1: someone took it into review since.
    expect((await fields(1, answer))?.code).toBe('CONFLICT');
    expect((await fields(2, { ...answer, lines: [answer.lines[0]] }))?.fields).toEqual([
      { field: 'lines[1].unitPrice', message: QUOTE_ANSWER_MESSAGES.everyLine },
    ]);
    expect((await fields(2, { ...answer, expiresOn: '2020-01-01' }))?.fields).toEqual([
      { field: 'expiresOn', message: QUOTE_ANSWER_MESSAGES.expiresOn },
    ]);
    expect((await fields(2, { ...answer, freight: -1 }))?.fields).toEqual([
      { field: 'freight', message: QUOTE_ANSWER_MESSAGES.freight },
    ]);
    const sent = await staff.gql<{
      sendQuote: {
        status: string;
        version: number;
        sent: { revision: number; subTotal: number; total: number };
      };
    }>(SEND, { id: quote.id, version: 2, input: answer });
    expect(sent.errors).toBeUndefined();
    // 1,200 × 8.75 + 4 × 212.50 = 10,500 + 850; freight 145.
    expect(sent.data!.sendQuote).toMatchObject({
      status: 'quoted',
      version: 3,
      sent: { revision: 1, subTotal: 11350, total: 11495 },
    });
    const mail = await t.mail(email, { subject: new RegExp(`Your quote Q-${quote.number}`) });
    expect(mail.text).toContain('$11,495.00');
    // The revision as a PDF, attached when the e-mail was delivered, and on the quote's page.
    expect(mail.attachments).toEqual([
      {
        filename: `quote-Q-${quote.number}.pdf`,
        contentType: 'application/pdf',
        size: expect.any(Number),
        head: expect.stringMatching(/^%PDF-/),
      },
    ]);
    const pdf = await c.agent.get(`/api/quotes/${quote.id}/quote.pdf`).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { c: stranger } = await customer();
    await stranger.agent.get(`/api/quotes/${quote.id}/quote.pdf`).expect(404);
    const link = linkIn(mail);
    expect(link.pathname).toBe(`/user/account/quotes/${quote.id}`);
    const read = await c.gql<{
      quote: { status: string; sent: { revision: number; lines: { unitPrice: number }[] } };
    }>(`query($id: ID!) { quote(id: $id) { status sent { revision lines { unitPrice } } } }`, {
      id: link.pathname.split('/').pop(),
    });
    expect(read.data!.quote).toEqual({
      status: 'quoted',
      sent: { revision: 1, lines: [{ unitPrice: 8.75 }, { unitPrice: 212.5 }] },
    });

    // A better price is a new revision; the first stays as sent.
    const again = await staff.gql<{ sendQuote: { sent: { revision: number; total: number } } }>(SEND, {
      id: quote.id,
      version: 3,
      input: { ...answer, lines: [{ lineNo: 1, unitPrice: 8.5 }, answer.lines[1]] },
    });
    expect(again.data!.sendQuote.sent).toMatchObject({ revision: 2, total: 11195 });
    const [first] = await db.execute<{ total: number }[]>(
      'select total::float8 as total from quote_revision where quote_id = ? and revision = 1',
      [quote.id],
    );
    expect(first!.total).toBe(11495);
    // Past its last day it reads as expired.
    await db.execute(`update quote_revision set expires_on = current_date - 2 where quote_id = ?`, [
      quote.id,
    ]);
    const expired = await c.gql<{ quote: { status: string } }>(
      `query($id: ID!) { quote(id: $id) { status } }`,
      {
        id: quote.id,
      },
    );
    expect(expired.data!.quote.status).toBe('expired');
  });

  it('staff decline with a note the buyer reads and is e-mailed; a declined quote is not sent', async () => {
    const { c, email } = await customer();
    const [line] = await cartLines(c, [{ itemId: quoteOnly, qty: 2 }]);
    const quote = (
      await c.gql<{ requestQuote: QuoteAnswer }>(REQUEST, { input: { cartLineIds: [line!.cartLineId] } })
    ).data!.requestQuote;
    const staffEmail = `quotes.decline.${randomUUID()}@plant.example`;
    await t.createUser({ email: staffEmail, password: FIXTURE_PASSWORD, role: ROLES.Service });
    const staff = await t.client();
    await staff.signIn(staffEmail, FIXTURE_PASSWORD);
    const DECLINE = `mutation($id: ID!, $note: String!) { declineQuote(id: $id, version: 1, note: $note) { status declineNote } }`;
    const blank = await staff.gql(DECLINE, { id: quote.id, note: '  ' });
    expect(blank.errors?.[0]?.extensions?.fields).toEqual([
      { field: 'note', message: QUOTE_ANSWER_MESSAGES.declineNote },
    ]);
    const declined = await staff.gql<{ declineQuote: { status: string; declineNote: string } }>(DECLINE, {
      id: quote.id,
      note: 'We do not machine titanium.',
    });
    expect(declined.data!.declineQuote).toEqual({
      status: 'declined',
      declineNote: 'We do not machine titanium.',
    });
    const mail = await t.mail(email, { subject: /quote request Q-/ });
    expect(mail.text).toContain('We do not machine titanium.');
    // The buyer opens the e-mailed link: the quote reads declined, with staff's note.
    const declinedPage = await c.gql<{ quote: { status: string; declineNote: string } }>(
      `query($id: ID!) { quote(id: $id) { status declineNote } }`,
      { id: linkIn(mail).pathname.split('/').pop() },
    );
    expect(declinedPage.data!.quote).toEqual({
      status: 'declined',
      declineNote: 'We do not machine titanium.',
    });
    const late = await staff.gql(
      `mutation($id: ID!) { sendQuote(id: $id, version: 2, input: { lines: [{ lineNo: 1, unitPrice: 1 }], freight: 0, leadTimeDays: 1, expiresOn: "${tomorrow()}" }) { id } }`,
      { id: quote.id },
    );
    expect(late.errors?.[0]?.extensions?.code).toBe('CONFLICT');
  });
});

/** A quote asked by `c` for these cart items, sent by staff at these prices (revision 1). */
async function sentQuote(
  c: Client,
  items: { itemId: string; qty: number }[],
  prices: number[],
  freight = 60,
): Promise<{ id: string; number: string; send: (prices: number[], version: number) => Promise<unknown> }> {
  const lines = await cartLines(c, items);
  const wanted = lines.filter((l) => items.some((i) => i.itemId === l.id)).map((l) => l.cartLineId);
  const quote = (await c.gql<{ requestQuote: QuoteAnswer }>(REQUEST, { input: { cartLineIds: wanted } }))
    .data!.requestQuote;
  const staffEmail = `quotes.price.${randomUUID()}@plant.example`;
  await t.createUser({ email: staffEmail, password: FIXTURE_PASSWORD, role: ROLES.Service });
  const staff = await t.client();
  await staff.signIn(staffEmail, FIXTURE_PASSWORD);
  const send = async (unitPrices: number[], version: number) => {
    const res = await staff.gql(
      `mutation($id: ID!, $version: Int!, $input: QuoteAnswerInput!) { sendQuote(id: $id, version: $version, input: $input) { version } }`,
      {
        id: quote.id,
        version,
        input: {
          lines: unitPrices.map((unitPrice, i) => ({ lineNo: i + 1, unitPrice })),
          freight,
          leadTimeDays: 5,
          expiresOn: tomorrow(),
        },
      },
    );
    return res;
  };
  const first = (await send(prices, 1)) as { errors?: unknown };
  expect(first.errors).toBeUndefined();
  return { id: quote.id, number: quote.number, send };
}

const ACCEPT = `mutation($id: ID!, $revision: Int!) { acceptQuote(id: $id, revision: $revision) { status acceptedRevision } }`;
const PLACE = `mutation($input: PlaceOrderInput!, $key: String!, $quoteId: ID, $revision: Int) {
  placeOrder(input: $input, idempotencyKey: $key, quoteId: $quoteId, quoteRevision: $revision) {
    order { id status subTotal freightAmt lines { itemId name quantity price lineTotal quoted } }
    paymentError
  }
}`;

interface Placed {
  placeOrder: {
    order: {
      id: string;
      status: number;
      subTotal: number;
      freightAmt: number;
      lines: { itemId: string; quantity: number; price: number; lineTotal: number; quoted: boolean }[];
    };
  };
}

describe('quotes to orders', () => {
  it('the buyer accepts the revision sent and checks out with exactly its lines, prices and freight; the cart is left alone; once', async () => {
    const { c, email } = await customer();
    const quote = await sentQuote(
      c,
      [
        { itemId: products[0]!.id, qty: 100 },
        { itemId: quoteOnly, qty: 2 },
      ],
      [9.5, 120],
    );
    // Something else in the cart stays there.
    await cartLines(c, [{ itemId: products[1]!.id, qty: 1 }]);
    const accepted = await c.gql<{ acceptQuote: { status: string; acceptedRevision: number } }>(ACCEPT, {
      id: quote.id,
      revision: 1,
    });
    expect(accepted.data!.acceptQuote).toEqual({ status: 'accepted', acceptedRevision: 1 });
    // Accepted: no revision may be sent over it, and it is not accepted twice.
    expect(
      ((await quote.send([1, 1], 3)) as { errors?: { extensions: { code: string } }[] }).errors?.[0]
        ?.extensions.code,
    ).toBe('CONFLICT');
    expect((await c.gql(ACCEPT, { id: quote.id, revision: 1 })).errors?.[0]?.extensions?.code).toBe(
      'CONFLICT',
    );
    // Sent, then accepted once, each with the quote's version after it (the refusals wrote nothing).
    const [sent, acceptedEvent, ...more] = await eventsOf(t, 'quote', quote.id);
    expect(sent).toMatchObject({
      type: 'quote.sent',
      seq: 1,
      payload: { quoteId: quote.id, revision: 1, subTotal: 1190 },
    });
    expect(acceptedEvent).toMatchObject({
      type: 'quote.accepted',
      seq: 2,
      payload: { quoteId: quote.id, revision: 1 },
    });
    expect(acceptedEvent!.version).toBe(sent!.version! + 1);
    expect(more).toEqual([]);

    // Checkout shows the quote as a cart: its lines and prices, its freight, North Carolina's tax.
    const shown = await c.gql<{
      quoteCheckout: {
        subTotal: number;
        freightAmt: number;
        taxState: string;
        orderLines: { itemId: string; price: number }[];
      };
    }>(
      `query($id: ID!) { quoteCheckout(id: $id, revision: 1, state: "NC") { subTotal freightAmt taxState orderLines { itemId price } } }`,
      { id: quote.id },
    );
    expect(shown.data!.quoteCheckout).toMatchObject({ subTotal: 1190, freightAmt: 60, taxState: 'NC' });
    expect(shown.data!.quoteCheckout.orderLines.map((l) => l.price)).toEqual([9.5, 120]);
    const key = randomUUID();
    const input = checkoutBody(email, await authorisedCard(c));
    const placed = await c.gql<Placed>(PLACE, { input, key, quoteId: quote.id, revision: 1 });
    expect(placed.errors).toBeUndefined();
    const order = placed.data!.placeOrder.order;
    expect(order.lines.map((l) => [l.itemId, l.quantity, l.price, l.lineTotal, l.quoted])).toEqual([
      [products[0]!.id, 100, 9.5, 950, true],
      [quoteOnly, 2, 120, 240, true],
    ]);
    // The quote's freight, not the freight table's (free from $200).
    expect(order).toMatchObject({ subTotal: 1190, freightAmt: 60 });
    const read = await c.gql<{ quote: { status: string; orderId: string } }>(
      `query($id: ID!) { quote(id: $id) { status orderId } }`,
      { id: quote.id },
    );
    expect(read.data!.quote).toEqual({ status: 'ordered', orderId: order.id });
    const cart = (await c.agent.get('/api/user/cart').expect(200)).body;
    expect(cart.orderLines.map((l: { id: string }) => l.id).sort()).toEqual(
      [products[0]!.id, products[1]!.id, quoteOnly].sort(),
    );
    // The same key answers the same order; another key is refused: a quote is ordered once.
    const again = await c.gql<Placed>(PLACE, { input, key, quoteId: quote.id, revision: 1 });
    expect(again.data!.placeOrder.order.id).toBe(order.id);
    const other = await c.gql(PLACE, { input, key: randomUUID(), quoteId: quote.id, revision: 1 });
    expect(other.errors?.[0]).toMatchObject({
      message: QUOTE_MESSAGES.ordered,
      extensions: { code: 'CONFLICT' },
    });
  });

  it('a stale revision, an expired quote or a quote not accepted is refused; another buyer reads it as missing', async () => {
    const { c, email } = await customer();
    const quote = await sentQuote(c, [{ itemId: products[0]!.id, qty: 60 }], [10]);
    // Staff improve it while the buyer reads revision 1.
    expect(((await quote.send([9.75], 2)) as { errors?: unknown }).errors).toBeUndefined();
    const stale = await c.gql(ACCEPT, { id: quote.id, revision: 1 });
    expect(stale.errors?.[0]).toMatchObject({
      message: QUOTE_MESSAGES.revised,
      extensions: { code: 'CONFLICT' },
    });
    const input = checkoutBody(email, await authorisedCard(c));
    const early = await c.gql(PLACE, { input, key: randomUUID(), quoteId: quote.id, revision: 2 });
    expect(early.errors?.[0]?.message).toBe(QUOTE_MESSAGES.acceptFirst);
    const { c: stranger } = await customer();
    expect((await stranger.gql(ACCEPT, { id: quote.id, revision: 2 })).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
    await db.execute(`update quote_revision set expires_on = current_date - 2 where quote_id = ?`, [
      quote.id,
    ]);
    const expired = await c.gql(ACCEPT, { id: quote.id, revision: 2 });
    expect(expired.errors?.[0]).toMatchObject({
      message: QUOTE_MESSAGES.expired,
      extensions: { code: 'CONFLICT' },
    });
    // Staff find it among the expired and send it again: a new revision the buyer may accept.
    expect(((await quote.send([9.9], 3)) as { errors?: unknown }).errors).toBeUndefined();
    expect((await c.gql(ACCEPT, { id: quote.id, revision: 3 })).errors).toBeUndefined();
  });

  it('Request again: an expired or declined quote becomes a new request with the same lines; an open one is refused; another buyer reads it as missing', async () => {
    const AGAIN = `mutation($id: ID!) { requestQuoteAgain(id: $id) {
      id number status neededBy note source buyerEmail
      lines { lineNo itemId description quantity cataloguePrice unitPrice } } }`;
    const { c, email } = await customer();
    const quote = await sentQuote(
      c,
      [
        { itemId: products[0]!.id, qty: 60 },
        { itemId: products[1]!.id, qty: 7 },
      ],
      [10, 20],
    );
    // Open (quoted, before its last day): accept it instead.
    const open = await c.gql(AGAIN, { id: quote.id });
    expect(open.errors?.[0]).toMatchObject({
      message: QUOTE_MESSAGES.notAgain,
      extensions: { code: 'CONFLICT' },
    });
    await db.execute(`update quote_revision set expires_on = current_date - 2 where quote_id = ?`, [
      quote.id,
    ]);
    // Another buyer cannot copy it: it reads as missing, and nothing is asked in their name.
    const { c: stranger } = await customer();
    const theirs = await stranger.gql(AGAIN, { id: quote.id });
    expect(theirs.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await stranger.gql<{ myQuotes: unknown[] }>('{ myQuotes { id } }')).data!.myQuotes).toEqual([]);
    expect((await stranger.gql(AGAIN, { id: 'not-a-uuid' })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    const asked = await c.gql<{ requestQuoteAgain: QuoteAnswer }>(AGAIN, { id: quote.id });
    expect(asked.errors).toBeUndefined();
    const again = asked.data!.requestQuoteAgain;
    expect(again).toMatchObject({ status: 'requested', buyerEmail: email, neededBy: null });
    expect(again.id).not.toBe(quote.id);
    expect(Number(again.number)).toBeGreaterThan(Number(quote.number));
    expect(again.lines.map((l) => [l.lineNo, l.itemId, l.quantity])).toEqual([
      [1, products[0]!.id, 60],
      [2, products[1]!.id, 7],
    ]);
    // Unpriced until staff answer it; the buyer sees it listed, newest first, next to the expired one.
    expect(again.lines.every((l) => (l as { unitPrice?: number | null }).unitPrice === null)).toBe(true);
    const mine = await c.gql<{ myQuotes: { id: string; status: string }[] }>('{ myQuotes { id status } }');
    expect(mine.data!.myQuotes.slice(0, 2)).toEqual([
      { id: again.id, status: 'requested' },
      { id: quote.id, status: 'expired' },
    ]);
  });

  it('Request again copies a declined request of an unpriced part with its note; staff cannot ask for quotes', async () => {
    const AGAIN = `mutation($id: ID!) { requestQuoteAgain(id: $id) { status note lines { itemId description quantity } } }`;
    const { c } = await customer();
    const [line] = await cartLines(c, [{ itemId: quoteOnly, qty: 3 }]);
    const quote = (
      await c.gql<{ requestQuote: QuoteAnswer }>(REQUEST, {
        input: { cartLineIds: [line!.cartLineId], note: 'Anodised, please.' },
      })
    ).data!.requestQuote;
    const waiting = await c.gql(AGAIN, { id: quote.id });
    expect(waiting.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    await db.execute(`update quote set status = 'declined', decline_note = 'No.' where id = ?`, [quote.id]);
    const again = await c.gql<{ requestQuoteAgain: QuoteAnswer }>(AGAIN, { id: quote.id });
    expect(again.data!.requestQuoteAgain).toEqual({
      status: 'requested',
      note: 'Anodised, please.',
      lines: [{ itemId: quoteOnly, description: quote.lines[0]!.description, quantity: 3 }],
    });
    const staffEmail = `quotes.again.${randomUUID()}@plant.example`;
    await t.createUser({ email: staffEmail, password: FIXTURE_PASSWORD, role: ROLES.Service });
    const staff = await t.client();
    await staff.signIn(staffEmail, FIXTURE_PASSWORD);
    expect((await staff.gql(AGAIN, { id: quote.id })).errors?.[0]?.extensions?.code).toMatch(
      /FORBIDDEN|NOT_FOUND/,
    );
  });

  it('two acceptances at once, then two checkouts at once with different keys: one acceptance, one order', async () => {
    const { c, email } = await customer();
    const quote = await sentQuote(c, [{ itemId: products[1]!.id, qty: 30 }], [15]);
    const accepts = await Promise.all([1, 2].map(() => c.gql(ACCEPT, { id: quote.id, revision: 1 })));
    expect(accepts.filter((r) => !r.errors).length).toBe(1);
    expect(accepts.filter((r) => r.errors?.[0]?.extensions?.code === 'CONFLICT').length).toBe(1);
    const input = checkoutBody(email, await authorisedCard(c));
    const places = await Promise.all(
      [1, 2].map(() => c.gql<Placed>(PLACE, { input, key: randomUUID(), quoteId: quote.id, revision: 1 })),
    );
    expect(places.filter((r) => !r.errors).length).toBe(1);
    const [orders] = await db.execute<{ n: number }[]>(
      `select count(*)::int as n from customer_order where idempotency_scope like ?`,
      [`%:quote:${quote.id}`],
    );
    expect(orders!.n).toBe(1);
  });

  it("a partner key reads, accepts and orders its user's quote (orders:own); a catalogue key is refused", async () => {
    const { c, email } = await customer();
    const quote = await sentQuote(c, [{ itemId: products[0]!.id, qty: 40 }], [11]);
    const [me] = await db.execute<{ id: string }[]>('select id from app_user where email = ?', [email]);
    const adminEmail = `quotes.keys.${randomUUID()}@plant.example`;
    await t.createUser({ email: adminEmail, password: FIXTURE_PASSWORD, role: ROLES.Admin });
    const admin = await t.client();
    await admin.signIn(adminEmail, FIXTURE_PASSWORD);
    const bearer = async (scopes: string[]) => {
      const made = await admin.gql<{ createApiKey: { key: string } }>(
        `mutation($u: ID!, $s: [String!]!) { createApiKey(userId: $u, name: "Procurement", scopes: $s) { key } }`,
        { u: me!.id, s: scopes },
      );
      const res = await t
        .agent()
        .post('/api/auth/token')
        .send({ apiKey: made.data!.createApiKey.key })
        .expect(200);
      return { Authorization: `Bearer ${res.body.accessToken as string}` };
    };
    const asKey = async (auth: Record<string, string>, query: string, variables: object = {}) =>
      (await t.agent().post('/graphql').set(auth).send({ query, variables }).expect(200)).body;

    const catalogue = await bearer(['catalog:read']);
    const refused = await asKey(catalogue, '{ myQuotes { id } }');
    expect(refused.errors[0].extensions.code).toBe('FORBIDDEN');
    await t.agent().get(`/api/quotes/${quote.id}/quote.pdf`).set(catalogue).expect(403);

    const orders = await bearer(['orders:own']);
    const listed = await asKey(orders, '{ myQuotes { id status sent { total } } }');
    expect(listed.data.myQuotes).toEqual([{ id: quote.id, status: 'quoted', sent: { total: 500 } }]);
    const pdf = await t.agent().get(`/api/quotes/${quote.id}/quote.pdf`).set(orders).expect(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    expect((await asKey(orders, ACCEPT, { id: quote.id, revision: 1 })).data.acceptQuote).toEqual({
      status: 'accepted',
      acceptedRevision: 1,
    });
    const input = checkoutBody(email, await authorisedCard(c));
    const placed = await asKey(orders, PLACE, { input, key: randomUUID(), quoteId: quote.id, revision: 1 });
    expect(placed.errors).toBeUndefined();
    expect(placed.data.placeOrder.order).toMatchObject({ subTotal: 440, freightAmt: 60 });
    expect(placed.data.placeOrder.order.lines.map((l: { price: number }) => l.price)).toEqual([11]);
  });

  it("a company buyer's quote order over their limit waits for approval like any order", async () => {
    const [account] = await db.execute<{ id: string }[]>(
      `insert into business_account (company) values ('Quoted Limits Co') returning id`,
    );
    const buyer = await companyMember(t, account!.id, 'Buyer', { orderLimit: 100 });
    const approver = await companyMember(t, account!.id, 'Approver');
    const quote = await sentQuote(buyer.c, [{ itemId: products[0]!.id, qty: 40 }], [12]);
    // The approver sees the quote but only its buyer accepts it.
    const notTheirs = await approver.c.gql(ACCEPT, { id: quote.id, revision: 1 });
    expect(notTheirs.errors?.[0]?.message).toBe(QUOTE_MESSAGES.notYours);
    expect((await buyer.c.gql(ACCEPT, { id: quote.id, revision: 1 })).errors).toBeUndefined();
    const placed = await buyer.c.gql<Placed>(PLACE, {
      input: checkoutBody(buyer.email, await authorisedCard(buyer.c)),
      key: randomUUID(),
      quoteId: quote.id,
      revision: 1,
    });
    expect(placed.errors).toBeUndefined();
    expect(placed.data!.placeOrder.order.status).toBe(19);
    // Rejected, the order is cancelled and the quote is accepted again: the buyer may order it anew.
    const rejected = await approver.c.gql(
      `mutation($id: ID!) { decideCompanyOrder(orderId: $id, approve: false, note: "Wait for Q1 budget") { decision } }`,
      { id: placed.data!.placeOrder.order.id },
    );
    expect(rejected.errors).toBeUndefined();
    const reopened = await buyer.c.gql<{ quote: { status: string; orderId: string | null } }>(
      `query($id: ID!) { quote(id: $id) { status orderId } }`,
      { id: quote.id },
    );
    expect(reopened.data!.quote).toEqual({ status: 'accepted', orderId: null });
  });

  it('a quote order cancelled in the console reopens its quote once and gives its stock back (decision 067)', async () => {
    const { c, email } = await customer();
    const quote = await sentQuote(c, [{ itemId: products[0]!.id, qty: 40 }], [12]);
    expect((await c.gql(ACCEPT, { id: quote.id, revision: 1 })).errors).toBeUndefined();
    const placed = await c.gql<Placed>(PLACE, {
      input: checkoutBody(email, await authorisedCard(c)),
      key: randomUUID(),
      quoteId: quote.id,
      revision: 1,
    });
    expect(placed.errors).toBeUndefined();
    const orderId = placed.data!.placeOrder.order.id;
    const order = (await c.agent.get(`/api/orders/${orderId}`).expect(200)).body;
    const [ordered] = await db.execute<{ version: number }[]>('select version from quote where id = ?', [
      quote.id,
    ]);
    const staffEmail = `quotes.cancel.${randomUUID()}@plant.example`;
    await t.createUser({ email: staffEmail, password: FIXTURE_PASSWORD, role: ROLES.CustomerService });
    const staff = await t.client();
    await staff.signIn(staffEmail, FIXTURE_PASSWORD);
    const cancelled = await staff.gql(
      `mutation($id: ID!, $version: Int!, $input: AdminOrderInput!) { updateOrder(id: $id, version: $version, input: $input) { status } }`,
      { id: orderId, version: order.version, input: orderEditInput(order, { status: 16 }) },
    );
    expect(cancelled.errors).toBeUndefined();
    const reopened = await c.gql<{ quote: { status: string; orderId: string | null } }>(
      `query($id: ID!) { quote(id: $id) { status orderId } }`,
      { id: quote.id },
    );
    expect(reopened.data!.quote).toEqual({ status: 'accepted', orderId: null });
    const [after] = await db.execute<{ version: number }[]>('select version from quote where id = ?', [
      quote.id,
    ]);
    expect(after!.version).toBe(ordered!.version + 1);
    const reservations = await db.execute<{ status: string }[]>(
      'select distinct status from stock_reservation where order_id = ?',
      [orderId],
    );
    expect(reservations).toEqual([{ status: 'released' }]);
    const [events] = await db.execute<{ n: number }[]>(
      'select count(*)::int as n from order_event where order_id = ? and to_status = 16',
      [orderId],
    );
    expect(events!.n).toBe(1);
  });

  it('buyer and staff exchange messages on a quote; each side is e-mailed a link to it; strangers cannot write', async () => {
    const { c, email } = await customer();
    const quote = await sentQuote(c, [{ itemId: products[0]!.id, qty: 75 }], [10.5]);
    const WRITE = `mutation($id: ID!, $body: String!) { sendQuoteMessage(id: $id, body: $body) { messages { staff body } } }`;
    const blank = await c.gql(WRITE, { id: quote.id, body: ' ' });
    expect(blank.errors?.[0]?.extensions?.fields).toEqual([{ field: 'body', message: 'Write a message.' }]);
    const asked = await c.gql<{ sendQuoteMessage: { messages: { staff: boolean; body: string }[] } }>(WRITE, {
      id: quote.id,
      body: 'Can you ship half now and half in January?',
    });
    expect(asked.data!.sendQuoteMessage.messages).toEqual([
      { staff: false, body: 'Can you ship half now and half in January?' },
    ]);
    const toStaff = await t.mail(BRAND.email.help, { subject: new RegExp(`quote Q-${quote.number}`) });
    expect(toStaff.text).toContain('half in January');
    const staffLink = linkIn(toStaff);
    expect(staffLink.pathname).toBe(`/admin/quotes/${quote.id}`);
    const staffEmail = `quotes.msg.${randomUUID()}@plant.example`;
    await t.createUser({ email: staffEmail, password: FIXTURE_PASSWORD, role: ROLES.CustomerService });
    const staff = await t.client();
    await staff.signIn(staffEmail, FIXTURE_PASSWORD);
    // Staff open the e-mailed console link's quote and answer there.
    const answered = await staff.gql<{ sendQuoteStaffMessage: { messages: { staff: boolean }[] } }>(
      `mutation($id: ID!, $body: String!) { sendQuoteStaffMessage(id: $id, body: $body) { messages { staff } } }`,
      { id: staffLink.pathname.split('/').pop(), body: 'Yes: two shipments, same prices.' },
    );
    expect(answered.data!.sendQuoteStaffMessage.messages.map((m) => m.staff)).toEqual([false, true]);
    const toBuyer = await t.mail(email, { subject: new RegExp(`quote Q-${quote.number}`) });
    expect(toBuyer.text).toContain('two shipments');
    const buyerLink = linkIn(toBuyer);
    expect(buyerLink.pathname).toBe(`/user/account/quotes/${quote.id}`);
    // The buyer opens it, reads the answer and writes back.
    const thread = await c.gql<{ sendQuoteMessage: { messages: { staff: boolean }[] } }>(WRITE, {
      id: buyerLink.pathname.split('/').pop(),
      body: 'Thank you, please do.',
    });
    expect(thread.data!.sendQuoteMessage.messages.map((m) => m.staff)).toEqual([false, true, false]);
    const { c: stranger } = await customer();
    expect((await stranger.gql(WRITE, { id: quote.id, body: 'Hello' })).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
  });
});

describe('quotes from the quote form', () => {
  const PDF = Buffer.from('%PDF-1.7\n% bracket, rev B\n');
  const sendForm = (c: Client, fields: Record<string, string>, drawing?: [Buffer, string]) => {
    const req = c.agent.post('/api/forms/quote').set(CSRF.header, c.token);
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    return drawing ? req.attach('drawings', drawing[0], drawing[1]) : req;
  };
  const staffClient = async () => {
    const staffEmail = `quotes.form.${randomUUID()}@plant.example`;
    await t.createUser({ email: staffEmail, password: FIXTURE_PASSWORD, role: ROLES.Service });
    const staff = await t.client();
    await staff.signIn(staffEmail, FIXTURE_PASSWORD);
    return staff;
  };
  const SEND = `mutation($id: ID!, $version: Int!, $input: QuoteAnswerInput!) {
    sendQuote(id: $id, version: $version, input: $input) { version status sent { lines { itemId description } } }
  }`;

  it("makes a signed-in buyer's form a quote with its drawings; staff name the part a line in words is ordered as; it is ordered as that part in the buyer's words", async () => {
    const { c, email } = await customer();
    const sent = await sendForm(
      c,
      {
        item: 'Motor bracket to drawing MB-7, rev B',
        quantity: '40',
        email,
        phone: '704-555-0188',
        comments: 'Anodized black.',
      },
      [PDF, 'bracket.pdf'],
    ).expect(201);
    const quoteId: string = sent.body.quote.id;
    expect(sent.body).toEqual({ id: quoteId, quote: { id: quoteId, number: expect.any(String) } });

    // The buyer's e-mail links to the quote's page; the page reads the request, its drawing downloads.
    const mail = await t.mail(email, { subject: /received/ });
    expect(mail.text).toContain(`Reference: Q-${sent.body.quote.number}`);
    expect(linkIn(mail).pathname).toBe(`/user/account/quotes/${quoteId}`);
    // The buyer acts on the quote the link names (its page reads it by that id).
    const fromLink = linkIn(mail).pathname.split('/').pop()!;
    const read = await c.gql<{
      quote: {
        source: string;
        note: string;
        phone: string;
        lines: { itemId: string | null; description: string; quantity: number }[];
        attachments: { id: string; filename: string; kind: string; size: number }[];
      };
    }>(
      `query($id: ID!) { quote(id: $id) { source note phone lines { itemId description quantity } attachments { id filename kind size } } }`,
      { id: fromLink },
    );
    const quote = read.data!.quote;
    expect(quote).toMatchObject({
      source: 'form',
      note: 'Anodized black.',
      phone: '704-555-0188',
      lines: [{ itemId: null, description: 'Motor bracket to drawing MB-7, rev B', quantity: 40 }],
      attachments: [{ filename: 'bracket.pdf', kind: 'pdf', size: PDF.length, id: expect.any(String) }],
    });
    const file = `/api/quotes/${quoteId}/attachments/${quote.attachments[0]!.id}`;
    const download = await c.agent.get(file).buffer(true).expect(200);
    expect(Buffer.from(download.body as Buffer).equals(PDF)).toBe(true);
    const { c: stranger } = await customer();
    await stranger.agent.get(file).expect(404);
    const staff = await staffClient();
    await staff.agent.get(`/api/admin/quotes/${quoteId}/attachments/${quote.attachments[0]!.id}`).expect(200);
    const toStaff = await t.mail(BRAND.email.help, { subject: new RegExp(`Q-${sent.body.quote.number}`) });
    expect(linkIn(toStaff).pathname).toBe(`/admin/quotes/${quoteId}`);
    // Staff price the quote their e-mail's console link opens.
    const consoleId = linkIn(toStaff).pathname.split('/').pop()!;
    const opened = await staff.gql<{ adminQuote: { number: string; source: string } }>(
      `query($id: ID!) { adminQuote(id: $id) { number source } }`,
      { id: consoleId },
    );
    expect(opened.data!.adminQuote).toEqual({ number: sent.body.quote.number, source: 'form' });

    // A line in words needs the catalogue part it is ordered as: missing or unknown is refused next to it.
    const answer = (itemId?: string) => ({
      lines: [{ lineNo: 1, unitPrice: 18.5, ...(itemId === undefined ? {} : { itemId }) }],
      freight: 25,
      leadTimeDays: 10,
      expiresOn: tomorrow(),
    });
    const missing = await staff.gql(SEND, { id: consoleId, version: 1, input: answer() });
    expect(missing.errors?.[0]?.extensions?.fields).toEqual([
      { field: 'lines[0].itemId', message: QUOTE_ANSWER_MESSAGES.partNeeded },
    ]);
    const unknown = await staff.gql(SEND, { id: consoleId, version: 1, input: answer('NO-SUCH-PART') });
    expect(unknown.errors?.[0]?.extensions?.fields).toEqual([
      { field: 'lines[0].itemId', message: QUOTE_ANSWER_MESSAGES.unknownPart },
    ]);
    const priced = await staff.gql<{ sendQuote: { status: string; sent: { lines: object[] } } }>(SEND, {
      id: consoleId,
      version: 1,
      input: answer(CUSTOM_WORK_PART.toLowerCase()),
    });
    expect(priced.data!.sendQuote).toMatchObject({
      status: 'quoted',
      sent: { lines: [{ itemId: CUSTOM_WORK_PART, description: 'Motor bracket to drawing MB-7, rev B' }] },
    });

    expect((await c.gql(ACCEPT, { id: fromLink, revision: 1 })).errors).toBeUndefined();
    const input = checkoutBody(email, await authorisedCard(c));
    const placed = await c.gql<Placed>(PLACE, { input, key: randomUUID(), quoteId: fromLink, revision: 1 });
    expect(placed.errors).toBeUndefined();
    expect(placed.data!.placeOrder.order).toMatchObject({
      subTotal: 740,
      freightAmt: 25,
      lines: [
        {
          itemId: CUSTOM_WORK_PART,
          name: 'Motor bracket to drawing MB-7, rev B',
          quantity: 40,
          price: 18.5,
          quoted: true,
        },
      ],
    });
  });

  it('names the catalogue part when the item is its part number; refuses a bad quantity or file', async () => {
    const { c, email } = await customer();
    const [part] = await db.execute<{ id: string; name: string }[]>(
      `select id, name from product where id = ?`,
      [products[0]!.id],
    );
    const named = await sendForm(c, { item: ` ${part!.id.toLowerCase()} `, email }).expect(201);
    const read = await c.gql<{
      quote: { lines: { itemId: string; description: string; quantity: number }[] };
    }>(`query($id: ID!) { quote(id: $id) { lines { itemId description quantity } } }`, {
      id: named.body.quote.id,
    });
    expect(read.data!.quote.lines).toEqual([{ itemId: part!.id, description: part!.name, quantity: 1 }]);

    const [before] = await db.execute<{ n: number }[]>('select count(*)::int as n from quote');
    const badQuantity = await sendForm(c, { item: 'Plates', quantity: '0', email }).expect(400);
    expect(badQuantity.body.error.fields).toEqual([
      { field: 'quantity', message: 'Enter a quantity from 1 to 100,000.' },
    ]);
    const badFile = await sendForm(c, { item: 'Plates', email }, [
      Buffer.from('MZ not a drawing'),
      'plates.pdf',
    ]).expect(400);
    expect(badFile.body.error.fields[0].field).toBe('drawings');
    const [after] = await db.execute<{ n: number }[]>('select count(*)::int as n from quote');
    expect(after!.n).toBe(before!.n);
  });
});

describe("a guest's quote form (issue 51 item 9, decision 061)", () => {
  const PDF = Buffer.from('%PDF-1.7\n% guard frame\n');
  const sendForm = (c: Client, fields: Record<string, string>, drawing?: [Buffer, string]) => {
    const req = c.agent.post('/api/forms/quote').set(CSRF.header, c.token);
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    return drawing ? req.attach('drawings', drawing[0], drawing[1]) : req;
  };
  const READ = `query($id: ID!) { quote(id: $id) { id number status source buyerEmail buyerName note
    lines { description quantity } attachments { filename } sent { revision total } } }`;
  type Read = {
    quote: {
      id: string;
      number: string;
      status: string;
      source: string;
      buyerEmail: string;
      buyerName: string;
      note: string;
      lines: { description: string; quantity: number }[];
      attachments: { filename: string }[];
      sent: { revision: number; total: number } | null;
    };
  };
  const ACCEPT = `mutation($id: ID!, $revision: Int!) { acceptQuote(id: $id, revision: $revision) { status } }`;

  /** A guest sends the form; staff price it (revision 1) through the console's API. */
  async function guestQuote() {
    const guest = await t.client();
    const email = `guest.${randomUUID()}@plant.example`;
    const sent = await sendForm(
      guest,
      {
        item: 'Guard frame, 1200 x 800, to drawing',
        quantity: '2',
        email,
        firstName: 'Gale',
        lastName: 'Guest',
        comments: 'Clear panels.',
      },
      [PDF, 'guard.pdf'],
    ).expect(201);
    // The page that sent it learns the number, not the quote: it opens from the e-mailed link.
    expect(sent.body).toEqual({ id: expect.any(String), emailed: { number: expect.any(String) } });
    const id: string = sent.body.id;
    const received = await t.mail(email, { subject: /received/ });
    const staffEmail = `quotes.guest.${randomUUID()}@plant.example`;
    await t.createUser({ email: staffEmail, password: FIXTURE_PASSWORD, role: ROLES.Service });
    const staff = await t.client();
    await staff.signIn(staffEmail, FIXTURE_PASSWORD);
    const priced = await staff.gql<{ sendQuote: { status: string } }>(
      `mutation($id: ID!, $input: QuoteAnswerInput!) { sendQuote(id: $id, version: 1, input: $input) { status } }`,
      {
        id,
        input: {
          lines: [{ lineNo: 1, unitPrice: 310, itemId: CUSTOM_WORK_PART }],
          freight: 40,
          leadTimeDays: 12,
          expiresOn: tomorrow(),
        },
      },
    );
    expect(priced.errors).toBeUndefined();
    const quoted = await t.mail(email, { subject: /Q-/, after: received.id });
    return { guest, email, id, number: sent.body.emailed.number as string, received, quoted, staff };
  }

  /** Follows an e-mailed link as its browser does: the redirect's page. */
  async function follow(c: Client, link: URL): Promise<string> {
    const res = await c.agent.get(link.pathname + link.search).expect(303);
    return res.headers.location as string;
  }

  it('makes a quote staff price like any; its e-mails carry a link that opens it read-only, and once signed up the guest accepts and orders it', async () => {
    const { guest, email, id, number, received, quoted, staff } = await guestQuote();
    // Staff see the guest's quote in the queue like any, with the contact's e-mail and name.
    const queue = await staff.gql<{ adminQuote: { buyerEmail: string; buyerName: string; source: string } }>(
      `query($id: ID!) { adminQuote(id: $id) { buyerEmail buyerName source } }`,
      { id },
    );
    expect(queue.data!.adminQuote).toEqual({ buyerEmail: email, buyerName: 'Gale Guest', source: 'form' });
    // Both e-mails carry an access link (never the page's address: the guest has no account to open it with).
    expect(received.text).toContain(`Reference: Q-${number}`);
    for (const mail of [received, quoted]) {
      expect(linkIn(mail).pathname).toBe('/api/quotes/access');
      expect(linkIn(mail).searchParams.get('token')).toMatch(/^[\w-]{40,}$/);
    }
    // Before the link, the guest's browser reads nothing.
    expect((await guest.gql(READ, { id })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // Another browser opens the priced quote from the e-mail, read-only.
    const browser = await t.client();
    expect(await follow(browser, linkIn(quoted))).toBe(`/user/account/quotes/${id}`);
    const read = await browser.gql<Read>(READ, { id });
    expect(read.errors).toBeUndefined();
    expect(read.data!.quote).toMatchObject({
      number,
      status: 'quoted',
      buyerEmail: email,
      note: 'Clear panels.',
      lines: [{ description: 'Guard frame, 1200 x 800, to drawing', quantity: 2 }],
      attachments: [{ filename: 'guard.pdf' }],
      sent: { revision: 1, total: 660 },
    });
    await browser.agent.get(`/api/quotes/${id}/quote.pdf`).expect(200);
    // Accepting needs an account.
    expect((await browser.gql(ACCEPT, { id, revision: 1 })).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    // The guest signs up in that browser (two steps and the e-mailed link); the quote joins the new account.
    const newEmail = `gale.${randomUUID()}@plant.example`;
    await browser
      .send('post', '/api/user/registration', {
        email: newEmail,
        firstName: 'Gale',
        lastName: 'Guest',
        termsAccepted: true,
      })
      .expect(202);
    const token = linkIn(await t.mail(newEmail)).searchParams.get('token')!;
    const pending = await browser.agent
      .get(`/api/user/register-token?token=${encodeURIComponent(token)}`)
      .expect(200);
    const done = await browser
      .send('post', `/api/user/registration/${pending.body.id}/complete`, {
        token,
        password: FIXTURE_PASSWORD,
        confirmPassword: FIXTURE_PASSWORD,
      })
      .expect(201);
    takeCsrfCookie(browser, done);
    const mine = await browser.gql<{ myQuotes: { id: string; buyerEmail: string }[] }>(
      `{ myQuotes { id buyerEmail } }`,
    );
    expect(mine.data!.myQuotes).toEqual([{ id, buyerEmail: newEmail }]);
    expect(
      (await browser.gql<{ acceptQuote: { status: string } }>(ACCEPT, { id, revision: 1 })).data,
    ).toEqual({
      acceptQuote: { status: 'accepted' },
    });
    const placed = await browser.gql<{ placeOrder: { order: { subTotal: number; freightAmt: number } } }>(
      `mutation($input: PlaceOrderInput!, $key: String!, $quoteId: ID, $revision: Int) {
        placeOrder(input: $input, idempotencyKey: $key, quoteId: $quoteId, quoteRevision: $revision) {
          order { subTotal freightAmt } } }`,
      {
        input: checkoutBody(newEmail, await authorisedCard(browser)),
        key: randomUUID(),
        quoteId: id,
        revision: 1,
      },
    );
    expect(placed.errors).toBeUndefined();
    expect(placed.data!.placeOrder.order).toEqual({ subTotal: 620, freightAmt: 40 });
    // The link is spent: it now says the quote is on an account (the owner's browser still opens it).
    expect(await follow(await t.client(), linkIn(received))).toBe('/user/account/quotes/link?problem=used');
    expect(await follow(browser, linkIn(received))).toBe(`/user/account/quotes/${id}`);
  });

  it('a later visitor of a shared browser who signs in there does not take the quote; its own address does', async () => {
    const { email, id, received } = await guestQuote();
    const shared = await t.client();
    expect(await follow(shared, linkIn(received))).toBe(`/user/account/quotes/${id}`);
    // The guest walks away; 31 minutes later someone else signs in on that computer.
    const later = Date.now() + 31 * 60_000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      const other = `other.${randomUUID()}@plant.example`;
      await t.createUser({ email: other, password: FIXTURE_PASSWORD });
      await shared.signIn(other, FIXTURE_PASSWORD);
      const theirs = await shared.gql<{ myQuotes: { id: string }[] }>('{ myQuotes { id } }');
      expect(theirs.data!.myQuotes).toEqual([]);
      expect((await shared.gql(READ, { id })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    } finally {
      clock.mockRestore();
    }
    // The account of the address the quote was sent to takes it whenever it opens the link.
    await t.createUser({ email, password: FIXTURE_PASSWORD });
    const owner = await t.client();
    await owner.signIn(email, FIXTURE_PASSWORD);
    expect(await follow(owner, linkIn(received))).toBe(`/user/account/quotes/${id}`);
    const mine = await owner.gql<{ myQuotes: { id: string }[] }>('{ myQuotes { id } }');
    expect(mine.data!.myQuotes.map((q) => q.id)).toEqual([id]);
  });

  it('answers an expired, forged or used link clearly; another customer cannot read or take the quote without it', async () => {
    const { id, received, quoted } = await guestQuote();
    const thief = await customer();
    // Signed in, by id alone: missing, as anyone else's quote.
    expect((await thief.c.gql(READ, { id })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await thief.c.gql(ACCEPT, { id, revision: 1 })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    await thief.c.agent.get(`/api/quotes/${id}/quote.pdf`).expect(404);
    // A forged token, or none.
    const forged = new URL(linkIn(received));
    forged.searchParams.set('token', 'x'.repeat(43));
    expect(await follow(await t.client(), forged)).toBe('/user/account/quotes/link?problem=unknown');
    expect(await follow(await t.client(), new URL('http://localhost/api/quotes/access'))).toBe(
      '/user/account/quotes/link?problem=unknown',
    );
    // Past its day.
    await db.execute(`update access_link set expires_at = now() - interval '1 minute' where token_hash = ?`, [
      tokenHash(linkIn(received).searchParams.get('token')!),
    ]);
    expect(await follow(await t.client(), linkIn(received))).toBe(
      '/user/account/quotes/link?problem=expired',
    );
    // The link's holder, signed in, takes it onto their account; another link to it then reads as used.
    const holder = await customer();
    expect(await follow(holder.c, linkIn(quoted))).toBe(`/user/account/quotes/${id}`);
    expect((await holder.c.gql<Read>(READ, { id })).data!.quote.buyerEmail).toBe(holder.email);
    expect(await follow(thief.c, linkIn(quoted))).toBe('/user/account/quotes/link?problem=used');
    expect((await thief.c.gql(READ, { id })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('keeps the link from staff: the outbox, the audit log and the server log never hold it', async () => {
    const quote = await guestQuote();
    // The links are followed, as the guest would.
    await follow(await t.client(), linkIn(quote.quoted));
    const tokens = [quote.received, quote.quoted].map((m) => linkIn(m).searchParams.get('token')!);
    const admin = `quotes.admin.${randomUUID()}@plant.example`;
    await t.createUser({ email: admin, password: FIXTURE_PASSWORD, role: ROLES.Admin });
    const staff = await t.client();
    await staff.signIn(admin, FIXTURE_PASSWORD);
    const outbox = await staff.gql<{ outboxEmails: { textBody: string }[] }>(
      `{ outboxEmails(to: "${quote.email}") { textBody } }`,
    );
    expect(outbox.data!.outboxEmails.length).toBeGreaterThanOrEqual(2);
    const stored = await db.execute<{ text: string }[]>(
      `select text_body as text from email_outbox where to_address = ?
       union all select coalesce(before::text, '') || coalesce(after::text, '') from audit_log where target_id = ?
       union all select token_hash from access_link where target_id = ?`,
      [quote.email, quote.id, quote.id],
    );
    const seen = [
      ...outbox.data!.outboxEmails.map((m) => m.textBody),
      ...stored.map((r) => r.text),
      logLines.join(''),
      JSON.stringify(
        (await staff.gql(`query($id: ID!) { adminQuote(id: $id) { id } }`, { id: quote.id })).data,
      ),
    ].join('\n');
    for (const token of tokens) {
      expect(seen).not.toContain(token);
      expect(seen).not.toContain(encodeURIComponent(token));
    }
    expect(outbox.data!.outboxEmails.map((m) => m.textBody).join('')).toContain(
      '[one-time link, sent only to the recipient]',
    );
  });
});

describe('prices below the catalogue (issue 52, decision 054)', () => {
  const ANSWER_FIELDS = `status version sent { revision lines { lineNo unitPrice } }
    draft { lines { lineNo unitPrice itemId } freight leadTimeDays expiresOn note savedBy savedAt heldLines }`;
  const SEND = `mutation($id: ID!, $version: Int!, $input: QuoteAnswerInput!) {
    sendQuote(id: $id, version: $version, input: $input) { ${ANSWER_FIELDS} } }`;
  const SAVE = `mutation($id: ID!, $version: Int!, $input: QuoteAnswerInput!) {
    saveQuoteDraft(id: $id, version: $version, input: $input) { ${ANSWER_FIELDS} } }`;
  const SEND_DRAFT = `mutation($id: ID!, $version: Int!) { sendQuoteDraft(id: $id, version: $version) { ${ANSWER_FIELDS} } }`;
  const HELD = 'More than 15% below the catalogue price, or zero: this price needs a Service or Admin role.';

  async function staffOf(role: number, name: string) {
    const email = `quotes.${name}.${randomUUID()}@axisline.example`;
    const id = await t.createUser({ email, password: FIXTURE_PASSWORD, role });
    await db.execute(`update app_user set first_name = ?, last_name = 'Staff' where id = ?`, [name, id]);
    const c = await t.client();
    await c.signIn(email, FIXTURE_PASSWORD);
    return { c, email, id };
  }

  /** A buyer's request for one of a catalogue part and two of a part priced on request. */
  async function asked() {
    const buyer = await customer();
    const lines = await cartLines(buyer.c, [
      { itemId: products[0]!.id, qty: 1 },
      { itemId: quoteOnly, qty: 2 },
    ]);
    const quote = (
      await buyer.c.gql<{ requestQuote: QuoteAnswer }>(REQUEST, {
        input: { cartLineIds: lines.map((l) => l.cartLineId) },
      })
    ).data!.requestQuote;
    const catalogue = quote.lines[0]!.cataloguePrice!;
    expect(catalogue).toBeGreaterThan(0);
    expect(quote.lines[1]!.cataloguePrice).toBeNull();
    // The lowest price CustomerService may give: 15% off, to the cent.
    const floor = lowestPriceWithoutApproval(catalogue, 15);
    return { buyer, quote, catalogue, floor };
  }

  const answer = (prices: number[]) => ({
    lines: prices.map((unitPrice, i) => ({ lineNo: i + 1, unitPrice })),
    freight: 20,
    leadTimeDays: 5,
    expiresOn: tomorrow(),
    note: 'Two lots.',
  });

  const mailsTo = async (email: string) =>
    (
      await db.execute<{ n: number }[]>('select count(*)::int as n from email_outbox where to_address = ?', [
        email,
      ])
    )[0]!.n;

  it('CustomerService cannot send a line at $0 or more than 15% off; they save a draft the buyer never sees; Service sends it; both are in the audit trail', async () => {
    const { buyer, quote, catalogue, floor } = await asked();
    const cs = await staffOf(ROLES.CustomerService, 'Casey');
    const service = await staffOf(ROLES.Service, 'Sam');
    const mailsBefore = await mailsTo(buyer.email);

    // $0 for the part priced on request, a cent under 15% off the catalogue part: refused next to each price.
    const refused = await cs.c.gql(SEND, { id: quote.id, version: 1, input: answer([floor - 0.01, 0]) });
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      fields: [
        { field: 'lines[0].unitPrice', message: HELD },
        { field: 'lines[1].unitPrice', message: HELD },
      ],
    });
    const [{ revisions }] = (await db.execute<{ revisions: number }[]>(
      'select count(*)::int as revisions from quote_revision where quote_id = ?',
      [quote.id],
    )) as [{ revisions: number }];
    expect(revisions).toBe(0);

    // Saved as a draft: the console shows it, who saved it and the lines held.
    const saved = await cs.c.gql<{ saveQuoteDraft: Record<string, unknown> }>(SAVE, {
      id: quote.id,
      version: 1,
      input: answer([floor - 0.01, 0]),
    });
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.saveQuoteDraft).toMatchObject({
      status: 'requested',
      version: 2,
      sent: null,
      draft: {
        lines: [
          { lineNo: 1, unitPrice: floor - 0.01, itemId: null },
          { lineNo: 2, unitPrice: 0, itemId: null },
        ],
        freight: 20,
        note: 'Two lots.',
        savedBy: 'Casey Staff',
        heldLines: [1, 2],
      },
    });
    // The buyer sees nothing of it, and is not e-mailed.
    const read = await buyer.c.gql<{ quote: { status: string; sent: unknown; draft: unknown } }>(
      `query($id: ID!) { quote(id: $id) { status sent { revision } draft { savedBy } } }`,
      { id: quote.id },
    );
    expect(read.data!.quote).toEqual({ status: 'requested', sent: null, draft: null });
    const mine = await buyer.c.gql<{ myQuotes: { draft: unknown }[] }>('{ myQuotes { draft { savedBy } } }');
    expect(mine.data!.myQuotes).toEqual([{ draft: null }]);
    expect(await mailsTo(buyer.email)).toBe(mailsBefore);

    // CustomerService may not send the draft; Service does, as saved.
    const notYours = await cs.c.gql(SEND_DRAFT, { id: quote.id, version: 2 });
    expect(notYours.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const sent = await service.c.gql<{ sendQuoteDraft: Record<string, unknown> }>(SEND_DRAFT, {
      id: quote.id,
      version: 2,
    });
    expect(sent.errors).toBeUndefined();
    expect(sent.data!.sendQuoteDraft).toMatchObject({
      status: 'quoted',
      draft: null,
      sent: {
        revision: 1,
        lines: [
          { lineNo: 1, unitPrice: floor - 0.01 },
          { lineNo: 2, unitPrice: 0 },
        ],
      },
    });
    const mail = await t.mail(buyer.email, { subject: new RegExp(`Your quote Q-${quote.number}`) });
    expect(mail.text).toContain('Two lots.');
    const seen = await buyer.c.gql<{ quote: { status: string; sent: { revision: number } } }>(
      `query($id: ID!) { quote(id: $id) { status sent { revision } } }`,
      { id: quote.id },
    );
    expect(seen.data!.quote).toEqual({ status: 'quoted', sent: { revision: 1 } });
    const [revision] = await db.execute<{ sentBy: string; draftedBy: string }[]>(
      `select sent_by_id as "sentBy", drafted_by_id as "draftedBy" from quote_revision where quote_id = ?`,
      [quote.id],
    );
    expect(revision).toEqual({ sentBy: service.id, draftedBy: cs.id });

    // The trail names who saved and who sent, the lines, their catalogue prices and the prices given.
    const trail = await db.execute<{ action: string; actor: string; after: Record<string, unknown> }[]>(
      `select action, actor_user_id as actor, after from audit_log
       where target_type = 'quote' and target_id = ? and action in ('quote.draft-saved', 'quote.sent') order by id`,
      [quote.id],
    );
    const held = [
      { line: 1, itemId: products[0]!.id, cataloguePrice: catalogue, price: floor - 0.01 },
      { line: 2, itemId: quoteOnly, cataloguePrice: null, price: 0 },
    ];
    expect(trail).toEqual([
      {
        action: 'quote.draft-saved',
        actor: cs.id,
        after: expect.objectContaining({
          savedBy: { id: cs.id, name: 'Casey Staff', email: cs.email },
          belowCatalogue: held,
        }),
      },
      {
        action: 'quote.sent',
        actor: service.id,
        after: expect.objectContaining({
          revision: 1,
          sentBy: { id: service.id, name: 'Sam Staff', email: service.email },
          savedBy: { id: cs.id, name: 'Casey Staff', email: cs.email },
          belowCatalogue: held,
        }),
      },
    ]);
  });

  it('a form naming a catalogue part is held against its price today, as a request made again is', async () => {
    const guest = await t.client();
    const form = guest.agent.post('/api/forms/quote').set(CSRF.header, guest.token);
    const fields = {
      item: products[0]!.id,
      quantity: '1',
      email: `form.${randomUUID()}@plant.example`,
      firstName: 'Fay',
      lastName: 'Form',
    };
    for (const [k, v] of Object.entries(fields)) form.field(k, v);
    const id: string = (await form.expect(201)).body.id;
    const cs = await staffOf(ROLES.CustomerService, 'Casey');
    const floor = lowestPriceWithoutApproval(products[0]!.price, 15);
    const cheap = await cs.c.gql(SEND, {
      id,
      version: 1,
      input: { ...answer([0.01]), freight: 0 },
    });
    expect(cheap.errors?.[0]?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      fields: [{ field: 'lines[0].unitPrice', message: HELD }],
    });
    const fair = await cs.c.gql(SEND, { id, version: 1, input: { ...answer([floor]), freight: 0 } });
    expect(fair.errors).toBeUndefined();
  });

  it('CustomerService sends prices down to 15% off; Service sends $0 itself; a quote with no draft has none to send', async () => {
    const { quote, floor } = await asked();
    const cs = await staffOf(ROLES.CustomerService, 'Casey');
    const service = await staffOf(ROLES.Service, 'Sam');
    const none = await service.c.gql(SEND_DRAFT, { id: quote.id, version: 1 });
    expect(none.errors?.[0]).toMatchObject({
      message: 'This quote has no draft to send: reload it.',
      extensions: { code: 'CONFLICT' },
    });
    const atFloor = await cs.c.gql<{ sendQuote: { sent: { revision: number } } }>(SEND, {
      id: quote.id,
      version: 1,
      input: answer([floor, 0.01]),
    });
    expect(atFloor.errors).toBeUndefined();
    expect(atFloor.data!.sendQuote.sent.revision).toBe(1);
    const free = await service.c.gql<{ sendQuote: { sent: { revision: number } } }>(SEND, {
      id: quote.id,
      version: 2,
      input: answer([0, 0]),
    });
    expect(free.errors).toBeUndefined();
    expect(free.data!.sendQuote.sent.revision).toBe(2);
    const [entry] = await db.execute<{ after: Record<string, unknown> }[]>(
      `select after from audit_log where target_type = 'quote' and target_id = ? and action = 'quote.sent'
       order by id desc limit 1`,
      [quote.id],
    );
    expect(entry!.after).toMatchObject({
      sentBy: { id: service.id, email: service.email },
      belowCatalogue: [
        { line: 1, price: 0 },
        { line: 2, price: 0 },
      ],
    });
    expect(entry!.after).not.toHaveProperty('savedBy');
  });
});

describe("a part's maximum per order at quote checkout (decision 063)", () => {
  it('an accepted quote for more than the maximum staff set since is refused at checkout, with the message', async () => {
    const [, , part] = await plainProducts(t, 3);
    const { c, email } = await customer();
    const quote = await sentQuote(c, [{ itemId: part!.id, qty: 40 }], [9]);
    expect((await c.gql(ACCEPT, { id: quote.id, revision: 1 })).errors).toBeUndefined();
    await db.execute('update product set max_order_quantity = 25 where id = ?', [part!.id]);
    const input = checkoutBody(email, await authorisedCard(c));
    const refused = await c.gql<Placed>(PLACE, { input, key: randomUUID(), quoteId: quote.id, revision: 1 });
    const message = `You can order at most 25 of ${part!.id} in one order.`;
    expect(refused.errors?.[0]?.message).toBe(message);
    expect(refused.errors?.[0]?.extensions?.fields).toEqual([{ field: 'cart', message }]);
    await db.execute('update product set max_order_quantity = 40 where id = ?', [part!.id]);
    const placed = await c.gql<Placed>(PLACE, { input, key: randomUUID(), quoteId: quote.id, revision: 1 });
    expect(placed.errors).toBeUndefined();
    expect(placed.data!.placeOrder.order.lines[0]).toMatchObject({ itemId: part!.id, quantity: 40 });
  });
});
