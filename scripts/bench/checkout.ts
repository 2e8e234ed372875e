/**
 * The card checkout part of `npm run bench`
 * (docs/decisions/0009-card-payments.md): /checkout's first-load JavaScript
 * against other routes (checkout-weight.ts) and capture contention on PGlite
 * and PostgreSQL (capture.ts), each against a server in NODE_ENV=development,
 * the only mode that serves the local PayPal sandbox. Writes the "Card
 * checkout" section of docs/benchmarks.md.
 */
import { openPglite } from '../../server/platform/db/pglite.ts';
import { openPostgres } from '../../server/platform/db/postgres.ts';
import type { Database } from '../../server/platform/db/adapter.ts';
import { launchChromium } from './page-weight.ts';
import { CAPTURE_BENCH, countCaptureBench, fireCaptureRace, fireLastPlaces, prepareCaptureBench, type CaptureRun } from './capture.ts';
import { measureCheckoutWeight, type CheckoutRouteWeight } from './checkout-weight.ts';
import type { BenchDatabase } from './postgres.ts';
import type { RunningServer } from './server.ts';
import { withSection } from './sections.ts';

export interface CheckoutBench {
  weights: CheckoutRouteWeight[];
  weightNote?: string;
  captures: CaptureRun[];
}

export interface CheckoutBenchDeps {
  chromiumPath: string;
  staticDir: string;
  tempDataDir(): string;
  /** Runs `fn` against a server started with exactly these settings (undefined removes one). */
  withServer<T>(env: Record<string, string | undefined>, fn: (server: RunningServer) => Promise<T>): Promise<T>;
  createDatabase(): Promise<BenchDatabase | null>;
  step(text: string): void;
}

/** A development server: the local PayPal sandbox and mail outbox, no production settings. */
const devEnv = (staticDir: string, extra: Record<string, string | undefined>): Record<string, string | undefined> => ({
  NODE_ENV: 'development',
  STATIC_DIR: staticDir,
  SEED_DEMO: 'false',
  PAYPAL_CLIENT_ID: undefined,
  PAYPAL_CLIENT_SECRET: undefined,
  PAYPAL_API_BASE: undefined,
  PAYPAL_WEBHOOK_ID: undefined,
  SMTP_URL: undefined,
  AUTH_JWT_SECRET: undefined,
  DATABASE_URL: undefined,
  ...extra,
});

async function captureOn(database: string, open: () => Promise<Database>, env: Record<string, string | undefined>, deps: CheckoutBenchDeps): Promise<CaptureRun> {
  const plan = await prepareCaptureBench(await open());
  const run = await deps.withServer(devEnv(deps.staticDir, env), async (server) => ({
    database,
    race: await fireCaptureRace(server.baseUrl, plan),
    lastPlaces: await fireLastPlaces(server.baseUrl, plan),
  }));
  const counts = await countCaptureBench(await open(), plan);
  console.log(
    `${database}: ${CAPTURE_BENCH.CAPTURES} captures of one order in ${(run.race.settleMs / 1000).toFixed(2)} s (${run.race.created} x 201, ${run.race.replayed} x 200); ` +
      `${run.lastPlaces.captured} of ${CAPTURE_BENCH.MEMBERS} members paid for ${CAPTURE_BENCH.PLACES_LEFT} last places in ${(run.lastPlaces.settleMs / 1000).toFixed(2)} s`,
  );
  return { ...run, counts };
}

