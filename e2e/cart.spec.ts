import { expect, test } from '@playwright/test';
import { CartPage, addFromProductPage } from './pages/CartPage';
import { ShopPage } from './pages/ShopPage';
import { registerAndSignIn } from './support/accounts';

const PHONE = { width: 390, height: 844 };

test('an anonymous cart: a cut extrusion and a ball screw, steppers, totals, kept across visits and merged at sign-in', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const shop = new ShopPage(page);
  const cart = new CartPage(page);

  await addFromProductPage(page, '2020-C', async () => {
    // This walk is about the cart: the page has hydrated before the length is typed (typing earlier is
    // e2e/ssr.spec.ts's), so the configurator's first render cannot put back its default.
    await shop.hydrated();
    await page.getByLabel(/^Cut Length/).fill('500');
    await expect(page.getByLabel(/^Cut Length/)).toHaveValue('500');
    // (base + 500 mm x price per mm) each, as the cart will price it.
    await expect(page.getByTestId('configured-unit-price')).toHaveText(/^\$\d+\.\d{2}$/);
  });
  const configuredEach = CartPage.amount(await page.getByTestId('configured-unit-price').textContent());
  await addFromProductPage(page, 'SFU1605-500');
  await expect(shop.cart).toHaveAccessibleName('Cart, 2 items');

  await cart.open();
  await expect(cart.lines).toHaveCount(2);
  const extrusion = cart.line('2020 Metric T-Slot Profile');
  await expect(extrusion).toContainText('Cut Length: 500 mm');
  await expect(extrusion).toContainText(`$${configuredEach.toFixed(2)} each`);

  await extrusion.getByRole('button', { name: 'One more' }).click();
  await expect(extrusion.getByTestId('line-total')).toHaveText(`$${(configuredEach * 2).toFixed(2)}`);
  await expect(shop.cart).toHaveAccessibleName('Cart, 3 items');

  // Totals follow the domain rules: freight by subtotal, total = subtotal + freight (no tax before an address).
  const subtotal = CartPage.amount(await cart.subtotal.textContent());
  const freight =
    (await cart.freight.textContent()) === 'Free' ? 0 : CartPage.amount(await cart.freight.textContent());
  const expectedFreight = subtotal >= 200 ? 0 : subtotal > 100 ? 15 : subtotal > 50 ? 10 : 7.5;
  expect(freight).toBe(expectedFreight);
  await expect(cart.total).toHaveText(`$${(subtotal + freight).toFixed(2)}`);
  await expect(page.getByTestId('freight-rule')).toBeVisible();
  await shop.screenshot('cart-desktop');

  // A returning visitor keeps the cart.
  await page.reload();
  await expect(cart.lines).toHaveCount(2);

  await page.setViewportSize(PHONE);
  await shop.screenshot('cart-phone');

  // Signing up signs in: the anonymous cart becomes the user's.
  await registerAndSignIn(page, 'Merle');
  await expect(shop.cart).toHaveAccessibleName('Cart, 3 items');
  await cart.open();
  await expect(cart.lines).toHaveCount(2);

  await cart
    .line('SFU1605')
    .getByRole('button', { name: /^Remove/ })
    .click();
  await expect(cart.lines).toHaveCount(1);
  await expect(shop.cart).toHaveAccessibleName('Cart, 2 items');
});
