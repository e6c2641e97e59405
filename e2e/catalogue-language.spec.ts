import { expect, test } from '@playwright/test';
import { ShopPage } from './pages/ShopPage';

/*
 * Issue 51, item 6 (decision 059): on a French page the home page's category blurbs and the top categories' product
 * descriptions read in French, untagged; a description without a translation reads in English, tagged lang="en".
 */

const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

for (const viewport of WIDTHS) {
  test(`at ${viewport.width} px in fr-CA, blurbs and descriptions read in French; an untranslated one says it is English`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const shop = new ShopPage(page);
    await shop.goto('/');
    await page.context().addCookies([{ name: 'locale', value: 'fr-CA', url: page.url() }]);

    await shop.goto('/');
    const cards = page.getByTestId('top-categories');
    await expect(
      cards.getByText(
        'Rails profilés, chariots et roulements linéaires pour un déplacement fluide et précis.',
      ),
    ).toBeVisible();
    await expect(
      cards.getByText(
        'Profilés en pouces et métriques, coupés à votre longueur et usinés selon votre dessin.',
      ),
    ).toBeVisible();
    await expect(
      cards.getByText('Profile rail, carriages and linear bearings', { exact: false }),
    ).toHaveCount(0);
    await page.screenshot({ path: `/tmp/i18n-home-${viewport.width}.png`, fullPage: true });

    // A category of a top category: its blurb and its parts' descriptions in French, none tagged English.
    await shop.goto('/product/category/linear-motion/linear-rails');
    await expect(
      page.getByText('Rails miniatures MGN et rails à charge lourde HGR, coupés à longueur.'),
    ).toBeVisible();
    const tiles = page.locator('.tile__text');
    await expect(tiles.first()).toContainText(/^Rail profilé /);
    await expect(page.locator('.tile__text[lang="en"]')).toHaveCount(0);

    await shop.goto('/product/detail/2020-C');
    const description = page.locator('.product__description');
    await expect(description).toHaveText(
      'Profilé d’aluminium à rainure en T 2020 de la série 20 mm, en alliage 6105-T5, anodisé incolore. Coupé à votre longueur à ±0,25 mm près, avec taraudage des extrémités et lamages pour fixations d’ancrage en option.',
    );
    await expect(description).not.toHaveAttribute('lang');
    await page.screenshot({ path: `/tmp/i18n-product-fr-${viewport.width}.png`, fullPage: true });

    // A bearing (not a top category): its description stays English and says so to a screen reader.
    await shop.goto('/product/detail/608-ZZ');
    await expect(page.locator('.product__description')).toHaveAttribute('lang', 'en');
    await expect(page.locator('.product__description')).toContainText(
      'deep groove ball bearing, 8 x 22 x 7 mm',
    );
    await page.screenshot({ path: `/tmp/i18n-product-en-${viewport.width}.png`, fullPage: true });
  });
}

test('in es-MX, a top category’s part reads its description in Spanish', async ({ page }) => {
  const shop = new ShopPage(page);
  await shop.goto('/');
  await page.context().addCookies([{ name: 'locale', value: 'es-MX', url: page.url() }]);
  await shop.goto('/product/detail/MGN12H');
  const description = page.locator('.product__description');
  await expect(description).toHaveText('Carro de bolas largo para el riel MGN12, con limpiadores y grasera.');
  await expect(description).not.toHaveAttribute('lang');
});