export async function runCheckoutBench(deps: CheckoutBenchDeps): Promise<CheckoutBench> {
  deps.step('/checkout first-load JavaScript (development server, local PayPal sandbox, demo member)');
  let weights: CheckoutRouteWeight[] = [];
  await deps.withServer(devEnv(deps.staticDir, { DATA_DIR: deps.tempDataDir(), SEED_DEMO: 'true' }), async (server) => {
    const browser = await launchChromium(deps.chromiumPath);
    try {
      weights = await measureCheckoutWeight(browser, server.baseUrl);
    } finally {
      await browser.close();
    }
  });
  for (const w of weights) console.log(`${w.route.split('?')[0]} (${w.who}): ${(w.totalBytes / 1000).toFixed(1)} KB; PayPal code in ${w.paypalScripts.length} script(s)`);

  const captures: CaptureRun[] = [];
  deps.step(`Capture contention on PGlite: ${CAPTURE_BENCH.CAPTURES} captures of one order; ${CAPTURE_BENCH.MEMBERS} members for ${CAPTURE_BENCH.PLACES_LEFT} last places`);
  const dataDir = deps.tempDataDir();
  captures.push(await captureOn('PGlite', () => openPglite(dataDir), { DATA_DIR: dataDir }, deps));

  deps.step('Capture contention on PostgreSQL');
  const database = await deps.createDatabase();
  if (!database) {
    captures.push({ database: 'PostgreSQL', note: 'PostgreSQL did not answer' });
  } else {
    try {
      captures.push(await captureOn('PostgreSQL', () => openPostgres(database.url), { DATA_DIR: deps.tempDataDir(), DATABASE_URL: database.url }, deps));
    } finally {
      await database.drop();
    }
  }
  return { weights, captures };
}

const TITLE = '## Card checkout';
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (ok: boolean) => (ok ? 'as expected' : 'NOT as expected');

function weightPart(weights: CheckoutRouteWeight[]): string {
  const shown = (route: string) => (route.startsWith('/checkout') ? '/checkout?event=…&slot=…&consent=…' : route.replace(/event=[0-9a-f-]{36}/, 'event={id}'));
  const rows = weights.map(
    (w) => `| \`${shown(w.route)}\` | ${w.who} | ${w.scripts.length} | ${kb(w.totalBytes)} | ${w.paypalScripts.length === 0 ? 'none' : w.paypalScripts.map((p) => `\`${p}\``).join(', ')} |`,
  );
  const checkout = weights.find((w) => w.route.startsWith('/checkout'));
  const onlyCheckout = weights.every((w) => (w === checkout ? w.paypalScripts.length > 0 : w.paypalScripts.length === 0));
  const files = checkout ? checkout.scripts.map((f) => `  - \`${f.url}\` ${kb(f.encodedBytes)}`).join('\n') : '';
  return `| route | who | scripts | JavaScript | scripts with PayPal code |
| --- | --- | --- | --- | --- |
${rows.join('\n')}

PayPal code only on \`/checkout\`: ${onlyCheckout ? 'yes' : 'NO'}. Scripts of \`/checkout\`:

${files}`;
}

