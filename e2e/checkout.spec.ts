import { expect, test } from '@playwright/test';
import { TEST_CARDS } from '../domain/checkout';
import { CartPage, addFromProductPage } from './pages/CartPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { ShopPage } from './pages/ShopPage';
import { E2E_PASSWORD, registerAndSignIn } from './support/accounts';

const NC = {
  name: 'Receiving Dock 2',
  line1: '400 Mill St',
  city: 'Mooresville',
  state: 'NC',
  zip: '28115',
  email: 'dock@piedmont.example',
};
const CA = {
  name: 'West Plant',
  line1: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  email: 'west@piedmont.example',
};

test('anonymous cart, sign in (merge), checkout to NC with the test card: Payment Received and the invoice PDF', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const shop = new ShopPage(page);
  const cart = new CartPage(page);
  const checkout = new CheckoutPage(page);

  // An existing customer, signed out.
  const email = await registerAndSignIn(page, 'Orla');
  await shop.header.getByRole('button', { name: 'Sign Out' }).click();
  await expect(shop.header.getByRole('link', { name: 'Sign In' })).toBeVisible();

  // Anonymous: a 2020 extrusion cut to 500 mm and a ball screw.
  await addFromProductPage(page, '2020-C', () => page.getByLabel(/^Cut Length/).fill('500'));
  await addFromProductPage(page, 'SFU1605-500');
  await expect(shop.cart).toHaveAccessibleName('Cart, 2 items');

  // Signing in merges the anonymous cart into the customer's.
  await shop.goto('/user/login?callbackUrl=%2Fcart');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cart.lines).toHaveCount(2);
  await expect(shop.cart).toHaveAccessibleName('Cart, 2 items');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();

  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await checkout.useNewAddress(NC);
  await checkout.chooseShipping();
  await expect(page.getByTestId('checkout-tax')).not.toHaveText('Calculated at checkout');
  await checkout.payWith(TEST_CARDS.authorised);
  await expect(page.getByText('VISA ending in 4242')).toBeVisible();
  await expect(
    page.getByText(
      'Tax and Freight estimates may be subject to change at time of shipment, especially for orders that include extrusion or oversized items. See shipping policy for details.',
    ),
  ).toBeVisible();
  await shop.screenshot('checkout-review-desktop');
  await checkout.placeOrder();

  await expect(page).toHaveURL(/\/checkout\/confirmation\//);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Payment Received');
  await expect(shop.cart).toHaveAccessibleName('Cart, 0 items');
  await shop.screenshot('order-confirmation');

  // The order in the account list, its invoice page and the PDF.
  await shop.goto('/user/account/orders');
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  await expect(page.getByTestId('order-row')).toContainText('Payment Received');
  await page.getByTestId('order-row').getByRole('link').click();
  await page.getByRole('link', { name: 'Invoice', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Invoice', level: 1 })).toBeVisible();
  await expect(page.getByText('Mooresville, NC 28115').first()).toBeVisible();
  await expect(page.getByText('Toll-free 1-800-555-0142')).toBeVisible();
  await shop.screenshot('invoice');
  const pdfHref = await page.getByRole('link', { name: 'Invoice PDF' }).getAttribute('href');
  const pdf = await page.request.get(pdfHref!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('a line restricted from California blocks checkout to CA with a clear message', async ({ page }) => {
  const checkout = new CheckoutPage(page);
  await addFromProductPage(page, 'TL-242-10ML');
  await checkout.open();
  await page.getByLabel('E-mail for the order confirmation').fill('guest@piedmont.example');
  await checkout.useNewAddress(CA, { blocked: true });
  await expect(checkout.stateRestriction).toHaveText(
    'Threadlocker 242, Medium Strength, 10 ml (TL-242-10ML) cannot ship to California. Remove it from the cart or choose another address.',
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screenshots/checkout-blocked-phone.png', fullPage: true });
});

test('a reload keeps the checkout: the steps done and what was being typed; placing the order drops it (issue 35, item 8)', async ({
  page,
}) => {
  const checkout = new CheckoutPage(page);
  await addFromProductPage(page, 'SFU1605-500');
  await checkout.open();
  await page.getByLabel('E-mail for the order confirmation').fill('reload@piedmont.example');
  await checkout.useNewAddress(NC);
  await checkout.chooseShipping();

  // Reloaded on the payment step: it opens there, the address and shipping steps done.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
  const steps = page.getByRole('list', { name: 'Checkout steps' });
  await expect(steps.getByRole('button')).toHaveText(['Shipping Address', 'Shipping Details']);
  await expect(checkout.total).toContainText('$'); // The tax of the NC address, as before the reload.

  // Back on the address, a change typed but not sent survives a reload too.
  await steps.getByRole('button', { name: 'Shipping Address' }).click();
  const form = page.getByRole('form', { name: 'Shipping Address' });
  await expect(form.getByLabel('Address line 1')).toHaveValue(NC.line1);
  await form.getByLabel('Recipient name').fill('Receiving Dock 9');
  await page.reload();
  await expect(form.getByLabel('Recipient name')).toHaveValue('Receiving Dock 9');
  await expect(form.getByLabel('E-mail for the order confirmation')).toHaveValue('reload@piedmont.example');
  await expect(form.getByLabel('ZIP code')).toHaveValue(NC.zip);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('form', { name: 'Shipping Details' }).getByLabel('Shipping method'),
  ).toHaveValue('Ground');
  await page
    .getByRole('form', { name: 'Shipping Details' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await checkout.payWith(TEST_CARDS.authorised);
  await expect(page.getByText('Receiving Dock 9')).toBeVisible();
  await checkout.placeOrder();
  await expect(page).toHaveURL(/\/checkout\/confirmation\//);
  // The order is placed: nothing of it is left in the tab.
  expect(await page.evaluate(() => sessionStorage.getItem('axl.checkout-draft'))).toBeNull();
});
