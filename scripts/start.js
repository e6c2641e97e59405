#!/usr/bin/env node
/**
 * `npm start`: builds the server and the shop when their sources changed since the last build (a stamp in
 * dist/), then runs the server in this process. A second start skips the build and is ready in seconds.
 */
'use strict';
const { buildIfStale } = require('./build');

const root = require('node:path').resolve(__dirname, '..');
try {
  buildIfStale(root, { log: (m) => console.log(`[start] ${m}`) });
} catch {
  console.error(
    'axisline: the build failed (see the compiler output above): fix it, then run npm start again',
  );
  process.exit(1);
}
require(require('node:path').join(root, 'dist/server/server/src/main.js'));
