#!/usr/bin/env node
/**
 * `npm run build:server`: bundles the server and the admin scripts
 * production runs into build/server/ as plain JavaScript, so no TypeScript
 * loader runs in production (ADR 0026). One ESM file per entry, for Node
 * 20.19 and later; packages stay imports, found in node_modules at run time.
 *
 * The server reads a few files beside its own code (new URL('./…',
 * import.meta.url)): the SQL migrations, the password pool's worker and the
 * PayPal sandbox's stand-in SDK. They are copied beside the bundle, where
 * the same expression finds them, and the build fails if the bundle names
 * such a file that is not there.
 *
 * The build is made in a fresh folder and then put in place of the old one,
 * so no file of an earlier build is left behind. It records what it was
 * made from (inputs.json), which tells `npm start` when it is stale.
 * `--out-dir DIR` builds elsewhere (the build's test); DIR must lie inside
 * the project for the packages to be found.
 */
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export const ROOT = resolve(import.meta.dirname, '..');
export const SERVER_OUT = resolve(ROOT, 'build/server');
const THIS_SCRIPT = relative(ROOT, fileURLToPath(import.meta.url));

/** Output name (build/server/NAME.js) → source. */
export const ENTRIES = { main: 'server/main.ts', staff: 'scripts/staff.ts', 'consent-link': 'scripts/consent-link.ts' };

/** Files the bundle reads beside itself at run time (name in the build → where the source reads it). */
const ASSETS = {
  migrations: 'server/platform/db/migrations',
  'migration-history.json': 'server/platform/db/migration-history.json',
  'password-worker.mjs': 'server/modules/auth/password-worker.mjs',
  'paypal-sdk.js': 'server/stand-ins/paypal-sandbox/paypal-sdk.js',
};

/** What a build was made from, written last: its time is the build's. */
const INPUTS_FILE = 'inputs.json';

/** Newest modification time (ms) of a file, or of a folder and anything under it; 0 when missing. */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The files a bundle reads beside itself: every new URL('./…', import.meta.url) in it. */
export function filesReadBeside(bundleText) {
  const found = bundleText.matchAll(/new URL\(\s*["'`](\.\/[^"'`]+)["'`]\s*,\s*import\.meta\.url\s*\)/g);
  return [...new Set([...found].map((match) => match[1]))];
}

/** Why the build in outDir must be made again, or null when it is newer than everything it was made from. */
export function serverBuildReason(outDir = SERVER_OUT) {
  const shown = relative(ROOT, outDir);
  for (const name of Object.keys(ENTRIES)) {
    if (!existsSync(join(outDir, `${name}.js`))) return `${shown}/${name}.js is missing`;
  }
  const record = join(outDir, INPUTS_FILE);
  if (!existsSync(record)) return `${shown}/${INPUTS_FILE} is missing`;
  const builtAt = statSync(record).mtimeMs;
  const inputs = JSON.parse(readFileSync(record, 'utf8'));
  const changed = inputs.find((input) => {
    const newest = newestMtime(resolve(ROOT, input));
    return newest === 0 || newest > builtAt;
  });
  return changed ? `${changed} changed since the last build` : null;
}

/** Builds into outDir; answers the bundle's size in bytes (the entries, without maps and copied files) and the time taken. */
export async function buildServer(outDir = SERVER_OUT) {
  const started = performance.now();
  const fresh = `${outDir}.new-${process.pid}`;
  rmSync(fresh, { recursive: true, force: true });
  // Loaded here, not at the top: running a build that is up to date needs no devDependency (ADR 0026).
  const esbuild = await import('esbuild');
  let result;
  try {
    result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, source]) => [name, resolve(ROOT, source)])),
      outdir: fresh,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      packages: 'external',
      tsconfig: resolve(ROOT, 'tsconfig.node.json'),
      // Stack traces name server/*.ts lines when node runs with --enable-source-maps (scripts/run-server.mjs).
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'warning',
    });
  } catch (error) {
    rmSync(fresh, { recursive: true, force: true });
    throw error;
  } finally {
    // esbuild's helper process would otherwise live as long as ours: the server's whole life under npm start.
    await esbuild.stop();
  }
  for (const [name, source] of Object.entries(ASSETS)) cpSync(resolve(ROOT, source), join(fresh, name), { recursive: true });

  let bytes = 0;
  for (const name of Object.keys(ENTRIES)) {
    const text = readFileSync(join(fresh, `${name}.js`), 'utf8');
    bytes += Buffer.byteLength(text);
    const absent = filesReadBeside(text).filter((file) => !existsSync(join(fresh, file)));
    if (absent.length > 0) {
      rmSync(fresh, { recursive: true, force: true });
      throw new Error(`${name}.js reads ${absent.join(', ')} beside itself: add each to ASSETS in ${THIS_SCRIPT}`);
    }
  }
  const inputs = [...Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('node_modules/')), ...Object.values(ASSETS), THIS_SCRIPT];
  writeFileSync(join(fresh, INPUTS_FILE), `${JSON.stringify(inputs.sort(), null, 2)}\n`);

  // The old build goes only once the new one is whole; a server running from it has its code loaded already.
  const old = `${outDir}.old-${process.pid}`;
  if (existsSync(outDir)) renameSync(outDir, old);
  renameSync(fresh, outDir);
  rmSync(old, { recursive: true, force: true });
  return { bytes, ms: Math.round(performance.now() - started) };
}

/**
 * Builds when the build is missing or stale, saying why on stderr (stdout
 * stays the entry's own: `npm run -s consent-link` prints just the link);
 * true when it is ready.
 */
export async function ensureServerBuilt(outDir = SERVER_OUT) {
  const reason = serverBuildReason(outDir);
  if (!reason) return true;
  console.error(`Building the server (${reason})...`);
  try {
    await buildServer(outDir);
    return true;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return false;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { values } = parseArgs({ options: { 'out-dir': { type: 'string' } }, strict: true });
  const outDir = values['out-dir'] ? resolve(values['out-dir']) : SERVER_OUT;
  try {
    const { bytes, ms } = await buildServer(outDir);
    console.log(`Built the server into ${relative(ROOT, outDir) || '.'}/ (${(bytes / 1024).toFixed(0)} KB) in ${ms} ms`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
