import { expect, test } from '@playwright/test';
import { RESET_ALL_CONFIRMATION } from '../domain/admin';
import { ROLES } from '../domain/roles';
import { E2E_PASSWORD, registerAndSignIn } from './support/accounts';
import { setRole } from './support/db';
import { lastEmailTo, linkIn } from './support/outbox';

/**
 * Issue 28 (items 10 and 12): an Admin resets every password from the console. The shop then shows them signed
 * out, and the e-mail every user gets has a link that works.
 */
test('reset all passwords: the header signs out at once, and the e-mailed link sets a new password', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = await registerAndSignIn(page, 'Reza');
  await setRole(email, ROLES.Admin);
  await page.goto('/admin/customers');
  await page.getByRole('button', { name: 'Reset all passwords' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill(RESET_ALL_CONFIRMATION);
  await dialog.getByRole('button', { name: 'Reset all passwords' }).click();
  await expect(page).toHaveURL(/\/user\/login/);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await expect(page.getByText('Hi, Reza!')).toHaveCount(0);

  const mail = await lastEmailTo(email, /Choose a new password/);
  const link = linkIn(mail);
  expect(link).toMatch(/^\/user\/reset-password\?token=[\w-]{43}$/);
  await page.goto(link);
  await page.getByLabel('New password').fill('Gantry-Pulley-Orbit-58');
  await page.getByLabel('Confirm password').fill('Gantry-Pulley-Orbit-58');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password was changed.');
  await page.goto('/user/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not correct.');
  await page.getByLabel('Password').fill('Gantry-Pulley-Orbit-58');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/user\/account$/);
});
