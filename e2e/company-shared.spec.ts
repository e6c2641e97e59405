import { expect, test, type Page } from '@playwright/test';
import { TEST_CARDS } from '../domain/checkout';
import { COMPANY_ROLES, type CompanyRoleName } from '../domain/company';
import { addFromProductPage } from './pages/CartPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { registerAndSignIn } from './support/accounts';
import { withDb } from './support/db';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** A new company; each person joins it with a role. */
async function company(members: { email: string; role: CompanyRoleName }[]) {
  await withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      'insert into business_account (company, erp_account_id) values ($1, $2) returning id',
      [`Westbrook Tooling ${Date.now()}`, `ERP-W-${Date.now()}`],
    );
    for (const m of members) {
      await db.query(
        'update app_user set account_id = $1, company_role = $2 where lower(email) = lower($3)',
        [rows[0]!.id, COMPANY_ROLES[m.role], m.email],
      );
    }
  });
}

/** The admin adds a location on the company page. */
async function addLocation(page: Page, l: { label: string; line1: string; zip: string; billTo?: boolean }) {
  const section = page.getByTestId('company-locations');
  await section.getByRole('button', { name: 'Add Location' }).click();
  const form = section.getByRole('form', { name: 'New location' });
  await form.getByLabel('Location name').fill(l.label);
  await form.getByLabel('Recipient').fill('Receiving');
  await form.getByLabel('Address line 1').fill(l.line1);
  await form.getByLabel('City').fill('Mooresville');
  await form.getByLabel('State').selectOption('NC');
  await form.getByLabel('ZIP code').fill(l.zip);
  await form.getByLabel('E-mail').fill('receiving@westbrook.example');
  const billTo = form.getByLabel('Invoices go to this address (bill-to)');
  if (l.billTo) await billTo.check();
  else await billTo.uncheck();
  await form.getByRole('button', { name: 'Save Location' }).click();
  return form;
}

/**
 * Company buying, slice 3 (issue 31, decision 045): the admin keeps the company's locations and has buyers ship only
 * there; a buyer on a phone is offered them at checkout, cannot ship elsewhere, and places the order to one of them.
 */
test('an admin adds locations and limits shipping to them; a buyer on a phone ships only to a location', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(DESKTOP);
  const admin = await registerAndSignIn(page, 'Wren');
  const context = await browser.newContext({ viewport: PHONE });
  const phone = await context.newPage();
  const buyer = await registerAndSignIn(phone, 'Tariq');
  await company([
    { email: admin, role: 'Admin' },
    { email: buyer, role: 'Buyer' },
  ]);

  await page.goto('/user/account/company');
  const section = page.getByTestId('company-locations');
  await expect(section).toContainText('Add the places your company receives parts');
  // A ZIP that is not one is refused next to the field, and nothing is saved.
  const form = await addLocation(page, { label: 'Plant 2 — receiving', line1: '400 Mill St', zip: '2811A' });
  await expect(form.getByLabel('ZIP code')).toHaveAccessibleDescription(/ZIP|Zip/);
  await form.getByLabel('ZIP code').fill('28115');
  await form.getByRole('button', { name: 'Save Location' }).click();
  await expect(page.getByText('Plant 2 — receiving is saved.')).toBeVisible();
  await addLocation(page, { label: 'Head office', line1: '12 Commerce Blvd', zip: '28117', billTo: true });
  await expect(section.getByTestId('company-location')).toHaveCount(2);
  // The bill-to first, tagged.
  await expect(section.getByTestId('company-location').first()).toContainText('Head officeBill-to');
  // The box shows the company's choice once it is saved.
  await section.getByTestId('ship-to-locations-only').click();
  await expect(page.getByText('Shipping choice saved.')).toBeVisible();
  await expect(section.getByLabel('Buyers ship only to these locations')).toBeChecked();
  await page.screenshot({ path: 'test-results/screenshots/company-locations-1366.png', fullPage: true });

  // The buyer, on a phone: only the company's locations are offered, the first already chosen.
  await addFromProductPage(phone, 'SFU1605-500');
  const checkout = new CheckoutPage(phone);
  await checkout.open();
  await expect(phone.getByText('Your company ships only to its locations: choose one.')).toBeVisible();
  const offered = phone.getByTestId('company-locations');
  await expect(offered.getByRole('radio')).toHaveCount(2);
  await expect(phone.getByRole('radio', { name: 'Use a new address' })).toHaveCount(0);
  await phone.screenshot({
    path: 'test-results/screenshots/checkout-company-locations-390.png',
    fullPage: true,
  });
  // Another street is refused next to the field.
  const address = phone.getByRole('form', { name: 'Shipping Address' });
  await address.getByLabel('Address line 1').fill('99 Elsewhere Rd');
  await address.getByRole('button', { name: 'Continue' }).click();
  await expect(address.getByLabel('Address line 1')).toHaveAccessibleDescription(
    'Your company ships only to its locations: choose one.',
  );
  await offered.getByRole('radio', { name: /Plant 2 — receiving/ }).check();
  await expect(address.getByLabel('Address line 1')).toHaveValue('400 Mill St');
  await address.getByLabel('Recipient name').fill('Tariq at dock 4');
  await address.getByRole('button', { name: 'Continue' }).click();
  await expect(phone.getByRole('heading', { name: 'Shipping Details' })).toBeFocused();
  await checkout.chooseShipping();
  await checkout.payWith(TEST_CARDS.authorised);
  await checkout.placeOrder();
  await expect(phone).toHaveURL(/\/checkout\/confirmation\//);
  await expect(phone.getByText('400 Mill St')).toBeVisible();

  // The company page in fr-CA on the phone: the buyer reads the locations and the rule, and changes nothing.
  await context.addCookies([{ name: 'locale', value: 'fr-CA', url: new URL('/', phone.url()).href }]);
  await phone.goto('/user/account/company');
  const read = phone.getByTestId('company-locations');
  await expect(read.getByRole('heading', { name: 'Emplacements' })).toBeVisible();
  await expect(read).toContainText('Votre entreprise ne fait livrer qu’à ces emplacements.');
  await expect(read.getByRole('button')).toHaveCount(0);
  await phone.screenshot({ path: 'test-results/screenshots/company-locations-fr-390.png', fullPage: true });
  await context.close();
});

