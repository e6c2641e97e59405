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

// Tarjan's strongly connected components: each component of more than one file (or a file importing itself) is
// a cycle.
let index = 0;
const indices = new Map();
const lowlinks = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function connect(file) {
  indices.set(file, index);
  lowlinks.set(file, index);
  index++;
  stack.push(file);
  onStack.add(file);
  for (const next of edges.get(file)) {
    if (!indices.has(next)) {
      connect(next);
      lowlinks.set(file, Math.min(lowlinks.get(file), lowlinks.get(next)));
    } else if (onStack.has(next)) {
      lowlinks.set(file, Math.min(lowlinks.get(file), indices.get(next)));
    }
  }
  if (lowlinks.get(file) === indices.get(file)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || edges.get(file).includes(file)) cycles.push(component);
  }
}
for (const file of files) if (!indices.has(file)) connect(file);

if (cycles.length) {
  const rel = (f) => path.relative(process.cwd(), f);
  console.error(`${cycles.length} import cycle(s):`);
  for (const cycle of cycles) console.error(`- ${cycle.length} files: ${cycle.map(rel).sort().join(', ')}`);
  process.exit(1);
}
console.log(`no import cycles in ${files.length} files`);
