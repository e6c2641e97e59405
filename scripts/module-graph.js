#!/usr/bin/env node
/**
 * Prints which server modules import which (issue 53, item 2: the graph of server/src/modules/* should become a
 * DAG): one line per module (and one for server/src/flows/, counted as a module as npm run cycles does), the modules
 * it imports with the number of import statements, then the mutual pairs. Type imports count, as in
 * scripts/import-cycles.js; manifest.ts files import only their own module.
 *
 *   npm run modules:graph
 */
const fs = require('node:fs');
const path = require('node:path');

const MODULES = path.resolve(__dirname, '..', 'server', 'src', 'modules');
const FLOWS = path.resolve(__dirname, '..', 'server', 'src', 'flows');
const IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.[^'"]*)['"]/gm;

const filesUnder = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.ts$/.test(entry.name) ? [full] : [];
  });

/**
 * The module a path lies in (a file of server/src/modules/<m>/, or the folder itself: an import of its door,
 * `'../<m>'`), `flows` for server/src/flows/, or null elsewhere.
 */
const moduleOf = (file) => {
  if (!path.relative(FLOWS, file).startsWith('..')) return 'flows';
  const rel = path.relative(MODULES, file);
  return rel.startsWith('..') || rel === '' ? null : rel.split(path.sep)[0];
};

const names = fs
  .readdirSync(MODULES, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();
const graph = new Map([...names, 'flows'].map((name) => [name, new Map()]));
const folderOf = (name) => (name === 'flows' ? FLOWS : path.join(MODULES, name));
for (const name of graph.keys()) {
  for (const file of filesUnder(folderOf(name))) {
    for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = moduleOf(path.resolve(path.dirname(file), spec));
      if (to && to !== name) graph.get(name).set(to, (graph.get(name).get(to) ?? 0) + 1);
    }
  }
}

let edges = 0;
for (const [name, targets] of graph) {
  edges += targets.size;
  const list = [...targets].sort(([a], [b]) => a.localeCompare(b)).map(([to, n]) => `${to} ${n}`);
  console.log(`${name} -> ${list.join(', ') || '(none)'}`);
}
const nodes = [...graph.keys()];
const mutual = nodes.flatMap((a) =>
  nodes.filter((b) => a < b && graph.get(a).has(b) && graph.get(b).has(a)).map((b) => `${a} <-> ${b}`),
);
console.log(
  `\n${names.length} modules and the flows, ${edges} edges between them, ${mutual.length} mutual pairs${mutual.length ? ':' : ''}`,
);
for (const pair of mutual) console.log(`  ${pair}`);
