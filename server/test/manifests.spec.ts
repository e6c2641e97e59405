import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { MANIFESTS, MODULES } from '../src/config/manifests';

const MODULES_DIR = path.join(__dirname, '..', 'src', 'modules');

/** A REST router's routes as [method, path segments] (Express's own layer stack). */
function routesOf(prefix: string, make: () => unknown): [string, string[]][] {
  const router = make() as {
    stack: { route?: { path: string | string[]; methods: Record<string, boolean> }; name: string }[];
  };
  return router.stack.flatMap((layer) => {
    if (!layer.route)
      throw new Error(`a router mounted at ${prefix} adds router-wide middleware (${layer.name})`);
    const route = layer.route;
    return ([] as string[])
      .concat(route.path)
      .flatMap((p) =>
        Object.keys(route.methods).map((method): [string, string[]] => [
          method,
          `${prefix}/${p}`.split('/').filter(Boolean),
        ]),
      );
  });
}

/** Two paths one request could match: same length, each segment equal or a parameter on either side. */
const overlap = (a: string[], b: string[]) =>
  a.length === b.length && a.every((s, i) => s === b[i] || s.startsWith(':') || b[i]!.startsWith(':'));

describe('module manifests (decision 060)', () => {
  it('every folder of server/src/modules has a manifest named after it, listed once in MODULES', () => {
    const folders = fs
      .readdirSync(MODULES_DIR, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(folders.filter((f) => !fs.existsSync(path.join(MODULES_DIR, f, 'manifest.ts')))).toEqual([]);
    expect(MODULES.map((m) => m.name)).toEqual(folders);
  });

  it("no two modules' REST routes (the flows' among them) match the same request, so the order they mount in changes nothing", () => {
    const routes = MANIFESTS.flatMap((m) =>
      (m.routes ?? []).flatMap((r) =>
        routesOf(r.prefix, r.routes).map(([method, p]) => ({ module: m.name, method, p })),
      ),
    );
    const clashes = routes.flatMap((a, i) =>
      routes
        .slice(i + 1)
        .filter((b) => a.module !== b.module && a.method === b.method && overlap(a.p, b.p))
        .map((b) => `${a.method} ${a.p.join('/')} (${a.module}) / ${b.p.join('/')} (${b.module})`),
    );
    expect(clashes).toEqual([]);
  });
});