function capturePart(runs: CaptureRun[]): string {
  const race = runs.map((r) => {
    if (!r.race || !r.counts) return `| ${r.database} | skipped: ${r.note ?? 'no figures'} | | | | | | | | | | |`;
    const c = r.counts;
    const ok = r.race.created === 1 && r.race.other === 0 && r.race.captureIds === 1 && c.raceTransactions === 1 && c.racePayPalCaptures === 1 && c.raceConfirmed === 1;
    return `| ${r.database} | ${CAPTURE_BENCH.CAPTURES} | ${s(r.race.settleMs)} | ${Math.round(r.race.p50Ms)} ms | ${Math.round(r.race.maxMs)} ms | ${r.race.created} | ${r.race.replayed} | ${r.race.other} | ${r.race.captureIds} | ${c.raceTransactions} | ${c.racePayPalCaptures} | ${c.raceConfirmed} | ${verdict(ok)} |`;
  });
  const last = runs.map((r) => {
    if (!r.lastPlaces || !r.counts) return `| ${r.database} | skipped: ${r.note ?? 'no figures'} | | | | | | | | | | | |`;
    const l = r.lastPlaces;
    const c = r.counts;
    const places = CAPTURE_BENCH.PLACES_LEFT;
    const ok = l.ordered === places && l.captured === places && l.refusedAtOrder === CAPTURE_BENCH.MEMBERS - places && l.orderOther === 0 && l.captureOther === 0 &&
      c.lastConfirmed === places && c.lastPaidByCard === places && c.lastTransactions === places && c.lastPayPalCaptures === places && c.slotsTwice === 0 && c.refunds === 0;
    return `| ${r.database} | ${CAPTURE_BENCH.MEMBERS} | ${places} | ${s(l.settleMs)} | ${l.ordered} | ${l.refusedAtOrder} | ${l.orderOther} | ${l.captured} | ${l.captureOther} | ${c.lastPaidByCard} | ${c.lastTransactions} | ${c.lastPayPalCaptures} | ${c.slotsTwice} | ${c.refunds} | ${verdict(ok)} |`;
  });
  return `**${CAPTURE_BENCH.CAPTURES} captures of one order at once.** One member's order, approved at the
sandbox, then ${CAPTURE_BENCH.CAPTURES} \`POST /api/payments/orders/{id}/capture\` sent at the same moment (tabs,
retries). Expected: one 201, every other answer 200 with the same capture, one
transaction row, one capture at PayPal, one confirmed appointment.

| database | captures | settle | p50 | max | 201 | 200 | other | capture ids | transactions | PayPal captures | confirmed | result |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${race.join('\n')}

**${CAPTURE_BENCH.MEMBERS} members for the last ${CAPTURE_BENCH.PLACES_LEFT} places.** A paid event of ${CAPTURE_BENCH.SLOTS} one-place times with
${CAPTURE_BENCH.SLOTS - CAPTURE_BENCH.PLACES_LEFT} already taken; ${CAPTURE_BENCH.MEMBERS} members at once, half on the first free time and the rest
spread over the free ones, each through \`POST /api/payments/orders\` (the hold), the card
confirmed at the sandbox as its SDK does, then capture. "Settle" runs from the
first request to the last answer. Expected: ${CAPTURE_BENCH.PLACES_LEFT} holds, ${CAPTURE_BENCH.PLACES_LEFT} captures and ${CAPTURE_BENCH.PLACES_LEFT} bookings paid by card, every
other member refused at create-order (409) before any money moves, no time
booked twice, no refund.

| database | members | places left | settle | orders 201 | orders 409 | orders other | captures 201 | captures other | paid by card | transactions | PayPal captures | time twice | refunds | result |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${last.join('\n')}`;
}

export function checkoutSection(bench: CheckoutBench, context: { date: string; command: string; loadAverage: number; commit: string }): string {
  return `${TITLE}

Measured ${context.date} at commit ${context.commit} with \`${context.command}\`
(load average ${context.loadAverage.toFixed(2)} at the start), by \`scripts/bench/checkout.ts\`.
The server runs \`tsx server/main.ts\` with \`NODE_ENV=development\` and no
\`PAYPAL_*\` settings, because only then does it serve the local PayPal sandbox
(production never mounts it); with real settings the page loads PayPal's own
SDK from paypal.com instead of \`/dev/paypal/sdk/js\`.

### First-load JavaScript of /checkout

The built site, the demo data on a fresh PGlite \`DATA_DIR\`, the demo member
signed in through \`/login\` and the stored session copied into a fresh browser
context per route (service worker blocked), counted as in "First-load
JavaScript per route" above; on \`/checkout\` counting waits until the card
fields are drawn. A script "has PayPal code" when its text contains
\`paypal\`.

${weightPart(bench.weights)}

### Capture contention

Over HTTP to the real server with its local PayPal sandbox, on a temporary
PGlite \`DATA_DIR\` and on a fresh PostgreSQL database (created and dropped).
Members, consents and events are written before the server starts; the
transactions, PayPal captures, bookings, times booked twice and refunds are
counted in the database once the server has stopped.

${capturePart(bench.captures)}
`;
}

/** `text` with its card checkout section replaced by `section` (or added at the end). */
export const withCheckoutSection = (text: string, section: string): string => withSection(text, TITLE, section);
