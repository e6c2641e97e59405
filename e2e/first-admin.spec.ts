import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { graphqlFromPage } from './support/accounts';
import { lastEmailTo } from './support/outbox';

/**
 * The README's way into the console on a new store: `npm run admin -- --email …` beside the running store (the
 * same data folder), its printed one-time link, a password, the console. Then the outbox, as staff read it,
 * holds no working link: a reset asked for this admin's address is visible only in the admin's own inbox.
 */
const PORT = Number(process.env.E2E_PORT || 4100);

function npmRunAdmin(email: string): string {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return execFileSync(
    process.execPath,
    [path.join(__dirname, '..', 'scripts', 'admin.js'), '--email', email],
    {
      env: {
        ...env,
        PORT: String(PORT),
        DATA_DIR: process.env.E2E_DATA_DIR || '.data/e2e',
        EMBEDDED_PG_PORT: process.env.E2E_EMBEDDED_PG_PORT || '54331',
      },
      encoding: 'utf8',
    },
  );
}

test('the first admin: the printed link sets a password, the console opens, and staff never see a reset link', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `owner.${Date.now()}@axisline.example`;
  const printed = npmRunAdmin(email);
  expect(printed).toContain(`${email} is a new Admin account.`);
  const link = new URL(/^ {2}(\S+)$/m.exec(printed)![1]!);
  expect(link.pathname).toBe('/user/reset-password');

  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password').fill('Console-Keys-77!');
  await page.getByLabel('Confirm password').fill('Console-Keys-77!');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password was changed.');

  await page.goto('/user/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('Console-Keys-77!');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/user\/account$/);
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Someone asks for a reset of the admin's address: the e-mail reaches the admin's inbox with a working link ...
  await page.goto('/user/forgot-password');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: /send/i }).click();
  const mail = await lastEmailTo(email, /Reset your Axisline Supply password/);
  const token = new URL(/https?:\/\/\S+/.exec(mail)![0]).searchParams.get('token')!;
  expect(token).toMatch(/^[\w-]{43}$/);
  // ... while the console's outbox shows where the link went, and no token.
  const outbox = (await graphqlFromPage(
    page,
    `{ outboxEmails(to: "${email}") { kind textBody } }`,
  )) as unknown as { data: { outboxEmails: { kind: string; textBody: string }[] } };
  const reset = outbox.data.outboxEmails.find((m) => m.kind === 'password-reset')!;
  expect(reset.textBody).toContain('/user/reset-password?token=[one-time link, sent only to the recipient]');
  expect(JSON.stringify(outbox)).not.toContain(token);
  await page.goto('/admin/outbox');
  await page
    .getByRole('row', { name: new RegExp(`${email}.*Reset your Axisline Supply password`) })
    .getByRole('button')
    .first()
    .click();
  await expect(page.getByText('[one-time link, sent only to the recipient]').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/admin-outbox-hidden-link.png' });
});
