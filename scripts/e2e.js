#!/usr/bin/env node
/**
 * Runs the Playwright specs in a real Chromium (Debian's /usr/bin/chromium or CHROMIUM_PATH).
 * Without a browser the specs are skipped with a plain message, except under CI=true where that fails.
 */
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  const message = `Browser specs SKIPPED: no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH)`;
  if (process.env.CI === 'true') {
    console.error(`${message}; CI=true requires them.`);
    process.exit(1);
  }
  console.warn(`\n*** ${message} ***\n`);
  process.exit(0);
}
const root = path.resolve(__dirname, '..');
const args = process.argv.slice(2);
// Naming spec files runs those only: a store-wide spec's project depends on the shop's (playwright.config.ts), which
// would otherwise run whole first.
const named = args.some((a) => !a.startsWith('-') && /\.spec\.ts(:\d+)?$/.test(a));
const result = spawnSync(
  path.join(root, 'node_modules/.bin/playwright'),
  ['test', ...(named && !args.includes('--no-deps') ? ['--no-deps'] : []), ...args],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium },
  },
);
process.exit(result.status ?? 1);
