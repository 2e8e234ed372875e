import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './eslint-rules/boundaries.js';
import serverBoundaries from './eslint-rules/server-boundaries.js';

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', 'build', 'node_modules', 'data', 'test-results', 'playwright-report', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{ts,mjs}', 'eslint-rules/**/*.js', 'tests/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  // The local PayPal sandbox's stand-in SDK runs in the browser, as PayPal's script would.
  {
    files: ['server/stand-ins/paypal-sandbox/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  // One-way imports: domain is pure; features talk through lib/, domain/
  // and content/; the server only borrows the shared rules.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { local: boundaries },
    rules: {
      'local/boundaries': 'error',
      // The first Intl object a page makes loads locale and time-zone data, tens of
      // milliseconds on a slow phone: made when a module loads, every first visit paid it
      // (ADR 0023). Make it on first use with once() from src/domain/once.ts.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            ':matches(Program, Program > ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator > NewExpression[callee.object.name="Intl"]',
          message: 'Make Intl formatters on first use: once(() => new Intl.…) (src/domain/once.ts).',
        },
      ],
    },
  },
  // The server's modules, platform and stand-ins (eslint-rules/server-boundaries.js).
  {
    files: ['server/**/*.ts'],
    plugins: { server: serverBoundaries },
    rules: { 'server/server-boundaries': 'error' },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: 'src/(?!domain/)', message: 'The server imports only src/domain from the app.' }] },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
