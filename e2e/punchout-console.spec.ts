import { expect, test } from '@playwright/test';
import { ROLES } from '../domain/roles';
import { registerAndSignIn } from './support/accounts';
import { setRole, withDb } from './support/db';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * Console → a company → Punchout (issue 57, decision 073): Admin staff set up a company's punchout credential, make
 * its shared secret (shown once, gone after a reload), and read the documents exchanged; on a phone in fr-CA too.
 */
test('staff set up a company’s punchout credential and its secret is shown once', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const staffEmail = await registerAndSignIn(page, 'Priya');
  await setRole(staffEmail, ROLES.Admin);
  const name = `Punch Plant ${Date.now()}`;
  const companyId = await withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      'insert into business_account (company, net_terms_days) values ($1, 30) returning id',
      [name],
    );
    return rows[0]!.id;
  });
  await page.goto(`/admin/companies/${companyId}`);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  const card = page.locator('.ant-card').filter({ hasText: 'Punchout' }).last();
  await expect(card.getByText(/no punchout credential yet/)).toBeVisible();
  await card.getByRole('button', { name: 'Set up punchout' }).click();

  // A return URL that is not http(s) is refused next to it, before anything is sent.
  await card.getByLabel('Procurement system').fill('SAP Ariba');
  await card.getByLabel('From identity').fill('AN01000000087');
  await card.getByLabel('Sender identity').fill('AN01000000001');
  await card.getByRole('button', { name: 'Add a return URL' }).click();
  await card.getByLabel('Return URL', { exact: true }).fill('ftp://buyer.example/return');
  await card.getByRole('button', { name: 'Save punchout settings' }).click();
  await expect(card.getByText('Return URL must be an http or https address')).toBeVisible();
  await card.getByLabel('Return URL', { exact: true }).fill('https://buyer.example/punchout/return');
  await card.getByRole('button', { name: 'Save punchout settings' }).click();
  await expect(page.getByText('Saved')).toBeVisible();

  await card.getByRole('button', { name: 'Make the shared secret' }).click();
  const secret = card.locator('code');
  await expect(secret).toBeVisible();
  const shown = (await secret.textContent())!.trim();
  expect(shown.length).toBeGreaterThanOrEqual(24);
  await expect(card.getByText('A shared secret is set. It is never shown again.')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/admin-punchout-1366.png', fullPage: true });

  // A document exchanged since, and the secret never comes back after a reload.
  await withDb((db) =>
    db.query(
      `insert into punchout_message (company_id, direction, kind, payload_id, document, http_status)
       values ($1, 'in', 'order-request', 'p1@buyer.example', '<cXML><SharedSecret>***</SharedSecret></cXML>', 200)`,
      [companyId],
    ),
  );
  await page.reload();
  await expect(card.getByText('1 document')).toBeVisible();
  await expect(page.getByText(shown)).toHaveCount(0);
  await card.getByText(/order-request/).click();
  await expect(card.getByLabel('Document')).toContainText('<SharedSecret>***</SharedSecret>');

  // On a phone, in fr-CA, with the form open.
  await page.setViewportSize(PHONE);
  await page.context().addCookies([{ name: 'locale', value: 'fr-CA', url: new URL('/', page.url()).href }]);
  await page.reload();
  await card.getByRole('button', { name: 'Modifier les paramètres punchout' }).click();
  await expect(card.getByLabel('Système d’approvisionnement')).toHaveValue('SAP Ariba');
  await page.screenshot({ path: 'test-results/screenshots/admin-punchout-fr-390.png', fullPage: true });
  await card.screenshot({ path: 'test-results/screenshots/admin-punchout-card-fr-390.png' });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: 'test-results/screenshots/admin-punchout-fr-1366.png', fullPage: true });
  await page.context().addCookies([{ name: 'locale', value: 'en-US', url: new URL('/', page.url()).href }]);
  await page.setViewportSize(PHONE);
  await page.reload();
  await card.getByRole('button', { name: 'Edit punchout settings' }).click();
  await page.screenshot({ path: 'test-results/screenshots/admin-punchout-390.png', fullPage: true });
  await card.screenshot({ path: 'test-results/screenshots/admin-punchout-card-390.png' });
});
