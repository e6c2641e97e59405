/**
 * Debian's Chromium as every browser tool of this repository starts it (Playwright's specs, the Lighthouse
 * benchmark): this machine's closed network refuses Chromium's background connections, so they are off.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
