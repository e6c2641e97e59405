import { expect, test } from '@playwright/test';
import { TEST_CARDS } from '../domain/checkout';
import { addFromProductPage } from './pages/CartPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { E2E_PASSWORD, registerAndSignIn } from './support/accounts';
import { lastEmailTo } from './support/outbox';

/**
 * Every link of the e-mails the store sends, opened as delivered (the mailbox beside the store) and followed to
 * the end of its action. Registration, reset and reset-all links are walked in accounts, first-admin and
 * reset-all specs; here: the "you already have an account" e-mail and the order confirmation.
 */
const linksIn = (text: string) =>
  [...text.matchAll(/https?:\/\/\S+/g)].map((m) => {
    const url = new URL(m[0]);
    return url.pathname + url.search;
  });

test('"you already have an account": its sign-in link signs in, its forgot-password link leads to a working reset', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = await registerAndSignIn(page, 'Elsa');
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await page.goto('/user/register');
  await page.getByLabel('First name').fill('Elsa');
  await page.getByLabel('Last name').fill('Again');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  const mail = await lastEmailTo(email, /You already have an Axisline Supply account/);
  const [signIn, forgot] = linksIn(mail);
  expect([signIn, forgot]).toEqual(['/user/login', '/user/forgot-password']);

  await page.goto(signIn!);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/user\/account$/);
  await page.getByRole('button', { name: 'Sign Out' }).first().click();

  await page.goto(forgot!);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  const reset = linksIn(await lastEmailTo(email, /Reset your Axisline Supply password/));
  expect(reset).toHaveLength(1);
  await page.goto(reset[0]!);
  await page.getByLabel('New password').fill('Gantry-Pulley-Orbit-58');
  await page.getByLabel('Confirm password').fill('Gantry-Pulley-Orbit-58');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password was changed.');
  await page.goto('/user/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('Gantry-Pulley-Orbit-58');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/user\/account$/);
});

test('the order confirmation links to the order page, which opens its invoice', async ({ page }) => {
  test.setTimeout(90_000);
  const email = await registerAndSignIn(page, 'Omar');
  await addFromProductPage(page, 'SFU1605-500');
  const orderId = await new CheckoutPage(page).checkOutWithCard(TEST_CARDS.authorised);
  // The confirmation goes to the order's contact e-mail (the account's, or the one typed at checkout).
  const mail = await Promise.any(
    [email, 'dock@plant.example'].map((to) => lastEmailTo(to, /^Your Axisline Supply order AXL-/)),
  );
  const [orderLink] = linksIn(mail);
  expect(orderLink).toBe(`/user/account/orders/${orderId}`);
  await page.goto(orderLink!);
  await expect(page.getByTestId('order-status')).toBeVisible();
  await page
    .getByRole('link', { name: /invoice/i })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/user/account/orders/${orderId}/invoice$`));
});
