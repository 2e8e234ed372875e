/**
 * `npm run bench`: the figures of docs/benchmarks.md, measured against
 * the real server and the built site. The command line is
 * scripts/bench/options.ts; each measurement is scripts/bench/steps.ts.
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
 * `--scale`: the site at a national programme's size beside the demo's, three
 * server processes over one PostgreSQL (scripts/bench/scale.ts): reads beside
 * the floor, the recall backlog and the query plans, alone, replacing only its
 * section (about 20 minutes); `--scale-members=N` (default 100000) and
 * `--scale-requests=N` (default 300) narrow it while iterating. Not part of the
 * full run, for its length.
 *
 * Not part of `npm test`: figures depend on the machine, so targets are
 * reported as met or not met rather than failing a build.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { measureLatency } from './bench/load.ts';
import { launchChromium, measureRoute, type RouteWeight } from './bench/page-weight.ts';
import { contentionSection, withContentionSection } from './bench/contention.ts';
import { createBenchDatabase } from './bench/postgres.ts';
import { checkoutSection, withCheckoutSection } from './bench/checkout.ts';
import { propagationSection, withPropagationSection } from './bench/propagation.ts';
import { consoleSummary, EVENTS_PATH, HEALTH_PATH, markdown, type BenchReport, type LoadRun } from './bench/report.ts';
import { lighthouseSection, withLighthouseSection, type LighthouseContext, type SideBySideRoute } from './bench/lighthouse.ts';
import { firstVisitSection, measureFirstVisit, type FirstVisit } from './bench/first-visit.ts';
import { everyRouteSection, everyRouteTargets, withEveryRouteSection, type EveryRoute } from './bench/every-route.ts';
import { firstEventId } from './bench/events.ts';
import { signInBurstSection, withSignInBurstSection } from './bench/sign-in-burst.ts';
import { cleanUp, cleanUpOnExit, onCleanUp, serverEnv, tempDataDir, withServer } from './bench/harness.ts';
import { withKeptSections } from './bench/sections.ts';
import { scaleSection, withScaleSection } from './bench/scale-report.ts';
import {
  BURST_ONLY,
  CHECKOUT_ONLY,
  CHROMIUM_PATH,
  COMMAND,
  CONNECTIONS,
  CONTENTION_ONLY,
  DURATION_S,
  LIGHTHOUSE_ONLY,
  OUTPUT,
  PG_ADMIN_URL,
  PROPAGATION_ONLY,
  ROUTES_ONLY,
  SCALE_ONLY,
} from './bench/options.ts';
import { buildSiteIfNeeded, checkout, contention, everyRoute, gitCommit, lighthouseRuns, measureApi, propagation, scale, signInBurst, step } from './bench/steps.ts';

cleanUpOnExit();

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
  if (SCALE_ONLY) {
    buildSiteIfNeeded();
    const bench = await scale();
    const context = { ...contentionContext(), loadAverageEnd: os.loadavg()[0] ?? 0 };
    writeFileSync(OUTPUT, withScaleSection(readFileSync(OUTPUT, 'utf8'), scaleSection(bench, context)));
    console.log(`\nwrote the national scale section of ${OUTPUT}`);
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

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
