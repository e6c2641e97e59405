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
