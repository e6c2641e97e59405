import { expect, test } from '@playwright/test';
import { TEST_CARDS } from '../domain/checkout';
import { addFromProductPage } from './pages/CartPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { ShopPage } from './pages/ShopPage';
import { registerAndSignIn } from './support/accounts';

test('a page opened whole starts at the top, even after another page was scrolled; a reload keeps its place', async ({
  page,
}) => {
  const shop = new ShopPage(page);
  await shop.goto('/');
  await shop.hydrated();
  await page.evaluate(() => window.scrollTo(0, 1200));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await shop.goto('/about/returns');
  await shop.hydrated();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await shop.goto('/');
  await shop.hydrated();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 900));
  await page.reload();
  await shop.hydrated();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
});

test('tabbing back up the page, the sticky header never hides the focused control', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 700 });
  const shop = new ShopPage(page);
  await shop.goto('/product/detail/2020-C');
  await shop.hydrated();
  await page.locator('footer a').last().focus();
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Shift+Tab');
    const [focused, header] = await page.evaluate(() => {
      const box = (document.activeElement as HTMLElement).getBoundingClientRect();
      const bar = document.querySelector('header.header')!.getBoundingClientRect();
      const inHeader = !!document.activeElement?.closest('header');
      return [{ top: box.top, inHeader }, { bottom: bar.bottom }];
    });
    if (!focused.inHeader) expect(focused.top).toBeGreaterThanOrEqual(header.bottom - 1);
  }
});

test.describe('with the cookie banner up', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a control the keyboard reaches scrolls into view above the banner', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 700 });
    const shop = new ShopPage(page);
    await shop.goto('/');
    await shop.hydrated();
    const banner = page.locator('.consent-banner');
    await expect(banner).toBeVisible();
    for (const link of await page.locator('main a').all()) {
      await link.focus();
      const [box, bar] = await Promise.all([link.boundingBox(), banner.boundingBox()]);
      if (box && bar) expect(box.y + box.height).toBeLessThanOrEqual(bar.y + 1);
    }
  });
});

test('in French, the catalogue text in English says so to a screen reader (lang="en")', async ({ page }) => {
  const shop = new ShopPage(page);
  await shop.goto('/');
  await page.context().addCookies([{ name: 'locale', value: 'fr-CA', url: page.url() }]);
  // A bearing: its description has no French translation (decision 059).
  await shop.goto('/product/detail/608-ZZ');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'en');
  await expect(page.locator('.product__description')).toHaveAttribute('lang', 'en');
  await page.context().addCookies([{ name: 'locale', value: 'en-US', url: page.url() }]);
  await shop.goto('/product/detail/608-ZZ');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveAttribute('lang', 'en');
});

test('on a 390 px phone, order history, an order and its invoice fit the screen (no sideways scroll)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const shop = new ShopPage(page);
  await registerAndSignIn(page, 'Pia');
  await addFromProductPage(page, '2020-C', () => page.getByLabel(/^Cut Length/).fill('750'));
  await addFromProductPage(page, 'EC-20-BLK');
  const orderId = await new CheckoutPage(page).checkOutWithCard(TEST_CARDS.authorised);
  for (const path of [
    '/user/account/orders',
    `/user/account/orders/${orderId}`,
    `/user/account/orders/${orderId}/invoice`,
  ]) {
    await shop.goto(path);
    await shop.hydrated();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(390);
    await shop.screenshot(`phone-${path.split('/').pop()}`);
  }
});
