import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));
const api = 'http://localhost:4000';
/** The message catalogue's second part (client/src/i18n/index.ts). */
const moreNamespaces = new Set<string>(
  JSON.parse(fs.readFileSync(path.join(root, 'client/src/i18n/more-namespaces.json'), 'utf8')) as string[],
);

/**
 * Message catalogues ship pre-parsed (ICU AST) in the production build, so the browser never loads the ICU
 * parser (about 8 kB gzip): `@formatjs/icu-messageformat-parser` is aliased to its `no-parser` entry below.
 * The dev server and the unit tests keep the plain strings. An import with `?part=shop` or `?part=more` gets only
 * that part of the catalogue (client/src/i18n/index.ts).
 */
function precompiledMessages(): Plugin {
  return {
    name: 'axl:precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const found = /^(.*[\\/]i18n[\\/]messages[\\/][\w-]+\.json)(?:\?part=(shop|more))?$/.exec(id);
      if (!found) return null;
      const [, file, part] = found;
      const messages = JSON.parse(fs.readFileSync(file!, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages)
          .filter(([k]) => !part || moreNamespaces.has(k.slice(0, k.indexOf('.'))) === (part === 'more'))
          .map(([k, v]) => [k, parse(v)]),
      );
      // A part is a module of its own (with a query, the id is no longer taken for JSON).
      return part ? `export default ${JSON.stringify(compiled)};` : JSON.stringify(compiled);
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  root: path.join(root, 'client'),
  publicDir: isSsrBuild ? false : path.join(root, 'client/public'),
  plugins: [precompiledMessages(), react()],
  resolve: {
    alias: [
      { find: '@domain', replacement: path.join(root, 'domain') },
      ...(command === 'build'
        ? [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ]
        : []),
    ],
  },
  build: isSsrBuild
    ? {
        // The server-rendering entry (decision 018): one CommonJS file the server requires.
        outDir: path.join(root, 'dist/ssr'),
        emptyOutDir: true,
        sourcemap: true,
        rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
      }
    : {
        outDir: path.join(root, 'dist/client'),
        emptyOutDir: true,
        sourcemap: true,
        chunkSizeWarningLimit: 1500,
      },
  // Bundled whole, so the server needs no ESM loader for the shop's dependencies.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    proxy: { '/graphql': api, '/api': api, '/healthz': api },
  },
}));
