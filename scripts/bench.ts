/**
 * `npm run bench`: the figures the spine issue asks for, measured against
 * the real server and the built site.
 *
 * 1. Builds the site when dist/ is missing (or with --rebuild).
 * 2. Starts `tsx server/main.ts` on a free port with a temporary DATA_DIR
 *    (PGlite) and the demo data.
 * 3. First-load JavaScript of /, /book-event-main and /event/{id} in
 *    headless Chromium (CHROMIUM_PATH or /usr/bin/chromium).
 * 4. GET /api/events under 200 connections for 10 s (autocannon), and
 *    GET /api/health under the same load as the floor to read it against.
 * 5. The same load against PostgreSQL, in a fresh database it creates and
 *    drops (skipped, with a note, when PostgreSQL does not answer).
 * 6. Booking under contention (scripts/bench/contention.ts): 500 members
 *    book a 20-place event at once, on PGlite, on PostgreSQL with one
 *    server process, and over three server processes on one PostgreSQL
 *    database (the rush; goal: every answer within 2 s, exactly 20 booked).
 * 7. A write on one server process until another shows it: two servers
 *    over PostgreSQL (scripts/bench/propagation.ts).
 * 8. Prints a summary and writes docs/benchmarks.md.
 *
 * `npm run bench -- --contention-only` runs step 6 alone and replaces only
 * that section of docs/benchmarks.md.
 * `--checkout-only`: the card checkout section alone (scripts/bench/checkout.ts).
 * `--propagation-only`: step 7 alone, replacing only its section.
 * `--lighthouse-only`: Lighthouse beside the floor page alone (scripts/bench/lighthouse.ts),
 * replacing only its section; `--lighthouse-rounds=N` (default 3) and
 * `--lighthouse-routes=/,/news` (`{id}` for the first event) narrow it while iterating.
 * `--burst-only`: 200 sign-ins at once, /api/health beside the bare server
 * (scripts/bench/sign-in-burst.ts), alone, replacing only its section.
 * `--routes-only`: first-load JavaScript of every route, signed out, as the
 * demo member and as the demo staff member (scripts/bench/every-route.ts), alone.
 *
 * Not part of `npm test`: figures depend on the machine, so targets are
 * reported as met or not met rather than failing a build.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { measureLatency } from './bench/load.ts';
import type { Browser } from '@playwright/test';
import { launchChromium, measureRoute, type RouteWeight } from './bench/page-weight.ts';
import { contentionSection, runContention, withContentionSection, type ContentionRun } from './bench/contention.ts';
import { createBenchDatabase } from './bench/postgres.ts';
import { checkoutSection, runCheckoutBench, withCheckoutSection, type CheckoutBench } from './bench/checkout.ts';
import { propagationSection, runPropagation, withPropagationSection, type PropagationBench } from './bench/propagation.ts';
import { consoleSummary, EVENTS_PATH, HEALTH_PATH, markdown, SLOTS_LABEL, slotsPath, type BenchReport, type LoadRun } from './bench/report.ts';
import { measureSideBySide } from './bench/side-by-side.ts';
import { lighthouseBesideFloor, lighthouseSection, withLighthouseSection, type LighthouseContext, type SideBySideRoute } from './bench/lighthouse.ts';
import { buildFloor, serveFloor } from './bench/floor/floor.ts';
import { firstVisitSection, measureFirstVisit, type FirstVisit } from './bench/first-visit.ts';
import { everyRouteSection, everyRouteTargets, measureEveryRoute, withEveryRouteSection, type EveryRoute } from './bench/every-route.ts';
import { bookableEventId, firstEventId } from './bench/events.ts';
import { runSignInBurst, signInBurstSection, withSignInBurstSection, type BurstBench } from './bench/sign-in-burst.ts';
import { cleanUp, cleanUpOnExit, onCleanUp, serverEnv, STATIC_DIR, tempDataDir, withServer } from './bench/harness.ts';

const args = process.argv.slice(2);
const REBUILD = args.includes('--rebuild');
const CONTENTION_ONLY = args.includes('--contention-only');
const CHECKOUT_ONLY = args.includes('--checkout-only');
const PROPAGATION_ONLY = args.includes('--propagation-only');
const LIGHTHOUSE_ONLY = args.includes('--lighthouse-only');
const ROUTES_ONLY = args.includes('--routes-only');
const BURST_ONLY = args.includes('--burst-only');
const LIGHTHOUSE_ROUNDS = Number(argValue('--lighthouse-rounds') ?? 3);
const LIGHTHOUSE_ROUTES = argValue('--lighthouse-routes')?.split(',') ?? ['/', '/book-event-main', '/event/{id}', '/news'];
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// The machine's PostgreSQL (the one CI's TEST_DATABASE_URL points at); the
// bench connects to its maintenance database only to create and drop its own.
const PG_ADMIN_URL = adminUrl(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
const CONNECTIONS = 200;
const DURATION_S = 10;
const OUTPUT = 'docs/benchmarks.md';
const COMMAND = ['npm run bench', ...(args.length ? ['--', ...args] : [])].join(' ');

cleanUpOnExit();

function argValue(name: string): string | undefined {
  return args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

function adminUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}

function step(text: string): void {
  console.log(`\n==> ${text}`);
}

function buildSiteIfNeeded(): void {
  if (!REBUILD && existsSync(join(STATIC_DIR, 'index.html'))) {
    console.log(`${STATIC_DIR}/ exists: using it (npm run bench -- --rebuild to build afresh)`);
    return;
  }
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`vite build failed (exit ${build.status})`);
}

function gitCommit(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim();
    return dirty ? `${sha} (with uncommitted changes)` : sha;
  } catch {
    return 'unknown';
  }
}

/** The listing and the booking page's slots call (for an event open for booking), each side by side with the bare server. */
async function measureApi(database: string, baseUrl: string, load: LoadRun[]): Promise<void> {
  const slots = slotsPath(await bookableEventId(baseUrl));
  for (const path of [EVENTS_PATH, slots]) {
    step(`GET ${path} and the bare server, ${CONNECTIONS} connections, ${DURATION_S} s each (${database})`);
    const sideBySide = await measureSideBySide(baseUrl, path, CONNECTIONS, DURATION_S);
    load.push({ database, path: path === slots ? SLOTS_LABEL : path, result: sideBySide.app, sideBySide });
  }
}

