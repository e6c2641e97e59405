import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { ROLES } from '../domain/roles';
import { graphqlFromPage, registerAndSignIn } from './support/accounts';
import { setRole } from './support/db';
import { onPayCa } from './support/sites';

/**
 * Issue 51 item 7 (decision 058): each site names its own company. pay-ca's footer names the Canadian company its
 * header promises, and Admin edits a site's legal name, postal address and copyright holder in Console → Sites.
 */
const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];
const PAY_CA_LEGAL = {
  legalName: 'Axisline Payments Canada Inc.',
  postalAddress: '2300 Boulevard Industriel, Laval, QC H7S 2E5, Canada',
  copyrightHolder: 'Axisline Payments Canada Inc.',
};
const YEAR = new Date().getFullYear();
const RIGHTS = { 'en-US': 'All rights reserved.', 'fr-CA': 'Tous droits réservés.' } as const;

const payCaPage = async (
  browser: Browser,
  locale: keyof typeof RIGHTS,
  viewport: (typeof WIDTHS)[number],
) => {
  const context = await browser.newContext({ ...onPayCa(locale), viewport });
  return { context, page: await context.newPage() };
};

test('the pay-ca footer names the Canadian company, its address and copyright, at both widths, in en-US and fr-CA', async ({
  browser,
}) => {
  for (const viewport of WIDTHS) {
    for (const locale of ['en-US', 'fr-CA'] as const) {
      const { context, page } = await payCaPage(browser, locale, viewport);
      await page.goto('/');
      const footer = page.locator('footer');
      await expect(footer.locator('address')).toContainText(PAY_CA_LEGAL.legalName);
      await expect(footer.locator('address')).toContainText(PAY_CA_LEGAL.postalAddress);
      await expect(footer.locator('address')).not.toContainText('Mooresville');
      await expect(footer).toContainText(`© ${YEAR} Axisline Payments Canada Inc. ${RIGHTS[locale]}`);
      await footer.locator('address').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/site-legal-footer-${locale}-${viewport.width}.png` });
      await context.close();
    }
  }
});

test('Admin edits pay-ca’s legal details in Console → Sites and the footer prints them; other staff cannot', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const edited = {
    legalName: 'Axisline Paiements Canada Ltée',
    postalAddress: '55 Rue du Port, Québec, QC G1K 4E9, Canada',
    copyrightHolder: 'Axisline Paiements Canada Ltée',
  };
  let adminContext: BrowserContext | null = null;
  try {
    // Service staff: no Sites section, and the edit itself is refused.
    const serviceContext = await browser.newContext();
    const service = await serviceContext.newPage();
    await setRole(await registerAndSignIn(service, 'Sam'), ROLES.Service);
    await service.goto('/admin');
    await expect(service.getByRole('menuitem', { name: 'Quotes' })).toBeVisible();
    await expect(service.getByRole('menuitem', { name: 'Sites' })).toHaveCount(0);
    const refused = await graphqlFromPage(
      service,
      `mutation { setSiteLegal(id: "pay-ca", input: { legalName: "X", postalAddress: "Y", copyrightHolder: "Z" }) { id } }`,
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    await serviceContext.close();

    // Admin, on a phone: opens pay-ca's row, is told next to the field what is missing, saves.
    adminContext = await browser.newContext({ viewport: WIDTHS[1] });
    const admin = await adminContext.newPage();
    await setRole(await registerAndSignIn(admin, 'Ada'), ROLES.Admin);
    await admin.goto('/admin/sites');
    await admin.getByRole('button', { name: 'Edit the legal details of Axisline Payments Canada' }).click();
    const legalName = admin.getByLabel('Legal name', { exact: true });
    await expect(legalName).toHaveValue(PAY_CA_LEGAL.legalName);
    await legalName.fill('');
    await admin.getByRole('button', { name: 'Save the legal details' }).click();
    await expect(admin.getByText('Enter the legal name of the company selling on this site.')).toBeVisible();
    await legalName.fill(edited.legalName);
    await admin.getByLabel('Postal address (one line)').fill(edited.postalAddress);
    await admin.getByLabel('Copyright holder').fill(edited.copyrightHolder);
    await admin.screenshot({ path: '/tmp/site-legal-console-390.png', fullPage: true });
    await admin.getByRole('button', { name: 'Save the legal details' }).click();
    await expect(admin.getByText('Saved')).toBeVisible();
    await expect(admin.getByRole('cell', { name: new RegExp(edited.legalName) })).toBeVisible();
    await admin.setViewportSize(WIDTHS[0]);
    await admin.screenshot({ path: '/tmp/site-legal-console-1366.png', fullPage: true });

    // The shop's footer on pay-ca names the new company (the site directory was refreshed at once).
    const { context, page } = await payCaPage(browser, 'fr-CA', WIDTHS[0]);
    await page.goto('/');
    await expect(page.locator('footer address')).toContainText(edited.legalName);
    await expect(page.locator('footer address')).toContainText(edited.postalAddress);
    await expect(page.locator('footer')).toContainText(
      `© ${YEAR} ${edited.copyrightHolder}. Tous droits réservés.`,
    );
    await context.close();
  } finally {
    // Put pay-ca back through the console's own call, so the store's site directory is refreshed too.
    const page = adminContext?.pages()[0];
    if (page) {
      const input = JSON.stringify(PAY_CA_LEGAL).replace(/"(\w+)":/g, '$1:');
      const restored = await graphqlFromPage(
        page,
        `mutation { setSiteLegal(id: "pay-ca", input: ${input}) { id } }`,
      );
      expect(restored.errors).toBeUndefined();
      await adminContext!.close();
    }
  }
});
