import { expect, test, type Page } from '@playwright/test';
import { TEST_CARDS } from '../domain/checkout';
import { addFromProductPage } from './pages/CartPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { ShopPage } from './pages/ShopPage';
import { registerAndSignIn } from './support/accounts';
import { ageOrder } from './support/db';
import { lastEmailTo, linkIn } from './support/outbox';

const DOCK = {
  name: 'Receiving Dock 4',
  line1: '400 Mill St',
  city: 'Mooresville',
  state: 'NC',
  zip: '28115',
  email: 'dock4@piedmont.example',
};

/** Types a card into the payment form in view and submits it with `button`. */
async function card(page: Page, number: string, button: string) {
  const form = page.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Name on the card').fill('Merle Buyer');
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM/YY)').fill('12/39');
  await form.getByLabel('Security code').fill('123');
  await form.getByRole('button', { name: button }).click();
}

test('a declined card keeps the buyer on the order with the reason; the bank check cancelled comes back there; approved, it completes', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const shop = new ShopPage(page);
  const checkout = new CheckoutPage(page);
  await registerAndSignIn(page, 'Dora');
  await addFromProductPage(page, 'SFU1605-500');
  await checkout.open();
  await checkout.useNewAddress(DOCK);
  await checkout.chooseShipping();
  await checkout.payWith(TEST_CARDS.declined);
  await checkout.placeOrder();

  // Never the empty cart: the order is saved, the decline says why, the focus is on it.
  const declined = page.getByRole('heading', { name: 'Your payment did not go through' });
  await expect(declined).toBeFocused();
  await expect(page.getByTestId('payment-declined')).toHaveText(
    'Your card was declined. Your order is saved: pay with another card.',
  );
  await expect(page.getByTestId('order-saved')).toContainText(/Order AXL-\d+ is saved/);
  await expect(page.getByText('Your cart is empty')).toHaveCount(0);
  await expect(page.getByTestId('checkout-total')).not.toHaveText('$0.00');
  await shop.screenshot('checkout-declined-desktop');

  // A card that asks the bank: the bank's page; cancelling it comes back to the decline, with the bank's answer.
  await card(page, TEST_CARDS.requiresAction, 'Pay Now');
  await expect(
    page.getByRole('heading', { name: 'Your bank asks you to confirm this payment' }),
  ).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('payment-declined')).toContainText(
    'Your bank could not authenticate this payment.',
  );

  // Again, approved this time: the order is paid and confirmed.
  await card(page, TEST_CARDS.requiresAction, 'Pay Now');
  await page.getByRole('button', { name: 'Confirm Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/confirmation\//);
  await expect(page.getByTestId('order-status')).toHaveText('Payment Received');
  await expect(shop.cart).toHaveAccessibleName('Cart, 0 items');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a guest left with a declined order: the cart points to it, the e-mail link pays it in another browser, then the buyer cancels it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const shop = new ShopPage(page);
    const checkout = new CheckoutPage(page);
    const email = `guest.${Date.now()}@piedmont.example`;
    await addFromProductPage(page, 'SFU1605-500');
    await checkout.open();
    await page.getByLabel('E-mail for the order confirmation').fill(email);
    await checkout.useNewAddress(DOCK);
    await checkout.chooseShipping();
    await checkout.payWith(TEST_CARDS.declined);
    await checkout.placeOrder();
    await expect(page.getByTestId('payment-declined')).toContainText('Your card was declined.');
    const number = /AXL-\d+/.exec((await page.getByTestId('order-saved').textContent()) ?? '')![0];
    await shop.screenshot('checkout-declined-phone');

    // The cart is empty because the lines are in the order, and it says so.
    await shop.goto('/cart');
    await expect(page.getByTestId('awaiting-payment')).toContainText(
      `Your order ${number} is waiting for payment`,
    );
    await page.getByTestId('awaiting-payment').getByRole('link', { name: 'Pay Now' }).click();
    await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
    await expect(page.getByTestId('pay-now')).toContainText(/Pay by .+, or the order will be cancelled/);
    const orderId = page.url().split('/').pop()!;
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shop.screenshot('order-awaiting-payment-phone');

    // Left so for a while, the guest gets an e-mail whose link opens the order in any browser.
    await ageOrder(orderId, 31);
    const mail = await lastEmailTo(email, /did not go through/);
    expect(mail).toContain('Your card was declined.');
    const elsewhere = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await elsewhere.goto(linkIn(mail));
    await expect(elsewhere).toHaveURL(new RegExp(`/user/account/orders/${orderId}$`));
    await elsewhere.getByRole('button', { name: 'Pay Now' }).click();
    await card(elsewhere, TEST_CARDS.authorised, 'Pay Now');
    await expect(elsewhere.getByText(`Thank you: order ${number} is paid.`)).toBeVisible();
    await expect(elsewhere.getByTestId('order-status')).toHaveText('Payment Received');
    await expect(elsewhere.getByTestId('pay-now')).toHaveCount(0);

    // Changed their mind before it ships: cancel, confirmed, and told by e-mail.
    await elsewhere.getByRole('button', { name: 'Cancel order' }).click();
    await expect(elsewhere.getByText(`Cancel order ${number}? This cannot be undone.`)).toBeVisible();
    await elsewhere.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await expect(elsewhere.getByTestId('order-status')).toHaveText('Order Cancelled');
    await expect(elsewhere.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    const cancelled = await lastEmailTo(email, /was cancelled/);
    expect(cancelled).toContain('The amount held on your card is released.');
    await elsewhere.close();

    // Every link of the e-mails the guest got opens the order in a browser that never saw it, and its action works:
    // the confirmation's leads to the invoice, the cancellation's to ordering the same parts again.
    const confirmation = await lastEmailTo(email, /^Your Axisline Supply order AXL-\d+$/);
    const third = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await third.goto(linkIn(confirmation));
    await expect(third).toHaveURL(new RegExp(`/user/account/orders/${orderId}$`));
    await third.getByRole('link', { name: 'Invoice', exact: true }).click();
    await expect(third.getByRole('heading', { name: 'Invoice', level: 1 })).toBeVisible();
    await third.close();
    const fourth = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await fourth.goto(linkIn(cancelled));
    await expect(fourth.getByTestId('order-status')).toHaveText('Order Cancelled');
    await fourth.getByRole('button', { name: 'Re-order' }).click();
    await expect(fourth).toHaveURL(/\/cart$/);
    await expect(fourth.getByTestId('cart-line')).toHaveCount(1);
    await fourth.close();
  });
});
