import { expect, test } from '@playwright/test';
import { TEST_CARDS } from '../domain/checkout';
import { addFromProductPage } from './pages/CartPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { ShopPage } from './pages/ShopPage';
import { registerAndSignIn } from './support/accounts';
import { markDelivered, setRole } from './support/db';

test('request a return of one line of a delivered order and see its status', async ({ page }) => {
  test.setTimeout(90_000);
  const shop = new ShopPage(page);
  const checkout = new CheckoutPage(page);
  await registerAndSignIn(page, 'Rhea');
  await addFromProductPage(page, 'SFU1605-500');
  await addFromProductPage(page, 'TL-242-10ML');
  const orderId = await checkout.checkOutWithCard(TEST_CARDS.authorised);
  await markDelivered(orderId);

  await shop.goto(`/user/account/orders/${orderId}`);
  await page.getByRole('link', { name: 'Request a Return' }).click();
  const line = page.getByTestId('return-line').filter({ hasText: 'Threadlocker' });
  await line.getByRole('spinbutton').fill('1');
  await page.getByLabel('Reason').selectOption('DEFECTIVE_PRODUCT');
  await page.getByLabel('Comment (optional)').fill('The cap was cracked.');
  await page.getByRole('button', { name: 'Request Return' }).click();
  await expect(page.getByTestId('return-status')).toHaveText('Return Requested');
  await expect(page.getByText('We will review your request within two business days')).toBeVisible();

  await shop.goto('/user/account/returns');
  await expect(page.getByTestId('return-row')).toContainText('Return Requested');
  await shop.goto(`/user/account/orders/${orderId}`);
  await expect(page.getByTestId('order-status')).toHaveText('Return Requested');
  await shop.screenshot('return-requested');

  // Customer service accepts it in the console: the customer's return gets its RMA number.
  await shop.header.getByRole('button', { name: 'Sign Out' }).click();
  const staff = await registerAndSignIn(page, 'Cass');
  await setRole(staff, 300);
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: 'Returns' }).click();
  await page.getByRole('button', { name: 'Accept' }).first().click();
  await expect(page.getByText('Saved')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByTitle('Return Approved').click();
  await expect(page.getByRole('cell', { name: /^RMA-/ }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/admin-returns.png' });
});
