/**
 * Import boundaries of the server (docs/architecture.md#server-layout),
 * checked on resolved paths:
 * - server/platform is plumbing: it imports no module and no stand-in;
 * - a module (server/modules/<capability>) reaches another module only
 *   through that module's index.ts, and never a stand-in;
 * - the app's wiring (server/*.ts) and the demo seed reach modules only
 *   through their index.ts;
 * - stand-ins (server/stand-ins) are mounted by the wiring alone, which
 *   asks server/stand-ins/allowed.ts whether the environment allows them.
 * A module's own tests (server/modules/<capability>/tests) may reach into
 * any module, as the API tests in tests/api do.
 */
import path from 'node:path';
import { inside } from './boundaries.js';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'server');
const platformDir = path.join(serverDir, 'platform');
const modulesDir = path.join(serverDir, 'modules');
const standInsDir = path.join(serverDir, 'stand-ins');

const moduleOf = (file) => (inside(modulesDir, file) ? path.relative(modulesDir, file).split(path.sep)[0] : null);
const isTest = (file) => file.split(path.sep).includes('tests') || file.endsWith('.test.ts');
/** A module's public face: its folder (resolved to index.ts) or index.ts itself. */
const isModuleIndex = (target) => {
  const rel = path.relative(modulesDir, target).split(path.sep);
  return rel.length === 1 || (rel.length === 2 && /^index(\.ts)?$/.test(rel[1]));
};

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      platformToModule: 'server/platform is plumbing: it may not import a module ({{to}}); pass what it needs in from the module.',
      intoStandIn: 'Only the app wiring (server/app.ts, server/main.ts) mounts stand-ins; take what a stand-in gives as a dependency.',
      deepImport: "Reach module '{{to}}' through its index.ts (import from its folder), not {{spec}}.",
    },
  },
  create(context) {
    const file = context.filename;
    if (!inside(serverDir, file) || isTest(file) || inside(standInsDir, file)) return {};
    const fromModule = moduleOf(file);
    const inPlatform = inside(platformDir, file);
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source.value);
      // A type says what a stand-in gives; it brings none of its code along.
      const typeOnly = node.importKind === 'type' || node.exportKind === 'type';
      if (inside(standInsDir, target) && (inPlatform || fromModule) && !typeOnly) {
        context.report({ node, messageId: 'intoStandIn' });
        return;
      }
      const toModule = moduleOf(target);
      if (!toModule || toModule === fromModule) return;
      if (inPlatform) context.report({ node, messageId: 'platformToModule', data: { to: toModule } });
      else if (!isModuleIndex(target)) context.report({ node, messageId: 'deepImport', data: { to: toModule, spec: source.value } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { rules: { 'server-boundaries': rule } };
