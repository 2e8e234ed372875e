/**
 * `npm run scale:reads -- [--runs 300] [--explain] [--only name,name]`:
 * each staff and member read timed against the scale data
 * (docs/decisions/0033-staff-and-member-reads-at-scale.md), through the
 * whole app in this process (token check, role, route, SQL, answer check),
 * one request at a time; prints p50, p99 and the answer's size. With
 * --explain, prints the plan of every statement behind each read and
 * marks each sequential scan of a growing table and each large sort.
 *
 * DATABASE_URL must name a PostgreSQL database built by `npm run
 * seed:scale` (migrated here first, so new indexes are in place). It adds a
 * member of staff and sessions to it, and the reads add their audit rows
 * and looks at records: a scratch database, never production.
 */
import { createApp } from '../server/app.ts';
import type { Database } from '../server/platform/db/adapter.ts';
import { migrate } from '../server/platform/db/migrate.ts';
import { openDatabase } from '../server/platform/db/open.ts';
import { EnvError, loadEnv } from '../server/platform/env.ts';
import { createJobs } from '../server/platform/jobs/queue.ts';
import { silentLogger } from '../server/platform/logger.ts';
import { londonDate } from '../src/domain/london-time.ts';
import { scaleActors, type ScaleActors } from './scale-reads/actors.ts';
import { capturing, explain } from './scale-reads/plans.ts';

const USAGE = 'Usage: npm run scale:reads -- [--runs N] [--explain] [--only name,name]   (DATABASE_URL: a database seeded by npm run seed:scale)';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

interface Read {
  name: string;
  who: 'staff' | 'member';
  path: (a: ScaleActors) => string;
}

/** Every read of a staff or member page that reads the growing tables. */
const READS: Read[] = [
  { name: 'staff-events', who: 'staff', path: () => '/api/staff/events' },
  { name: 'staff-events-earlier', who: 'staff', path: () => '/api/staff/events?before=2025-01-01' },
  { name: 'staff-event', who: 'staff', path: (a) => `/api/staff/events/${a.pastEventId}` },
  { name: 'attendees-past', who: 'staff', path: (a) => `/api/staff/events/${a.pastEventId}/attendees` },
  { name: 'attendees-upcoming', who: 'staff', path: (a) => `/api/staff/events/${a.upcomingEventId}/attendees` },
  { name: 'waiting-list', who: 'staff', path: (a) => `/api/staff/events/${a.upcomingEventId}/waiting-list` },
  { name: 'lab-manifest', who: 'staff', path: (a) => `/api/staff/events/${a.pastEventId}/manifest` },
  { name: 'consent-answers', who: 'staff', path: (a) => `/api/staff/events/${a.pastEventId}/attendees/${a.pastAppointmentId}/consent` },
  { name: 'sample-lookup', who: 'staff', path: (a) => `/api/staff/events/${a.pastEventId}/samples/${a.sampleId}` },
  { name: 'result-holds', who: 'staff', path: () => '/api/staff/result-holds' },
  { name: 'result-holds-event', who: 'staff', path: (a) => `/api/staff/events/${a.heldEventId}/result-holds` },
  { name: 'failed-jobs', who: 'staff', path: () => '/api/staff/jobs/failures' },
  { name: 'card-payments', who: 'staff', path: () => '/api/staff/payments' },
  { name: 'staff-accounts', who: 'staff', path: () => '/api/staff/accounts' },
  { name: 'volunteers', who: 'staff', path: (a) => `/api/staff/events/${a.upcomingEventId}/volunteers` },
  { name: 'my-events-today', who: 'staff', path: () => '/api/staff/me/events' },
  { name: 'my-bookings', who: 'member', path: () => '/api/appointments' },
  { name: 'one-booking', who: 'member', path: (a) => `/api/appointments/${a.appointmentId}` },
  { name: 'cancellation-quote', who: 'member', path: (a) => `/api/appointments/${a.appointmentId}/cancellation` },
  { name: 'change-slots', who: 'member', path: (a) => `/api/appointments/${a.appointmentId}/change-slots` },
  { name: 'calendar-file', who: 'member', path: (a) => `/api/appointments/${a.appointmentId}/calendar.ics` },
  { name: 'checkout', who: 'member', path: (a) => `/api/payments/checkout?eventId=${a.bookedEventId}` },
  { name: 'medical-results', who: 'member', path: (a) => `/api/medical/results/${a.publicId}` },
  { name: 'data-export', who: 'member', path: () => '/api/me/export' },
  { name: 'record-access', who: 'member', path: () => '/api/me/record-access' },
  { name: 'profile', who: 'member', path: () => '/api/auth/profile' },
  { name: 'email-choices', who: 'member', path: () => '/api/email-choices' },
  { name: 'my-waiting-lists', who: 'member', path: () => '/api/waiting-list/events' },
];

