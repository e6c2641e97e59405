import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { COMPANY_ROLES } from '../domain/company';
import { BRAND } from '../domain/constants';
import { ROLES } from '../domain/roles';
import { addFromProductPage } from './pages/CartPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { registerAndSignIn } from './support/accounts';
import { setRole, withDb } from './support/db';
import { lastEmailTo, linkIn } from './support/outbox';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

/**
 * Company buying, slice 4 (issue 31, decision 046): Service staff make a company on net terms with a credit limit in
 * the console; its buyer's purchase order over the limit waits for staff, who approve it; the buyer's e-mailed link
 * shows it Processing; staff record a payment against the invoice (too much refused first), and it is paid.
 */
test('staff keep a company on terms: a purchase order over its credit waits, is approved, and its invoice is paid', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  const staffEmail = await registerAndSignIn(page, 'Astrid');
  await setRole(staffEmail, ROLES.Service);
  const context = await browser.newContext({ viewport: PHONE });
  const phone = await context.newPage();
  const buyer = await registerAndSignIn(phone, 'Hugo');

  // A new company: a credit limit without terms is refused next to its field.
  const name = `Keel Robotics ${Date.now()}`;
  await page.goto('/admin/companies');
  await page.getByRole('button', { name: 'New company' }).click();
  const dialog = page.getByRole('dialog', { name: 'New company' });
  await dialog.getByLabel('Company', { exact: true }).fill(name);
  await dialog.getByLabel('Credit limit').fill('50');
  await dialog.getByRole('button', { name: 'Save Company' }).click();
  await expect(dialog.getByText('A credit limit needs net terms.')).toBeVisible();
  await dialog.getByLabel('Net terms (days)').fill('30');
  await dialog.getByRole('button', { name: 'Save Company' }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(page.getByText('Net 30').first()).toBeVisible();

  await withDb((db) =>
    db.query(
      `update app_user set account_id = (select id from business_account where company = $1), company_role = $2
       where lower(email) = lower($3)`,
      [name, COMPANY_ROLES.Admin, buyer],
    ),
  );

  // The buyer's purchase order is over the $50 limit: it waits for Axisline Supply.
  await addFromProductPage(phone, 'SFU1605-500');
  const checkout = new CheckoutPage(phone);
  await checkout.open();
  await checkout.useNewAddress({
    name: 'Dock 1',
    line1: '400 Mill St',
    city: 'Mooresville',
    state: 'NC',
    zip: '28115',
    email: 'dock@keel.example',
  });
  await checkout.chooseShipping();
  await phone.getByRole('radio', { name: /Purchase order/ }).check();
  const po = phone.getByRole('form', { name: /Purchase order/ });
  await po.getByLabel('Purchase order number').fill('KR-7781');
  await po.getByRole('button').click();
  await checkout.placeOrder();
  await expect(phone).toHaveURL(/\/checkout\/confirmation\//);
  const orderId = new URL(phone.url()).pathname.split('/').pop()!;
  await phone.goto(`/user/account/orders/${orderId}`);
  await expect(phone.getByTestId('order-approval')).toContainText(
    "Waiting for Axisline Supply's credit review",
  );
  await phone.screenshot({ path: 'test-results/screenshots/order-credit-hold-390.png', fullPage: true });

  // Staff find it in the list; their e-mail links to the company's page, where they approve it.
  await page.goto('/admin/companies');
  await page.getByRole('searchbox').fill(name);
  await page.getByRole('searchbox').press('Enter');
  await expect(page.getByRole('link', { name })).toBeVisible();
  const staffMail = await lastEmailTo(BRAND.email.help, new RegExp(`from ${name} is over its credit limit`));
  await page.goto(linkIn(staffMail));
  const holds = page.getByTestId('credit-holds');
  await expect(holds).toContainText('KR-7781');
  await expect(async () => expect(await seriousViolations(page)).toEqual([])).toPass({ timeout: 10_000 });
  await page.screenshot({ path: 'test-results/screenshots/admin-company-1366.png', fullPage: true });
  await holds.getByRole('button', { name: /^Approve credit/ }).click();
  await expect(page.getByTestId('credit-holds')).toHaveCount(0);

  // The buyer's e-mail links to the order, now Processing.
  const mail = await lastEmailTo(buyer, /was approved/);
  await phone.goto(linkIn(mail));
  await expect(phone.getByTestId('order-status')).toHaveText('Processing');

  // The invoice: more than its balance is refused, the balance pays it.
  const invoices = page.getByTestId('terms-invoices');
  await invoices.getByRole('button', { name: /^Record payment/ }).click();
  const pay = page.getByRole('dialog', { name: /^Record a payment for AXL-/ });
  const amount = pay.getByLabel('Amount received');
  const balance = Number(await amount.inputValue());
  await amount.fill(String(balance + 1));
  await pay.getByLabel('Reference (cheque or transfer number)').fill('CHQ 5520');
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay.getByRole('alert')).toContainText("The invoice's balance is");
  await amount.fill(String(balance));
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay).toBeHidden();
  await expect(invoices).toContainText('CHQ 5520');
  await expect(invoices.getByRole('button', { name: /^Record payment/ })).toHaveCount(0);

  // The console on a phone, in fr-CA.
  await page.setViewportSize(PHONE);
  await page.context().addCookies([{ name: 'locale', value: 'fr-CA', url: new URL('/', page.url()).href }]);
  await page.reload();
  await expect(page.getByText('Factures à terme')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/admin-company-fr-390.png', fullPage: true });
  await context.close();
});
