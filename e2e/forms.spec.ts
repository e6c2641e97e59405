import { expect, test } from '@playwright/test';
import { ShopPage } from './pages/ShopPage';

test('the contact form refuses a blank-only message with the spec wording, then sends', async ({ page }) => {
  const shop = new ShopPage(page);
  await shop.goto('/about/contact-us');
  // A choice made while the script still loads is set again by React's hydration of the select: wait for it.
  await shop.hydrated();
  const form = page.getByRole('form', { name: 'Contact Us' });
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Ng');
  await form.getByLabel('E-mail').fill('ada@plant.example');
  await form.getByLabel('State').selectOption('NC');
  await form.getByLabel('Message').fill('     ');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText('Your message cannot contain only blankspaces')).toBeVisible();
  await expect(form.getByText('Choose at least one request type')).toBeVisible();

  await form.getByLabel('Fabrication services').check();
  await form.getByLabel('Message').fill('Can you cut 40 pieces of 4040 at 612 mm and tap both ends?');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, we have your request' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await shop.screenshot('contact-sent-phone');
});

test('the shipping policy shows the freight table checkout applies, and the return policy its window', async ({
  page,
}) => {
  const shop = new ShopPage(page);
  await shop.goto('/about/shipping');
  const table = page.getByTestId('freight-table');
  await expect(table.getByRole('row')).toHaveText([
    'Order subtotalFreight',
    'Over $0.00 up to $50.00$7.50',
    'Over $50.00 and under $100.00$10.00',
    '$100.00 to under $200.00$15.00',
    '$200.00 or moreFree',
  ]);
  await shop.goto('/about/returns');
  await expect(page.getByText('within 30 days of delivery.', { exact: false }).first()).toBeVisible();
});

for (const [locale, words] of [
  [
    'fr-CA',
    {
      title: 'Nous joindre',
      send: 'Envoyer',
      first: 'Le prénom est obligatoire',
      blank: 'Un message est obligatoire',
    },
  ],
  [
    'es-MX',
    {
      title: 'Contáctanos',
      send: 'Enviar',
      first: 'El nombre es obligatorio',
      blank: 'Se requiere un mensaje',
    },
  ],
] as const) {
  test(`${locale}: the contact form's messages read in the page's language`, async ({ page }) => {
    const shop = new ShopPage(page);
    await shop.goto('/');
    await page.context().addCookies([{ name: 'locale', value: locale, url: page.url() }]);
    await shop.goto('/about/contact-us');
    await shop.hydrated();
    const form = page.getByRole('form', { name: words.title });
    await form.getByRole('button', { name: words.send }).click();
    await expect(form.getByText(words.first)).toBeVisible();
    await expect(form.getByText(words.blank)).toBeVisible();
    // No English message is left on the page.
    await expect(form.getByText(/is required|is a required field/)).toHaveCount(0);
    await page.screenshot({
      path: `test-results/screenshots/contact-errors-${locale}-1280.png`,
      fullPage: true,
    });
  });
}
