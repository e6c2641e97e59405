#!/usr/bin/env node
/**
 * Builds the server (tsc) and the shop (vite) into dist/. `node scripts/build.js` always builds;
 * `buildIfStale()` (used by npm start) builds only when an input changed since the stamp was written.
 */
'use strict';
const { execFileSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const INPUTS = [
  'server/src',
  'domain',
  'migrations',
  'client',
  'vite.config.mts',
  'tsconfig.base.json',
  'package-lock.json',
];
const SKIP = new Set(['node_modules', 'gql-tmp']);

function fingerprint(root) {
  const hash = createHash('sha256');
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) if (!SKIP.has(name)) visit(path.join(p, name));
    } else {
      hash.update(`${path.relative(root, p)}:${st.size}:${st.mtimeMs}\n`);
    }
  };
  for (const input of INPUTS) visit(path.join(root, input));
  return hash.digest('hex');
}

function bin(root, name) {
  return path.join(root, 'node_modules', '.bin', name);
}

function build(root, log = console.log) {
  const started = Date.now();
  log('building the server (tsc)...');
  execFileSync(bin(root, 'tsc'), ['-p', 'server/tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  log('building the shop (vite)...');
  execFileSync(bin(root, 'vite'), ['build', '--config', 'vite.config.mts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function buildIfStale(root, { log = console.log } = {}) {
  const stampFile = path.join(root, 'dist', '.build-stamp');
  const stamp = fingerprint(root);
  const current = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
  if (current === stamp && fs.existsSync(path.join(root, 'dist/server/server/src/main.js'))) return false;
  build(root, log);
  fs.writeFileSync(stampFile, stamp);
  return true;
}

module.exports = { build, buildIfStale };

if (require.main === module) {
  const root = path.resolve(__dirname, '..');
  try {
    build(root);
  } catch {
    console.error('build: failed (see the compiler output above)');
    process.exit(1);
  }
  fs.writeFileSync(path.join(root, 'dist', '.build-stamp'), fingerprint(root));
}
