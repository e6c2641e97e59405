import { expect, test, type Page } from '@playwright/test';
import { TEST_CARDS } from '../domain/checkout';
import { addFromProductPage } from './pages/CartPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { ShopPage } from './pages/ShopPage';
import { registerAndSignIn } from './support/accounts';

async function addAddress(page: Page, name: string, line1: string) {
  await page.getByRole('button', { name: 'Add an Address' }).click();
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Address line 1').fill(line1);
  await form.getByLabel('City').fill('Mooresville');
  await form.getByLabel('State').selectOption('NC');
  await form.getByLabel('ZIP code').fill('28115');
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByTestId('address').filter({ hasText: name })).toBeVisible();
}

test('a repeat buyer edits a saved address, finds the last one used first at checkout, and types the card expiry as digits', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const shop = new ShopPage(page);
  const checkout = new CheckoutPage(page);
  await registerAndSignIn(page, 'Remy');
  await addAddress(page, 'North Dock', '10 North Rd');
  await addAddress(page, 'South Dock', '20 South Rd');

  // Edit a saved address in place (not only delete or make primary).
  const south = page.getByTestId('address').filter({ hasText: 'South Dock' });
  await south.getByRole('button', { name: 'Edit the address South Dock' }).click();
  const form = page.getByRole('form', { name: 'Edit the address South Dock' });
  await expect(form.getByLabel('Address line 1')).toHaveValue('20 South Rd');
  await form.getByLabel('Address line 1').fill('22 South Rd');
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Address saved.')).toBeVisible();
  await expect(south).toContainText('22 South Rd');
  await expect(page.getByTestId('address')).toHaveCount(2);

  // First order to the South dock, with the expiry typed as four digits.
  await addFromProductPage(page, 'SFU1605-500');
  await checkout.open();
  const saved = page.getByRole('group', { name: 'Your addresses' });
  await saved.getByRole('radio', { name: /South Dock/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await checkout.chooseShipping();
  const card = page.getByRole('form', { name: 'Card details' });
  await card.getByLabel('Name on the card').fill('Remy Buyer');
  await card.getByLabel('Card number').fill(TEST_CARDS.authorised);
  await card.getByLabel('Expiry (MM/YY)').fill('1239');
  await card.getByLabel('Security code').fill('123');
  await card.getByLabel('Security code').press('Tab');
  await expect(card.getByLabel('Expiry (MM/YY)')).toHaveValue('12/39');
  await card.getByRole('button', { name: 'Continue' }).click();
  await checkout.placeOrder();
  await expect(page).toHaveURL(/\/checkout\/confirmation\//);

  // Next time, the South dock comes first and is chosen, marked as last used.
  await addFromProductPage(page, 'SFU1605-500');
  await checkout.open();
  const first = page.getByRole('group', { name: 'Your addresses' }).getByRole('radio').first();
  await expect(first).toBeChecked();
  await expect(page.locator('.saved-address').first()).toContainText('South Dock');
  await expect(page.locator('.saved-address').first()).toContainText('Last used');
  await shop.screenshot('checkout-saved-addresses');
});

test('a guest types the e-mail once: the delivery e-mail follows the confirmation e-mail', async ({
  page,
}) => {
  const checkout = new CheckoutPage(page);
  await addFromProductPage(page, 'SFU1605-500');
  await checkout.open();
  const form = page.getByRole('form', { name: 'Shipping Address' });
  await form.getByLabel('E-mail for the order confirmation').fill('once@piedmont.example');
  await form.getByLabel('Recipient name').click();
  await expect(form.getByLabel('Delivery contact e-mail')).toHaveValue('once@piedmont.example');
});
