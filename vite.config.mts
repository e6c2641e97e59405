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

/**
 * Everything the shop's start (client/src/start.tsx) imports statically, and the entry (main.tsx) does not, goes
 * into the start chunk: a page loads the entry, then one start chunk and its own page chunk. Left to the automatic
 * split, the start chunk came with sixteen small shared chunks, and Vite's preload helper spent about 80 ms of a
 * throttled phone's main thread inserting a `modulepreload` link for each after the first paint (decision 024).
 */
/**
 * Small domain rules that the product, listing, cart, checkout, order and project pages all use (about 2 kB): in the
 * start chunk, rather than a shared chunk of their own, each of those pages loads one file fewer.
 */
const SHARED_RULES = [
  '/domain/configuration.ts',
  '/domain/configuration-text.ts',
  '/domain/price-terms.ts',
  // A line's quantity rules (decision 063): the product, listing and cart pages check a quantity as it is typed.
  '/domain/line-quantity.ts',
  // Ship dates (decision 050): the product, cart and order pages show them (about 2 kB gzip with the warehouses).
  '/client/src/components/ShipDate.tsx',
  '/domain/ship-dates.ts',
  '/domain/warehouses.ts',
  '/client/src/lib/dates.ts',
  '/client/src/lib/now.ts',
];

function startChunk() {
  const imports = new Map<string, readonly string[]>();
  let members: Set<string> | null = null;
  const closure = (from: string | undefined) => {
    const seen = new Set<string>();
    const queue = from ? [from] : [];
    while (queue.length) {
      const id = queue.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(...(imports.get(id) ?? []));
    }
    return seen;
  };
  const find = (file: string) => [...imports.keys()].find((id) => id.endsWith(file));
  return {
    plugin: {
      name: 'axl:start-chunk',
      apply: 'build',
      moduleParsed(info) {
        imports.set(info.id, info.importedIds);
      },
    } satisfies Plugin,
    /** Called by the bundler once every module is parsed. */
    test(id: string): boolean {
      if (SHARED_RULES.some((file) => id.endsWith(file))) return true;
      if (!members) {
        const entry = closure(find('/client/src/main.tsx'));
        members = new Set([...closure(find('/client/src/start.tsx'))].filter((m) => !entry.has(m)));
      }
      return members.has(id);
    },
  };
}
const start = startChunk();

export default defineConfig(({ command, isSsrBuild }) => ({
  root: path.join(root, 'client'),
  publicDir: isSsrBuild ? false : path.join(root, 'client/public'),
  plugins: [precompiledMessages(), react(), ...(isSsrBuild ? [] : [start.plugin])],
  resolve: {
    alias: [
      { find: '@domain', replacement: path.join(root, 'domain') },
      ...(command === 'build'
        ? [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
            // React Router's package exports only its development build; the production build is the same code
            // with its development warnings off.
            {
              find: /^react-router$/,
              replacement: path.join(root, 'node_modules/react-router/dist/production/index.mjs'),
            },
            {
              find: /^react-router\/dom$/,
              replacement: path.join(root, 'node_modules/react-router/dist/production/dom-export.mjs'),
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
        modulePreload: {
          // The shop's start chunk names the files each lazy page preloads beside it. The console's scripts are its
          // own (antd's pieces, a dozen names that every shop page would download): opening /admin fetches AdminApp
          // and lets it load its imports, one round trip more for staff, nothing for shoppers (issue 54). Its
          // style sheets stay listed, so the console never paints unstyled.
          resolveDependencies: (file, deps, { hostType }) =>
            hostType === 'js' && /(^|\/)AdminApp-[^/]*\.js$/.test(file)
              ? deps.filter((dep) => dep.endsWith('.css'))
              : deps,
        },
        rolldownOptions: {
          // A feature's index.ts re-exports its parts for the others (issue 29, item 10). The features' modules
          // have no effect of their own at load (no bare imports of them exist), so a part nobody uses is left
          // out: importing a barrel for Add to cart must not bring the quick order form, formik and the
          // cart's totals into the product page's files.
          treeshake: { moduleSideEffects: (id: string) => !/[\\/]client[\\/]src[\\/]features[\\/]/.test(id) },
          output: {
            codeSplitting: {
              groups: [{ name: 'start', test: start.test, includeDependenciesRecursively: false }],
            },
          },
        },
      },
  // Bundled whole, so the server needs no ESM loader for the shop's dependencies.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    proxy: { '/graphql': api, '/api': api, '/healthz': api },
  },
}));
