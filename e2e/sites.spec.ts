import { expect, test } from '@playwright/test';
import { onPayCa } from './support/sites';
import { withDb } from './support/db';

test.use(onPayCa('fr-CA'));

/** A plain in-stock product with its US list price and its price on the pay-ca site's own (CAD) list. */
function productWithCadPrice(): Promise<{ id: string; usd: number; cad: number }> {
  return withDb(async (db) => {
    const { rows } = await db.query<{ id: string; usd: number; cad: number }>(
      `select p.id, p.price::float8 as usd, pli.price::float8 as cad
       from product p
       join site s on s.id = 'pay-ca'
       join price_list_item pli on pli.product_id = p.id and pli.price_list_id = s.price_list_id
       where p.in_stock and p.min_transfer = 1 and p.minimum_purchase_quantity = 1 and p.price between 20 and 150
         and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
         and p.allowed_states = '{}' -- pay-ca sells it (decision 057)
       order by p.id limit 1`,
    );
    return rows[0]!;
  });
}

const cad = (n: number) =>
  new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD' }).format(n).replace(/\s/g, ' ');
const text = (s: string | null) => (s ?? '').replace(/\s/g, ' ').trim();

test('fr-CA on the pay-ca site: French text, the site name, and CAD prices from its own list through the cart', async ({
  page,
}) => {
  const product = await productWithCadPrice();
  expect(product.cad).not.toBe(product.usd);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/product/detail/${encodeURIComponent(product.id)}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page.getByRole('link', { name: 'Accueil Axisline Payments Canada' })).toBeVisible();
  // The title and og:site_name name the same site, in the served page and after hydration.
  await expect(page).toHaveTitle(/\| Axisline Payments Canada$/);
  await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute(
    'content',
    'Axisline Payments Canada',
  );
  // Asked by the browser: only it resolves the site's *.localhost name.
  const served = await page.evaluate(async () => (await fetch(location.href)).text());
  expect(served).toContain('<meta property="og:site_name" content="Axisline Payments Canada" />');
  expect(served).toMatch(/<title>[^<]*\| Axisline Payments Canada<\/title>/);
  await expect(page.getByRole('navigation', { name: /menu principal/i })).toContainText('Produits');
  await expect(page.getByTestId('part-number')).toHaveText(product.id);
  const price = page.locator('.product__price .price').first();
  await expect.poll(async () => text(await price.textContent())).toContain(cad(product.cad));
  await page.screenshot({ path: 'test-results/screenshots/pay-ca-fr-product-1280.png' });

  await page.getByRole('button', { name: 'Ajouter au panier' }).first().click();
  // The add has landed (and set the session cookie) once the header counts it: leaving earlier would cancel it.
  await expect(page.getByRole('link', { name: 'Panier, 1 article' })).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Panier');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect
    .poll(async () => text(await page.getByTestId('cart-subtotal').textContent()))
    .toBe(cad(product.cad));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screenshots/pay-ca-fr-cart-390.png', fullPage: true });
});
