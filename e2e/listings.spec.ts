import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ShopPage } from './pages/ShopPage';
import { withDb } from './support/db';

test('every listing card carries the stock line, as the product page does: home, category and search', async ({
  page,
}) => {
  const shop = new ShopPage(page);
  const { id, name } = await withDb(
    async (db) =>
      (
        await db.query<{ id: string; name: string }>(
          `select id, name from product where not in_stock and backorder_allowed and price is not null
             and not exists (select 1 from product_configuration_option o where o.product_id = product.id)
           order by id limit 1`,
        )
      ).rows[0]!,
  );
  await shop.goto('/');
  const featured = page.locator('.recommendations .tile');
  await expect(featured.first()).toBeVisible();
  for (const card of await featured.all()) {
    await expect(card.getByTestId('stock-line')).toHaveText(
      /^(✓ Available to Order|Not available to order)$/,
    );
  }
  await expect(featured.first().getByTestId('stock-line').locator('[aria-hidden="true"]')).toHaveText('✓');

  const leaf = await withDb(
    async (db) =>
      (
        await db.query<{ handle: string }>(
          `select c.handle from category c where not exists (select 1 from category k where k.parent_id = c.id)
             and exists (select 1 from product p where p.category_id = c.id) order by c.handle limit 1`,
        )
      ).rows[0]!.handle,
  );
  await shop.goto(`/product/category/${leaf}`);
  const cards = page.locator('.tile-grid .tile');
  await expect(cards.first().getByTestId('stock-line')).toBeVisible();
  expect(await cards.getByTestId('stock-line').count()).toBe(await cards.count());

  // A part out of stock but sold on backorder can still be ordered: its card and page say so in the same words,
  // and the page says when it ships.
  await shop.goto(`/search?q=${encodeURIComponent(id)}`);
  const card = page.locator('.tile', { hasText: id }).first();
  await expect(card.getByTestId('stock-line')).toHaveText('✓ Available to Order');
  await card.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByTestId('stock-line').first()).toHaveText('✓ Available to Order');
  await expect(page.getByTestId('ship-date')).toHaveText(/^Backordered, ships about [A-Z][a-z]{2} \d{1,2}$/);
  await expect(page.getByTestId('warehouse-stock')).toHaveText(/Mooresville, NC: none in stock/);

  // A part out of stock and not sold on backorder cannot be ordered: it says so and offers the notice.
  const gone = await withDb(
    async (db) =>
      (
        await db.query<{ id: string }>(
          `select id from product where not in_stock and not backorder_allowed and price is not null
             and not exists (select 1 from product_configuration_option o where o.product_id = product.id)
           order by id limit 1`,
        )
      ).rows[0]!.id,
  );
  await shop.goto(`/product/detail/${encodeURIComponent(gone)}`);
  await expect(page.getByTestId('stock-line').first()).toHaveText('Not available to order');
  await expect(page.getByTestId('ship-date')).toHaveText('Out of stock and not sold on backorder');
  await expect(page.getByLabel('E-mail me when this item is back in stock')).toBeVisible();
});

