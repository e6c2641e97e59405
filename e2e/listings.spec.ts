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
          'select id, name from product where not in_stock and price is not null order by id limit 1',
        )
      ).rows[0]!,
  );
  await shop.goto('/');
  const featured = page.locator('.recommendations .tile');
  await expect(featured.first()).toBeVisible();
  for (const card of await featured.all()) {
    await expect(card.getByTestId('stock-line')).toHaveText(
      /^(✓ Available to Order|Backordered: ships when back in stock)$/,
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

  // A backordered part says so on its card and on its page, in the same words.
  await shop.goto(`/search?q=${encodeURIComponent(id)}`);
  const card = page.locator('.tile', { hasText: id }).first();
  await expect(card.getByTestId('stock-line')).toHaveText('Backordered: ships when back in stock');
  await card.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByTestId('stock-line').first()).toHaveText('Backordered: ships when back in stock');
});
