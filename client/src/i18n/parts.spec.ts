import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import enUS from './messages/en-US.json';
import moreNamespaces from './more-namespaces.json';

const src = path.join(__dirname, '..');

/** The modules a page statically imports from `entries` (dynamic `import()`s load later, with their own part). */
function staticImports(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const [, spec] of code.matchAll(/^import\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms)) {
      const base = path.resolve(path.dirname(file), spec!);
      const found = ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((f) => fs.existsSync(f));
      if (found) visit(found);
    }
  };
  entries.forEach((entry) => visit(path.join(src, entry)));
  return seen;
}

/** Message namespaces a module names: literal ids (`'cart.added'`) and template prefixes (`` `search.sort.${s}` ``). */
function namespacesIn(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  const namespaces = Object.keys(enUS).map((id) => id.slice(0, id.indexOf('.')));
  const used = new Set<string>();
  for (const [, ns] of code.matchAll(/['"`]([a-zA-Z]+)\.[\w.$]/g))
    if (namespaces.includes(ns!)) used.add(ns!);
  return [...used];
}

describe('the message catalogue in two parts', () => {
  it('gives the shop frame and the catalogue pages every message they use in the first part', () => {
    const modules = staticImports([
      'start.tsx',
      'features/catalog/pages/ProductPage.tsx',
      'features/catalog/pages/CategoryPage.tsx',
      'features/content/SearchPage.tsx',
    ]);
    expect(modules.size).toBeGreaterThan(40);
    const inSecondPart = [...modules].flatMap((file) =>
      namespacesIn(file)
        .filter((ns) => moreNamespaces.includes(ns))
        .map((ns) => `${path.relative(src, file)}: ${ns}`),
    );
    expect(inSecondPart).toEqual([]);
  });

  it('lists only namespaces that exist', () => {
    const namespaces = new Set(Object.keys(enUS).map((id) => id.slice(0, id.indexOf('.'))));
    expect(moreNamespaces.filter((ns) => !namespaces.has(ns))).toEqual([]);
  });
});
