import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium';
import { CONSENT_DECLINED, shopCookie } from './e2e/support/cookies';
import { MAILBOX_HTTP_PORT, MAILBOX_SMTP_PORT } from './e2e/support/outbox';

/**
 * Browser specs against the store started exactly as the README says (`npm start`, embedded PostgreSQL),
 * on its own port and data folder so a developer's running store is left alone.
 */
const PORT = Number(process.env.E2E_PORT || 4100);

/**
 * Specs that change what every other spec sees: all passwords reset (every session ends), a site's visibility or
 * legal details, catalogue prices and stock counts, webhook endpoints that receive every order's events, the
 * console's lists of every order, the analytics collector's per-address budget, the first admin. They run one at
 * a time after the rest, which run two files at a time (each file's tests in order): the suite took 14.6 min in one
 * worker, and the browser mostly waits on the store there (decision 075).
 */
const STORE_WIDE = [
  'admin',
  'analytics',
  'erp',
  'first-admin',
  // Seen twice beside other files (CI, and once in six runs here): the guest's link opened the quote, and the next
  // page found it no longer in the guest's session (Sign In asked). Alone it has always passed; until that is
  // understood it runs alone (session 35's note).
  'guest-quote',
  'imports',
  'integrations',
  'prices',
  // Its automatic promotion changes every cart holding its part.
  'promotions',
  'reset-all',
  'site-legal',
  'sites',
  'stock',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/artifacts',
  fullyParallel: false,
  workers: 2,
  // Two browsers, the store and its PostgreSQL share two cores: an assertion waits up to 10 s (Playwright's
  // default is 5) before it fails.
  expect: { timeout: 10_000 },
  projects: [
    { name: 'shop', testIgnore: STORE_WIDE },
    { name: 'store-wide', testMatch: STORE_WIDE, dependencies: ['shop'], workers: 1 },
  ],
  retries: process.env.CI === 'true' ? 1 : 0,
  timeout: 30_000,
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    // The shoppers of these specs have already answered the consent banner (declined);
    // e2e/analytics.spec.ts starts without an answer.
    storageState: { cookies: [shopCookie('consent', CONSENT_DECLINED)], origins: [] },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: [
    {
      // The shoppers' inbox: the store delivers its e-mails here over SMTP, and the specs read them as delivered.
      command: `npm run mailbox -- --smtp ${MAILBOX_SMTP_PORT} --http ${MAILBOX_HTTP_PORT}`,
      url: `http://127.0.0.1:${MAILBOX_HTTP_PORT}/healthz`,
      timeout: 60_000,
      reuseExistingServer: process.env.CI !== 'true',
      stdout: 'ignore',
    },
    {
      command: 'npm start',
      url: `http://localhost:${PORT}/healthz`,
      timeout: 300_000,
      reuseExistingServer: process.env.CI !== 'true',
      stdout: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR: process.env.E2E_DATA_DIR || '.data/e2e',
        EMBEDDED_PG_PORT: process.env.E2E_EMBEDDED_PG_PORT || '54331',
        LOG_LEVEL: 'error',
        // Playwright merges process.env into this: an empty value keeps a CI DATABASE_URL out (embedded PostgreSQL).
        DATABASE_URL: '',
        SMTP_URL: `smtp://127.0.0.1:${MAILBOX_SMTP_PORT}`,
        // Unpaid orders are looked at every second (the specs age an order rather than wait for its reminder).
        UNPAID_SWEEP_MS: '1000',
        // The specs register about 70 shoppers from this one address within the hour (the default allows 60).
        MAIL_LIMIT_PER_IP: '1000',
        // The specs read catalogue prices: the demo's promotions stay out (e2e/promotions.spec.ts makes its own).
        DEMO_PROMOTIONS: 'false',
      },
    },
  ],
});
