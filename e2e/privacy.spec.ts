import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import { E2E_PASSWORD, registerAndSignIn } from './support/accounts';
import { ShopPage } from './pages/ShopPage';

/** Issue 26: a buyer downloads their data and closes their account, on a phone and in French too. */
test('download my data, then close my account: a wrong password is refused next to the field, the right one signs out', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const shop = new ShopPage(page);
  const email = await registerAndSignIn(page, 'Priya');
  // The close form is the shop's script: typed before hydration, its submit would be the browser's own (a CI
  // flake); typing early is e2e/ssr.spec.ts's walk.
  await shop.hydrated();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download My Data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^axisline-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
  expect(data.account.emailAddress).toBe(email);
  expect(data.orders).toEqual([]);

  const section = page.getByRole('region', { name: 'Your data' });
  await section.getByLabel('Current password').fill('Not-Mine-Rail-2!');
  await section.getByRole('button', { name: 'Close My Account' }).click();
  await expect(section.getByText('The password is not correct.')).toHaveCount(1);
  await expect(section.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await shop.screenshot('account-close-390');

  await section.getByLabel('Current password').fill(E2E_PASSWORD);
  await section.getByRole('button', { name: 'Close My Account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account was closed.')).toBeVisible();
  await page.goto('/user/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not correct.');
});

test('the data section reads in French', async ({ page }) => {
  await registerAndSignIn(page, 'Jacques');
  await page.context().addCookies([{ name: 'locale', value: 'fr-CA', url: page.url() }]);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Vos données' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Télécharger mes données' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fermer mon compte' })).toBeVisible();
  await page.getByRole('heading', { name: 'Vos données' }).scrollIntoViewIfNeeded();
  await new ShopPage(page).screenshot('account-data-fr-CA-1280');
});
