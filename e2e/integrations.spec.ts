import { expect, test, type Page } from '@playwright/test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { ROLES } from '../domain/roles';
import { registerAndSignIn } from './support/accounts';
import { shopCookie } from './support/cookies';
import { setRole } from './support/db';

/*
 * Console → Integrations (issue 56; decision 068), walked by an Admin in Chromium: an endpoint pointing at a
 * loopback receiver started here is registered and its secret copied from the dialog that shows it once; a test
 * message reaches the receiver, which verifies its signature with the independent standardwebhooks package; the
 * console shows the delivery succeeded with its attempt, and a replay arrives under the same webhook-id. On a phone
 * and in French too.
 */

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

interface Got {
  id: string;
  verified: boolean;
}

/** A receiver on this machine: each request is verified with the secret it is given, and answered. */
function receiver() {
  const got: Got[] = [];
  let secret = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: boolean;
      try {
        new Webhook(secret).verify(body, req.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      got.push({ id: String(req.headers['webhook-id']), verified });
      res.writeHead(verified ? 200 : 401, { 'content-type': 'text/plain' });
      res.end(verified ? '<b>acknowledged</b> by the ERP' : 'bad signature');
    });
  });
  return {
    got,
    useSecret: (value: string) => void (secret = value),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/axisline`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function fitsThePhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

test('an Admin registers an endpoint, sends it a test that its receiver verifies, and replays it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const hooks = receiver();
  const url = await hooks.start();
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const admin = await registerAndSignIn(page, 'Ingrid');
  await setRole(admin, ROLES.Admin);

  await page.goto('/admin/integrations');
  await expect(page.getByRole('menuitem', { name: 'Integrations' })).toBeVisible();
  await page.getByRole('button', { name: 'New endpoint' }).click();
  const form = page.getByRole('dialog', { name: 'New endpoint' });
  await form.getByLabel('Address (URL)').fill(url);
  await form.getByRole('checkbox', { name: /Order placed/ }).check();
  await form.getByLabel('Description').fill('ERP sales orders');
  await page.screenshot({ path: 'test-results/screenshots/console-integrations-new.png', fullPage: true });
  await form.getByRole('button', { name: 'Register the endpoint' }).click();

  const shown = page.getByRole('dialog', { name: "The endpoint's signing secret" });
  await expect(shown.getByText(/you will not see it again/)).toBeVisible();
  const secret = (await shown.locator('code').textContent())!;
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  hooks.useSecret(secret);
  await page.screenshot({ path: 'test-results/screenshots/console-integrations-secret.png', fullPage: true });
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByText(secret)).toHaveCount(0);

  const row = page.getByRole('row', { name: new RegExp(url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')) });
  await expect(row).toContainText('Order placed');
  await expect(row).toContainText('No delivery yet');
  await row.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText(/^Test message msg_\S+ queued/)).toBeVisible();
  await page.getByRole('link', { name: 'See its deliveries' }).click();

  await expect(page.getByRole('heading', { name: `Deliveries to ${url}` })).toBeVisible();
  const test1 = page.getByRole('row', { name: /Test message/ });
  await expect(test1).toContainText('Succeeded', { timeout: 20_000 });
  expect(hooks.got).toEqual([{ id: expect.stringMatching(/^msg_/), verified: true }]);
  await test1.getByRole('button', { name: 'Expand row' }).click();
  const attempts = page.getByRole('list', { name: /^Attempts of msg_/ });
  await expect(attempts.getByRole('listitem')).toHaveCount(1);
  await expect(attempts).toContainText('200');
  // The receiver's answer, markup and all, as text.
  await expect(attempts.locator('pre')).toHaveText('<b>acknowledged</b> by the ERP');
  await expect(attempts.locator('pre b')).toHaveCount(0);
  await page.screenshot({
    path: 'test-results/screenshots/console-integrations-deliveries.png',
    fullPage: true,
  });

  await test1.getByRole('button', { name: /^Replay msg_/ }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Replay' }).click();
  await expect(page.getByText('Replay queued')).toBeVisible();
  const replay = page.getByRole('row', { name: /A replay/ });
  await expect(replay).toContainText('Succeeded', { timeout: 20_000 });
  expect(hooks.got).toHaveLength(2);
  expect(hooks.got[1]).toEqual({ id: hooks.got[0]!.id, verified: true });

  await page.goto('/admin/integrations');
  await expect(row).toContainText('Succeeded');
  await page.screenshot({ path: 'test-results/screenshots/console-integrations.png', fullPage: true });

  // On a phone, in French: the list and the deliveries read, nothing overflows the screen.
  await page.setViewportSize(PHONE);
  await context.addCookies([shopCookie('locale', 'fr-CA')]);
  await page.goto('/admin/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Intégrations' })).toBeVisible();
  // On a phone each endpoint is a card (earlier runs' endpoints may be listed too).
  const card = page.getByRole('listitem').filter({ hasText: url });
  await expect(card).toContainText('ERP sales orders');
  await expect(card).toContainText('Commande passée');
  await expect(card).toContainText('Dernière livraison : Réussie');
  await fitsThePhone(page);
  await page.screenshot({
    path: 'test-results/screenshots/console-integrations-phone-fr.png',
    fullPage: true,
  });
  await card.getByRole('link', { name: url }).click();
  await expect(page.getByRole('heading', { name: `Livraisons à ${url}` })).toBeVisible();
  await expect(page.getByText('Réussie').first()).toBeVisible();
  await fitsThePhone(page);
  await page.screenshot({
    path: 'test-results/screenshots/console-integrations-deliveries-phone-fr.png',
    fullPage: true,
  });
  await context.close();
  await hooks.close();
});
