#!/usr/bin/env node
/**
 * Fails when the modules under the given folders import each other in a cycle (issue 29, item 3). Type imports
 * count too: a cycle of types today is a cycle of values after the next refactor, and it ties the modules' order
 * of loading to chance. Dynamic `import()` is left out (it runs after loading).
 *
 *   node scripts/import-cycles.js server/src client/src
 */
const fs = require('node:fs');
const path = require('node:path');

const roots = process.argv.slice(2);
if (!roots.length) {
  console.error('usage: node scripts/import-cycles.js <folder>...');
  process.exit(2);
}

/** Every .ts and .tsx file under `dir` (tests and generated code included: they import like the rest). */
function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

/** The file a relative specifier names, if it is one of ours. */
function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const files = roots.flatMap((root) => filesUnder(path.resolve(root)));
const known = new Set(files);
const edges = new Map(
  files.map((file) => {
    const source = fs.readFileSync(file, 'utf8');
    const targets = [...source.matchAll(IMPORT)]
      .map((m) => resolve(file, m[1]))
      .filter((target) => target && known.has(target));
    return [file, [...new Set(targets)]];
  }),
);

/**
 * Tarjan's strongly connected components of a graph (node -> its targets): each component of more than one node
 * (or a node importing itself) is a cycle.
 */
function cyclesOf(graph) {
  let index = 0;
  const indices = new Map();
  const lowlinks = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  function connect(node) {
    indices.set(node, index);
    lowlinks.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)) {
      if (!indices.has(next)) {
        connect(next);
        lowlinks.set(node, Math.min(lowlinks.get(node), lowlinks.get(next)));
      } else if (onStack.has(next)) {
        lowlinks.set(node, Math.min(lowlinks.get(node), indices.get(next)));
      }
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node).includes(node)) found.push(component);
    }
  }
  for (const node of graph.keys()) if (!indices.has(node)) connect(node);
  return found;
}
const cycles = cyclesOf(edges);

if (cycles.length) {
  const rel = (f) => path.relative(process.cwd(), f);
  console.error(`${cycles.length} import cycle(s):`);
  for (const cycle of cycles) console.error(`- ${cycle.length} files: ${cycle.map(rel).sort().join(', ')}`);
  process.exit(1);
}
console.log(`no import cycles in ${files.length} files`);

/*
 * Issue 53, item 2: the server's modules (server/src/modules/<m>/) form a DAG, not only their files: an import
 * between two modules that closes a cycle between module folders fails too. The flows (server/src/flows/) are one
 * node of that graph, `flows`: they import modules, so a module reaching a flow (and through it a higher module)
 * closes a cycle here too (lint refuses the import as well, eslint.config.mjs).
 */
const MODULES = path.resolve('server/src/modules');
const FLOWS = path.resolve('server/src/flows');
const moduleOf = (file) => {
  if (!path.relative(FLOWS, file).startsWith('..')) return 'flows';
  const rel = path.relative(MODULES, file);
  return rel.startsWith('..') || !rel.includes(path.sep) ? null : rel.split(path.sep)[0];
};
if (files.some((file) => moduleOf(file))) {
  const moduleGraph = new Map();
  const modulesOf = (name) => moduleGraph.get(name) ?? moduleGraph.set(name, []).get(name);
  for (const [file, targets] of edges) {
    const from = moduleOf(file);
    if (!from) continue;
    for (const to of targets.map(moduleOf)) {
      if (to && to !== from && !modulesOf(from).includes(to)) modulesOf(from).push(to);
      if (to) modulesOf(to);
    }
  }
  const moduleCycles = cyclesOf(moduleGraph);
  if (moduleCycles.length) {
    console.error(
      `${moduleCycles.length} cycle(s) between server modules (npm run modules:graph shows who imports whom):`,
    );
    for (const cycle of moduleCycles) console.error(`- ${cycle.sort().join(', ')}`);
    process.exit(1);
  }
  console.log(`no cycles between the ${moduleGraph.size} server modules (flows counted as one)`);
}
