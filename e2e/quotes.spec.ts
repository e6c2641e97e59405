import { expect, test } from '@playwright/test';
import { ROLES } from '../domain/roles';
import { TEST_CARDS } from '../domain/checkout';
import { addFromProductPage } from './pages/CartPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { ShopPage } from './pages/ShopPage';
import { registerAndSignIn } from './support/accounts';
import { setRole, withDb } from './support/db';
import { lastEmailTo, linkIn } from './support/outbox';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

test('a buyer asks for a quote from the cart; staff refuse a missing price, then send it; the e-mailed link opens it; accepted, it is ordered', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const shop = new ShopPage(page);
  await page.setViewportSize(DESKTOP);
  const buyer = await registerAndSignIn(page, 'Quinn');
  const unpriced = await withDb(
    async (db) =>
      (
        await db.query<{ id: string; name: string }>(
          `select id, name from product p where price is null
             and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
           order by id limit 1`,
        )
      ).rows[0]!,
  );
  await addFromProductPage(page, 'SFU1605-500', () =>
    page.getByLabel('Quantity', { exact: true }).fill('400'),
  );
  // The part priced on request reaches the cart through quick order.
  await page.goto('/cart');
  await page.getByLabel('Part numbers and quantities, one a line').fill(`${unpriced.id} 3`);
  await page.getByRole('button', { name: 'Add to Cart' }).last().click();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);

  const panel = page.getByTestId('quote-request');
  await panel.getByText('Ask for a quote').click();
  const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  await panel.getByLabel('Needed by (optional)').fill(day);
  await panel
    .getByLabel('Note (quantities, tolerances, finish…)')
    .fill('400 screws for a line build; can you beat the 250+ price?');
  await panel.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Quote Q-\d+$/ })).toBeVisible();
  await expect(page.getByTestId('quote-status')).toHaveText('Requested');
  await expect(page.getByText('We are preparing your quote.')).toBeVisible();
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Quote ', '');
  // The cart is left as it was.
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);

  const context = await browser.newContext({ viewport: DESKTOP });
  const console = await context.newPage();
  const staff = await registerAndSignIn(console, 'Sasha');
  await setRole(staff, ROLES.Service);
  await console.goto('/admin/quotes');
  await console.getByRole('link', { name: number }).click();
  await console.getByRole('button', { name: 'Take into review' }).click();
  await expect(console.getByText('In review')).toBeVisible();
  // The part priced on request has no price yet: sending is refused next to it.
  await console.getByLabel('Freight').fill('45');
  await console.getByLabel('Lead time (business days)').fill('8');
  await console.getByRole('button', { name: 'Send the quote' }).click();
  await expect(
    console.locator('.ant-form-item', { has: console.getByLabel('Unit price, line 2') }),
  ).toContainText('Enter a unit price of 0 or more.');
  await console.getByLabel('Unit price, line 1').fill('11.25');
  await console.getByLabel('Unit price, line 2').fill('86.40');
  await console.getByLabel('Note to the buyer').fill('Screws ship from Reno.');
  await console.getByRole('button', { name: 'Send the quote' }).click();
  await expect(console.getByText('Quote sent: the buyer was e-mailed.')).toBeVisible();
  await console.screenshot({ path: 'test-results/screenshots/console-quote.png', fullPage: true });
  await context.close();

  // 400 × 11.25 + 3 × 86.40 = 4,500 + 259.20; freight 45.
  const mail = await lastEmailTo(buyer, new RegExp(`Your quote ${number}`));
  expect(mail).toContain('$4,804.20');
  await page.goto(linkIn(mail));
  await expect(page.getByTestId('quote-status')).toHaveText('Quoted');
  const sent = page.getByTestId('sent-quote');
  await expect(sent.getByTestId('quote-total')).toHaveText('$4,804.20');
  await expect(sent).toContainText('Ships 8 business days after the order.');
  await expect(sent).toContainText('Screws ship from Reno.');
  // A question on the quote reaches staff's mailbox and stays on the page.
  const messages = page.getByTestId('quote-messages');
  await messages.getByLabel('Your message').fill('Can you ship half now and half in January?');
  await messages.getByRole('button', { name: 'Send' }).click();
  await expect(messages.locator('.messages li')).toHaveCount(1);
  await expect(messages).toContainText('half in January');
  await shop.screenshot('quote-desktop');

  // Accepted, it is checked out: exactly its lines, prices and freight; the cart is left alone.
  await page.getByRole('button', { name: 'Accept and check out' }).click();
  await expect(page).toHaveURL(/\/checkout\?quote=/);
  const checkout = new CheckoutPage(page);
  await checkout.useNewAddress({
    name: 'Dock 9',
    line1: '400 Mill St',
    city: 'Mooresville',
    state: 'NC',
    zip: '28115',
    email: 'dock@plant.example',
  });
  await expect(page.getByTestId('checkout-subtotal')).toHaveText('$4,759.20');
  await expect(page.getByTestId('checkout-freight')).toHaveText('$45.00');
  await checkout.chooseShipping();
  await checkout.payWith(TEST_CARDS.authorised);
  await checkout.placeOrder();
  await expect(page).toHaveURL(/\/checkout\/confirmation\//);
  await page.goto(linkIn(mail));
  await expect(page.getByTestId('quote-status')).toHaveText('Ordered');
  await page.getByRole('link', { name: 'This quote was ordered: view the order.' }).click();
  await expect(page.locator('.order-line').first()).toContainText('400 × $11.25 each');
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);

  // The buyer's list, then the quote on a phone in French.
  await page.goto('/user/account/quotes');
  await expect(page.getByTestId('quote-row').filter({ hasText: number })).toContainText('$4,804.20');
  await page.setViewportSize(PHONE);
  await page.context().addCookies([{ name: 'locale', value: 'fr-CA', url: new URL('/', page.url()).href }]);
  await page.goto(linkIn(mail));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Soumission ${number}`);
  await expect(page.getByTestId('quote-status')).toHaveText('Commandée');
  await expect(page.getByTestId('sent-quote')).toContainText('Notre soumission');
  await shop.screenshot('quote-phone-fr');
});

test('a buyer sends the quote form with a drawing; staff read it and name the part it is ordered as; the quote page answers', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const shop = new ShopPage(page);
  await page.setViewportSize(DESKTOP);
  // A guest reads that no account is needed, with a sign-in link back to the form (the guest's walk: guest-quote.spec.ts).
  await page.goto('/quote?item=Guard%20frame');
  await expect(page.getByText('No account needed: we e-mail you a link to your quote')).toBeVisible();
  await registerAndSignIn(page, 'Frankie');
  await page.goto('/quote');
  const form = page.getByRole('form', { name: 'Request a Quote' });
  await expect(form.getByText('No account needed')).toHaveCount(0);
  await form
    .getByLabel('Items and quantities')
    .fill('Motor plate to drawing MP-12 rev C, 6 mm 6061, black anodized');
  await form.getByLabel('Quantity').fill('0');
  await form.getByRole('button', { name: 'Request Quote' }).click();
  await expect(form.getByText('Enter a quantity from 1 to 100,000.')).toBeVisible();
  await form.getByLabel('Quantity').fill('25');
  await form.getByLabel('Drawings (optional)').setInputFiles({
    name: 'MP-12.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n% motor plate MP-12 rev C\n'),
  });
  await form.getByRole('button', { name: 'Request Quote' }).click();
  const open = page.getByRole('link', { name: /^Open quote Q-\d+$/ });
  await expect(open).toBeVisible();
  const number = (await open.textContent())!.replace('Open quote ', '');
  await open.click();
  await expect(page.getByRole('heading', { level: 1, name: `Quote ${number}` })).toBeVisible();
  await expect(page.getByRole('link', { name: /MP-12\.pdf \(PDF, 1 KB\)/ })).toBeVisible();
  await expect(page.locator('main')).toContainText('Motor plate to drawing MP-12 rev C');

  const context = await browser.newContext({ viewport: DESKTOP });
  const console = await context.newPage();
  const staff = await registerAndSignIn(console, 'Morgan');
  await setRole(staff, ROLES.Service);
  await console.goto('/admin/quotes');
  await console.getByRole('link', { name: number }).click();
  await expect(console.getByRole('link', { name: /MP-12\.pdf/ })).toBeVisible();
  await console.getByLabel('Unit price, line 1').fill('42.80');
  await console.getByLabel('Freight').fill('30');
  await console.getByLabel('Lead time (business days)').fill('12');
  await console.getByRole('button', { name: 'Send the quote' }).click();
  const orderedAs = console.locator('.ant-form-item', {
    has: console.getByLabel('Line 1 ordered as (part number)'),
  });
  await expect(orderedAs).toContainText('Give the part number this line is ordered and invoiced as.');
  await console.getByLabel('Line 1 ordered as (part number)').fill('FAB-CUSTOM');
  await console.getByRole('button', { name: 'Send the quote' }).click();
  await expect(console.getByText('Quote sent: the buyer was e-mailed.')).toBeVisible();
  await context.close();

  await page.reload();
  await expect(page.getByTestId('quote-status')).toHaveText('Quoted');
  // 25 × 42.80 + 30 freight.
  await expect(page.getByTestId('sent-quote').getByTestId('quote-total')).toHaveText('$1,100.00');
  await page.setViewportSize(PHONE);
  await shop.screenshot('quote-form-phone');
});
