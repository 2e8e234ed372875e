/**
 * The server as production runs it: bundled by scripts/build-server.mjs and
 * run by plain node, with no TypeScript loader (ADR 0026). Built afresh into
 * a folder of its own, each bundle imports only packages that production
 * installs (dependencies, never devDependencies such as tsx), has beside it
 * every file it reads there, and loads. The server then starts from it: it
 * reads its migrations into an empty database, seeds the demo (hashing the
 * demo passwords in the pool's worker thread) and answers.
 */
import { build } from 'esbuild';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUntilExit, startServer, type RunningServer } from '../fixtures/server-process';

const ROOT = resolve(import.meta.dirname, '../..');
const ENTRIES = ['main', 'staff', 'consent-link'];
const { dependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

let outDir = '';
const built = (file: string) => join(outDir, file);

beforeAll(() => {
  // Inside the project, as build/server is: the bundle finds its packages in node_modules.
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  outDir = mkdtempSync(join(ROOT, '.tmp', 'server-build-'));
  execFileSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs'), '--out-dir', outDir], { cwd: ROOT, stdio: 'pipe' });
}, 60_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** The packages a built file imports (statically or by a literal import()), read by esbuild's parser. */
async function packagesImported(file: string): Promise<string[]> {
  const result = await build({ entryPoints: [file], bundle: true, write: false, metafile: true, packages: 'external', platform: 'node', format: 'esm', logLevel: 'silent' });
  const specifiers = Object.values(result.metafile.inputs).flatMap((input) => input.imports.filter((i) => i.external).map((i) => i.path));
  const packages = specifiers
    .filter((specifier) => !specifier.startsWith('node:') && !builtinModules.includes(specifier))
    .map((specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
  return [...new Set(packages)].sort();
}

describe('the built server', () => {
  it.each([...ENTRIES.map((name) => `${name}.js`), 'password-worker.mjs'])('%s imports only production dependencies', async (file) => {
    const packages = await packagesImported(built(file));
    expect(packages.length).toBeGreaterThan(0);
    expect(packages).not.toContain('tsx');
    expect(packages.filter((name) => !Object.hasOwn(dependencies, name))).toEqual([]);
  });

  it.each(ENTRIES)('%s.js has beside it every file it reads there', (name) => {
    const text = readFileSync(built(`${name}.js`), 'utf8');
    const beside = [...text.matchAll(/new URL\(\s*["'`](\.\/[^"'`]+)["'`]\s*,\s*import\.meta\.url\s*\)/g)].map((match) => match[1]!);
    expect(beside).toContain('./migrations/');
    for (const file of beside) expect(existsSync(built(file)), `${file} beside ${name}.js`).toBe(true);
  });

  it('carries every migration', () => {
    const source = readdirSync(join(ROOT, 'server/platform/db/migrations')).sort();
    expect(readdirSync(built('migrations')).sort()).toEqual(source);
  });

  it('loads under plain node and refuses production without its settings, naming them', async () => {
    const run = await runUntilExit({ NODE_ENV: 'production' }, { built: built('main.js') });
    expect(run.stderr).not.toMatch(/ERR_MODULE_NOT_FOUND|ERR_UNKNOWN_FILE_EXTENSION/);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('SMTP_URL is required when NODE_ENV=production');
  });

  it.each(ENTRIES.filter((name) => name !== 'main'))('%s.js loads and answers its usage', (name) => {
    const run = spawnSync(process.execPath, [built(`${name}.js`)], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    expect(run.stderr).not.toMatch(/ERR_MODULE_NOT_FOUND|ERR_UNKNOWN_FILE_EXTENSION/);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Usage: npm run ${name}`);
  });
});

describe('a server started from the build', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({}, { built: built('main.js') });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('migrated and seeded its database and answers', async () => {
    expect(await (await fetch(`${server.origin}/api/health`)).json()).toEqual({ status: 'ok' });
    const { events } = (await (await fetch(`${server.origin}/api/events`)).json()) as { events: unknown[] };
    expect(events.length).toBeGreaterThan(0);
  });

  it('checks a password in its worker thread', async () => {
    const signIn = await fetch(`${server.origin}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'demo.member@example.com', password: 'chaps-demo-2025' }),
    });
    expect(signIn.status).toBe(200);
  });
});