test.describe('a category on a phone', () => {
  for (const locale of ['en-US', 'fr-CA'] as const) {
    test(`${locale}: products first, two cards a row, the filters in a drawer with the count of those chosen`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const shop = new ShopPage(page);
      const leaf = await withDb(
        async (db) =>
          (
            await db.query<{ handle: string }>(
              `select c.handle from category c join product p on p.category_id = c.id
                where not exists (select 1 from category k where k.parent_id = c.id)
                group by c.handle having count(distinct p.brand_id) > 1 order by count(*) desc limit 1`,
            )
          ).rows[0]!.handle,
      );
      await shop.goto('/');
      await page.context().addCookies([{ name: 'locale', value: locale, url: page.url() }]);
      await shop.goto(`/product/category/${leaf}`);
      await shop.hydrated();
      // The category's name in the page's language (decision 034).
      const name = await withDb(
        async (db) =>
          (
            await db.query<{ text: string }>(
              `select coalesce((select text from translation where kind = 'category' and key = $1 and locale = $2),
                 (select name from category where handle = $1)) as text`,
              [leaf, locale],
            )
          ).rows[0]!.text,
      );
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      if (locale !== 'en-US')
        expect(name).not.toBe(
          await withDb(
            async (db) =>
              (await db.query<{ name: string }>('select name from category where handle = $1', [leaf]))
                .rows[0]!.name,
          ),
        );
      const words =
        locale === 'en-US'
          ? { filters: 'Filters', close: 'Close filters', show: /^Show [\d,]+\+? products$/, brand: 'Brand' }
          : {
              filters: 'Filtres',
              close: 'Fermer les filtres',
              show: /^Afficher [\d\s]+\+? produits$/,
              brand: 'Marque',
            };

      // The first two products share a row, within the screen's first height; no card is a 330 px picture.
      const cards = page.locator('.tile-grid .tile');
      await expect(cards.nth(1)).toBeVisible();
      const [a, b] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
      expect(b.y).toBe(a.y);
      expect(a.x + a.width).toBeLessThanOrEqual(b.x);
      expect(b.x + b.width).toBeLessThanOrEqual(390);
      expect(a.y).toBeLessThan(844);
      expect((await cards.nth(0).locator('img').boundingBox())!.width).toBeLessThan(200);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // The side column of filters is not on a phone's page; its button is.
      await expect(page.locator('.results__side')).toBeHidden();
      const button = page.getByRole('button', { name: words.filters, exact: true });
      await expect(button).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/category-390-${locale}.png` });

      await button.click();
      const drawer = page.getByRole('dialog', { name: words.filters });
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole('button', { name: words.close })).toBeFocused();
      const axe = await new AxeBuilder({ page }).include('.filters-drawer').analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
      await page.screenshot({ path: `test-results/screenshots/category-filters-390-${locale}.png` });
      const brandBox = drawer.getByRole('group', { name: words.brand }).getByRole('checkbox').first();
      // A controlled box: checked once the URL holds the choice.
      await brandBox.click();
      await expect(page).toHaveURL(/[?&]brand=/);
      await expect(brandBox).toBeChecked();
      // "Show N products" closes the drawer on the narrowed list, and the button counts the filter.
      const show = drawer.getByRole('button', { name: words.show });
      const shown = Number((await show.textContent())!.replace(/\D/g, ''));
      await show.click();
      await expect(drawer).toBeHidden();
      const counted = page.getByRole('button', { name: `${words.filters} (1)` });
      await expect(counted).toBeFocused();
      await expect
        .poll(async () => Number((await page.locator('.results__count').textContent())!.replace(/\D/g, '')))
        .toBe(shown);

      // Escape closes it too, and a tap beside it.
      await counted.click();
      await expect(drawer).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(counted).toBeFocused();
      await counted.click();
      await page.mouse.click(385, 400);
      await expect(drawer).toBeHidden();
    });
  }
});

test('fr-CA: a product page names its specifications and its configurator in French', async ({ page }) => {
  const shop = new ShopPage(page);
  const id = await withDb(
    async (db) =>
      (
        await db.query<{ id: string }>(
          `select p.id from product p
           join product_configuration_option o on o.product_id = p.id and o.code = 'CUT_LENGTH'
           where p.attributes::text like '%"Material"%' and p.price is not null order by p.id limit 1`,
        )
      ).rows[0]!.id,
  );
  await shop.goto('/');
  await page.context().addCookies([{ name: 'locale', value: 'fr-CA', url: page.url() }]);
  await shop.goto(`/product/detail/${encodeURIComponent(id)}`);
  await expect(page.getByLabel(/^Longueur de coupe/)).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Matériau' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Material' })).toHaveCount(0);
  await shop.screenshot('product-fr-CA-1280');
});
