import { expect, test } from '@playwright/test';
import { ShopPage } from './pages/ShopPage';

test('header menus by keyboard: they say when they are open, Escape closes them and keeps the focus on the trigger', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const shop = new ShopPage(page);
  await shop.goto('/');
  await shop.hydrated();
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const products = nav.getByRole('button', { name: 'Products' });
  await expect(products).toHaveAttribute('aria-expanded', 'false');
  await products.focus();
  await expect(products).toHaveAttribute('aria-expanded', 'true');
  const allProducts = nav.getByRole('link', { name: 'All Products' });
  await expect(allProducts).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(allProducts).toBeHidden();
  await expect(products).toBeFocused();
  await expect(products).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(allProducts).toBeVisible();
});

test('the phone menu closes with Escape, the focus back on its button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const shop = new ShopPage(page);
  await shop.goto('/');
  await shop.hydrated();
  const button = page.getByRole('button', { name: 'Open menu' });
  await button.click();
  await expect(page.locator('#mobile-menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#mobile-menu')).toHaveCount(0);
  await expect(button).toBeFocused();
});

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`add to cart at ${viewport.width} px: the focus stays on the button, the toast offers View cart and leaves the cart icon in sight`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const shop = new ShopPage(page);
    await shop.goto('/product/detail/SFU1605-500');
    await shop.hydrated();
    const add = page.getByRole('button', { name: 'Add to Cart' });
    await add.focus();
    await page.keyboard.press('Enter');
    const toast = page.locator('.Toastify__toast', { hasText: 'was added to your cart' });
    await expect(toast).toBeVisible();
    await expect(add).toBeFocused();
    await expect(shop.cart).toHaveAccessibleName('Cart, 1 item');
    const [t, c] = [(await toast.boundingBox())!, (await shop.cart.boundingBox())!];
    const overlaps =
      t.x < c.x + c.width && c.x < t.x + t.width && t.y < c.y + c.height && c.y < t.y + t.height;
    expect(overlaps).toBe(false);
    await toast.getByRole('button', { name: 'View cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(toast).toHaveCount(0);
  });
}

test('a form sent with mistakes puts the focus on the first field in error, which names its message', async ({
  page,
}) => {
  const shop = new ShopPage(page);
  for (const [path, button, field] of [
    ['/user/login', 'Sign In', 'E-mail'],
    ['/about/contact-us', 'Send', 'First name'],
  ] as const) {
    await shop.goto(path);
    await shop.hydrated();
    await page.getByRole('button', { name: button, exact: true }).last().click();
    const input = page.getByLabel(field, { exact: true });
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    const described = await input.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${described}"]`)).not.toBeEmpty();
  }
});
