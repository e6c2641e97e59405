import { expect, test, type Page } from '@playwright/test';
import { TEST_CARDS } from '../domain/checkout';
import { CheckoutPage } from './pages/CheckoutPage';
import { ShopPage } from './pages/ShopPage';
import { registerAndSignIn } from './support/accounts';
import { setRole } from './support/db';
import { ROLES } from '../domain/roles';
import { withDb } from './support/db';

/** Stock by warehouse and ship dates (issue 33, decision 050), walked as a buyer. */
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A plain priced part (no options, no pack, ships anywhere), the `n`-th from the end, with its stock set. */
async function partWithStock(n: number, stock: { moo: number; rno: number; backorder: boolean }) {
  return withDb(async (db) => {
    const { rows } = await db.query<{ id: string; name: string }>(
      `select id, name from product p where price between 10 and 100 and allowed_states = '{}'
         and min_transfer = 1 and minimum_purchase_quantity = 1 and 'axl' = any(sites)
         and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
       order by id desc limit 1 offset $1`,
      [n],
    );
    const part = rows[0]!;
    await db.query(
      `update stock_level set on_hand = case warehouse_id when 'MOO' then $2::int else $3::int end, reserved = 0
       where product_id = $1`,
      [part.id, stock.moo, stock.rno],
    );
    await db.query(`update product set in_stock = $2, backorder_allowed = $3 where id = $1`, [
      part.id,
      stock.moo + stock.rno > 0,
      stock.backorder,
    ]);
    return part;
  });
}

const quantityOf = (page: Page) => page.locator('.product__summary').getByLabel('Quantity', { exact: true });

test('the product page shows stock by warehouse and when the quantity entered ships; the cart line follows its quantity', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  const shop = new ShopPage(page);
  const part = await partWithStock(7, { moo: 6, rno: 0, backorder: true });
  await shop.goto(`/product/detail/${encodeURIComponent(part.id)}`);
  await expect(page.getByTestId('warehouse-stock')).toHaveText(
    /Mooresville, NC: 6 in stock\s*Reno, NV: none in stock/,
  );
  const shipDate = page.locator('.product__summary').getByTestId('ship-date');
  await expect(shipDate).toHaveText(
    /^Ships (today if ordered within \d+ h \d+ m|Monday|Tuesday|Wednesday|Thursday|Friday)$/,
  );
  await quantityOf(page).fill('10');
  await expect(shipDate).toHaveText(/^Backordered, ships about [A-Z][a-z]{2} \d{1,2}$/);
  await shop.screenshot('ship-date-desktop');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(/was added to your cart/).last()).toBeVisible();

  await shop.goto('/cart');
  const line = page.getByTestId('cart-line').filter({ hasText: part.id });
  await expect(line.getByTestId('ship-date')).toHaveText(/^Backordered, ships about/);
  // Down to what Mooresville has: it ships from stock.
  const quantity = line.getByRole('spinbutton', { name: /Quantity of/ });
  await quantity.fill('4');
  await quantity.press('Tab');
  await expect(line.getByTestId('ship-date')).toHaveText(/^Ships /);
  await expect(line.getByTestId('ship-date')).not.toHaveText(/Backordered/);

  // On a phone in French, the same facts in French.
  await page.setViewportSize(PHONE);
  await page.context().addCookies([{ name: 'locale', value: 'fr-CA', url: new URL('/', page.url()).href }]);
  await shop.goto(`/product/detail/${encodeURIComponent(part.id)}`);
  await expect(page.getByTestId('warehouse-stock')).toContainText('Mooresville, NC : 6 en stock');
  await page.locator('.product__summary').getByLabel('Quantité', { exact: true }).fill('10');
  await expect(page.locator('.product__summary').getByTestId('ship-date')).toHaveText(
    /^En commande différée, expédié vers le \d{1,2} [a-zéû]+\.?$/,
  );
  await shop.screenshot('ship-date-phone-fr');
});

test('a part not sold on backorder: more than the stock is refused before and at Place Order, naming the line', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  const shop = new ShopPage(page);
  const part = await partWithStock(9, { moo: 1, rno: 1, backorder: false });
  await registerAndSignIn(page, 'Stockton');
  await shop.goto(`/product/detail/${encodeURIComponent(part.id)}`);
  await quantityOf(page).fill('3');
  const summary = page.locator('.product__summary');
  await expect(summary.getByTestId('ship-date')).toHaveText('Only 2 in stock: lower the quantity');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(/was added to your cart/).last()).toBeVisible();

  await shop.goto('/checkout');
  const checkout = new CheckoutPage(page);
  await checkout.useNewAddress({
    name: 'Dock 4',
    line1: '400 Mill St',
    city: 'Mooresville',
    state: 'NC',
    zip: '28115',
    email: 'dock@plant.example',
  });
  await checkout.chooseShipping();
  await checkout.payWith(TEST_CARDS.authorised);
  // The review says so on the line before the order is placed.
  await expect(page.locator('.review__lines').getByTestId('ship-date')).toHaveText(
    'Only 2 in stock: lower the quantity',
  );
  await checkout.placeOrder();
  await expect(
    page.getByText(
      `${part.name}: only 2 in stock, and it is not sold on backorder. Lower the quantity or remove it.`,
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/checkout/);
  await shop.screenshot('stock-refused');
});

