#!/usr/bin/env node
/**
 * `npm run admin -- --email you@example.com`: the first admin (server/src/cli/admin.ts), run from the build that
 * `npm start` uses (built first when sources changed), so it works where only production dependencies exist.
 */
'use strict';
const path = require('node:path');
const { buildIfStale } = require('./build');

const root = path.resolve(__dirname, '..');
try {
  buildIfStale(root, { log: (m) => console.log(`[admin] ${m}`) });
} catch {
  console.error(
    'admin: the build failed (see the compiler output above): fix it, then run the command again',
  );
  process.exit(1);
}
require(path.join(root, 'dist/server/server/src/cli/admin.js'));
