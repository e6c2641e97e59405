import { expect, test } from '@playwright/test';
import { TEST_CARDS } from '../domain/checkout';
import { freight, round2 } from '../domain/money';
import { taxationFor, taxLines } from '../domain/tax';
import { shopCookie } from './support/cookies';
import { onPayCa, PAY_CA } from './support/sites';
import { CheckoutPage } from './pages/CheckoutPage';
import { registerAndSignIn } from './support/accounts';
import { withDb } from './support/db';
import { lastEmailTo, linkIn } from './support/outbox';
import { searchPath } from '../domain/routes';
import { restrictingRegions } from '../domain/regions';

// The Canadian site (decision 033): it ships within Canada, in CAD, with Canada's taxes.
test.use(onPayCa('en-US'));

const cad = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'CAD' }).format(n);

test('pay-ca: a Canadian address with its own messages, GST and QST on the goods and the freight, each on the invoice', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const product = await withDb(async (db) => {
    const { rows } = await db.query<{ id: string; cad: number }>(
      `select p.id, pli.price::float8 as cad
       from product p join site s on s.id = 'pay-ca'
       join price_list_item pli on pli.product_id = p.id and pli.price_list_id = s.price_list_id
       where p.in_stock and p.min_transfer = 1 and p.minimum_purchase_quantity = 1 and pli.price between 20 and 60
         and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
         and p.allowed_states = '{}' -- pay-ca sells it (decision 057)
       order by p.id limit 1`,
    );
    return rows[0]!;
  });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/product/detail/${encodeURIComponent(product.id)}`);
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // The cart tells the Canadian freight rule, in CAD.
  await page.goto('/cart');
  await expect(page.getByTestId('freight-rule')).toContainText(
    `Orders up to ${cad(70)} ship for ${cad(10.5)}.`,
  );

  await page.goto('/checkout');
  const email = `quebec.${Date.now()}@usine.example`;
  const form = page.getByRole('form', { name: 'Shipping Address' });
  await form.getByLabel('E-mail for the order confirmation').fill(email);
  await form.getByLabel('Recipient name').fill('Réception');
  await form.getByLabel('Address line 1').fill('1000 rue Sherbrooke O');
  await form.getByLabel('City').fill('Montréal');
  // Provinces, not states; a postal code, not a ZIP code.
  await expect(form.getByLabel('State')).toHaveCount(0);
  await form.getByLabel('Province').selectOption('QC');
  const postal = form.getByLabel('Postal code');
  await postal.fill('27601');
  await form.getByLabel('Delivery contact e-mail').fill('reception@usine.example');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText('Enter a postal code like K1A 0B1')).toBeVisible();
  await expect(postal).toBeFocused();
  // A Toronto code is not a Quebec one.
  await postal.fill('M5H 2N2');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText('Postal code does not belong to the province')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/pay-ca-address-error-1366.png' });
  await postal.fill('h3a1g1');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Details' })).toBeFocused();

  // The review shows each tax of Quebec, on the goods and the freight.
  const sub = product.cad;
  const freightAmt = freight(sub, 'CA');
  const [gst, qst] = taxLines(taxationFor('CA', 'QC').components, { subTotal: sub, freight: freightAmt });
  const total = round2(sub + freightAmt + gst!.amount + qst!.amount);
  const checkout = new CheckoutPage(page);
  await checkout.chooseShipping();
  await checkout.payWith(TEST_CARDS.authorised);
  await expect(page.getByText('Montréal, QC H3A 1G1')).toBeVisible();
  await expect(page.getByTestId('checkout-tax-GST')).toHaveText(cad(gst!.amount));
  await expect(page.getByTestId('checkout-tax-QST')).toHaveText(cad(qst!.amount));
  await expect(page.getByText('GST (5%)')).toBeVisible();
  await expect(page.getByText('QST (9.975%)')).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText(cad(total));
  await page.screenshot({ path: 'test-results/screenshots/pay-ca-review-1366.png', fullPage: true });
  await checkout.placeOrder();
  await expect(page).toHaveURL(/\/checkout\/confirmation\//);

  const stored = await withDb(
    async (db) =>
      (
        await db.query<{
          address: { state: string; zip: string; country: string };
          taxes: unknown;
          total: number;
        }>(
          `select shipping_address as address, taxes, total::float8 as total from customer_order
           where contact_email = $1`,
          [email],
        )
      ).rows[0]!,
  );
  expect(stored.address).toMatchObject({ state: 'QC', zip: 'H3A 1G1', country: 'CA' });
  expect(stored.taxes).toEqual([gst, qst]);
  expect(stored.total).toBe(total);

  // The confirmation e-mail's link opens the order; its invoice shows each tax, in French as in English.
  const confirmation = await lastEmailTo(email, /^Your Axisline Supply order AXL-\d+$/);
  await page.goto(linkIn(confirmation));
  await page.getByRole('link', { name: 'Invoice', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Invoice', level: 1 })).toBeVisible();
  const invoice = page.locator('.invoice__sheet');
  await expect(invoice.getByRole('row', { name: `GST (5%) ${cad(gst!.amount)}` })).toBeVisible();
  await expect(invoice.getByRole('row', { name: `QST (9.975%) ${cad(qst!.amount)}` })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/pay-ca-invoice-1366.png', fullPage: true });
  await page.context().addCookies([shopCookie('locale', 'fr-CA', PAY_CA)]);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Facture', level: 1 })).toBeVisible();
  await expect(invoice.getByText(/^TPS \(5\s%\)$/)).toBeVisible();
  await expect(invoice.getByText(/^TVQ \(9,975\s%\)$/)).toBeVisible();
  await expect(invoice.getByText('Paiement reçu')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screenshots/pay-ca-fr-invoice-390.png', fullPage: true });
});

test('pay-ca: a buyer saves a Canadian address in the account, and checkout offers it with Ontario HST', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerAndSignIn(page, 'Ontario');
  // The site's long name takes two lines on a phone: the menu, the name and the cart stay on one row.
  const menu = (await page.getByRole('button', { name: 'Open menu' }).boundingBox())!;
  const cart = (await page.getByRole('link', { name: /^Cart, / }).boundingBox())!;
  expect(Math.abs(menu.y + menu.height / 2 - (cart.y + cart.height / 2))).toBeLessThan(12);
  await page.getByRole('button', { name: 'Add an Address' }).click();
  const form = page.getByRole('form', { name: /address/i });
  await form.getByLabel('Name').fill('Mississauga DC');
  await form.getByLabel('Address line 1').fill('6300 Kennedy Rd');
  await form.getByLabel('City').fill('Mississauga');
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(form.getByText('Province is a required field')).toBeVisible();
  await expect(form.getByText('Postal code is a required field')).toBeVisible();
  await form.getByLabel('Province').selectOption('ON');
  await form.getByLabel('Postal code').fill('l5t2n7');
  await form.getByRole('button', { name: 'Save Address' }).click();
  const saved = page.getByTestId('address');
  await expect(saved).toContainText('Mississauga, ON L5T 2N7');

  const product = await withDb(
    async (db) =>
      (
        await db.query<{ id: string }>(
          `select p.id from product p join site s on s.id = 'pay-ca'
           join price_list_item pli on pli.product_id = p.id and pli.price_list_id = s.price_list_id
           where p.in_stock and p.min_transfer = 1 and p.minimum_purchase_quantity = 1 and pli.price between 20 and 60
             and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
             and p.allowed_states = '{}' -- pay-ca sells it (decision 057)
           order by p.id desc limit 1`,
        )
      ).rows[0]!.id,
  );
  await page.goto(`/product/detail/${encodeURIComponent(product)}`);
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await page.goto('/checkout');
  const address = page.getByRole('form', { name: 'Shipping Address' });
  await expect(address.getByRole('radio', { name: /Mississauga DC/ })).toBeChecked();
  await expect(address.getByLabel('Province')).toHaveValue('ON');
  await address.getByLabel('Delivery contact e-mail').fill('dock@mississauga.example');
  await address.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Details' })).toBeFocused();
  await expect(page.getByText('HST (13%)')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/pay-ca-checkout-saved-390.png', fullPage: true });
});

// A part restricted to US states (decision 057): pay-ca does not offer it, and its page, reached by URL, says so.
test('pay-ca: a part restricted to US states is not in search or typeahead, and its page says it is not sold for delivery in Canada', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const part = await withDb(
    async (db) =>
      (
        await db.query<{ id: string }>(
          `select p.id from product p join site s on s.id = 'pay-ca'
           join price_list_item pli on pli.product_id = p.id and pli.price_list_id = s.price_list_id
           where cardinality(p.allowed_states) > 0 and not p.allowed_states && $1::text[] and p.in_stock
           order by p.popularity desc, p.id limit 1`,
          [[...restrictingRegions('CA')!]],
        )
      ).rows[0]!.id,
  );
  const walks = [
    {
      width: 1366,
      height: 900,
      locale: 'en-US',
      notSold: 'Not sold for delivery in Canada',
      add: 'Add to Cart',
    },
    {
      width: 390,
      height: 844,
      locale: 'fr-CA',
      notSold: 'Non vendu pour livraison au Canada',
      add: 'Ajouter au panier',
    },
    {
      width: 390,
      height: 844,
      locale: 'en-US',
      notSold: 'Not sold for delivery in Canada',
      add: 'Add to Cart',
    },
    {
      width: 1366,
      height: 900,
      locale: 'fr-CA',
      notSold: 'Non vendu pour livraison au Canada',
      add: 'Ajouter au panier',
    },
  ];
  for (const walk of walks) {
    await page.context().addCookies([shopCookie('locale', walk.locale, PAY_CA)]);
    await page.setViewportSize({ width: walk.width, height: walk.height });
    const name = `pay-ca-not-sold-${walk.locale}-${walk.width}`;

    // Its page by URL: the notice in place of Add to Cart, and no "Available to Order".
    await page.goto(`/product/detail/${encodeURIComponent(part)}`);
    await expect(page.getByTestId('part-number')).toHaveText(part);
    const summary = page.locator('.product__summary');
    await expect(summary.getByTestId('not-sold')).toHaveText(walk.notSold);
    await expect(summary.getByRole('button', { name: walk.add })).toHaveCount(0);
    await expect(summary.getByTestId('stock-line')).toHaveCount(0);
    await page.screenshot({ path: `/tmp/ca-${name}.png`, fullPage: true });

    // The typeahead for its part number answers without it.
    const search = page.getByRole('search').getByRole('combobox');
    await search.click();
    const answered = page.waitForResponse(
      (r) =>
        r.url().includes('/graphql') &&
        (r.request().postData() ?? '').includes(`"term":${JSON.stringify(part)}`),
    );
    await search.pressSequentially(part, { delay: 40 });
    await answered;
    await expect(page.locator('.suggest')).toBeVisible();
    await expect(
      page.locator('.suggest__id').filter({ hasText: new RegExp(`^${escape(part)}$`) }),
    ).toHaveCount(0);
    await page.screenshot({ path: `/tmp/ca-${name}-typeahead.png` });

    // Nor do the search results.
    await page.goto(searchPath(part));
    await expect(page.locator('.results__count')).toBeVisible();
    await expect(page.locator(`a[href$="/product/detail/${encodeURIComponent(part)}"]`)).toHaveCount(0);
  }
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
