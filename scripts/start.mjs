#!/usr/bin/env node
/**
 * `npm start`: builds the site when the build is missing or older than its
 * sources, then runs the built server (scripts/run-server.mjs, which builds
 * the server the same way first; ADR 0026), which migrates and seeds the
 * database. Plain Node ESM so it runs before anything is compiled. Signals
 * are passed on to the server and its exit code becomes ours.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { newestMtime, ROOT } from './build-server.mjs';
import { runServer } from './run-server.mjs';

const staticDir = process.env.STATIC_DIR?.trim() || 'dist';
const builtIndex = resolve(ROOT, staticDir, 'index.html');
const SOURCES = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'scripts/prerender-plugin.ts', 'scripts/precompress-plugin.ts'];

function buildReason() {
  if (!existsSync(builtIndex)) return `${staticDir}/index.html is missing`;
  const builtAt = statSync(builtIndex).mtimeMs;
  const changed = SOURCES.find((source) => newestMtime(resolve(ROOT, source)) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}

const reason = buildReason();
if (reason) {
  console.log(`Building the site (${reason})...`);
  const outDir = staticDir === 'dist' ? [] : ['--outDir', staticDir, '--emptyOutDir'];
  const build = spawnSync('npx', ['vite', 'build', ...outDir], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The site build failed; the server was not started.');
    process.exit(build.status ?? 1);
  }
}

await runServer('main');
