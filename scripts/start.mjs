#!/usr/bin/env node
/**
 * `npm start`: builds the site when the build is missing or older than its
 * sources, then runs the server (which migrates and seeds the database).
 * Plain Node ESM so it runs before anything is compiled. Signals are passed
 * on to the server and its exit code becomes ours.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const staticDir = process.env.STATIC_DIR?.trim() || 'dist';
const builtIndex = resolve(root, staticDir, 'index.html');
const SOURCES = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'scripts/prerender-plugin.ts'];

/** Newest modification time (ms) of a file, or of any file under a folder. */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function buildReason() {
  if (!existsSync(builtIndex)) return `${staticDir}/index.html is missing`;
  const builtAt = statSync(builtIndex).mtimeMs;
  const changed = SOURCES.find((source) => newestMtime(resolve(root, source)) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}

const reason = buildReason();
if (reason) {
  console.log(`Building the site (${reason})...`);
  const outDir = staticDir === 'dist' ? [] : ['--outDir', staticDir, '--emptyOutDir'];
  const build = spawnSync('npx', ['vite', 'build', ...outDir], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The site build failed; the server was not started.');
    process.exit(build.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[signal] ?? 0) : 1));
});
