import { expect, test } from '@playwright/test';
import { ROLES } from '../domain/roles';
import { graphqlFromPage, registerAndSignIn } from './support/accounts';
import { setRole, withDb } from './support/db';
import { lastEmailTo, linkIn } from './support/outbox';

/**
 * Issue 51 item 9 (decision 061): a guest's quote form is a quote like any other. Staff price it; the e-mailed link
 * opens it read-only in the guest's browser; the guest signs up there and the quote joins the new account, which
 * accepts it and checks it out. The spent link reads as used in another browser (in French).
 */
const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

for (const viewport of WIDTHS) {
  test(`a guest's quote form: staff price it, the e-mailed link opens it, the guest signs up and accepts it (${viewport.width} px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const guest = `gale.${viewport.width}.${Date.now()}@plant.example`;
    await page.goto('/quote?item=Guard%20frame%2C%201200%20x%20800%2C%20to%20drawing');
    const form = page.getByRole('form', { name: 'Request a Quote' });
    await expect(form.getByText('No account needed: we e-mail you a link to your quote')).toBeVisible();
    await form.getByLabel('Quantity').fill('2');
    await form.getByLabel('First name').fill('Gale');
    await form.getByLabel('Last name').fill('Guest');
    await form.getByLabel('E-mail').fill(guest);
    await form.getByRole('button', { name: 'Request Quote' }).click();
    const thanks = page.getByText(/^Your quote Q-\d+ is with our team\. We e-mailed you a link to it/);
    await expect(thanks).toBeVisible();
    const number = /Q-\d+/.exec((await thanks.textContent())!)![0];
    await page.screenshot({ path: `/tmp/gquote-sent-${viewport.width}.png`, fullPage: true });
    expect(await lastEmailTo(guest, /received your quote request/)).toContain(`Reference: ${number}`);

    // Staff price it as any quote (through the console's API here; the console's form: quotes.spec.ts).
    const staffContext = await browser.newContext();
    const console = await staffContext.newPage();
    await setRole(await registerAndSignIn(console, 'Sasha'), ROLES.Service);
    const id = await withDb(
      async (db) =>
        (await db.query<{ id: string }>('select id from quote where contact_email = $1', [guest])).rows[0]!
          .id,
    );
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const priced = await graphqlFromPage(
      console,
      `mutation { sendQuote(id: "${id}", version: 1, input: { lines: [{ lineNo: 1, unitPrice: 310, itemId: "FAB-CUSTOM" }],
        freight: 40, leadTimeDays: 12, expiresOn: "${day}" }) { status } }`,
    );
    expect(priced.errors).toBeUndefined();
    await staffContext.close();

    // The priced quote's e-mail opens it read-only: accepting asks for an account.
    const mail = await lastEmailTo(guest, new RegExp(`Your quote ${number}`));
    await page.goto(linkIn(mail));
    await expect(page.getByRole('heading', { level: 1, name: `Quote ${number}` })).toBeVisible();
    await expect(page.getByTestId('quote-status')).toHaveText('Quoted');
    await expect(page.getByTestId('sent-quote').getByTestId('quote-total')).toHaveText('$660.00');
    const notice = page.getByTestId('guest-quote');
    await expect(notice).toContainText(
      'To accept this quote and order it at these prices, create an account',
    );
    await expect(page.getByRole('button', { name: 'Accept and check out' })).toHaveCount(0);
    await page.screenshot({ path: `/tmp/gquote-guest-${viewport.width}.png`, fullPage: true });

    // Signed up in this browser, the quote is on the new account: accepted, it goes to checkout.
    await notice.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/user\/register$/);
    await registerAndSignIn(page, 'Gale');
    await page.locator('main').getByRole('link', { name: 'Quotes', exact: true }).click();
    await page.getByRole('link', { name: number }).click();
    await expect(page.getByTestId('guest-quote')).toHaveCount(0);
    await page.getByRole('button', { name: 'Accept and check out' }).click();
    await expect(page).toHaveURL(/\/checkout\?quote=/);
    await page.goto(linkIn(mail));
    await expect(page.getByTestId('quote-status')).toHaveText('Accepted');
    await expect(page.getByRole('link', { name: 'Check out this quote' })).toBeVisible();
    await page.screenshot({ path: `/tmp/gquote-accepted-${viewport.width}.png`, fullPage: true });

    // Another browser holding the link finds the quote already on an account (fr-CA).
    const other = await browser.newContext({ viewport });
    const stranger = await other.newPage();
    await other.addCookies([{ name: 'locale', value: 'fr-CA', url: new URL('/', page.url()).href }]);
    await stranger.goto(linkIn(mail));
    await expect(stranger.getByRole('heading', { level: 1 })).toHaveText(
      'Ce lien de soumission ne s’ouvre pas',
    );
    await expect(stranger.locator('main').getByRole('alert')).toHaveText(
      'Cette soumission est déjà dans un compte. Connectez-vous à ce compte pour l’ouvrir.',
    );
    await stranger.screenshot({ path: `/tmp/gquote-used-fr-${viewport.width}.png`, fullPage: true });
    await other.close();
  });
}
