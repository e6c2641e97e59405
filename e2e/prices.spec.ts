import { expect, test } from '@playwright/test';
import { CartPage, addFromProductPage } from './pages/CartPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { ShopPage } from './pages/ShopPage';
import { TEST_CARDS } from '../domain/checkout';
import { ROLES } from '../domain/roles';
import { registerAndSignIn } from './support/accounts';
import { setRole, withDb } from './support/db';

const money = (n: number) => `$${n.toFixed(2)}`;

test('a cut-to-length part reads from its cheapest cut, base plus per mm; the configurator, card and cart agree', async ({
  page,
}) => {
  const shop = new ShopPage(page);
  const p = await withDb(
    async (db) =>
      (
        await db.query<{ base: number; perMm: number; minMm: number; lowestFactor: number }>(
          `select p.base_price::float8 as base, o.unit_price::float8 as "perMm", o.min_value::float8 as "minMm",
             coalesce((select min(b.price) / p.price from price_break b
                       where b.product_id = p.id and b.price_list_id = ''), 1)::float8 as "lowestFactor"
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

  // The card reads from the cheapest cut at the lowest volume tier (decision 048).
  await shop.goto('/search?q=2020-C');
  await expect(page.locator('.tile', { hasText: '2020-C' }).first().locator('.tile__price')).toHaveText(
    `From ${money(Math.round(from * p.lowestFactor * 100) / 100)}`,
  );
});

test('a pack reads per pack everywhere: page, card, cart line and total, order and invoice agree', async ({
  page,
}) => {
  const shop = new ShopPage(page);
  const cart = new CartPage(page);
  const { price: each, lowest } = await withDb(
    async (db) =>
      (
        await db.query<{ price: number; lowest: number }>(
          `select price::float8 as price, coalesce((select min(b.price) from price_break b
             where b.product_id = p.id and b.price_list_id = ''), p.price)::float8 as lowest
           from product p where id = 'EC-20-BLK'`,
        )
      ).rows[0]!,
  );
  const pack = Math.round(each * 10 * 100) / 100;
  await shop.goto('/product/detail/EC-20-BLK');
  await expect(page.getByTestId('product-price').locator('.price')).toHaveText(
    `${money(pack)} per pack of 10`,
  );
  await expect(page.getByTestId('product-price')).toContainText(`${money(each)} each`);
  await addFromProductPage(page, 'EC-20-BLK', () => page.getByLabel('Packs').fill('3'));
  // Packs carry volume tiers too: the card reads from the lowest pack price.
  const lowestPack = `${money(Math.round(lowest * 10 * 100) / 100)} per pack of 10`;
  await shop.goto('/search?q=EC-20-BLK');
  await expect(page.locator('.tile', { hasText: 'EC-20-BLK' }).first().locator('.tile__price')).toHaveText(
    lowest < each ? `From ${lowestPack}` : lowestPack,
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

test('volume pricing: the tier table marks the quantity entered, the cart re-prices across a boundary both ways, the order and invoice keep the tier', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const shop = new ShopPage(page);
  const cart = new CartPage(page);
  const p = await withDb(
    async (db) =>
      (
        await db.query<{ id: string; name: string; price: number; at10: number; at50: number }>(
          `select p.id, p.name, p.price::float8 as price,
             (select b.price::float8 from price_break b where b.product_id = p.id and b.price_list_id = '' and b.min_quantity = 10) as at10,
             (select b.price::float8 from price_break b where b.product_id = p.id and b.price_list_id = '' and b.min_quantity = 50) as at50
           from product p
           where p.price between 5 and 60 and p.min_transfer <= 1 and p.minimum_purchase_quantity <= 1
             and p.allowed_states = '{}' and p.in_stock
             and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
             and exists (select 1 from price_break b where b.product_id = p.id and b.price_list_id = '' and b.min_quantity = 50)
           order by p.id limit 1`,
        )
      ).rows[0]!,
  );
  const pct = (to: number) =>
    Math.floor(((Math.round(p.price * 100) - Math.round(to * 100)) * 100) / Math.round(p.price * 100));
  await shop.goto(`/product/detail/${encodeURIComponent(p.id)}`);
  await shop.hydrated();
  const tiers = page.getByTestId('price-tiers');
  await expect(tiers.getByRole('table', { name: 'Volume pricing' })).toBeVisible();
  await expect(tiers.locator('tbody tr').nth(0)).toHaveAttribute('aria-current', 'true');
  await expect(tiers.locator('tbody tr').nth(1)).toContainText(`10+${money(p.at10)}${pct(p.at10)}%`);
  await expect(page.getByTestId('tier-note')).toHaveText(
    `Buy 10 for ${money(p.at10)} each, save ${pct(p.at10)}%`,
  );
  await page.getByLabel('Quantity', { exact: true }).fill('10');
  await expect(tiers.locator('tbody tr').nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('tier-note')).toContainText(
    `Volume price for 10+: ${money(p.at10)} each, you save ${pct(p.at10)}%`,
  );
  await expect(page.getByTestId('tier-note')).toContainText(`Buy 50 for ${money(p.at50)} each`);
  await shop.screenshot('product-volume-pricing');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(/was added to your cart/).last()).toBeVisible();

  // The search card reads "From" its lowest tier.
  await shop.goto(`/search?q=${encodeURIComponent(p.id)}`);
  await expect(page.locator('.tile', { hasText: p.id }).first().locator('.tile__price')).toContainText(
    /^From \$/,
  );

  await cart.open();
  const line = cart.line(p.name);
  await expect(line.locator('.cart-line__price')).toContainText(`${money(p.at10)} each`);
  await expect(line.getByTestId('line-total')).toHaveText(money(Math.round(p.at10 * 10 * 100) / 100));
  // One less crosses the boundary down: the price for one again.
  await line.getByRole('button', { name: 'One less' }).click();
  await expect(line.getByTestId('line-total')).toHaveText(money(Math.round(p.price * 9 * 100) / 100));
  await expect(line.getByTestId('tier-note')).toHaveText(
    `Buy 10 for ${money(p.at10)} each, save ${pct(p.at10)}%`,
  );
  // Typed up to 50: the 50+ price.
  await line.getByRole('spinbutton').fill('50');
  await line.getByRole('spinbutton').press('Enter');
  await expect(line.getByTestId('line-total')).toHaveText(money(Math.round(p.at50 * 50 * 100) / 100));
  await expect(cart.subtotal).toContainText(money(Math.round(p.at50 * 50 * 100) / 100));
  await shop.screenshot('cart-volume-pricing');

  const orderId = await new CheckoutPage(page).checkOutWithCard(
    TEST_CARDS.authorised,
    'Dock 7',
    'tiers@piedmont.example',
  );
  const ordered = page.locator('.order-line', { hasText: p.name });
  await expect(ordered).toContainText(`50 × ${money(p.at50)} each`);
  await expect(ordered.getByTestId('tier-applied')).toHaveText(
    `Volume price (50+), ${pct(p.at50)}% off ${money(p.price)}`,
  );
  await shop.goto(`/user/account/orders/${orderId}/invoice`);
  await expect(page.locator('tbody tr', { hasText: p.name }).getByTestId('tier-applied')).toHaveText(
    `Volume price (50+), ${pct(p.at50)}% off ${money(p.price)}`,
  );
});

test('volume pricing on a phone in French: the table and the note read in fr-CA, a configured part shows its discounts', async ({
  page,
}) => {
  const shop = new ShopPage(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await shop.goto('/');
  await page.context().addCookies([{ name: 'locale', value: 'fr-CA', url: new URL('/', page.url()).href }]);
  const id = await withDb(
    async (db) =>
      (
        await db.query<{ id: string }>(
          `select p.id from product p
           where p.price > 0 and p.min_transfer <= 1 and p.allowed_states = '{}'
             and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
             and exists (select 1 from price_break b where b.product_id = p.id and b.price_list_id = '' and b.min_quantity = 10)
           order by p.id limit 1`,
        )
      ).rows[0]!.id,
  );
  await shop.goto(`/product/detail/${encodeURIComponent(id)}`);
  await shop.hydrated();
  await expect(page.getByRole('table', { name: 'Prix de volume' })).toBeVisible();
  await expect(page.getByTestId('tier-note')).toContainText(/^Achetez-en 10 à .+ chacun, économisez \d+ %$/);
  await shop.screenshot('product-volume-pricing-fr-phone');

  // A cut-to-length part with breaks: the configurator shows each tier's discount and prices the piece at the tier
  // reached.
  const cut = await withDb(
    async (db) =>
      (
        await db.query<{ id: string }>(
          `select p.id from product p
           where p.price > 0
             and exists (select 1 from product_configuration_option o where o.product_id = p.id and o.code = 'CUT_LENGTH')
             and exists (select 1 from price_break b where b.product_id = p.id and b.price_list_id = '' and b.min_quantity = 10)
           order by p.id limit 1`,
        )
      ).rows[0]!.id,
  );
  await shop.goto(`/product/detail/${encodeURIComponent(cut)}`);
  await shop.hydrated();
  const unit = page.getByTestId('configured-unit-price');
  // fr-CA writes 12,34 $.
  const amount = (text: string | null) => Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.'));
  const one = amount(await unit.textContent());
  await page.getByLabel('Quantité', { exact: true }).fill('10');
  await expect(page.getByRole('table', { name: 'Prix de volume' })).toBeVisible();
  await expect.poll(async () => amount(await unit.textContent())).toBeLessThan(one);
});

test('staff keep volume prices in the console: a price not below the one before is refused next to its row, then saved and sold', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const product = await withDb(
    async (db) =>
      (
        await db.query<{ id: string; name: string; price: number }>(
          `select p.id, p.name, p.price::float8 as price from product p
           where p.price between 10 and 60 and p.min_transfer <= 1 and p.allowed_states = '{}'
             and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
             and not exists (select 1 from price_break b where b.product_id = p.id)
           order by p.id limit 1`,
        )
      ).rows[0]!,
  );
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const console = await context.newPage();
  const staffEmail = await registerAndSignIn(console, 'Prisca');
  await setRole(staffEmail, ROLES.Service);
  await console.goto('/admin/prices');
  await console.getByLabel('Part number').fill(product.id);
  await console.getByRole('button', { name: 'Show prices' }).click();
  await expect(console.getByRole('heading', { name: product.name })).toBeVisible();
  const catalogue = console.locator('.ant-card', { hasText: 'Catalogue prices' });
  await expect(catalogue).toContainText(`Price for one: ${money(product.price)}`);
  await catalogue.getByRole('button', { name: 'Add a volume price' }).click();
  await catalogue.getByLabel('From quantity, row 1').fill('20');
  await catalogue.getByLabel('Unit price, row 1').fill(product.price.toFixed(2));
  await catalogue.getByRole('button', { name: 'Save volume prices' }).click();
  await expect(
    catalogue.locator('.ant-form-item', { has: console.getByLabel('Unit price, row 1') }),
  ).toContainText('Each volume price must be below the price for a smaller quantity.');
  const lower = Math.round(product.price * 0.9 * 100) / 100;
  await catalogue.getByLabel('Unit price, row 1').fill(lower.toFixed(2));
  await catalogue.getByRole('button', { name: 'Save volume prices' }).click();
  await expect(console.getByText('Saved').first()).toBeVisible();
  await console.screenshot({ path: 'test-results/screenshots/console-prices.png', fullPage: true });
  await context.close();

  const shop = new ShopPage(page);
  await shop.goto(`/product/detail/${encodeURIComponent(product.id)}`);
  await expect(page.getByTestId('price-tiers').locator('tbody tr').nth(1)).toContainText(
    `20+${money(lower)}`,
  );
});
