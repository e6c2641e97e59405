import { expect, test, type Page } from '@playwright/test';
import { TEST_CARDS } from '../domain/checkout';
import { addFromProductPage } from './pages/CartPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { ShopPage } from './pages/ShopPage';
import { registerAndSignIn } from './support/accounts';

/*
 * Saved cards (spec section 4, User state; issue 35, item 3): saved at checkout once the payment authorises,
 * listed, added, made primary and removed on the account page, and paid with at the next checkout.
 */

const DOCK = {
  name: 'Receiving Dock 7',
  line1: '400 Mill St',
  city: 'Mooresville',
  state: 'NC',
  zip: '28115',
  email: 'dock7@piedmont.example',
};

/** The session as the shop's client reads it (spec section 3: userInfo { userId, paymentKey }). */
const sessionOf = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/auth/session');
    return (await res.json()) as { userInfo?: { userId: string; paymentKey: string | null } };
  });

async function addCard(page: Page, number: string) {
  const cards = page.getByRole('region', { name: 'Saved cards' });
  await cards.getByRole('button', { name: 'Add a card' }).click();
  const form = cards.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Name on the card').fill('Merle Buyer');
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM/YY)').fill('11/38');
  await form.getByLabel('Security code').fill('321');
  await form.getByRole('button', { name: 'Add a card' }).click();
}

test('a card saved at checkout is on the account page; another is added, made primary and pays the next order', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const shop = new ShopPage(page);
  const checkout = new CheckoutPage(page);
  await registerAndSignIn(page, 'Saskia');
  // Registration signs in; the payment-key initialisation follows (spec section 4).
  await expect.poll(async () => (await sessionOf(page)).userInfo?.paymentKey).toMatch(/^cus_/);

  await addFromProductPage(page, 'SFU1605-500');
  await checkout.open();
  await checkout.useNewAddress(DOCK);
  await checkout.chooseShipping();
  await checkout.payWith(TEST_CARDS.authorised, { save: true });
  await expect(
    page.getByText('This card will be saved to your account once the payment is authorised.'),
  ).toBeVisible();
  await checkout.placeOrder();
  await expect(page).toHaveURL(/\/checkout\/confirmation\//);

  await page.goto('/user/account');
  const cards = page.getByRole('region', { name: 'Saved cards' });
  await expect(cards.getByTestId('saved-card')).toHaveCount(1);
  await expect(cards.getByTestId('saved-card')).toContainText('VISA ending in 4242');
  await expect(cards.getByTestId('saved-card')).toContainText('Primary');
  await expect(cards.getByTestId('saved-card')).toContainText('expires 12/39');

  // A card that declines is not saved: the reason shows in the form.
  await addCard(page, TEST_CARDS.declined);
  await expect(cards.getByRole('form', { name: 'Card details' }).getByRole('alert')).toHaveText(
    'Your card was declined.',
  );
  await cards.getByRole('button', { name: 'Cancel' }).click();
  await addCard(page, '5555555555554444');
  await expect(cards.getByTestId('saved-card')).toHaveCount(2);
  await cards.getByRole('button', { name: 'Make MASTERCARD ending in 4444 primary' }).click();
  await expect(cards.getByTestId('saved-card').nth(1)).toContainText('Primary');
  await shop.screenshot('account-saved-cards-desktop');

  // The next checkout offers the saved cards, the primary one chosen.
  await addFromProductPage(page, 'SFU1605-500');
  await checkout.open();
  await checkout.useNewAddress(DOCK);
  await checkout.chooseShipping();
  const saved = page.getByTestId('saved-cards');
  await expect(saved.getByRole('radio', { name: /MASTERCARD ending in 4444/ })).toBeChecked();
  await expect(saved.getByRole('radio', { name: /VISA ending in 4242/ })).not.toBeChecked();
  await shop.screenshot('checkout-saved-cards-desktop');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Review and Place Order' })).toBeFocused();
  await expect(page.getByText('MASTERCARD ending in 4444')).toBeVisible();
  await checkout.placeOrder();
  await expect(page).toHaveURL(/\/checkout\/confirmation\//);
  await expect(page.getByTestId('order-status')).toHaveText('Payment Received');

  // Removed, a card is gone from the account and from checkout.
  await page.goto('/user/account');
  await cards.getByRole('button', { name: 'Remove VISA ending in 4242' }).click();
  await expect(cards.getByTestId('saved-card')).toHaveCount(1);
  await expect(cards.getByTestId('saved-card')).toContainText('MASTERCARD ending in 4444');
});

test.describe('on a phone, in French', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the saved cards read in the buyer’s language', async ({ page }) => {
    test.setTimeout(90_000);
    await registerAndSignIn(page, 'Gaelle');
    await addCard(page, TEST_CARDS.authorised);
    await expect(page.getByRole('region', { name: 'Saved cards' }).getByTestId('saved-card')).toHaveCount(1);
    await page.context().addCookies([{ name: 'locale', value: 'fr-CA', url: page.url() }]);
    await page.reload();
    const cards = page.getByRole('region', { name: 'Cartes enregistrées' });
    await expect(cards.getByTestId('saved-card')).toContainText('VISA se terminant par 4242');
    await expect(cards.getByTestId('saved-card')).toContainText('Principale');
    await expect(cards.getByRole('button', { name: 'Ajouter une carte' })).toBeVisible();
    await page.screenshot({
      path: 'test-results/screenshots/account-saved-cards-fr-CA-390.png',
      fullPage: true,
    });
  });
});
