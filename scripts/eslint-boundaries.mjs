/**
 * The client's boundaries (issue 29, item 10), as an eslint rule:
 * - a feature (client/src/features/<name>) reaches another feature only through that feature's index.ts;
 * - the console (client/src/admin) reaches features the same way;
 * - components/, lib/ and i18n/ are below the features: they import no feature and not the console.
 * The router and the shell (client/src/app) import pages directly, so each lazy page keeps its own chunk.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CLIENT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'client', 'src');

/** Where a file sits: its area (features, admin, components, lib, i18n, app, …) and, for a feature, its name. */
function placeOf(file) {
  const rel = path.relative(CLIENT, path.resolve(file));
  if (rel.startsWith('..')) return null;
  const [area, name, ...rest] = rel.split(path.sep);
  return { area, feature: area === 'features' && rest.length ? name : null, rel };
}

/** @type {import('eslint').Rule.RuleModule} */
const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'features and the console reach another feature only through its index.ts' },
    schema: [],
    messages: {
      deep: "'{{spec}}' reaches into the {{feature}} feature: import it from its index.ts ('{{index}}').",
      below: "{{area}}/ is below the features and the console: it may not import '{{spec}}'.",
    },
  },
  create(context) {
    const from = placeOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = placeOf(path.join(path.dirname(context.filename), spec));
      if (!to) return;
      if (['components', 'lib', 'i18n'].includes(from.area) && ['features', 'admin'].includes(to.area)) {
        context.report({ node: node.source, messageId: 'below', data: { area: from.area, spec } });
        return;
      }
      if (!['features', 'admin'].includes(from.area) || to.area !== 'features' || !to.feature) return;
      if (from.feature === to.feature) return;
      const index = path.join('features', to.feature, 'index');
      if (to.rel === index) return;
      const wanted = path.relative(path.dirname(context.filename), path.join(CLIENT, 'features', to.feature));
      context.report({
        node: node.source,
        messageId: 'deep',
        data: { spec, feature: to.feature, index: wanted.startsWith('.') ? wanted : `./${wanted}` },
      });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
