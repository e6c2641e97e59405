import { expect, test, type Page } from '@playwright/test';
import { TEST_CARDS } from '../domain/checkout';
import { addFromProductPage } from './pages/CartPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { ShopPage } from './pages/ShopPage';
import { registerAndSignIn } from './support/accounts';
import { shopCookie } from './support/cookies';
import { withDb } from './support/db';

/** Issue 51 item 8, "Small things a buyer notices", at both widths. */
const VIEWS = [
  { name: '1366', viewport: { width: 1366, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 } },
];

/** Where an element is on the screen: its box (null: not rendered). */
const box = async (page: Page, selector: string) =>
  page.evaluate((s) => {
    const r = document.querySelector(s)?.getBoundingClientRect();
    return r ? { top: r.top, bottom: r.bottom, height: r.height } : null;
  }, selector);

for (const { name, viewport } of VIEWS) {
  test.describe(`at ${name} px`, () => {
    test.use({ viewport });

    test.describe('before the consent banner is answered', () => {
      test.use({ storageState: { cookies: [], origins: [] } });

      test("the banner is a compact bar at the foot that leaves the product page's Add to Cart in view", async ({
        page,
      }) => {
        const shop = new ShopPage(page);
        await shop.goto('/product/detail/EC-20-BLK');
        await shop.hydrated();
        const banner = page.getByRole('region', { name: 'Your privacy' });
        await expect(banner).toBeVisible();
        const addToCart = page.getByRole('button', { name: 'Add to Cart' });
        await expect(addToCart).toBeVisible();
        const bar = (await banner.boundingBox())!;
        // Compact: a seventh of a phone's window at most, one line on a desktop's; at the window's foot.
        expect(bar.height).toBeLessThanOrEqual(viewport.width < 600 ? viewport.height / 7 : 36);
        expect(bar.y + bar.height).toBeCloseTo(viewport.height, 0);
        // The page's main action is above the bar, not under it: as the page opens on a desktop, and scrolled
        // to on a phone (it is further down there).
        if (viewport.width >= 900) {
          const button = (await addToCart.boundingBox())!;
          expect(button.y + button.height).toBeLessThanOrEqual(bar.y);
        }
        await addToCart.evaluate((b) => b.scrollIntoView({ block: 'nearest' }));
        const button = (await addToCart.boundingBox())!;
        expect(button.y + button.height).toBeLessThanOrEqual(bar.y);
        expect(button.y).toBeGreaterThanOrEqual(0);
        await page.screenshot({ path: `/tmp/buyer-details-consent-${name}.png` });
        // The page keeps room below for the bar: its last footer link scrolls into view above it.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const last = await page.locator('footer a').last().boundingBox();
        const barNow = await banner.boundingBox();
        expect(last!.y + last!.height).toBeLessThanOrEqual(barNow!.y);
        // In French too (a longer sentence): the bar stays compact, Add to Cart above it.
        await page.context().addCookies([shopCookie('locale', 'fr-CA')]);
        await shop.goto('/product/detail/EC-20-BLK');
        await shop.hydrated();
        const french = page.getByRole('region', { name: 'Votre vie privée' });
        await expect(french).toBeVisible();
        const frBar = (await french.boundingBox())!;
        expect(frBar.height).toBeLessThanOrEqual(viewport.width < 600 ? viewport.height / 7 : 36);
        const ajouter = page.getByRole('button', { name: 'Ajouter au panier' });
        await ajouter.evaluate((b) => b.scrollIntoView({ block: 'nearest' }));
        const frButton = (await ajouter.boundingBox())!;
        expect(frButton.y + frButton.height).toBeLessThanOrEqual(frBar.y);
        await page.screenshot({ path: `/tmp/buyer-details-consent-fr-${name}.png` });
        await page.getByRole('button', { name: 'Refuser' }).click();
        await expect(french).toBeHidden();
      });
    });

    test('orders: Pay Now on an order waiting for payment, the pager disabled on one page; quotes: the part number on one line, Request again', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      const shop = new ShopPage(page);
      const checkout = new CheckoutPage(page);
      await registerAndSignIn(page, 'Dale');
      // An order whose card was declined: saved, waiting for a payment.
      await addFromProductPage(page, 'EC-20-BLK');
      await checkout.open();
      await checkout.useNewAddress({
        name: 'Dock 2',
        line1: '400 Mill St',
        city: 'Mooresville',
        state: 'NC',
        zip: '28115',
        email: 'dock@plant.example',
      });
      await checkout.chooseShipping();
      await checkout.payWith(TEST_CARDS.declined);
      await checkout.placeOrder();
      await expect(page.getByRole('heading', { name: 'Your payment did not go through' })).toBeVisible();

      await shop.goto('/user/account/orders');
      const row = page.getByTestId('order-row');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Payment Failed');
      const pager = page.getByRole('navigation', { name: 'Order pages' });
      await expect(pager).toContainText('Page 1 of 1');
      for (const label of ['Previous', 'Next']) {
        const button = pager.getByRole('button', { name: label });
        await expect(button).toBeDisabled();
        // Styled so: faded, not a pointer.
        expect(Number(await button.evaluate((b) => getComputedStyle(b).opacity))).toBeLessThan(0.6);
        expect(await button.evaluate((b) => getComputedStyle(b).cursor)).toBe('not-allowed');
      }
      const payNow = row.getByRole('link', { name: /^Pay for order AXL-\d+$/ });
      await expect(payNow).toHaveText('Pay Now');
      await page.screenshot({ path: `/tmp/buyer-details-orders-${name}.png`, fullPage: true });
      await payNow.click();
      // The order's page, open at its payment: the card form is there without another click.
      await expect(page).toHaveURL(/\/user\/account\/orders\/[\w-]+\?pay=1$/);
      await expect(page.getByTestId('pay-now').getByRole('form', { name: 'Card details' })).toBeVisible();

      // A quote: its line's part number reads on one line.
      await addFromProductPage(page, 'SFU1605-500');
      await page.goto('/cart');
      const panel = page.getByTestId('quote-request');
      await panel.getByText('Ask for a quote').click();
      await panel.getByRole('button', { name: 'Send the request' }).click();
      const heading = page.getByRole('heading', { level: 1, name: /^Quote Q-\d+$/ });
      await expect(heading).toBeVisible();
      const first = (await heading.textContent())!;
      const part = page.getByTestId('quote-part-number');
      await expect(part).toHaveText('SFU1605-500');
      const lineHeight = await part.evaluate((e) => parseFloat(getComputedStyle(e).lineHeight) || 20);
      expect((await box(page, '[data-testid="quote-part-number"]'))!.height).toBeLessThan(lineHeight * 1.5);
      expect(await part.evaluate((e) => e.getClientRects().length)).toBe(1);
      await page.screenshot({ path: `/tmp/buyer-details-quote-${name}.png`, fullPage: true });
      // Waiting for an answer: nothing to ask again.
      await expect(page.getByRole('button', { name: 'Request again' })).toHaveCount(0);

      // Staff decline it: Request again copies its lines into a new request, which the buyer lands on.
      const quoteId = page.url().split('/').pop()!;
      await withDb((db) =>
        db.query(`update quote set status = 'declined', decline_note = 'Not this month.' where id = $1`, [
          quoteId,
        ]),
      );
      await page.reload();
      await expect(page.getByTestId('quote-status')).toHaveText('Declined');
      await page.getByRole('button', { name: 'Request again' }).click();
      await expect(heading).not.toHaveText(first);
      const again = (await heading.textContent())!;
      await expect(page.getByText(`Asked again as ${again.replace('Quote ', '')}`)).toBeVisible();
      await expect(page.getByTestId('quote-status')).toHaveText('Requested');
      await expect(page.getByTestId('quote-part-number')).toHaveText('SFU1605-500');
      await shop.goto('/user/account/quotes');
      await expect(page.getByTestId('quote-row')).toHaveCount(2);
      await expect(page.getByTestId('quote-row').first()).toContainText(again.replace('Quote ', ''));
      await expect(page.getByTestId('quote-row').first()).toContainText('Requested');

      // In French: the same offers.
      await page.context().addCookies([shopCookie('locale', 'fr-CA')]);
      await shop.goto(`/user/account/quotes/${quoteId}`);
      await expect(page.getByRole('button', { name: 'Demander de nouveau' })).toBeVisible();
      await shop.goto('/user/account/orders');
      await expect(page.getByRole('link', { name: /^Payer la commande AXL-\d+$/ })).toHaveText(
        'Payer maintenant',
      );
    });
  });
}
