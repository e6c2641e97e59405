/**
 * The JavaScript floor of the design card's client stack: the least a page must download to hydrate when it is
 * built from react-dom, Apollo Client (a normalised cache and one query hook), react-router-dom (declarative
 * routes and links) and react-intl, with none of the shop's own code. Built with this repository's Vite, minified
 * like the shop, and measured the way issue 3 measures the shop (gzip -9 of the scripts).
 *   npm run bench:js-floor
 * Prints figures; never pass/fail.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';

// One route with one query, one link and one formatted message and price: what any page of a storefront built on
// these libraries hydrates. No JSX, so the build needs no plugin; the document is a parsed DocumentNode, as codegen
// emits them (no GraphQL parser in the bundle); the message is pre-parsed and the ICU parser left out, as the shop's
// build does (vite.config.mts).
const ENTRY = `
import { createElement as h } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider, useQuery } from '@apollo/client/react';
import { BrowserRouter, Link, Route, Routes, useParams } from 'react-router-dom';
import { FormattedMessage, FormattedNumber, IntlProvider } from 'react-intl';

const name = (value) => ({ kind: 'Name', value });
const field = (n, selections) => ({
  kind: 'Field',
  name: name(n),
  arguments: n === 'product' ? [{ kind: 'Argument', name: name('id'), value: { kind: 'Variable', name: name('id') } }] : [],
  ...(selections ? { selectionSet: { kind: 'SelectionSet', selections } } : {}),
});
const PRODUCT = {
  kind: 'Document',
  definitions: [{
    kind: 'OperationDefinition',
    operation: 'query',
    name: name('Product'),
    variableDefinitions: [{ kind: 'VariableDefinition', variable: { kind: 'Variable', name: name('id') },
      type: { kind: 'NonNullType', type: { kind: 'NamedType', name: name('ID') } } }],
    selectionSet: { kind: 'SelectionSet', selections: [field('product', [field('id'), field('name'), field('price')])] },
  }],
};

function Product() {
  const { id } = useParams();
  const { data } = useQuery(PRODUCT, { variables: { id } });
  return h('main', null,
    h('h1', null, data?.product?.name),
    h(FormattedNumber, { value: data?.product?.price ?? 0, style: 'currency', currency: 'USD' }),
    h('p', null, h(FormattedMessage, { id: 'added' })),
    h(Link, { to: '/' }, 'Home'));
}

const client = new ApolloClient({ cache: new InMemoryCache(), link: new HttpLink({ uri: '/graphql' }) });
hydrateRoot(document.getElementById('root'),
  h(ApolloProvider, { client },
    h(IntlProvider, { locale: 'en-US', messages: { added: [{ type: 0, value: 'Added to cart' }] } },
      h(BrowserRouter, null,
        h(Routes, null, h(Route, { path: '/product/detail/:id', element: h(Product) }))))));
`;

async function main() {
  // Under node_modules so the entry resolves this repository's packages.
  const dir = path.join(__dirname, '..', 'node_modules', '.cache', 'axl-js-floor');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<div id="root"></div><script type="module" src="./entry.js"></script>',
  );
  fs.writeFileSync(path.join(dir, 'entry.js'), ENTRY);
  await build({
    configFile: false,
    root: dir,
    mode: 'production',
    logLevel: 'silent',
    resolve: {
      alias: [
        {
          find: /^@formatjs\/icu-messageformat-parser$/,
          replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
        },
      ],
    },
    build: { outDir: path.join(dir, 'dist'), emptyOutDir: true, modulePreload: false },
  });
  const assets = path.join(dir, 'dist', 'assets');
  let total = 0;
  for (const file of fs.readdirSync(assets).filter((f) => f.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(assets, file));
    const gzip = zlib.gzipSync(code, { level: 9 }).length;
    total += gzip;
    console.log(`${file}: ${(code.length / 1000).toFixed(1)} kB, ${(gzip / 1000).toFixed(1)} kB gzip -9`);
  }
  console.log(
    `\nThe stack's floor: ${(total / 1000).toFixed(1)} kB gzip of script to hydrate one page, before any of the shop's code.`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
