import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { TEST_CARDS } from '../domain/checkout';
import { COMPANY_ROLES, type CompanyRoleName } from '../domain/company';
import { addFromProductPage } from './pages/CartPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { registerAndSignIn } from './support/accounts';
import { withDb } from './support/db';
import { lastEmailTo, linkIn } from './support/outbox';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const NC = {
  name: 'Receiving Dock 2',
  line1: '400 Mill St',
  city: 'Mooresville',
  state: 'NC',
  zip: '28115',
  email: 'dock@northwind.example',
};

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

/** A new company; each person joins it with a role (and an order limit). */
async function company(members: { email: string; role: CompanyRoleName; orderLimit?: number }[]) {
  await withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      'insert into business_account (company, erp_account_id) values ($1, $2) returning id',
      [`Northwind ${Date.now()}`, `ERP-${Date.now()}`],
    );
    for (const m of members) {
      await db.query(
        'update app_user set account_id = $1, company_role = $2, order_limit = $3 where lower(email) = lower($4)',
        [rows[0]!.id, COMPANY_ROLES[m.role], m.orderLimit ?? null, m.email],
      );
    }
  });
}

/** The buyer checks out the cart (a ball screw) by card; over their limit, the order is sent for approval. */
async function sendForApproval(page: Page): Promise<string> {
  await addFromProductPage(page, 'SFU1605-500');
  const checkout = new CheckoutPage(page);
  await checkout.open();
  await checkout.useNewAddress(NC);
  await checkout.chooseShipping();
  await checkout.payWith(TEST_CARDS.authorised);
  await expect(page.getByTestId('approval-notice')).toContainText(
    'This order is over your order limit of $10.00: it will wait for your company',
  );
  await page.getByRole('button', { name: 'Send for Approval' }).click();
  await expect(page).toHaveURL(/\/checkout\/confirmation\//);
  await expect(page.getByRole('heading', { name: 'Sent for approval' })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Awaiting Approval');
  return new URL(page.url()).pathname.split('/').pop()!;
}

/**
 * Company buying, slice 2 (issue 31, decision 044): a buyer's order over their limit waits for approval; the
 * approver follows the e-mailed link to the queue and approves it; the kept card pays, and the buyer's e-mailed link
 * shows the order paid. The "done when", end to end.
 */
test('a buyer over the limit sends the order for approval; the approver, from the e-mail on a phone, approves it and it is paid', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(DESKTOP);
  const buyer = await registerAndSignIn(page, 'Petra');
  const context = await browser.newContext({ viewport: PHONE });
  const phone = await context.newPage();
  const approver = await registerAndSignIn(phone, 'Quinn');
  await company([
    { email: buyer, role: 'Buyer', orderLimit: 10 },
    { email: approver, role: 'Approver' },
  ]);

  const orderId = await sendForApproval(page);
  // The card it will be paid with, once approved.
  await expect(page.getByText('VISA ending in 4242')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/approval-sent-1366.png', fullPage: true });
  // The order page says why it waits.
  await page.goto(`/user/account/orders/${orderId}`);
  await expect(page.getByTestId('order-approval')).toContainText('over your order limit of $10.00');

  // The approver's e-mail links to the queue.
  const mail = await lastEmailTo(approver, /is waiting for your approval/);
  expect(mail).toContain('Petra Buyer placed order AXL-');
  await phone.goto(linkIn(mail));
  await expect(phone.getByRole('heading', { name: 'Orders to approve' })).toBeVisible();
  const card = phone.getByTestId('approval');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Over their order limit of $10.00');
  await expect(card).toContainText('SFU1605');
  expect(await seriousViolations(phone)).toEqual([]);
  await phone.screenshot({ path: 'test-results/screenshots/approvals-queue-390.png', fullPage: true });
  // Rejecting needs a note for the buyer.
  await card.getByRole('button', { name: 'Reject' }).click();
  await expect(card.getByText('Tell the buyer why the order is rejected.')).toBeVisible();
  await card.getByLabel('Note to the buyer').fill('OK for the line 4 retrofit.');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(phone.getByText(/is approved\. The buyer was told\./)).toBeVisible();
  await expect(phone.getByTestId('approvals-empty')).toHaveText('No order is waiting for your approval.');

  // The buyer's e-mail opens the order: paid with the card given at checkout.
  const approved = await lastEmailTo(buyer, /was approved/);
  expect(approved).toContain('Quinn Buyer approved your order');
  await page.goto(linkIn(approved));
  await expect(page.getByTestId('order-status')).toHaveText('Payment Received');
  await expect(page.getByTestId('order-approval')).toContainText('Approved by Quinn Buyer');
  await expect(page.getByTestId('order-approval')).toContainText('OK for the line 4 retrofit.');
  await page.screenshot({ path: 'test-results/screenshots/approval-approved-1366.png', fullPage: true });
  await context.close();
});

test('in fr-CA on a phone: an approver rejects with a note; the buyer reads it and Re-order puts the items back in the cart', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(DESKTOP);
  const buyer = await registerAndSignIn(page, 'Romy');
  const context = await browser.newContext({ viewport: PHONE });
  const phone = await context.newPage();
  const admin = await registerAndSignIn(phone, 'Sacha');
  await company([
    { email: buyer, role: 'Buyer', orderLimit: 10 },
    { email: admin, role: 'Admin' },
  ]);
  const orderId = await sendForApproval(page);
  // A buyer has no queue of their own.
  await page.goto('/user/account/company/approvals');
  await expect(page.getByText("Only your company's approvers and admins approve orders.")).toBeVisible();

  await phone.context().addCookies([{ name: 'locale', value: 'fr-CA', url: new URL('/', phone.url()).href }]);
  await phone.goto('/user/account/company');
  await phone.getByTestId('approvals-link').click();
  await expect(phone.getByRole('heading', { name: 'Commandes à approuver' })).toBeVisible();
  const card = phone.getByTestId('approval');
  await expect(card).toContainText('Au-delà de sa limite par commande de 10,00 $');
  await card.getByLabel('Note à l’acheteur').fill('Prenez la vis en stock à la baie 2.');
  await card.getByRole('button', { name: 'Refuser' }).click();
  await expect(phone.getByText(/est refusée\. L’acheteur a été avisé\./)).toBeVisible();
  await phone.screenshot({ path: 'test-results/screenshots/approvals-rejected-fr-390.png', fullPage: true });

  const rejected = await lastEmailTo(buyer, /was not approved/);
  expect(rejected).toContain('Prenez la vis en stock à la baie 2.');
  await page.goto(linkIn(rejected));
  await expect(page).toHaveURL(new RegExp(`/user/account/orders/${orderId}$`));
  await expect(page.getByTestId('order-status')).toHaveText('Order Cancelled');
  await expect(page.getByTestId('order-approval')).toContainText('Not approved by Sacha Buyer');
  await page.getByRole('button', { name: 'Re-order' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('SFU1605', { exact: false }).first()).toBeVisible();
  await context.close();
});

test('an approver deciding an order its buyer cancelled meanwhile is told, and the queue empties', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(PHONE);
  const buyer = await registerAndSignIn(page, 'Tove');
  const context = await browser.newContext({ viewport: DESKTOP });
  const desk = await context.newPage();
  const approver = await registerAndSignIn(desk, 'Ugo');
  await company([
    { email: buyer, role: 'Buyer', orderLimit: 10 },
    { email: approver, role: 'Approver' },
  ]);
  const orderId = await sendForApproval(page);
  await desk.goto('/user/account/company/approvals');
  await expect(desk.getByTestId('approval')).toHaveCount(1);

  // The buyer changes their mind, on their phone.
  await page.goto(`/user/account/orders/${orderId}`);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('alertdialog').getByRole('button').first().click();
  await expect(page.getByTestId('order-status')).toHaveText('Order Cancelled');

  await desk.getByTestId('approval').getByRole('button', { name: 'Approve' }).click();
  await expect(desk.getByText('This order was already approved, rejected or cancelled.')).toBeVisible();
  await expect(desk.getByTestId('approvals-empty')).toBeVisible();
  await context.close();
});

test('a viewer, on a phone in fr-CA, reads the company’s orders: filters by buyer and opens an invoice', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(DESKTOP);
  const buyer = await registerAndSignIn(page, 'Vera');
  const context = await browser.newContext({ viewport: PHONE });
  const phone = await context.newPage();
  const viewer = await registerAndSignIn(phone, 'Wim');
  await company([
    { email: buyer, role: 'Buyer' },
    { email: viewer, role: 'Viewer' },
  ]);
  await addFromProductPage(page, 'SFU1605-500');
  const orderId = await new CheckoutPage(page).checkOutWithCard(TEST_CARDS.authorised);
  // The buyer has their own orders, not the company's list.
  await page.goto('/user/account/company/orders');
  await expect(page.getByText("Your company's admins, approvers and viewers see its orders.")).toBeVisible();

  await phone.context().addCookies([{ name: 'locale', value: 'fr-CA', url: new URL('/', phone.url()).href }]);
  await phone.goto('/user/account/company');
  await phone.getByTestId('company-orders-link').click();
  await expect(phone.getByRole('heading', { name: 'Commandes de l’entreprise' })).toBeVisible();
  const rows = phone.getByTestId('company-order-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Vera Buyer');
  await expect(rows).toContainText('Paiement reçu');
  expect(await seriousViolations(phone)).toEqual([]);
  await phone.screenshot({ path: 'test-results/screenshots/company-orders-fr-390.png', fullPage: true });
  // The invoice opens for the viewer, who is not its buyer.
  const href = await rows.getByRole('link', { name: /Facture AXL-\d+ \(PDF\)/ }).getAttribute('href');
  expect(href).toBe(`/api/orders/${orderId}/invoice.pdf`);
  const pdf = await phone.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  // One buyer's orders: the viewer placed none.
  await phone.getByLabel('Acheteur').selectOption({ label: 'Wim Buyer' });
  await expect(phone.getByTestId('company-orders-empty')).toBeVisible();
  await phone.getByLabel('Acheteur').selectOption({ label: 'Vera Buyer' });
  await expect(rows).toHaveCount(1);
  await context.close();
});
