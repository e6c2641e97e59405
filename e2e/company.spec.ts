import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { COMPANY_ROLES } from '../domain/company';
import { E2E_PASSWORD, registerAndSignIn } from './support/accounts';
import { withDb } from './support/db';
import { lastEmailTo, linkIn } from './support/outbox';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** Serious or critical axe findings on the page. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

/** A company whose admin is the person signed in with `email`. */
async function companyAdministeredBy(email: string, name: string): Promise<void> {
  await withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      'insert into business_account (company, erp_account_id) values ($1, $2) returning id',
      [name, `ERP-${Date.now()}`],
    );
    await db.query('update app_user set account_id = $1, company_role = $2 where lower(email) = lower($3)', [
      rows[0]!.id,
      COMPANY_ROLES.Admin,
      email,
    ]);
  });
}

/**
 * Company buying, slice 1 (issue 31, decision 043): an admin invites from the company page, the e-mailed link opens
 * the invitation, the invited buyer signs in and joins; a wrong account, a used or expired link, and a member
 * removed while signed in are shown plainly.
 */
test('an admin invites a buyer, who follows the e-mailed link, signs in and joins; then is removed while signed in', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const company = `Northwind ${Date.now()}`;
  const admin = await registerAndSignIn(page, 'Alma');
  await companyAdministeredBy(admin, company);

  // The invitee has an account already (in another browser).
  const context = await browser.newContext({ viewport: PHONE });
  const phone = await context.newPage();
  const buyer = await registerAndSignIn(phone, 'Bruno');

  await page.goto('/user/account');
  await page.getByRole('link', { name: 'Company' }).click();
  await expect(page.getByRole('heading', { name: company })).toBeVisible();
  await expect(page.getByText('Your role: Company admin')).toBeVisible();
  const invite = page.getByRole('form', { name: 'Invite someone' });
  await invite.getByLabel('E-mail address').fill('not-an-address');
  await invite.getByLabel('Limit for one order').fill('-3');
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(invite.getByText('Please enter your email address.')).toBeVisible();
  await expect(invite.getByText('Enter an amount, or leave it empty for no limit.')).toBeVisible();
  await invite.getByLabel('E-mail address').fill(buyer);
  await invite.getByLabel('Role').selectOption('Buyer');
  await invite.getByLabel('Limit for one order').fill('500');
  await invite.getByLabel('Limit for a month').fill('2000');
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${buyer}.`)).toBeVisible();
  await expect(page.getByTestId('company-invitation')).toContainText(buyer);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/screenshots/company-admin-1366.png', fullPage: true });

  // The link as delivered, opened in the invitee's browser (a phone), signed out first: sign in, come back, join.
  const link = linkIn(await lastEmailTo(buyer, /invites you to buy for/));
  await context.clearCookies(); // signed out
  await phone.goto(link);
  await expect(phone.getByText(`invites you to buy for ${company} as Buyer.`)).toBeVisible();
  expect(await seriousViolations(phone)).toEqual([]);
  await expect(
    phone.getByText(`No account yet? Create one with ${buyer}, then open the invitation's link again.`),
  ).toBeVisible();
  await phone.getByRole('link', { name: 'Sign in to accept' }).click();
  await phone.getByLabel('E-mail').fill(buyer);
  await phone.getByLabel('Password').fill(E2E_PASSWORD);
  await phone.getByRole('button', { name: 'Sign In' }).click();
  await expect(phone).toHaveURL(/\/company\/join\?token=/);
  await phone.getByRole('button', { name: `Join ${company}` }).click();
  await expect(phone).toHaveURL(/\/user\/account\/company$/);
  await expect(phone.getByRole('heading', { name: company })).toBeVisible();
  await expect(phone.getByText('Your role: Buyer')).toBeVisible();
  await expect(phone.getByText(/Up to \$500\.00 an order · up to \$2,000\.00 a month/)).toBeVisible();
  await phone.screenshot({ path: 'test-results/screenshots/company-buyer-390.png', fullPage: true });

  // Used once: the same link now says so.
  await phone.goto(link);
  await expect(phone.getByRole('alert')).toHaveText('This invitation is not valid or has expired.');

  // The admin sees the new member, and removes them; the buyer's next page shows no company.
  await page.reload();
  const member = page.getByTestId('company-member').filter({ hasText: buyer });
  await expect(member).toContainText('Buyer');
  page.once('dialog', (d) => void d.accept());
  await member.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(/was removed from the company/)).toBeVisible();
  await phone.goto('/user/account/company');
  await expect(phone.getByText('This account does not buy for a company.', { exact: false })).toBeVisible();
  await context.close();
});

test('the invitation page in fr-CA: a wrong account is told which address the invitation is for; an expired link says so', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  const company = `Piedmont ${Date.now()}`;
  const admin = await registerAndSignIn(page, 'Ines');
  await companyAdministeredBy(admin, company);
  const invited = `invited.${Date.now()}@plant.example`;
  await page.goto('/user/account/company');
  const invite = page.getByRole('form', { name: 'Invite someone' });
  await invite.getByLabel('E-mail address').fill(invited);
  await invite.getByLabel('Role').selectOption('Approver');
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${invited}.`)).toBeVisible();
  const link = linkIn(await lastEmailTo(invited, /invites you/));

  // Signed in as the admin (another address), in French.
  await page.context().addCookies([{ name: 'locale', value: 'fr-CA', url: new URL('/', page.url()).href }]);
  await page.goto(link);
  await expect(
    page.getByText(`Cette invitation est pour ${invited}, et vous êtes connecté comme ${admin}.`, {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Joindre/ })).toHaveCount(0);
  await page.screenshot({
    path: 'test-results/screenshots/company-join-wrong-account-fr-390.png',
    fullPage: true,
  });

  await withDb((db) =>
    db.query(`update company_invitation set expires_at = now() - interval '1 minute' where email = $1`, [
      invited,
    ]),
  );
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText('Cette invitation n’est pas valide ou a expiré.');
});
