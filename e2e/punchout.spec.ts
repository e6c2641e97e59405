import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../server/src/modules/auth/password';
import { FakeProcurement, newIdentity, type ReceivedCart } from '../server/test/procurement';
import { addFromProductPage, CartPage } from './pages/CartPage';
import { withDb } from './support/db';

/*
 * Punchout (issue 57, decision 072): a fake procurement system on loopback posts a cXML setup; Chromium opens the
 * StartPage, fills the cart (a stocked part, a cut-to-length profile, a part at its volume price) and transfers it;
 * the procurement system checks lines, units, prices and the total to the cent; an edit brings the same cart back;
 * its OrderRequest, posted twice, places one order at the transferred prices.
 */

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

let procurement: FakeProcurement;
let buyerEmail: string;
const ociUser = `oci-${randomUUID().slice(0, 8)}`;
const ociPassword = `Oci-${randomUUID()}`;

interface Part {
  id: string;
  name: string;
  price: number;
}
let stocked: Part;
let tiered: Part & { at10: number };
let cut: { id: string; base: number; rate: number };

test.beforeAll(async () => {
  procurement = new FakeProcurement(newIdentity());
  await procurement.start();
  buyerEmail = `punchout.${randomUUID()}@plant.example`;
  const id = procurement.identity;
  const secretHash = await hashPassword(id.secret);
  const ociHash = await hashPassword(ociPassword);
  await withDb(async (db) => {
    const company = (
      await db.query<{ id: string }>(
        `insert into business_account (company, net_terms_days) values ($1, 30) returning id`,
        [`Punchout Plant ${Date.now()}`],
      )
    ).rows[0]!;
    const user = (
      await db.query<{ id: string }>(
        `insert into app_user (email, first_name, last_name, account_id, company_role)
         values ($1, 'Pat', 'Procurer', $2, 30) returning id`,
        [buyerEmail, company.id],
      )
    ).rows[0]!;
    await db.query(
      `insert into punchout_credential (company_id, system_name, from_domain, from_identity, sender_domain,
         sender_identity, secret_hash, return_urls, acting_user_id, oci_username, oci_password_hash)
       values ($1, 'SAP Ariba', $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10)`,
      [
        company.id,
        id.fromDomain,
        id.fromIdentity,
        id.senderDomain,
        id.senderIdentity,
        secretHash,
        JSON.stringify([
          { environment: 'test', url: procurement.returnUrl },
          { environment: 'test', url: procurement.hookUrl },
        ]),
        user.id,
        ociUser,
        ociHash,
      ],
    );
    const plain = `p.price between 5 and 60 and p.min_transfer <= 1 and p.minimum_purchase_quantity <= 1
       and p.allowed_states = '{}' and p.in_stock
       and not exists (select 1 from product_configuration_option o where o.product_id = p.id)`;
    stocked = (
      await db.query<Part>(
        `select p.id, p.name, p.price::float8 as price from product p where ${plain}
           and not exists (select 1 from price_break b where b.product_id = p.id)
         order by p.id limit 1`,
      )
    ).rows[0]!;
    tiered = (
      await db.query<Part & { at10: number }>(
        `select p.id, p.name, p.price::float8 as price,
           (select b.price::float8 from price_break b where b.product_id = p.id and b.price_list_id = ''
              and b.min_quantity = 10) as at10
         from product p where ${plain} and p.id <> $1
           and exists (select 1 from price_break b where b.product_id = p.id and b.price_list_id = '' and b.min_quantity = 10)
         order by p.id desc limit 1`,
        [stocked.id],
      )
    ).rows[0]!;
    cut = (
      await db.query<{ id: string; base: number; rate: number }>(
        `select p.id, coalesce(p.base_price, p.price)::float8 as base, o.unit_price::float8 as rate
         from product p join product_configuration_option o on o.product_id = p.id and o.code = 'CUT_LENGTH'
         where p.id = '2020-C'`,
      )
    ).rows[0]!;
  });
});

test.afterAll(async () => {
  await procurement.close();
});

/** The procurement system posts a setup request; the StartPage's path (or the refusal's status). */
async function setup(page: Page, options: Parameters<FakeProcurement['setupRequest']>[0] = {}) {
  const res = await page.request.post('/punchout/cxml/setup', {
    headers: { 'Content-Type': 'text/xml' },
    data: procurement.setupRequest(options),
  });
  const text = await res.text();
  return {
    status: res.status(),
    text,
    start: res.ok() ? new URL(FakeProcurement.startPage(text)).pathname : '',
  };
}

const cents = (n: number) => Math.round(n * 100);

/** What the procurement system received last, once the browser has landed on its page. */
async function received(page: Page, count: number): Promise<ReceivedCart> {
  await expect(page.getByRole('heading', { name: 'Cart received' })).toBeVisible();
  await expect(page.locator('#count')).toHaveText(`${count} items`);
  return procurement.received.at(-1)!;
}

