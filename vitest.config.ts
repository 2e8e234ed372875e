import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Run every rule on a device far from London: the answers must not change.
// Workers are forked after this line, so they inherit the zone.
process.env.TZ = 'Pacific/Auckland';

// The same `@/` alias as vite.config.ts, for every project.
const resolve = { alias: { '@/': fileURLToPath(new URL('./src/', import.meta.url)) } };

export default defineConfig({
  resolve,
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve,
        test: {
          name: 'api',
          // Each server module keeps its own tests beside it (server/modules/<capability>/tests).
          include: ['tests/api/**/*.test.ts', 'server/**/*.test.ts'],
          exclude: ['**/*.timing.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite instances are heavy; keep files from starving each other on 2 cores.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve,
        // Latency goals (a page's p99 during a burst) are read with nothing else running:
        // after the API files, one file at a time, so another file's work on the same
        // 2 cores is not counted against them.
        test: {
          name: 'api-timing',
          include: ['tests/api/**/*.timing.test.ts', 'server/**/*.timing.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