/**
 * Saved lists shared with the company (decision 045): the owner shares a list for reading; a colleague on a phone
 * finds it, cannot change it, and adds it all to the cart, the list staying whole.
 */
test('a list shared for reading: a colleague adds it all to the cart and the list stays whole', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const owner = await registerAndSignIn(page, 'Ines');
  const context = await browser.newContext({ viewport: PHONE });
  const phone = await context.newPage();
  const colleague = await registerAndSignIn(phone, 'Bram');
  await company([
    { email: owner, role: 'Buyer' },
    { email: colleague, role: 'Buyer' },
  ]);

  await page.goto('/user/account/lists');
  const create = page.getByRole('form', { name: 'New list' });
  await create.getByLabel('List name').fill('Line 3 spares');
  await create.getByLabel('Who sees this list').selectOption({ label: 'My company can see it' });
  await create.getByRole('button', { name: 'Create List' }).click();
  await expect(page.getByTestId('saved-list')).toContainText('My company can see it');
  await page.getByRole('link', { name: 'Line 3 spares' }).click();
  await page.getByLabel('Part numbers and quantities, one a line').fill('SFU1605-500 2\nEC-20-BLK 4');
  await page.getByRole('button', { name: 'Add to List' }).click();
  await expect(page.getByText('2 lines were added.')).toBeVisible();
  await expect(page.getByTestId('list-sharing')).toHaveValue('read');

  await phone.goto('/user/account/lists');
  const shared = phone.getByTestId('saved-list').filter({ hasText: 'Line 3 spares' });
  await expect(shared).toContainText('Shared by Ines Buyer');
  await shared.getByRole('link', { name: 'Line 3 spares' }).click();
  await expect(phone.getByRole('note')).toContainText('Ines Buyer shares this list for reading');
  await expect(phone.getByTestId('list-item')).toHaveCount(2);
  // Nothing to change or delete, no quick order into it.
  await expect(phone.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await expect(phone.getByRole('button', { name: 'Delete List' })).toHaveCount(0);
  await expect(phone.getByLabel('Part numbers and quantities, one a line')).toHaveCount(0);
  await phone.screenshot({ path: 'test-results/screenshots/shared-list-390.png', fullPage: true });
  await phone.getByRole('button', { name: 'Add All to Cart' }).click();
  await expect(
    phone.getByText('Every item of the list is in your cart. The list stays as it is.'),
  ).toBeVisible();
  await expect(phone.getByTestId('list-item')).toHaveCount(2);

  // The owner's list is whole.
  await page.reload();
  await expect(page.getByTestId('list-item')).toHaveCount(2);
  await context.close();
});
