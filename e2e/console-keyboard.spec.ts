import { expect, test, type Page } from '@playwright/test';
import { ROLES } from '../domain/roles';
import { registerAndSignIn } from './support/accounts';
import { setRole } from './support/db';
import { tabWalk, type TabStop } from './support/keyboard';

/** Walks the page with Tab and checks it as a keyboard user would meet it; the stops, for more checks. */
async function walk(page: Page, path: string): Promise<TabStop[]> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const { stops, missed, leftThePage } = await tabWalk(page);
  // No trap: Tab leaves the page after its last control. Nothing a mouse can use is out of reach.
  expect({ path, leftThePage, missed }).toEqual({ path, leftThePage: true, missed: [] });
  // Each stop can be seen (no hidden menu item) and says what it is.
  expect({ path, hidden: stops.filter((s) => !s.visible) }).toEqual({ path, hidden: [] });
  expect({ path, unnamed: stops.filter((s) => !s.name) }).toEqual({ path, unnamed: [] });
  return stops;
}

const names = (stops: TabStop[]) => stops.map((s) => s.name);

test('every console page can be walked with Tab: no trap, every control reached, each stop visible and named (issue 28, item 13)', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const email = await registerAndSignIn(page, 'Kay');
  await setRole(email, ROLES.Admin);

  expect(names(await walk(page, '/admin/dashboard'))).toContain('This week');
  const orders = names(await walk(page, '/admin/orders'));
  for (const name of ['Search', 'Placed from', 'Placed until', 'Site', 'Export CSV', 'Total', 'Next Page'])
    expect(orders).toContain(name);
  expect(orders.some((n) => /^AXL-\d+$/.test(n))).toBe(true);

  // An order that can ship: the edit form, then the Fulfilment card's fields and button.
  await page.goto('/admin/orders?statuses=18');
  const paid = await page.getByRole('link', { name: /^AXL-/ }).first().getAttribute('href');
  const order = names(await walk(page, paid!));
  for (const name of [
    'Contact e-mail',
    'ERP order ID',
    'Save order',
    'Carrier',
    'Tracking number',
    'Mark shipped',
  ])
    expect(order).toContain(name);
  expect(order.indexOf('Save order')).toBeLessThan(order.indexOf('Tracking number'));

  const customers = names(await walk(page, '/admin/customers'));
  expect(customers).toContain('Reset all passwords');
  expect(customers.some((n) => /^\d+ orders? of .+@/.test(n))).toBe(true);
  for (const path of [
    '/admin/returns',
    '/admin/inbox',
    '/admin/outbox',
    '/admin/api-keys',
    '/admin/quotes',
    '/admin/prices',
    '/admin/stock',
    '/admin/imports',
    '/admin/integrations',
    '/admin/sites',
  ])
    await walk(page, path);

  // On a phone the menu is one button; its items are not Tab stops until it is opened.
  await page.setViewportSize({ width: 390, height: 844 });
  const phone = await walk(page, '/admin/orders');
  expect(phone.filter((s) => s.what === 'menuitem' || s.what === 'menu')).toEqual([]);
  expect(names(phone)).toContain('Menu');
});
