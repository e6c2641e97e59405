import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { TEST_CARDS } from '../domain/checkout';
import { ROLES } from '../domain/roles';
import { AdminOrderPage } from './pages/AdminOrderPage';
import { addFromProductPage } from './pages/CartPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { registerAndSignIn } from './support/accounts';
import { setRole } from './support/db';
import { lastEmailTo } from './support/outbox';

/** A new browser of a staff member with `role`, signed in. */
async function staffBrowser(browser: Browser, name: string, role: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = await registerAndSignIn(page, name);
  await setRole(email, role);
  return { page, close: () => context.close() };
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

const TRACKING = '1Z999AA10123456784';

test('the console ships an order with its tracking number, the buyer follows the e-mail to it, delivery opens returns (issue 28, item 1)', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const buyer = await registerAndSignIn(page, 'Tess');
  await addFromProductPage(page, 'SFU1605-500');
  const orderId = await new CheckoutPage(page).checkOutWithCard(TEST_CARDS.authorised, 'Dock 2');
  await page.goto(`/user/account/orders/${orderId}`);
  await expect(page.getByTestId('shipments')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Request a Return' })).toHaveCount(0);

  const cs = await staffBrowser(browser, 'Flo', ROLES.CustomerService);
  const console = new AdminOrderPage(cs.page);
  await console.open(orderId);
  const card = cs.page.getByTestId('fulfilment');
  await expect(card).toContainText('Nothing has shipped yet.');
  await expect(card).toContainText('Left to ship: 1 × ');
  // Shipped and Delivered are not offered by the edit form: they follow the shipments.
  await cs.page.locator('#status').click();
  await expect(cs.page.getByTitle('Processing')).toBeVisible();
  await expect(cs.page.getByTitle('Shipped', { exact: true })).toHaveCount(0);
  await cs.page.keyboard.press('Escape');

  // Without a tracking number, the message is next to the field and nothing ships.
  const ship = cs.page.getByRole('form', { name: 'Ship what is left' });
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(ship.getByText('Tracking number is a required field')).toBeVisible();
  await ship.getByLabel('Tracking number').fill(TRACKING);
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(cs.page.getByRole('status').filter({ hasText: 'Shipment recorded' })).toBeVisible();
  // The button went with its form: the focus is on what happened. What shipped can no longer be edited.
  await expect(cs.page.locator('[tabindex="-1"]:focus')).toContainText('Shipment recorded');
  await expect(console.lineQuantity(1)).toBeDisabled();
  await expect(cs.page.getByText('Lines and amounts can no longer change')).toBeVisible();
  await expect(
    card.getByRole('link', { name: `Track ${TRACKING} on the UPS site (opens a new tab)` }),
  ).toHaveAttribute('href', `https://www.ups.com/track?tracknum=${TRACKING}`);
  await expect(cs.page.getByText(/· Shipped$/)).toBeVisible();
  await expect(cs.page.getByText('(PAID)')).toBeVisible();
  expect(await seriousViolations(cs.page)).toEqual([]);
  await cs.page.setViewportSize({ width: 1366, height: 900 });
  await card.screenshot({ path: 'test-results/screenshots/admin-fulfilment-1366.png' });

  // The buyer's e-mail names the carrier and tracking number; its order link opens the order with the tracking.
  const mail = await lastEmailTo(buyer, /has shipped/);
  expect(mail).toContain(`Tracking number: ${TRACKING}`);
  const orderLink = new URL(/Order details: (\S+)/.exec(mail)![1]!);
  await page.goto(orderLink.pathname + orderLink.search);
  const shipments = page.getByTestId('shipments');
  await expect(shipments).toContainText('with UPS');
  await expect(shipments).toContainText('On its way');
  await expect(shipments.getByRole('link', { name: new RegExp(`^Track ${TRACKING}`) })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expect(page.getByText('Shipped 1 of 1')).toBeVisible();
  await expect(page.getByText('This order has shipped, so it can no longer be cancelled.')).toBeVisible();

  // The carrier delivers: the console records it, and the buyer may now ask for a return.
  const deliver = cs.page.getByRole('form', { name: 'Mark delivered' });
  await deliver.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(cs.page.getByRole('status').filter({ hasText: 'Delivery recorded.' })).toBeVisible();
  await expect(cs.page.getByText(/· Delivered$/)).toBeVisible();
  await expect(card.getByRole('form')).toHaveCount(0);

  await page.reload();
  await expect(shipments).toContainText('Delivered');
  await expect(page.getByTestId('order-status')).toHaveText('Delivered');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: 'test-results/screenshots/order-shipped-1366.png', fullPage: true });
  await page.context().addCookies([{ name: 'locale', value: 'fr-CA', url: page.url() }]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('shipments')).toContainText('Expédié le');
  await expect(page.getByTestId('shipments')).toContainText('Livré le');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/screenshots/order-shipped-fr-CA-390.png', fullPage: true });
  await page.context().addCookies([{ name: 'locale', value: 'en-US', url: page.url() }]);
  await page.reload();
  await page.getByRole('link', { name: 'Request a Return' }).click();
  await expect(page.getByRole('heading', { name: 'Request a Return' })).toBeVisible();

  await cs.close();
});
