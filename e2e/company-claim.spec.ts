import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ROLES } from '../domain/roles';
import { registerAndSignIn } from './support/accounts';
import { setRole } from './support/db';

/** Serious or critical axe findings on the page (or inside `within`). */
async function seriousViolations(page: Page, within?: string) {
  const builder = new AxeBuilder({ page });
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

/**
 * An ERP account number typed at registration is only a claim (issue 26, high 2): the console shows it as not
 * verified, and Service staff attach the buyer to the company from the customers table.
 */
test('staff verify a claimed ERP account: the claim shows, a new company needs its name, then the buyer is attached', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const erp = `ERP-${Date.now()}`;
  const buyer = await registerAndSignIn(page, 'Claire', { erpAccountId: erp });
  await expect(page.getByText(erp)).toHaveCount(0); // the account page shows no company for a claim

  const context = await browser.newContext();
  const staff = await context.newPage();
  const staffEmail = await registerAndSignIn(staff, 'Serge');
  await setRole(staffEmail, ROLES.Service);
  await staff.goto('/admin/customers');
  await staff.getByRole('searchbox').fill(buyer);
  await staff.getByRole('searchbox').press('Enter');
  await expect(staff.getByText(`Claims ERP account ${erp}, not verified`)).toBeVisible({ timeout: 15_000 });
  await expect(async () => expect(await seriousViolations(staff)).toEqual([])).toPass({ timeout: 10_000 });

  await staff.getByRole('button', { name: `Company of ${buyer}` }).click();
  const dialog = staff.getByRole('dialog', { name: `Company of ${buyer}` });
  await expect(dialog.getByLabel('ERP account id')).toHaveValue(erp);
  await dialog.getByRole('button', { name: 'Attach' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Company is a required field');
  await expect(dialog.getByLabel(/Company name/)).toHaveAttribute('aria-invalid', 'true');
  // Measured once the dialog's opening animation is over (colours mid-fade read as low contrast).
  await expect(async () => expect(await seriousViolations(staff, '.ant-modal')).toEqual([])).toPass({
    timeout: 10_000,
  });
  await staff.screenshot({ path: 'test-results/screenshots/admin-company-claim.png' });

  await dialog.getByLabel(/Company name/).fill('Claire Robotics');
  await dialog.getByRole('button', { name: 'Attach' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByText(`Claire Robotics (${erp})`)).toBeVisible();
  await expect(staff.getByText(`Claims ERP account ${erp}, not verified`)).toHaveCount(0);
  await context.close();
});
