/**
 * Each measurement of `npm run bench`, bound to this run's settings
 * (scripts/bench/options.ts): the API under load beside the bare server,
 * every route's weight, Lighthouse beside the floor page, and the
 * contention, propagation, sign-in burst and checkout sections, with the
 * site build and the step headings they print. Apart from scripts/bench.ts,
 * which only decides which of them run and writes docs/benchmarks.md.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { runContention, type ContentionRun } from './contention.ts';
import { createBenchDatabase } from './postgres.ts';
import { runCheckoutBench, type CheckoutBench } from './checkout.ts';
import { runPropagation, type PropagationBench } from './propagation.ts';
import { EVENTS_PATH, SLOTS_LABEL, slotsPath, type LoadRun } from './report.ts';
import { measureSideBySide } from './side-by-side.ts';
import { lighthouseBesideFloor, type LighthouseContext, type SideBySideRoute } from './lighthouse.ts';
import { buildFloor, serveFloor } from './floor/floor.ts';
import { measureEveryRoute, type EveryRoute } from './every-route.ts';
import { bookableEventId } from './events.ts';
import { runSignInBurst, type BurstBench } from './sign-in-burst.ts';
import { runScale, type ScaleBench } from './scale.ts';
import { onCleanUp, serverEnv, STATIC_DIR, tempDataDir, withServer } from './harness.ts';
import { CHROMIUM_PATH, CONNECTIONS, DURATION_S, LIGHTHOUSE_ROUNDS, LIGHTHOUSE_ROUTES, PG_ADMIN_URL, REBUILD, SCALE_MEMBERS, SCALE_REQUESTS } from './options.ts';

export function step(text: string): void {
  console.log(`\n==> ${text}`);
}

export function buildSiteIfNeeded(): void {
  if (!REBUILD && existsSync(join(STATIC_DIR, 'index.html'))) {
    console.log(`${STATIC_DIR}/ exists: using it (npm run bench -- --rebuild to build afresh)`);
    return;
  }
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`vite build failed (exit ${build.status})`);
}

export function gitCommit(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim();
    return dirty ? `${sha} (with uncommitted changes)` : sha;
  } catch {
    return 'unknown';
  }
}

/** The listing and the booking page's slots call (for an event open for booking), each side by side with the bare server. */
export async function measureApi(database: string, baseUrl: string, load: LoadRun[]): Promise<void> {
  const slots = slotsPath(await bookableEventId(baseUrl));
  for (const path of [EVENTS_PATH, slots]) {
    step(`GET ${path} and the bare server, ${CONNECTIONS} connections, ${DURATION_S} s each (${database})`);
    const sideBySide = await measureSideBySide(baseUrl, path, CONNECTIONS, DURATION_S);
    load.push({ database, path: path === slots ? SLOTS_LABEL : path, result: sideBySide.app, sideBySide });
  }
}

export function contention(): Promise<ContentionRun[]> {
  return runContention({
    tempDataDir,
    withServer: (env, fn) => withServer(serverEnv(env), fn),
    createDatabase: () => createBenchDatabase(PG_ADMIN_URL),
    step,
  });
}

export function propagation(): Promise<PropagationBench> {
  return runPropagation({
    tempDataDir,
    withServer: (env, fn) => withServer(serverEnv(env), fn),
    createDatabase: () => createBenchDatabase(PG_ADMIN_URL),
    step,
  });
}

export function signInBurst(): Promise<BurstBench> {
  return runSignInBurst({ tempDataDir, withServer: (env, fn) => withServer(serverEnv(env), fn), step });
}

export function scale(): Promise<ScaleBench> {
  if (!Number.isInteger(SCALE_MEMBERS) || SCALE_MEMBERS < 20_000) throw new Error('--scale-members must be a whole number of at least 20000');
  if (!Number.isInteger(SCALE_REQUESTS) || SCALE_REQUESTS < 20) throw new Error('--scale-requests must be a whole number of at least 20');
  return runScale({
    tempDataDir,
    withServer: (env, fn, options) => withServer(serverEnv(env), fn, options),
    createDatabase: async () => {
      const database = await createBenchDatabase(PG_ADMIN_URL);
      if (database) onCleanUp(() => database.drop());
      return database;
    },
    step,
    log: (line) => console.log(line),
    members: SCALE_MEMBERS,
    requests: SCALE_REQUESTS,
  });
}

export function checkout(): Promise<CheckoutBench> {
  return runCheckoutBench({
    chromiumPath: CHROMIUM_PATH,
    staticDir: STATIC_DIR,
    tempDataDir,
    withServer,
    createDatabase: () => createBenchDatabase(PG_ADMIN_URL),
    step,
  });
}

export async function everyRoute(browser: Browser, baseUrl: string, eventId: string): Promise<EveryRoute> {
  step('First-load JavaScript of every route, signed out and signed in');
  return measureEveryRoute(browser, baseUrl, STATIC_DIR, { eventId, bookableEventId: await bookableEventId(baseUrl) }, (line) => console.log(line));
}

/** Lighthouse on each route beside the floor page, built and served here (scripts/bench/floor/). */
export async function lighthouseRuns(baseUrl: string, eventId: string): Promise<{ results: SideBySideRoute[]; context: LighthouseContext }> {
  step('Floor page (React 19 hydrating the hero)');
  await buildFloor();
  const floor = await serveFloor();
  onCleanUp(() => floor.stop());
  try {
    console.log(`floor page at ${floor.baseUrl}, ${(floor.scriptBytes / 1000).toFixed(1)} KB of JavaScript gzip`);
    const routes = LIGHTHOUSE_ROUTES.map((r) => r.replace('{id}', eventId));
    step(`Lighthouse (mobile) beside the floor page: ${routes.length} routes, ${LIGHTHOUSE_ROUNDS} rounds`);
    const loadStart = os.loadavg()[0] ?? 0;
    const results = await lighthouseBesideFloor(CHROMIUM_PATH, baseUrl, floor.baseUrl, routes, LIGHTHOUSE_ROUNDS, (line) => console.log(line));
    return {
      results,
      context: { eventId, rounds: LIGHTHOUSE_ROUNDS, loadStart, loadEnd: os.loadavg()[0] ?? 0, floorScriptBytes: floor.scriptBytes },
    };
  } finally {
    await floor.stop();
  }
}
