#!/usr/bin/env node
/**
 * `npm run admin -- --email you@example.com`: the first admin (server/src/cli/admin.ts), run from the build that
 * `npm start` uses, so it works where only production dependencies exist. It builds only when there is no build:
 * rebuilding would replace the files of a store running beside it.
 */
'use strict';
const path = require('node:path');
const { buildIfStale } = require('./build');

const root = path.resolve(__dirname, '..');
const entry = path.join(root, 'dist/server/server/src/cli/admin.js');
try {
  if (!require('node:fs').existsSync(entry)) buildIfStale(root, { log: (m) => console.log(`[admin] ${m}`) });
} catch {
  console.error(
    'admin: the build failed (see the compiler output above): fix it, then run the command again',
  );
  process.exit(1);
}
require(entry);
