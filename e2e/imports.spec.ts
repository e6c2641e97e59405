import { expect, test } from '@playwright/test';
import { ROLES } from '../domain/roles';
import { registerAndSignIn } from './support/accounts';
import { shopCookie } from './support/cookies';
import { setRole, withDb } from './support/db';

/*
 * Console → Imports (issue 56, item 5; decision 069), walked as a member of staff in Chromium: a price file with a
 * bad line is refused line by line and offers no Apply; the corrected file shows before → after and, applied, the
 * part's page sells at the new price. On a phone and in French too.
 */

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

test('staff check a price file, fix its bad line, apply it, and the shop sells at the new price', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const part = await withDb(async (db) => {
    const { rows } = await db.query<{ id: string; price: number }>(
      `select id, price::float8 as price from product p where price between 10 and 100 and 'axl' = any(sites)
         and allowed_states = '{}' and min_transfer = 1 and minimum_purchase_quantity = 1
         and not exists (select 1 from price_break b where b.product_id = p.id)
         and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
       order by id desc limit 1 offset 3`,
    );
    return rows[0]!;
  });
  const price = Math.round((part.price + 3.1) * 100) / 100;
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const staff = await registerAndSignIn(page, 'Imogen');
  await setRole(staff, ROLES.Service);
  await page.goto('/admin/imports');
  await expect(page.getByRole('menuitem', { name: 'Imports' })).toBeVisible();
  const upload = (name: string, text: string) =>
    page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

  await upload(
    'prices-bad.csv',
    `partNumber,price\n${part.id},${price}\nNO-SUCH-PART-9,4\n${part.id}-X,-2\n`,
  );
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(
    page.getByText('Fix these lines, then check the file again. Nothing was imported.'),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: /4 price Enter a price of 0 or more\./ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Apply/ })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/console-import-errors.png', fullPage: true });

  await upload('prices.csv', `partNumber,price\n${part.id},${price}\nNO-SUCH-PART-9,4\n`);
  await page.getByRole('button', { name: 'Check file' }).click();
  const change = page.getByRole('row', { name: new RegExp(part.id) });
  await expect(change).toContainText(part.price.toFixed(2));
  await expect(change).toContainText(price.toFixed(2));
  await expect(
    page.getByText(/1 part number is not in the catalogue and will be skipped: NO-SUCH-PART-9/),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/console-import-diff.png', fullPage: true });
  await page.getByRole('button', { name: 'Apply 1 change' }).click();
  await expect(page.getByText('Imported: 1 change applied.')).toBeVisible();

  await page.goto(`/product/detail/${encodeURIComponent(part.id)}`);
  await expect(page.getByTestId('product-price').locator('.price')).toHaveText(`$${price.toFixed(2)} each`);

  // On a phone, in French: the same check reads, nothing overflows the screen.
  await page.setViewportSize(PHONE);
  await context.addCookies([shopCookie('locale', 'fr-CA')]);
  await page.goto('/admin/imports');
  await page.getByText('Stocks', { exact: true }).click();
  await expect(
    page.getByText('Sa première ligne nomme les colonnes : partNumber, warehouseId, onHand.'),
  ).toBeVisible();
  await page.getByLabel('Fichier CSV').setInputFiles({
    name: 'stock.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`partNumber,warehouseId,onHand\n${part.id},MOO,-1\n`),
  });
  await page.getByRole('button', { name: 'Vérifier le fichier' }).click();
  await expect(page.getByText(/Corrigez ces lignes/)).toBeVisible();
  // The store's own message, in the viewer's language.
  await expect(page.getByText('Entrez un compte de 0 à 10 000 000.')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: 'test-results/screenshots/console-import-phone-fr.png', fullPage: true });
  await context.close();
});
