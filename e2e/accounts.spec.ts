import { expect, test } from '@playwright/test';
import { ShopPage } from './pages/ShopPage';
import { graphqlFromPage } from './support/accounts';
import { lastEmailTo, linkIn } from './support/outbox';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

test('register from the e-mailed link, edit the profile and addresses, change the password, sign out and back in', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize(DESKTOP);
  const shop = new ShopPage(page);
  const email = `buyer.${Date.now()}@plant.example`;

  // A signed-out visitor asking for the account page goes to sign-in, and comes back after it.
  await shop.goto('/user/account');
  await expect(page).toHaveURL(/\/user\/login\?error=SessionRequired&callbackUrl=%2Fuser%2Faccount/);
  await expect(page.getByText('Please sign in to continue.')).toBeVisible();

  await shop.goto('/user/register');
  await page
    .getByLabel('Continue')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please enter your first name.')).toBeVisible();
  await expect(page.getByText('You must accept the terms.')).toBeVisible();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Ng');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  await shop.goto(linkIn(await lastEmailTo(email)));
  await expect(page.getByText(`choose a password for ${email}`)).toBeVisible();
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Your password must be at least 8 characters in length.')).toBeVisible();
  await page.getByLabel('New password').fill('Tslot-2020!rail');
  await page.getByLabel('Confirm password').fill('Tslot-2020!rail');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/user\/account$/);
  await expect(shop.header.getByText('Hi, Ada!')).toBeVisible();
  await expect(shop.header.getByRole('link', { name: 'View Account' })).toBeVisible();

  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Your profile was saved.')).toBeVisible();

  for (const name of ['Dock 1', 'Dock 2']) {
    await page.getByRole('button', { name: 'Add an Address' }).click();
    const form = page.getByRole('form', { name: 'New address' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Address line 1').fill('1200 Industrial Park Dr');
    await form.getByLabel('City').fill('Mooresville');
    await form.getByLabel('State').selectOption('NC');
    await form.getByLabel('ZIP code').fill('28115');
    await form.getByRole('button', { name: 'Save Address' }).click();
    await expect(page.getByTestId('address').filter({ hasText: name })).toBeVisible();
  }
  const dock1 = page.getByTestId('address').filter({ hasText: 'Dock 1' });
  const dock2 = page.getByTestId('address').filter({ hasText: 'Dock 2' });
  await expect(dock1.getByText('Primary', { exact: true })).toBeVisible();
  await dock2.getByRole('button', { name: 'Make primary' }).click();
  await expect(dock2.getByText('Primary', { exact: true })).toBeVisible();
  await expect(dock1.getByText('Primary', { exact: true })).toHaveCount(0);

  await page.getByRole('region', { name: 'Password' }).getByLabel('Current password').fill('Tslot-2020!rail');
  await page
    .locator('section', { hasText: 'Change Password' })
    .getByLabel('New password')
    .fill('New-Rail-15!');
  await page
    .locator('section', { hasText: 'Change Password' })
    .getByLabel('Confirm password')
    .fill('New-Rail-15!');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your password was changed. Other devices were signed out.')).toBeVisible();
  await shop.screenshot('account-1280');

  await shop.header.getByRole('button', { name: 'Sign Out' }).click();
  await expect(shop.header.getByRole('link', { name: 'Sign In' })).toBeVisible();

  await shop.goto('/user/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('Tslot-2020!rail');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not correct.');
  await page.getByLabel('Password').fill('New-Rail-15!');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/user\/account$/);
  await expect(shop.header.getByText('Hi, Ada!')).toBeVisible();
  await expect(shop.header.getByRole('link', { name: 'View Account' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  // A Customer calling an admin operation gets FORBIDDEN.
  const answer = await graphqlFromPage(page, 'mutation { resetAllPasswords }');
  expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  await page.goto('/admin');
  await expect(page.getByText('The admin console is for Axisline Supply staff.')).toBeVisible();
  await shop.goto('/user/account');

  await page.setViewportSize(PHONE);
  await shop.screenshot('account-390');
});
