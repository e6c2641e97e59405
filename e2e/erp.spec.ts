import { expect, test } from '@playwright/test';
import { TEST_CARDS } from '../domain/checkout';
import { ROLES } from '../domain/roles';
import { addFromProductPage } from './pages/CartPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { graphqlFromPage, registerAndSignIn } from './support/accounts';
import { shopCookie } from './support/cookies';
import { setRole } from './support/db';

/*
 * Orders the ERP has not acknowledged (issue 56, item 6; decision 071), walked in Chromium: an order placed in the
 * shop waits in Console → Orders → "Not acknowledged by the ERP" until the ERP's acknowledgeOrder gives it its sales
 * order number; on a phone and in French too.
 */

const PHONE = { width: 390, height: 844 };

test('an order waits for the ERP in the console until the ERP acknowledges it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await registerAndSignIn(page, 'Erin');
  await addFromProductPage(page, 'SFU1605-500');
  const orderId = await new CheckoutPage(page).checkOutWithCard(TEST_CARDS.authorised);

  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const desk = await context.newPage();
  const staff = await registerAndSignIn(desk, 'Ezra');
  await setRole(staff, ROLES.Admin);
  await desk.goto('/admin/orders');
  await desk.getByRole('tab', { name: 'Not acknowledged by the ERP' }).click();
  await expect(desk).toHaveURL(/view=erp/);
  await desk.getByLabel('Placed more than (minutes) ago').fill('0');
  await desk.getByRole('button', { name: 'Show' }).click();
  await expect(desk).toHaveURL(/minutes=0/);
  // Oldest first: every order the other specs placed waits too, so the newest is on the last page.
  const summary = await desk.getByText(/for the ERP more than 0 minutes/).textContent();
  // The count as the page prints it ("1,034 orders wait" on a long-lived data folder).
  const total = Number((/([\d,]+) orders? waits?/.exec(summary ?? '')?.[1] ?? '1').replace(/,/g, ''));
  await desk.goto(`/admin/orders?view=erp&minutes=0&pageSize=100&page=${Math.ceil(total / 100)}`);
  const row = desk.getByRole('row').filter({ has: desk.locator(`a[href="/admin/orders/${orderId}"]`) });
  await expect(row).toBeVisible();
  await desk.screenshot({ path: 'test-results/screenshots/console-erp-waiting.png', fullPage: true });

  // The ERP creates its sales order and acknowledges (an Admin may call it as an erp:orders key does).
  const acknowledged = await graphqlFromPage(
    desk,
    `mutation { acknowledgeOrder(id: "${orderId}", erpOrderId: "SO-77120") { erpOrderId } }`,
  );
  expect(acknowledged.errors).toBeUndefined();
  await desk.reload();
  await expect(desk.getByRole('tab', { name: 'Not acknowledged by the ERP', selected: true })).toBeVisible();
  await expect(desk.locator(`a[href="/admin/orders/${orderId}"]`)).toHaveCount(0);
  await desk.goto(`/admin/orders/${orderId}`);
  await expect(desk.getByLabel(/^ERP order ID/i)).toHaveValue('SO-77120');

  // On a phone, in French: the list fits the screen.
  await desk.setViewportSize(PHONE);
  await context.addCookies([shopCookie('locale', 'fr-CA')]);
  await desk.goto('/admin/orders?view=erp&minutes=0');
  await expect(desk.getByRole('tab', { name: 'Non confirmées par l’ERP', selected: true })).toBeVisible();
  const width = await desk.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await desk.screenshot({ path: 'test-results/screenshots/console-erp-phone-fr.png', fullPage: true });
  await context.close();
});
