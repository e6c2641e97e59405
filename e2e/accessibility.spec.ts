import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ShopPage } from './pages/ShopPage';
import { graphqlFromPage, registerAndSignIn } from './support/accounts';
import { addFromProductPage } from './pages/CartPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { TEST_CARDS } from '../domain/checkout';
import { withDb } from './support/db';

/** WCAG 2.2 A and AA and axe's best practices; a serious or critical finding fails the page. */
async function scan(page: Page, label: string): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const PAGES = async () => {
  const { panel, leaf } = await withDb(async (db) => ({
    panel: (
      await db.query<{ id: string }>(
        `select product_id as id from product_configuration_option where kind = 'area' order by product_id limit 1`,
      )
    ).rows[0]!.id,
    leaf: (
      await db.query<{ handle: string }>(
        `select c.handle from category c where not exists (select 1 from category k where k.parent_id = c.id)
           and exists (select 1 from product p where p.category_id = c.id) order by c.handle limit 1`,
      )
    ).rows[0]!.handle,
  }));
  return [
    '/',
    '/product/category/motion-control',
    `/product/category/${leaf}`,
    '/search?q=ball%20screw',
    '/product/detail/2020-C',
    '/product/detail/EC-20-BLK',
    `/product/detail/${encodeURIComponent(panel)}`,
    '/cart',
    '/user/login',
    '/user/register',
    '/about/contact-us',
    '/about/returns',
    '/cad-downloads',
    '/no-such-page',
  ];
};

for (const { width, height, locale } of [
  { width: 1366, height: 900, locale: 'en-US' },
  { width: 390, height: 844, locale: 'en-US' },
  { width: 1366, height: 900, locale: 'fr-CA' },
]) {
  test(`no serious or critical accessibility finding on the shop's pages at ${width} px in ${locale}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    const shop = new ShopPage(page);
    await shop.goto('/');
    await page.context().addCookies([{ name: 'locale', value: locale, url: page.url() }]);
    const findings: string[] = [];
    for (const path of await PAGES()) {
      await shop.goto(path);
      await shop.hydrated();
      findings.push(...(await scan(page, path)));
    }
    // A cart with lines, and the typeahead open.
    const added = await graphqlFromPage(
      page,
      'mutation { addToCart(items: [{ itemId: "SFU1605-500", qty: 1 }]) { totalQuantity } }',
    );
    expect(added.errors).toBeUndefined();
    await shop.goto('/cart');
    await shop.hydrated();
    findings.push(...(await scan(page, '/cart (with a line)')));
    const search = page.getByRole('search').getByRole('combobox');
    await search.click();
    await search.pressSequentially('sfu', { delay: 40 });
    await expect(page.getByRole('listbox')).toBeVisible();
    findings.push(...(await scan(page, 'typeahead')));
    expect(findings).toEqual([]);
  });
}

test('no serious or critical accessibility finding on the signed-in pages: account, checkout, orders, invoice, returns', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const shop = new ShopPage(page);
  await registerAndSignIn(page, 'Axel');
  const findings: string[] = [];
  const visit = async (path: string) => {
    await shop.goto(path);
    await shop.hydrated();
    findings.push(...(await scan(page, path)));
  };
  await visit('/user/account');
  await addFromProductPage(page, 'SFU1605-500');
  await visit('/checkout');
  const checkout = new CheckoutPage(page);
  await checkout.useNewAddress({
    name: 'Dock 9',
    line1: '400 Mill St',
    city: 'Mooresville',
    state: 'NC',
    zip: '28115',
    email: 'dock9@plant.example',
  });
  findings.push(...(await scan(page, 'checkout, shipping step')));
  await checkout.chooseShipping();
  await checkout.payWith(TEST_CARDS.declined);
  findings.push(...(await scan(page, 'checkout, review step')));
  await checkout.placeOrder();
  await expect(page.getByTestId('payment-declined')).toBeVisible();
  findings.push(...(await scan(page, 'checkout, payment declined')));
  const form = page.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Name on the card').fill('Axel Buyer');
  await form.getByLabel('Card number').fill(TEST_CARDS.authorised);
  await form.getByLabel('Expiry (MM/YY)').fill('12/39');
  await form.getByLabel('Security code').fill('123');
  await form.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/checkout\/confirmation\//);
  const orderId = page.url().split('/').pop()!;
  await visit('/user/account/orders');
  await visit(`/user/account/orders/${orderId}`);
  await visit(`/user/account/orders/${orderId}/invoice`);
  await visit('/user/account/returns');
  expect(findings).toEqual([]);
});