function contention(): Promise<ContentionRun[]> {
  return runContention({
    tempDataDir,
    withServer: (env, fn) => withServer(serverEnv(env), fn),
    createDatabase: () => createBenchDatabase(PG_ADMIN_URL),
    step,
  });
}

function propagation(): Promise<PropagationBench> {
  return runPropagation({
    tempDataDir,
    withServer: (env, fn) => withServer(serverEnv(env), fn),
    createDatabase: () => createBenchDatabase(PG_ADMIN_URL),
    step,
  });
}

function signInBurst(): Promise<BurstBench> {
  return runSignInBurst({ tempDataDir, withServer: (env, fn) => withServer(serverEnv(env), fn), step });
}

function checkout(): Promise<CheckoutBench> {
  return runCheckoutBench({
    chromiumPath: CHROMIUM_PATH,
    staticDir: STATIC_DIR,
    tempDataDir,
    withServer,
    createDatabase: () => createBenchDatabase(PG_ADMIN_URL),
    step,
  });
}

async function main(): Promise<void> {
  const loadAverage = os.loadavg()[0] ?? 0;
  if (loadAverage > 1) console.warn(`note: load average is ${loadAverage.toFixed(2)}; other work on this machine will inflate the latency figures`);
  const old = existsSync(OUTPUT) ? readFileSync(OUTPUT, 'utf8') : '';
  const contentionContext = () => ({ date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), command: COMMAND, loadAverage, commit: gitCommit() });
  if (CONTENTION_ONLY) {
    const runs = await contention();
    writeFileSync(OUTPUT, withContentionSection(old, contentionSection(runs, contentionContext())));
    console.log(`\nwrote the contention section of ${OUTPUT}`);
    return;
  }
  if (PROPAGATION_ONLY) {
    const bench = await propagation();
    writeFileSync(OUTPUT, withPropagationSection(old, propagationSection(bench, contentionContext())));
    console.log(`\nwrote the propagation section of ${OUTPUT}`);
    return;
  }
  if (BURST_ONLY) {
    buildSiteIfNeeded();
    const bench = await signInBurst();
    writeFileSync(OUTPUT, withSignInBurstSection(old, signInBurstSection(bench, contentionContext())));
    console.log(`\nwrote the sign-in burst section of ${OUTPUT}`);
    return;
  }
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  if (CHECKOUT_ONLY) {
    buildSiteIfNeeded();
    const bench = await checkout();
    writeFileSync(OUTPUT, withCheckoutSection(old, checkoutSection(bench, contentionContext())));
    console.log(`\nwrote the card checkout section of ${OUTPUT}`);
    return;
  }

  if (ROUTES_ONLY) {
    buildSiteIfNeeded();
    const every = await withServer(serverEnv({ DATA_DIR: tempDataDir() }), async (server) => {
      const browser = await launchChromium(CHROMIUM_PATH);
      try {
        return await everyRoute(browser, server.baseUrl, await firstEventId(server.baseUrl));
      } finally {
        await browser.close();
      }
    });
    const context = contentionContext();
    writeFileSync(OUTPUT, withEveryRouteSection(old, everyRouteSection(every, context)));
    console.log(`\nwrote the every-route section of ${OUTPUT}`);
    return;
  }

  if (LIGHTHOUSE_ONLY) {
    buildSiteIfNeeded();
    const { results, context } = await withServer(serverEnv({ DATA_DIR: tempDataDir() }), async (server) =>
      lighthouseRuns(server.baseUrl, await firstEventId(server.baseUrl)),
    );
    writeFileSync(OUTPUT, withLighthouseSection(old, lighthouseSection(results, context)));
    console.log(`\nwrote the Lighthouse section of ${OUTPUT}`);
    return;
  }

  step('Site build');
  buildSiteIfNeeded();

  const routes: RouteWeight[] = [];
  const load: LoadRun[] = [];
  let eventId = '';
  let chromiumVersion = '';
  let firstVisit: FirstVisit | null = null;
  let lighthouse: { results: SideBySideRoute[]; context: LighthouseContext } | null = null;
  let every: EveryRoute | null = null;

  step('Server on PGlite (temporary DATA_DIR)');
  await withServer(serverEnv({ DATA_DIR: tempDataDir() }), async (server) => {
    console.log(`listening at ${server.baseUrl}`);
    eventId = await firstEventId(server.baseUrl);

    step('First-load JavaScript');
    const browser = await launchChromium(CHROMIUM_PATH);
    try {
      chromiumVersion = browser.version();
      for (const route of ['/', '/book-event-main', `/event/${eventId}`]) {
        const weight = await measureRoute(browser, server.baseUrl, route);
        console.log(`${route}: ${(weight.totalBytes / 1000).toFixed(1)} KB in ${weight.scripts.length} scripts`);
        routes.push(weight);
      }
      every = await everyRoute(browser, server.baseUrl, eventId);
      step('First visit with the service worker');
      firstVisit = await measureFirstVisit(browser, server.baseUrl, '/');
      console.log(`first visit to /: ${(firstVisit.totalBytes / 1000).toFixed(1)} KB (${firstVisit.precacheEntries} precache entries)`);
    } finally {
      await browser.close();
    }

    lighthouse = await lighthouseRuns(server.baseUrl, eventId);

    await measureApi('PGlite', server.baseUrl, load);
    step(`GET ${HEALTH_PATH}, ${CONNECTIONS} connections, ${DURATION_S} s (PGlite)`);
    const result = await measureLatency(server.baseUrl + HEALTH_PATH, CONNECTIONS, DURATION_S);
    load.push({ database: 'PGlite', path: HEALTH_PATH, result });
  });

  step('Server on PostgreSQL (fresh database)');
  const database = await createBenchDatabase(PG_ADMIN_URL);
  if (!database) {
    const note = `PostgreSQL did not answer at ${new URL(PG_ADMIN_URL).host}`;
    console.log(`skipped: ${note}`);
    load.push({ database: 'PostgreSQL', path: EVENTS_PATH, result: null, note });
  } else {
    onCleanUp(() => database.drop());
    try {
      await withServer(serverEnv({ DATA_DIR: tempDataDir(), DATABASE_URL: database.url }), (server) =>
        measureApi('PostgreSQL', server.baseUrl, load),
      );
    } finally {
      await database.drop();
    }
  }

  const burstBench = await signInBurst();
  const contentionRuns = await contention();
  const propagationBench = await propagation();
  const checkoutBench = await checkout();

  // Assigned inside the server's callback, which TypeScript's narrowing does not follow.
  const weighed = every as EveryRoute | null;
  if (!weighed) throw new Error('the routes were not weighed');
  const report: BenchReport = {
    machine: {
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      cores: os.cpus().length,
      cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
      memoryGiB: os.totalmem() / 1024 ** 3,
      os: `${os.type()} ${os.release()}`,
      node: process.version,
      chromium: chromiumVersion,
      commit: gitCommit(),
      loadAverage,
      loadAverageEnd: os.loadavg()[0] ?? 0,
    },
    command: COMMAND,
    routes,
    eventId,
    load,
    byteTargets: everyRouteTargets(weighed),
  };

  step('Summary');
  console.log(consoleSummary(report));
  // Assigned inside the server's callback, which TypeScript's narrowing does not follow.
  const measured = lighthouse as { results: SideBySideRoute[]; context: LighthouseContext } | null;
  const extra = [
    everyRouteSection(weighed, contentionContext()),
    firstVisit ? firstVisitSection(firstVisit) : '',
    measured ? lighthouseSection(measured.results, measured.context) : '',
  ].filter(Boolean);
  const withVisit = `${markdown(report).trimEnd()}\n\n${extra.map((e) => e.trimEnd()).join('\n\n')}\n`;
  const fresh = withSignInBurstSection(withCheckoutSection(
    withPropagationSection(
      withContentionSection(withVisit, contentionSection(contentionRuns, contentionContext())),
      propagationSection(propagationBench, contentionContext()),
    ),
    checkoutSection(checkoutBench, contentionContext()),
  ), signInBurstSection(burstBench, contentionContext()));
  writeFileSync(OUTPUT, withKeptSections(fresh, old));
  console.log(`\nwrote ${OUTPUT}`);
}

async function everyRoute(browser: Browser, baseUrl: string, eventId: string): Promise<EveryRoute> {
  step('First-load JavaScript of every route, signed out and signed in');
  return measureEveryRoute(browser, baseUrl, STATIC_DIR, { eventId, bookableEventId: await bookableEventId(baseUrl) }, (line) => console.log(line));
}

/** Lighthouse on each route beside the floor page, built and served here (scripts/bench/floor/). */
async function lighthouseRuns(baseUrl: string, eventId: string): Promise<{ results: SideBySideRoute[]; context: LighthouseContext }> {
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

/**
 * Sections of the old file that this bench does not write (such as the
 * maps comparison, measured by hand) are carried over, so a bench run
 * never erases figures it did not measure.
 */
function withKeptSections(fresh: string, old: string): string {
  const sections = (text: string) => text.split(/\n(?=## )/).slice(1);
  const title = (section: string) => section.split('\n', 1)[0];
  const written = new Set(sections(fresh).map(title));
  const kept = sections(old).filter((section) => !written.has(title(section)));
  return kept.length === 0 ? fresh : `${fresh.trimEnd()}\n\n${kept.map((k) => k.trimEnd()).join('\n\n')}\n`;
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
