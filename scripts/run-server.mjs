#!/usr/bin/env node
/**
 * `node scripts/run-server.mjs NAME [ARGS…]` (`npm run serve`, `npm run
 * staff`, `npm run consent-link`): runs build/server/NAME.js with plain
 * Node, building the server first when the build is missing or older than
 * its sources (scripts/build-server.mjs, ADR 0026). Signals are passed on
 * to it and its exit code becomes ours.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ENTRIES, ensureServerBuilt, ROOT, SERVER_OUT } from './build-server.mjs';

const SIGNAL_NUMBERS = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 };

/** Runs one built entry (a key of ENTRIES) in the project's folder; exits with its code. */
export async function runServer(name, args = []) {
  if (!Object.hasOwn(ENTRIES, name)) {
    console.error(`No server entry named ${name}: one of ${Object.keys(ENTRIES).join(', ')}`);
    process.exit(2);
  }
  if (!(await ensureServerBuilt())) {
    console.error('The server build failed; nothing was started.');
    process.exit(1);
  }
  // --enable-source-maps: stack traces in the log name the lines of server/*.ts.
  const child = spawn(process.execPath, ['--enable-source-maps', join(SERVER_OUT, `${name}.js`), ...args], { cwd: ROOT, stdio: 'inherit' });
  for (const signal of Object.keys(SIGNAL_NUMBERS)) {
    process.on(signal, () => child.kill(signal));
  }
  child.on('exit', (code, signal) => {
    process.exit(code ?? (signal ? 128 + (SIGNAL_NUMBERS[signal] ?? 0) : 1));
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [name = 'main', ...args] = process.argv.slice(2);
  await runServer(name, args);
}
