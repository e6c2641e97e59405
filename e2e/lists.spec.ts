import { expect, test } from '@playwright/test';
import { CartPage } from './pages/CartPage';
import { ShopPage } from './pages/ShopPage';
import { registerAndSignIn } from './support/accounts';

test('save a configured item to a new list, move it to the cart, and paste a quick order with one bad line', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const shop = new ShopPage(page);
  const cart = new CartPage(page);
  await registerAndSignIn(page, 'Lior');

  await shop.goto('/product/detail/2020-C');
  await page.getByLabel(/^Cut Length/).fill('750');
  await page.getByRole('button', { name: 'Save to List' }).click();
  const panel = page.getByRole('group', { name: 'Save to List' });
  await panel.getByLabel('List', { exact: true }).selectOption({ label: 'New list' });
  await panel.getByLabel('List name').fill('Frame build');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved to Frame build.')).toBeVisible();

  await shop.goto('/user/account/lists');
  await expect(page.getByTestId('saved-list')).toContainText('1 item');
  await page.getByRole('link', { name: 'Frame build' }).click();
  const item = page.getByTestId('list-item');
  await expect(item).toContainText('Cut Length: 750 mm');
  await shop.screenshot('saved-list');
  await item.getByRole('button', { name: /^Move to cart/ }).click();
  await expect(page.getByText('This list is empty.')).toBeVisible();
  await expect(shop.cart).toHaveAccessibleName('Cart, 1 item');

  await cart.open();
  await expect(cart.line('2020 Metric T-Slot Profile')).toContainText('Cut Length: 750 mm');
  await page.getByLabel('Part numbers and quantities, one a line').fill('SFU1605-500 2\nNO-SUCH-PART 1\n');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('1 line was added.')).toBeVisible();
  await expect(page.getByTestId('quick-order-problems')).toHaveText(
    'Line 2 (NO-SUCH-PART 1): Part NO-SUCH-PART is not in the catalogue.',
  );
  await expect(shop.cart).toHaveAccessibleName('Cart, 3 items');
  await expect(cart.lines).toHaveCount(2);
  await shop.screenshot('cart-quick-order');
});

test('quick order from an empty cart reports every rejected line once the cart fills, and keeps them in the box', async ({
  page,
}) => {
  const shop = new ShopPage(page);
  await shop.goto('/cart');
  await expect(page.getByText('Your cart is empty', { exact: false }).first()).toBeVisible();
  await shop.hydrated();
  const box = page.getByLabel('Part numbers and quantities, one a line');
  await box.fill('SFU1605-500 2\nNO-SUCH-PART 1\n2020-C 1\nSFU1605-500 lots\n');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('1 line was added.')).toBeVisible();
  await expect(page.getByTestId('quick-order-problems').locator('li')).toHaveText([
    'Line 2 (NO-SUCH-PART 1): Part NO-SUCH-PART is not in the catalogue.',
    'Line 3 (2020-C 1): 2020-C is made to order: configure it on its product page.',
    /^Line 4 \(SFU1605-500 lots\): The quantity must be a whole number/,
  ]);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(box).toHaveValue('NO-SUCH-PART 1\n2020-C 1\nSFU1605-500 lots');
});