test('cXML round trip: setup, StartPage, three kinds of line, transfer checked to the cent, edit brings the same cart back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const { start } = await setup(page, { buyerCookie: 'req-e2e-1' });
  await page.goto(start);
  const banner = page.getByTestId('punchout-banner');
  await expect(banner).toContainText('You are shopping from SAP Ariba.');
  await page.screenshot({ path: 'test-results/punchout-banner-1366-en.png' });

  await addFromProductPage(page, stocked.id);
  await addFromProductPage(page, cut.id, () => page.getByLabel(/^Cut Length/).fill('500'));
  await addFromProductPage(page, tiered.id, () => page.getByLabel('Quantity', { exact: true }).fill('10'));

  const cart = new CartPage(page);
  await cart.open();
  await expect(cart.lines).toHaveCount(3);
  // Transfer cart in place of Checkout.
  await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveCount(0);
  const subtotal = CartPage.amount(await cart.subtotal.textContent());
  await page.screenshot({ path: 'test-results/punchout-cart-1366-en.png', fullPage: true });
  await page.locator('.cart__summary').getByRole('button', { name: 'Transfer cart' }).click();

  const got = await received(page, 3);
  expect(got.buyerCookie).toBe('req-e2e-1');
  const line = (id: string) => got.items.find((i) => i.supplierPartId === id)!;
  expect(line(stocked.id)).toMatchObject({
    quantity: 1,
    unitOfMeasure: 'EA',
    unitPrice: stocked.price,
    currency: 'USD',
  });
  expect(line(tiered.id)).toMatchObject({ quantity: 10, unitPrice: tiered.at10 });
  const cutPiece = Math.round((cut.base + 500 * cut.rate) * 100) / 100;
  expect(line(cut.id)).toMatchObject({ quantity: 1, unitPrice: cutPiece });
  expect(line(cut.id).description).toContain('Cut Length: 500 mm');
  expect(line(cut.id).supplierPartAuxiliaryId).toContain('500');
  for (const item of got.items) expect(item.unspsc).toMatch(/^\d{8}$/);
  const expected = cents(stocked.price) + cents(tiered.at10) * 10 + cents(cutPiece);
  expect(cents(got.total)).toBe(expected);
  expect(cents(got.total)).toBe(cents(subtotal));

  // The buyer is signed out of the store once the cart went back.
  await page.goto('/');
  await expect(page.getByTestId('punchout-banner')).toHaveCount(0);

  // edit: the procurement system sends the lines back; the same cart opens, and transfers the same again.
  const edit = await setup(page, {
    operation: 'edit',
    buyerCookie: 'req-e2e-1',
    items: got.items.map((i) => ({
      partId: i.supplierPartId,
      auxId: i.supplierPartAuxiliaryId,
      quantity: i.quantity,
    })),
  });
  await page.goto(edit.start);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cart.lines).toHaveCount(3);
  await expect(cart.line(/2020/)).toContainText('Cut Length: 500 mm');
  await page.locator('.cart__summary').getByRole('button', { name: 'Transfer cart' }).click();
  const again = await received(page, 3);
  expect(again.items).toEqual(got.items);
  expect(again.total).toBe(got.total);

  // The requisition approved, the procurement system sends its purchase order: one order, at the transferred
  // prices, however many times it is posted.
  const orderXml = procurement.orderRequest(again, `PO-${randomUUID().slice(0, 8)}`);
  const post = () =>
    page.request.post('/punchout/cxml/order', { data: orderXml, headers: { 'content-type': 'text/xml' } });
  const placed = await post();
  expect(placed.status()).toBe(200);
  const answer = FakeProcurement.status(await placed.text());
  const orderNumber = /^Order (\d+) received/.exec(answer.message)?.[1];
  expect(orderNumber).toBeDefined();
  expect(FakeProcurement.status(await (await post()).text()).message).toBe(answer.message);
  const lines = await withDb(
    async (db) =>
      (
        await db.query<{ id: string; price: string; quantity: number; orders: number }>(
          `select l.product_id as id, l.price, l.quantity,
           (select count(*)::int from customer_order where po_number = o.po_number) as orders
         from customer_order o join order_line l on l.order_id = o.id where o.order_number = $1::bigint`,
          [orderNumber],
        )
      ).rows,
  );
  expect(lines.map((l) => l.orders)).toEqual([1, 1, 1]);
  for (const item of again.items) {
    const ordered = lines.find((l) => l.id === item.supplierPartId)!;
    expect({ price: cents(Number(ordered.price)), quantity: ordered.quantity }).toEqual({
      price: cents(item.unitPrice),
      quantity: item.quantity,
    });
  }
});