test('listing cards show where a part is stocked and when one ships; the review shows a backorder’s later day before Place Order', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  const shop = new ShopPage(page);
  const part = await partWithStock(13, { moo: 0, rno: 5, backorder: true });
  await registerAndSignIn(page, 'Lister');
  await shop.goto(`/search?q=${encodeURIComponent(part.id)}`);
  const card = page.locator('.tile', { hasText: part.id }).first();
  await expect(card.getByTestId('stock-line')).toHaveText('✓ Available to Order');
  await expect(card.getByTestId('warehouse-stock')).toHaveText('Reno, NV: 5 in stock');
  await expect(card.getByTestId('ship-date')).toHaveText(
    /^Ships (today if ordered within \d+ h \d+ m|Monday|Tuesday|Wednesday|Thursday|Friday|[A-Z][a-z]{2} \d{1,2})$/,
  );
  await shop.screenshot('listing-card-stock-phone');
  // In French, the same card in French.
  await page.context().addCookies([{ name: 'locale', value: 'fr-CA', url: new URL('/', page.url()).href }]);
  await shop.goto(`/search?q=${encodeURIComponent(part.id)}`);
  await expect(card.getByTestId('warehouse-stock')).toHaveText('Reno, NV : 5 en stock');
  await expect(card.getByTestId('ship-date')).toHaveText(/^Expédi/);
  await shop.screenshot('listing-card-stock-phone-fr');
  await page.context().addCookies([{ name: 'locale', value: 'en-US', url: new URL('/', page.url()).href }]);
  await shop.goto(`/search?q=${encodeURIComponent(part.id)}`);

  // 8 wanted, 5 in Reno: the review step, for the address chosen, says the line is backordered and until when.
  await card.click();
  await quantityOf(page).fill('8');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(/was added to your cart/).last()).toBeVisible();
  await page.setViewportSize(DESKTOP);
  const checkout = new CheckoutPage(page);
  await checkout.open();
  await checkout.useNewAddress({
    name: 'Dock 9',
    line1: '1 Commerce St',
    city: 'Reno',
    state: 'NV',
    zip: '89501',
    email: 'dock@plant.example',
  });
  await checkout.chooseShipping();
  await checkout.payWith(TEST_CARDS.authorised);
  const line = page.locator('.review__lines li', { hasText: part.name });
  await expect(line.getByTestId('ship-date')).toHaveText(/^Backordered, ships about [A-Z][a-z]{2} \d{1,2}$/);
  await shop.screenshot('review-ship-date');
  await checkout.placeOrder();
  await expect(page).toHaveURL(/\/checkout\/confirmation\//);
});

test('staff count a part in the console: a reason is required, the counts and what orders hold are shown', async ({
  browser,
}) => {
  const part = await partWithStock(11, { moo: 4, rno: 2, backorder: true });
  const context = await browser.newContext({ viewport: DESKTOP });
  const console = await context.newPage();
  const staff = await registerAndSignIn(console, 'Quincy');
  await setRole(staff, ROLES.Service);
  await console.goto('/admin/stock');
  await expect(console.getByText(/^Running low: parts with 10 or fewer available/)).toBeVisible();
  await console.getByLabel('Part number').fill(part.id);
  await console.getByRole('button', { name: 'Show' }).click();
  const row = console.locator(`tr[data-row-key="${part.id}"]`);
  await expect(row).toContainText('4 available (4 on hand, 0 reserved)');
  await row.getByRole('button', { name: `Adjust the stock of ${part.id}` }).click();
  const dialog = console.getByRole('dialog');
  await dialog.getByLabel('On hand in Mooresville, NC').fill('40');
  await dialog.getByRole('button', { name: 'Save the counts' }).click();
  await expect(dialog.getByText('Say why the stock changes (a count, a delivery, damage…).')).toBeVisible();
  await dialog.getByLabel('Reason (a count, a delivery, damage…)').fill('Delivery PO 5120');
  await dialog.getByRole('button', { name: 'Save the counts' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('40 available (40 on hand, 0 reserved)');
  await console.screenshot({ path: 'test-results/screenshots/console-stock.png', fullPage: true });

  // A maximum per order (decision 063), set in the same dialog; the buyer is stopped on the part's page, on a phone
  // in French, before anything is sent.
  await row.getByRole('button', { name: `Adjust the stock of ${part.id}` }).click();
  await dialog.getByLabel('Maximum per order').fill('3');
  await dialog.getByRole('button', { name: 'Save the maximum' }).click();
  await expect(dialog).toBeHidden();
  const buyer = await browser.newContext({ viewport: PHONE });
  const shopPage = await buyer.newPage();
  await buyer.addCookies([{ name: 'locale', value: 'fr-CA', url: new URL('/', console.url()).href }]);
  const shop = new ShopPage(shopPage);
  await shop.goto(`/product/detail/${encodeURIComponent(part.id)}`);
  const summary = shopPage.locator('.product__summary');
  await summary.getByLabel('Quantité', { exact: true }).fill('5');
  await expect(
    summary.getByText(`Vous pouvez commander au plus 3 de la pièce ${part.id} par commande.`),
  ).toBeVisible();
  await expect(summary.locator('.add-to-cart button.btn--primary')).toBeDisabled();
  await shop.screenshot('max-per-order-phone-fr');
  await summary.getByLabel('Quantité', { exact: true }).fill('3');
  await expect(summary.getByText(/Vous pouvez commander au plus/)).toHaveCount(0);
  await buyer.close();
  await context.close();
});
