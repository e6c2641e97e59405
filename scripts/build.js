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
  log("building the shop's server rendering (vite --ssr)...");
  execFileSync(
    bin(root, 'vite'),
    [
      'build',
      '--config',
      'vite.config.mts',
      '--logLevel',
      'warn',
      '--ssr',
      path.join(root, 'client/src/entry-server.tsx'),
    ],
    { cwd: root, stdio: 'inherit' },
  );
  precompress(path.join(root, 'dist', 'client'));
  log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Writes `.br` (brotli, best) and `.gz` (gzip -9) beside every text asset of the shop, once at build time,
 * so the server sends compressed files without compressing per request (server/src/static.ts).
 */
function precompress(dir) {
  const zlib = require('node:zlib');
  const visit = (p) => {
    for (const name of fs.readdirSync(p)) {
      const file = path.join(p, name);
      if (fs.statSync(file).isDirectory()) visit(file);
      else if (/\.(js|css|html|svg|json|txt)$/.test(name) && fs.statSync(file).size >= 1024) {
        const data = fs.readFileSync(file);
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    }
  };
  if (fs.existsSync(dir)) visit(dir);
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