test('Return without items, in French on a phone: an empty transfer', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const { start } = await setup(page, { buyerCookie: 'req-e2e-fr', lang: 'fr-CA' });
  await page.goto(start);
  const banner = page.getByTestId('punchout-banner');
  await expect(banner).toContainText('Vous magasinez depuis SAP Ariba.');
  await page.screenshot({ path: 'test-results/punchout-banner-390-fr.png' });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: 'test-results/punchout-banner-1366-fr.png' });
  await banner.getByRole('button', { name: 'Revenir sans articles' }).click();
  const got = await received(page, 0);
  expect(got).toMatchObject({ buyerCookie: 'req-e2e-fr', total: 0, items: [] });
});

test('refused: a wrong secret, a return URL not allowed, an expired or used StartPage', async ({ page }) => {
  const wrong = await setup(page, { secret: 'not-the-secret' });
  expect(wrong.status).toBe(401);
  expect(FakeProcurement.status(wrong.text).message).toBe('The punchout credential was not accepted.');
  const elsewhere = await setup(page, { returnUrl: 'https://elsewhere.example/return' });
  expect(elsewhere.status).toBe(400);
  expect(FakeProcurement.status(elsewhere.text).message).toBe(
    'The return URL is not one this company allows.',
  );

  const { start } = await setup(page);
  await withDb((db) =>
    db.query(
      `update punchout_session set start_expires_at = now() - interval '1 second' where opened_at is null`,
    ),
  );
  await page.setViewportSize(PHONE);
  await page.goto(start);
  await expect(page.getByRole('alert')).toHaveText(
    'This punchout link has expired or was already used. Start again from your procurement system.',
  );
  await expect(page.getByTestId('punchout-banner')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/punchout-expired-390-en.png' });

  const used = await setup(page);
  await page.goto(used.start);
  await expect(page.getByTestId('punchout-banner')).toBeVisible();
  await page.context().clearCookies();
  await page.goto(used.start);
  await expect(page.getByRole('alert')).toContainText('This punchout link has expired or was already used.');
});

test('a framed session: the shop inside the procurement system’s page, the cart transferred from the frame', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  const { start } = await setup(page, { buyerCookie: 'req-e2e-frame' });
  const src = new URL(start, test.info().project.use.baseURL).href;
  await page.goto(`${procurement.origin}/frame?src=${encodeURIComponent(src)}`);
  const frame = page.frameLocator('iframe[title="Supplier catalogue"]');
  await expect(frame.getByTestId('punchout-banner')).toContainText('You are shopping from SAP Ariba.');
  await frame.getByTestId('punchout-banner').getByRole('button', { name: 'Transfer cart' }).click();
  await expect(frame.getByRole('heading', { name: 'Cart received' })).toBeVisible();
  expect(procurement.received.at(-1)!.buyerCookie).toBe('req-e2e-frame');
});

test('OCI round trip: the browser comes with USERNAME, PASSWORD and HOOK_URL; NEW_ITEM fields go back to HOOK_URL', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  const query = new URLSearchParams({
    USERNAME: ociUser,
    PASSWORD: ociPassword,
    HOOK_URL: procurement.hookUrl,
    '~OkCode': 'ADDI',
    '~TARGET': '_top',
    '~CALLER': 'CTLG',
  });
  await page.goto(`/punchout/oci?${query}`);
  await expect(page.getByTestId('punchout-banner')).toContainText('You are shopping from SAP Ariba.');
  await addFromProductPage(page, stocked.id);
  await addFromProductPage(page, cut.id, () => page.getByLabel(/^Cut Length/).fill('500'));
  const cart = new CartPage(page);
  await cart.open();
  await expect(cart.lines).toHaveCount(2);
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: 'test-results/punchout-cart-390-en.png', fullPage: true });
  await page.locator('.cart__summary').getByRole('button', { name: 'Transfer cart' }).click();
  const got = await received(page, 2);
  expect(got.protocol).toBe('oci');
  expect(got.fields['~OkCode']).toBe('ADDI');
  const cutPiece = Math.round((cut.base + 500 * cut.rate) * 100) / 100;
  const line = (id: string) => got.items.find((i) => i.supplierPartId === id)!;
  expect(line(stocked.id)).toMatchObject({
    quantity: 1,
    unitOfMeasure: 'EA',
    unitPrice: stocked.price,
    currency: 'USD',
  });
  expect(line(cut.id)).toMatchObject({ quantity: 1, unitPrice: cutPiece });
  expect(line(cut.id).description.length).toBeLessThanOrEqual(40);
  expect(line(cut.id).longText!.join('')).toContain('Cut Length: 500 mm');
  expect(cents(got.total)).toBe(cents(stocked.price) + cents(cutPiece));

  // A wrong password opens nothing.
  await page.goto(
    `/punchout/oci?${new URLSearchParams({ USERNAME: ociUser, PASSWORD: 'guess', HOOK_URL: procurement.hookUrl })}`,
  );
  await expect(page.getByRole('alert')).toHaveText('The punchout credential was not accepted.');
  await expect(page.getByTestId('punchout-banner')).toHaveCount(0);
});
