import { expect, test } from '@playwright/test';
import { CartPage, addFromProductPage } from './pages/CartPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { ShopPage } from './pages/ShopPage';
import { TEST_CARDS } from '../domain/checkout';
import { withDb } from './support/db';

const money = (n: number) => `$${n.toFixed(2)}`;

test('a cut-to-length part reads from its cheapest cut, base plus per mm; the configurator, card and cart agree', async ({
  page,
}) => {
  const shop = new ShopPage(page);
  const p = await withDb(
    async (db) =>
      (
        await db.query<{ base: number; perMm: number; minMm: number }>(
          `select p.base_price::float8 as base, o.unit_price::float8 as "perMm", o.min_value::float8 as "minMm"
           from product p join product_configuration_option o on o.product_id = p.id and o.code = 'CUT_LENGTH'
           where p.id = '2020-C'`,
        )
      ).rows[0]!,
  );
  const from = Math.round((p.base + p.minMm * p.perMm) * 100) / 100;
  await shop.goto('/product/detail/2020-C');
  const price = page.getByTestId('product-price');
  await expect(price.locator('.price')).toHaveText(`From ${money(from)}`);
  await expect(price).toContainText(`Base price ${money(p.base)}`);
  await expect(price).toContainText(/Cut Length: \$[\d.]+ per mm/);
  await expect(price).toContainText('End Tapping: $2.50 per end');
  await expect(price).not.toContainText(/per MM/);
  // Labels read once.
  await expect(page.getByLabel('End Tapping (per end)', { exact: true })).toBeVisible();
  await expect(page.getByText('(per end) (end)')).toHaveCount(0);
  await page.getByLabel(/^Cut Length/).fill('1000');
  const thousand = Math.round((p.base + 1000 * p.perMm) * 100) / 100;
  await expect(page.getByTestId('configured-unit-price')).toHaveText(money(thousand));
  await shop.screenshot('product-configured-price');

  await shop.goto('/search?q=2020-C');
  await expect(page.locator('.tile', { hasText: '2020-C' }).first().locator('.tile__price')).toHaveText(
    `From ${money(from)}`,
  );
});

test('a pack reads per pack everywhere: page, card, cart line and total, order and invoice agree', async ({
  page,
}) => {
  const shop = new ShopPage(page);
  const cart = new CartPage(page);
  const each = await withDb(
    async (db) =>
      (await db.query<{ price: number }>(`select price::float8 as price from product where id = 'EC-20-BLK'`))
        .rows[0]!.price,
  );
  const pack = Math.round(each * 10 * 100) / 100;
  await shop.goto('/product/detail/EC-20-BLK');
  await expect(page.getByTestId('product-price').locator('.price')).toHaveText(
    `${money(pack)} per pack of 10`,
  );
  await expect(page.getByTestId('product-price')).toContainText(`${money(each)} each`);
  await addFromProductPage(page, 'EC-20-BLK', () => page.getByLabel('Packs').fill('3'));
  await shop.goto('/search?q=EC-20-BLK');
  await expect(page.locator('.tile', { hasText: 'EC-20-BLK' }).first().locator('.tile__price')).toHaveText(
    `${money(pack)} per pack of 10`,
  );
  await shop.goto('/cart');
  const line = cart.lines.first();
  await expect(line.locator('.cart-line__price')).toHaveText(`${money(pack)} per pack of 10`);
  const total = money(Math.round(pack * 3 * 100) / 100);
  await expect(line.getByTestId('line-total')).toHaveText(total);

  const orderId = await new CheckoutPage(page).checkOutWithCard(
    TEST_CARDS.authorised,
    'Dock 1',
    'packs@piedmont.example',
  );
  await expect(page.locator('.order-line').first()).toContainText(`3 × ${money(pack)} per pack of 10`);
  await expect(page.locator('.order-line').first()).toContainText(total);
  await shop.goto(`/user/account/orders/${orderId}/invoice`);
  const row = page.locator('tbody tr').first();
  await expect(row).toContainText(`${money(pack)} per pack of 10`);
  await expect(row).toContainText(total);
});

test('a panel cut to size: width and height make its area, priced per m²; the size reaches cart, order and invoice', async ({
  page,
}) => {
  const shop = new ShopPage(page);
  const cart = new CartPage(page);
  const panel = await withDb(
    async (db) =>
      (
        await db.query<{ id: string; perSqm: number }>(
          `select p.id, o.unit_price::float8 as "perSqm" from product p
           join product_configuration_option o on o.product_id = p.id and o.kind = 'area'
           where p.price is not null order by p.id limit 1`,
        )
      ).rows[0]!,
  );
  await shop.goto(`/product/detail/${panel.id}`);
  await shop.hydrated();
  // Priced by the m² alone: the rate, on the page and on its card.
  const rate = `${money(panel.perSqm)} per m²`;
  await expect(page.getByTestId('product-price').locator('.price')).toHaveText(rate);
  await page.getByLabel('Width (mm)').fill('1300');
  await expect(page.getByText('Enter at most 1200')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await page.getByLabel('Width (mm)').fill('600');
  await page.getByLabel('Height (mm)').fill('400');
  await expect(page.getByTestId('configured-area')).toContainText('Area 0.24 m²');
  const unit = money(Math.round(0.24 * panel.perSqm * 100) / 100);
  await expect(page.getByTestId('configured-unit-price')).toHaveText(unit);
  await shop.screenshot('product-area-configurator');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(/was added to your cart/).last()).toBeVisible();

  await shop.goto(`/search?q=${panel.id}`);
  await expect(page.locator('.tile', { hasText: panel.id }).first().locator('.tile__price')).toHaveText(rate);
  await shop.goto('/cart');
  await expect(cart.lines.first()).toContainText('Size: 600 × 400 mm (0.24 m²)');
  await expect(cart.lines.first().locator('.cart-line__price')).toHaveText(`${unit} each`);
  const orderId = await new CheckoutPage(page).checkOutWithCard(
    TEST_CARDS.authorised,
    'Dock 1',
    'panels@piedmont.example',
  );
  await expect(page.locator('.order-line').first()).toContainText('Size: 600 × 400 mm (0.24 m²)');
  await shop.goto(`/user/account/orders/${orderId}/invoice`);
  await expect(page.locator('tbody tr').first()).toContainText('Size: 600 × 400 mm (0.24 m²)');
});
