import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressAssets } from './scripts/precompress-plugin.ts';
import { prerenderPages } from './scripts/prerender-plugin.ts';
import { manifest } from './src/app/manifest.ts';
import { PRECACHE_GLOBS, PRECACHE_IGNORES } from './sw/precache-rules.ts';

// The service worker is our own source (sw/sw.ts); the plugin only injects
// the precache list and writes the manifest.
// React Router 7 ships a production build beside its development one, with its
// development warnings (and their checks on every match) switched off, but its
// package exports name only the development one; its own Vite plugin swaps
// them, and a build here does the same (ADR 0015). `vite` in development keeps the warnings.
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command }) => ({
  resolve: {
    alias: [
      // `@/lib/paths` for src/lib/paths.ts: imports name where they go instead of climbing ../../../.
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : []),
    ],
  },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      // globPatterns below already precache every icon; listing them again
      // (includeAssets, manifest icons) only duplicates precache entries.
      includeManifestIcons: false,
      injectManifest: {
        rollupFormat: 'iife',
        // The shell and the pages' code only; the rest is cached when visited (sw/precache-rules.ts).
        globPatterns: PRECACHE_GLOBS,
        globIgnores: PRECACHE_IGNORES,
        // Never let a large chunk fall out of the precache silently.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    prerenderPages(),
    precompressAssets(),
  ],
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/auth': 'http://localhost:3000',
      '/dev': 'http://localhost:3000',
    },
  },
  build: {
    sourcemap: false,
    target: 'es2022',
    // A lazy chunk's own imports are left to the browser's module loader rather than
    // linked one by one from script by Vite's preload helper, a main-thread cost at
    // start on a slow phone (ADR 0023); its stylesheets are still linked, so a page
    // drawn in the browser is never unstyled.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? deps.filter((dep) => dep.endsWith('.css')) : deps),
    },
  },
}));
