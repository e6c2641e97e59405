import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { BRAND } from '../domain/constants';
import { ROLES } from '../domain/roles';
import { registerAndSignIn } from './support/accounts';
import { setRole } from './support/db';
import { lastEmailTo, linkIn } from './support/outbox';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const PDF = Buffer.from('%PDF-1.7\n% NC resale certificate\n');

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

/**
 * "My company buys on account" (issue 31 item 1, decision 047), off the happy path: a shopper on a phone applies
 * with an expired certificate and a file that is not what its name says (both refused next to their fields), then
 * sends it; staff open the e-mailed console link and decline it (a note is required); the shopper reads the note on
 * the page, corrects and sends again; staff approve it with terms, and the shopper's e-mailed link opens their
 * company, where they are its admin.
 */
test('a shopper applies for a company account: refused input, declined with a note, sent again, approved', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: PHONE });
  const phone = await context.newPage();
  const shopper = await registerAndSignIn(phone, 'Noor');
  await page.setViewportSize(DESKTOP);
  const staffEmail = await registerAndSignIn(page, 'Sigrid');
  await setRole(staffEmail, ROLES.Service);

  const company = `Tarheel Automation ${Date.now()}`;
  const erp = `ERP-NC-${Date.now()}`;
  await phone.goto('/user/account/company');
  const form = phone.getByRole('form', { name: 'My company buys on account' });
  await expect(form).toBeVisible();
  await form.getByLabel('Company', { exact: true }).fill(company);
  await form.getByLabel('ERP account number (if you have one)').fill(erp);
  await form.getByLabel('Tax-exemption certificate number (if exempt)').fill('NC-E595-2231');
  await form.getByLabel('Certificate’s last day').fill('2020-01-31');
  await form
    .getByLabel('Certificate file')
    .setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('GIF89a') });
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(form.getByText('This certificate has expired.')).toBeVisible();
  await form.getByLabel('Certificate’s last day').fill('2030-06-30');
  await form.getByRole('button', { name: 'Send application' }).click();
  // The server reads the file: a GIF named .pdf is refused next to the file field.
  await expect(
    form.getByText('Attach the certificate as one PDF, PNG or JPEG file of at most 10 MB.'),
  ).toBeVisible();
  await form
    .getByLabel('Certificate file')
    .setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form.getByRole('button', { name: 'Send application' }).click();
  const pending = phone.getByTestId('application-pending');
  await expect(pending).toContainText(`Your application for ${company}`);
  await expect(pending).toContainText('certificate.pdf');
  // The "sent" toast fades in: axe reads its colours once it has settled.
  await expect(async () => expect(await seriousViolations(phone)).toEqual([])).toPass({ timeout: 10_000 });
  await phone.screenshot({ path: 'test-results/company-application-pending-390.png', fullPage: true });

  // Staff's e-mail links to the application in the console.
  const firstLink = linkIn(await lastEmailTo(BRAND.email.help, new RegExp(company)));
  await page.goto(firstLink);
  await expect(page.getByRole('heading', { name: `Application: ${company}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'certificate.pdf' })).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline' });
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(dialog.getByText('Tell the applicant why the application is declined.')).toBeVisible();
  const note = 'The certificate number does not match the file: send the current NC E-595E.';
  await dialog.getByLabel('Why (the applicant reads this)').fill(note);
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Declined', { exact: true })).toBeVisible();

  // The shopper's e-mail and page give the note; the form is filled with what they sent.
  const declinedMail = await lastEmailTo(shopper, /company account application/);
  expect(declinedMail).toContain(note);
  await phone.goto(linkIn(declinedMail));
  await expect(phone.getByTestId('application-declined')).toContainText(note);
  await expect(form.getByLabel('Company', { exact: true })).toHaveValue(company);
  await form.getByLabel('Tax-exemption certificate number (if exempt)').fill('NC-E595E-9001');
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(phone.getByTestId('application-pending')).toBeVisible();

  // Staff approve it with net 30 terms: the company is made, and the console opens it.
  // The second application's e-mail (the first one's link shows it declined).
  let secondLink = firstLink;
  await expect
    .poll(async () => (secondLink = linkIn(await lastEmailTo(BRAND.email.help, new RegExp(company)))))
    .not.toBe(firstLink);
  await page.goto(secondLink);
  await expect(page.getByLabel('Company', { exact: true })).toHaveValue(company);
  await expect(page.getByLabel('Certificate number')).toHaveValue('NC-E595E-9001');
  await page.getByLabel('Net terms (days)').fill('30');
  await page.getByRole('button', { name: 'Approve and make the company' }).click();
  await expect(page.getByRole('heading', { name: company, level: 2, exact: true })).toBeVisible();
  await expect(page.getByText(shopper)).toBeVisible();
  await page.screenshot({ path: 'test-results/company-application-approved-1366.png', fullPage: true });

  // The shopper's link opens their company: they are its admin and may invite colleagues.
  const approvedMail = await lastEmailTo(shopper, /now buys on account/);
  await phone.goto(linkIn(approvedMail));
  await expect(phone.getByRole('heading', { name: company, level: 1, exact: true })).toBeVisible();
  await expect(phone.getByText('Your role: Company admin')).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'Invite someone' })).toBeVisible();
  await context.close();
});

test('the application form reads in fr-CA on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await registerAndSignIn(page, 'Elodie');
  await page.context().addCookies([{ name: 'locale', value: 'fr-CA', url: new URL('/', page.url()).href }]);
  await page.goto('/user/account/company');
  const form = page.getByRole('form', { name: 'Mon entreprise achète en compte' });
  await form.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(form.getByText('Entreprise est un champ obligatoire')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/company-application-fr-390.png', fullPage: true });
});
