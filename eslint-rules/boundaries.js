/**
 * Import boundaries of DESIGN.md section 2, checked on resolved paths:
 * a feature never reaches into another feature (share through src/lib,
 * src/domain or src/content), and src/domain stays pure (only itself).
 */
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const featuresDir = path.join(root, 'src', 'features');
const domainDir = path.join(root, 'src', 'domain');

const inside = (dir, file) => file === dir || file.startsWith(dir + path.sep);
const featureOf = (file) =>
  inside(featuresDir, file) ? path.relative(featuresDir, file).split(path.sep)[0] : null;

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: { type: 'problem', schema: [], messages: {
    crossFeature: "Feature '{{from}}' may not import from feature '{{to}}'; share through src/lib, src/domain or src/content.",
    impureDomain: 'src/domain is pure: it imports only other src/domain modules.',
  } },
  create(context) {
    const file = context.filename;
    const fromFeature = featureOf(file);
    const inDomain = inside(domainDir, file);
    if (!fromFeature && !inDomain) return {};
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const spec = source.value;
      const target = spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : null;
      if (inDomain && (!target || !inside(domainDir, target))) {
        context.report({ node, messageId: 'impureDomain' });
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
