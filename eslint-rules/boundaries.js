/**
 * Import boundaries of the client code in src/ (its layout:
 * README.md#tour-of-the-code), checked on resolved paths
 * (relative specifiers and the `@/` alias for src/). Imports flow one way,
 * shared -> features -> app, as in bulletproof-react:
 * - src/features and src/lib never import src/app (the app shell imports
 *   them; shared plumbing such as the typed paths lives in src/lib);
 * - a feature never reaches into another feature (share through src/lib,
 *   src/domain or src/content);
 * - src/domain stays pure: only itself and the small pure packages named
 *   in DOMAIN_PACKAGES, never React, the browser, Node or the server.
 */
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const srcDir = path.join(root, 'src');
const appDir = path.join(srcDir, 'app');
const featuresDir = path.join(srcDir, 'features');
const libDir = path.join(srcDir, 'lib');
const domainDir = path.join(srcDir, 'domain');

/**
 * Packages src/domain may import, by exact name: pure libraries with no
 * I/O, DOM or Node API (docs/decisions/0014-request-schemas.md welcomes zod
 * there, for the one schema a form and its handler share; papaparse splits the
 * lab's results file for the upload screen and the server alike).
 */
export const DOMAIN_PACKAGES = ['zod', 'zod/mini', 'papaparse'];

/** Whether `file` is `dir` or lies under it (resolved paths); the server rule uses it too. */
export const inside = (dir, file) => file === dir || file.startsWith(dir + path.sep);
const featureOf = (file) =>
  inside(featuresDir, file) ? path.relative(featuresDir, file).split(path.sep)[0] : null;

/** The file a specifier points into, or null for a package. */
const resolveSpec = (file, spec) => {
  if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec);
  if (spec.startsWith('@/')) return path.join(srcDir, spec.slice(2));
  return null;
};

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: { type: 'problem', schema: [], messages: {
    crossFeature: "Feature '{{from}}' may not import from feature '{{to}}'; share through src/lib, src/domain or src/content.",
    impureDomain: `src/domain is pure: it imports only other src/domain modules and the packages ${DOMAIN_PACKAGES.join(', ')}.`,
    upIntoApp: 'src/{{layer}} may not import src/app: the app shell imports features and lib, never the other way (shared code belongs in src/lib).',
  } },
  create(context) {
    const file = context.filename;
    const fromFeature = featureOf(file);
    const inDomain = inside(domainDir, file);
    const inLib = inside(libDir, file);
    if (!fromFeature && !inDomain && !inLib) return {};
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const spec = source.value;
      const target = resolveSpec(file, spec);
      if (inDomain) {
        const allowed = target ? inside(domainDir, target) : DOMAIN_PACKAGES.includes(spec);
        if (!allowed) context.report({ node, messageId: 'impureDomain' });
        return;
      }
      if (target && inside(appDir, target)) {
        context.report({ node, messageId: 'upIntoApp', data: { layer: fromFeature ? 'features' : 'lib' } });
        return;
      }
      const toFeature = target && featureOf(target);
      if (fromFeature && toFeature && toFeature !== fromFeature) {
        context.report({ node, messageId: 'crossFeature', data: { from: fromFeature, to: toFeature } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { rules: { boundaries: rule } };
