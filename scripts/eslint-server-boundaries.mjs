/**
 * The server's boundaries (issue 53, items 2 and 3) as two eslint rules, the twins of the client's
 * (scripts/eslint-boundaries.mjs):
 * - `module-doors`: code outside a module (other modules, flows, cli, config, app.ts…) reaches
 *   server/src/modules/<m>/ only through its door, modules/<m>/index.ts; the one other way in is config/manifests.ts
 *   importing modules/<m>/manifest (the wiring, decision 060). A module's own files import each other directly.
 * - `no-flows-in-modules`: a module imports no flow (server/src/flows/): the routes and resolvers that run a flow
 *   are the flows' own (flows/manifest.ts), and npm run cycles counts flows as a node of the module graph.
 * Only files under server/src are checked (eslint.config.mjs says which rules are on).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'server', 'src');

/** Where a path sits under server/src: its area (modules, flows, config, cli, …) and, in a module, its name. */
function placeOf(file) {
  const rel = path.relative(SERVER, path.resolve(file));
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [area, name, ...rest] = rel.split(path.sep);
  return { area, module: area === 'modules' && name ? name : null, rest, rel };
}

/** The relative import specifiers of a file, each with where it points under server/src. */
function importsOf(context, onImport) {
  const check = (node) => {
    const spec = node.source?.value;
    if (typeof spec !== 'string' || !spec.startsWith('.')) return;
    const to = placeOf(path.join(path.dirname(context.filename), spec));
    if (to) onImport(node, spec, to);
  };
  return {
    ImportDeclaration: check,
    ExportNamedDeclaration: check,
    ExportAllDeclaration: check,
    ImportExpression: check,
  };
}

/** @type {import('eslint').Rule.RuleModule} */
const noFlowsInModules = {
  meta: {
    type: 'problem',
    docs: { description: 'a server module imports no flow' },
    schema: [],
    messages: {
      flow: "A module imports no flow ('{{spec}}'): put the route or resolver that runs it beside the flows (flows/manifest.ts).",
    },
  },
  create(context) {
    const from = placeOf(context.filename);
    if (!from?.module) return {};
    return importsOf(context, (node, spec, to) => {
      if (to.area === 'flows') context.report({ node: node.source, messageId: 'flow', data: { spec } });
    });
  },
};

/** @type {import('eslint').Rule.RuleModule} */
const moduleDoors = {
  meta: {
    type: 'problem',
    docs: { description: 'code outside a server module reaches it only through its door (index.ts)' },
    schema: [],
    messages: {
      deep: "'{{spec}}' reaches into the {{module}} module: import it from its door ('{{door}}').",
    },
  },
  create(context) {
    const from = placeOf(context.filename);
    if (!from) return {};
    return importsOf(context, (node, spec, to) => {
      if (!to.module || to.module === from.module) return;
      if (to.rest.length === 0 || (to.rest.length === 1 && to.rest[0] === 'index')) return;
      if (
        to.rest.length === 1 &&
        to.rest[0] === 'manifest' &&
        from.rel === path.join('config', 'manifests.ts')
      )
        return;
      const wanted = path.relative(path.dirname(context.filename), path.join(SERVER, 'modules', to.module));
      context.report({
        node: node.source,
        messageId: 'deep',
        data: { spec, module: to.module, door: wanted.startsWith('.') ? wanted : `./${wanted}` },
      });
    });
  },
};

export default { rules: { 'no-flows-in-modules': noFlowsInModules, 'module-doors': moduleDoors } };