function parseArgs(argv: readonly string[]) {
  const value = (name: string) => {
    const at = argv.indexOf(name);
    return at === -1 ? undefined : argv[at + 1];
  };
  const runs = value('--runs') ?? '300';
  if (!/^\d{1,5}$/.test(runs) || Number(runs) < 1) fail(USAGE);
  const only = value('--only')?.split(',');
  if (only && only.some((name) => !READS.some((r) => r.name === name))) fail(`${USAGE}\nReads: ${READS.map((r) => r.name).join(', ')}`);
  return { runs: Number(runs), explain: argv.includes('--explain'), only };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const env = loadEnv();
  if (env.nodeEnv === 'production') fail('Not in production: this adds a member of staff and sessions to the database.');
  if (!process.env.DATABASE_URL) fail(USAGE);
  const inner: Database = await openDatabase(env, silentLogger);
  try {
    await migrate(inner);
    const capture = capturing(inner);
    const jobs = createJobs({ db: capture.db, logger: silentLogger, worker: false });
    const app = createApp({ db: capture.db, env: { ...env, nodeEnv: 'production' }, jobs, listCacheMs: 0 });
    await jobs.start();
    const now = new Date();
    const actors = await scaleActors(inner, now, londonDate(now));
    const members = (await inner.query<{ n: number }>('SELECT count(*)::integer AS n FROM member_profiles'))[0]!.n;
    process.stdout.write(`${members} members; ${options.runs} requests each, one at a time, after 5 to warm up\n\n`);
    for (const read of READS.filter((r) => !options.only || options.only.includes(r.name))) {
      const path = read.path(actors);
      const headers = { Authorization: `Bearer ${read.who === 'staff' ? actors.staffToken : actors.memberToken}` };
      const ask = async () => {
        const response = await app.request(path, { headers });
        const body = await response.arrayBuffer();
        if (response.status !== 200) fail(`${read.name}: ${path} answered ${response.status}: ${Buffer.from(body).toString().slice(0, 300)}`);
        return body.byteLength;
      };
      if (options.explain) {
        capture.start();
        await ask();
        const statements = capture.take();
        process.stdout.write(`=== ${read.name}: GET ${path} (${statements.length} statements)\n`);
        for (const statement of statements) {
          const { plan, marked } = await explain(inner, statement);
          process.stdout.write(`--- ${statement.sql.replace(/\s+/g, ' ').trim()}\n${plan.join('\n')}\n`);
          for (const line of marked) process.stdout.write(`!!! ${line.trim()}\n`);
        }
        process.stdout.write('\n');
        continue;
      }
      for (let i = 0; i < 5; i += 1) await ask();
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < options.runs; i += 1) {
        const started = performance.now();
        bytes = await ask();
        times.push(performance.now() - started);
      }
      times.sort((x, y) => x - y);
      const ms = (n: number) => n.toFixed(1).padStart(7);
      process.stdout.write(`${read.name.padEnd(28)} p50 ${ms(percentile(times, 50))} ms  p99 ${ms(percentile(times, 99))} ms  ${String(bytes).padStart(8)} bytes\n`);
    }
    await jobs.stop();
  } finally {
    await inner.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) fail(error.message);
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
});
