/**
 * Booking under contention against the real server: the scenario of
 * tests/fixtures/contention.ts (500 members, one 20-place event, 100 of
 * them on one slot) is written into the database before the server starts
 * (PGlite's DATA_DIR has one owner at a time), then every member's POST
 * /api/appointments is sent at once over HTTP (tests/fixtures/rush.ts):
 * on PGlite, on PostgreSQL with one server process, and on PostgreSQL with
 * RUSH_PROCESSES processes taking turns, as behind a load balancer, both
 * as the servers' first traffic and on servers already answering members.
 * Reported: the time until the last answer from the first request,
 * successes, refusals, every status, and whether any slot was booked twice.
 */
import os from 'node:os';
import { addDays, londonDate } from '../../src/domain/london-time.ts';
import type { Database } from '../../server/platform/db/adapter.ts';
import { migrate } from '../../server/platform/db/migrate.ts';
import { signingSecret } from '../../server/modules/auth';
import { openPglite } from '../../server/platform/db/pglite.ts';
import { openPostgres } from '../../server/platform/db/postgres.ts';
import type { BenchDatabase } from './postgres.ts';
import type { RunningServer } from './server.ts';
import { CONTENTION, prepareContention, type ContentionAttempt } from '../../tests/fixtures/contention.ts';
import { fireListing, fireRush, percentile } from '../../tests/fixtures/rush.ts';
import { withSection } from './sections.ts';

export interface ContentionRun {
  database: string;
  /** Server processes the attempts were spread over (in turns), all on one database. */
  processes: number;
  /**
   * 'fresh': the rush is the servers' first traffic. 'running': every
   * member's GET /api/appointments went first (members signed in and
   * waiting for booking to open), so the servers' code and connections
   * are warm as in a site that is up and busy.
   */
  servers: 'fresh' | 'running';
  attempts: number;
  places: number;
  /** From the first request sent to the last answer received. */
  settleMs: number;
  /** Half the answers had arrived by then (from the first request sent). */
  p50Ms: number;
  succeeded: number;
  /** 409 slot_taken / fully_booked: the expected answer for the rest. */
  refused: number;
  /** Any other status (5xx included). */
  unexpected: number;
  /** Requests that got no HTTP answer at all. */
  networkErrors: number;
  /** Distinct slots among the successes; equal to `succeeded` when no slot went twice. */
  distinctSlots: number;
  /** Answers per HTTP status ("0": none). */
  byStatus: Record<string, number>;
  /** The floor: every member's GET /api/appointments at once on the same servers right after, first request to last answer. */
  floorMs: number;
  /** The machine's 1-minute load average as the rush began. */
  loadAverage: number;
  note?: string;
}

/** The rush's goal (over RUSH_PROCESSES processes on PostgreSQL): every answer this soon after the first request. */
export const RUSH_GOAL_MS = 2_000;
export const RUSH_PROCESSES = 3;

/**
 * Writes the scenario into `db` (then closed); resolves to the requests to
 * send and the secret their tokens are signed with, which the server must
 * be started with (production takes it from AUTH_JWT_SECRET; without it
 * every request was refused with 401).
 */
export async function prepareContentionData(db: Database): Promise<{ attempts: ContentionAttempt[]; secret: string }> {
  try {
    await migrate(db);
    const now = new Date();
    const { attempts } = await prepareContention(db, now, addDays(londonDate(now), 10));
    return { attempts, secret: await signingSecret(db, undefined) };
  } finally {
    await db.close();
  }
}

export async function fireContention(
  baseUrls: readonly string[],
  database: string,
  attempts: ContentionAttempt[],
  servers: ContentionRun['servers'] = 'fresh',
): Promise<ContentionRun> {
  if (servers === 'running') await fireListing(baseUrls, attempts);
  const loadAverage = os.loadavg()[0] ?? 0;
  const rush = await fireRush(baseUrls, attempts);
  if (Object.keys(rush.noAnswer).length > 0) console.warn(`requests with no answer: ${JSON.stringify(rush.noAnswer)}`);
  const floor = await fireListing(baseUrls, attempts);
  const statuses = Object.entries(rush.byStatus);
  const sum = (keep: (status: number) => boolean) => statuses.reduce((n, [status, k]) => n + (keep(Number(status)) ? k : 0), 0);
  return {
    database,
    processes: baseUrls.length,
    servers,
    attempts: attempts.length,
    places: CONTENTION.PLACES,
    settleMs: rush.lastAnswerMs,
    p50Ms: percentile(rush.answers.map((a) => a.ms), 50),
    succeeded: rush.booked,
    refused: sum((s) => s === 409),
    unexpected: sum((s) => s !== 0 && s !== 201 && s !== 409),
    networkErrors: sum((s) => s === 0),
    distinctSlots: rush.distinctSlots,
    byStatus: rush.byStatus,
    floorMs: floor.lastAnswerMs,
    loadAverage,
  };
}

export interface ContentionDeps {
  tempDataDir(): string;
  /** Runs `fn` against a server started with these settings (DATA_DIR, DATABASE_URL, ...). */
  withServer<T>(env: Record<string, string | undefined>, fn: (server: RunningServer) => Promise<T>): Promise<T>;
  /** A fresh PostgreSQL database, or null when none answers. */
  createDatabase(): Promise<BenchDatabase | null>;
  step(text: string): void;
}

/** `count` servers with these settings, started one after another (each migrates at start), all stopped afterwards. */
function withServers<T>(deps: ContentionDeps, count: number, env: () => Record<string, string | undefined>, fn: (servers: RunningServer[]) => Promise<T>): Promise<T> {
  const started: RunningServer[] = [];
  const next = (): Promise<T> =>
    started.length === count ? fn(started) : deps.withServer(env(), (server) => (started.push(server), next()));
  return next();
}

const skipped = (database: string, processes: number, servers: ContentionRun['servers'], note: string): ContentionRun => ({
  database, processes, servers, attempts: 0, places: CONTENTION.PLACES, settleMs: 0, p50Ms: 0, succeeded: 0, refused: 0, unexpected: 0,
  networkErrors: 0, distinctSlots: 0, byStatus: {}, floorMs: 0, loadAverage: 0, note,
});

export interface PostgresRush {
  processes: number;
  servers: ContentionRun['servers'];
}

/** The PostgreSQL runs: one fresh process (as measured from the first booking benchmark on), then the rush over RUSH_PROCESSES, fresh and running. */
export const POSTGRES_RUSHES: readonly PostgresRush[] = [
  { processes: 1, servers: 'fresh' },
  { processes: RUSH_PROCESSES, servers: 'fresh' },
  { processes: RUSH_PROCESSES, servers: 'running' },
];

/**
 * The scenario on PGlite (one process), then on PostgreSQL as
 * POSTGRES_RUSHES says, each in a fresh database (skipped, with a note,
 * when PostgreSQL does not answer).
 */
export async function runContention(
  deps: ContentionDeps,
  { pglite: onPglite = true, postgres: rushes = POSTGRES_RUSHES }: { pglite?: boolean; postgres?: readonly PostgresRush[] } = {},
): Promise<ContentionRun[]> {
  const runs: ContentionRun[] = [];
  const report = (run: ContentionRun) => {
    console.log(
      `${run.database}, ${run.processes} ${run.servers} process(es): ${run.succeeded} booked of ${run.attempts}, last answer ${(run.settleMs / 1000).toFixed(2)} s ` +
        `after the first request (p50 ${(run.p50Ms / 1000).toFixed(2)} s); ${run.refused} refused, ${run.unexpected} other, ${run.networkErrors} unanswered; ` +
        `statuses ${JSON.stringify(run.byStatus)}; floor ${(run.floorMs / 1000).toFixed(2)} s`,
    );
    runs.push(run);
  };

  if (onPglite) {
    deps.step(`Booking contention on PGlite: ${CONTENTION.MEMBERS} attempts for ${CONTENTION.PLACES} places`);
    const dataDir = deps.tempDataDir();
    const pglite = await prepareContentionData(await openPglite(dataDir));
    await deps.withServer({ DATA_DIR: dataDir, SEED_DEMO: 'false', AUTH_JWT_SECRET: pglite.secret }, async (server) =>
      report(await fireContention([server.baseUrl], 'PGlite', pglite.attempts)),
    );
  }

  for (const { processes, servers: started } of rushes) {
    deps.step(`Booking contention on PostgreSQL over ${processes} ${started} process(es): ${CONTENTION.MEMBERS} attempts for ${CONTENTION.PLACES} places`);
    const database = await deps.createDatabase();
    if (!database) {
      runs.push(skipped('PostgreSQL', processes, started, 'PostgreSQL did not answer'));
      continue;
    }
    try {
      const postgres = await prepareContentionData(await openPostgres(database.url));
      const env = () => ({ DATA_DIR: deps.tempDataDir(), DATABASE_URL: database.url, SEED_DEMO: 'false', AUTH_JWT_SECRET: postgres.secret });
      await withServers(deps, processes, env, async (servers) => {
        const run = await fireContention(servers.map((s) => s.baseUrl), 'PostgreSQL', postgres.attempts, started);
        // A request with no answer means a server went away: its log says why.
        if (run.networkErrors > 0) for (const server of servers) console.warn(`log of ${server.baseUrl}:\n${server.log().slice(-3000)}`);
        report(run);
      });
    } finally {
      await database.drop();
    }
  }
  return runs;
}

/** Whether `run` met the rush's goal: exactly the places booked, no 5xx, every request answered within RUSH_GOAL_MS. */
export function rushGoalMet(run: ContentionRun): boolean {
  const serverErrors = Object.entries(run.byStatus).some(([status, n]) => Number(status) >= 500 && n > 0);
  return !run.note && run.succeeded === run.places && !serverErrors && run.networkErrors === 0 && run.settleMs <= RUSH_GOAL_MS;
}

const TITLE = '## Booking under contention';

export function contentionSection(runs: ContentionRun[], context: { date: string; command: string; loadAverage: number; commit: string }): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const statuses = (r: ContentionRun) => Object.entries(r.byStatus).map(([status, n]) => `${status === '0' ? 'none' : status}: ${n}`).join(', ');
  const rows = runs.map((r) =>
    r.note
      ? `| ${r.database} | ${r.processes} | ${r.servers} | - | - | - | - | - | - | - | - | - | - | - | skipped: ${r.note} |`
      : `| ${r.database} | ${r.processes} | ${r.servers} | ${r.loadAverage.toFixed(2)} | ${r.attempts} | ${r.places} | ${seconds(r.settleMs)} | ${seconds(r.p50Ms)} | ${seconds(r.floorMs)} | ${r.succeeded} | ${r.refused} | ${r.unexpected} | ${r.networkErrors} | ${statuses(r)} | ${r.distinctSlots === r.succeeded ? 'none' : `${r.succeeded - r.distinctSlots} slot(s) twice`} |`,
  );
  const goal = (servers: ContentionRun['servers']) => {
    const rush = runs.find((r) => r.database === 'PostgreSQL' && r.processes === RUSH_PROCESSES && r.servers === servers);
    if (!rush) return `${servers} processes: not measured`;
    if (rush.note) return `${servers} processes: not measured (${rush.note})`;
    return `${servers} processes: **${rushGoalMet(rush) ? 'met' : 'not met'}**, last answer ${seconds(rush.settleMs)} after the first request, ${rush.succeeded} booked, ${statuses(rush)}`;
  };
  return `${TITLE}

${CONTENTION.MEMBERS} signed-in members send \`POST /api/appointments\` at the same moment for one
free event with ${CONTENTION.PLACES} places (${CONTENTION.PLACES} slots of one place; ${CONTENTION.HOT_SLOT_MEMBERS} of the members aim at the first
slot, the rest are spread over all of them), over HTTP to the real server
(\`tsx server/main.ts\`, \`NODE_ENV=production\`) on this machine. With several
processes they all use one PostgreSQL database and the requests take turns
across them (request i goes to process i mod n), as behind a load balancer;
the processes, the PostgreSQL server and the sender share this machine's
cores. Members, profiles, sessions and consents are written into the
database before the servers start. "Fresh" servers get the rush as their
first traffic (their code not yet optimised by the JIT, no open database
connections); "running" ones first answer every member's
\`GET /api/appointments\` (members signed in, waiting for booking to open),
as a site that is up and busy would. "Last answer" is the time from the
first request sent until the last answer arrived, p50 when half had
arrived. "Floor" is read against it: right after, on the same servers,
every member's \`GET /api/appointments\` at once (the same token check and
one read each, no booking), first request to last answer. "Load" is the
machine's 1-minute load average as the run began (other work on these
2 cores slows every figure). Each success queues its confirmation email
as a job in the booking's transaction; \`SMTP_URL\` points at a closed port,
so the workers' sends fail and are retried later. Expected: exactly
${CONTENTION.PLACES} successes, every other answer 409 (\`slot_taken\` or \`fully_booked\`), no
other status, no slot twice.

Goal for ${CONTENTION.MEMBERS} members over ${RUSH_PROCESSES} processes on PostgreSQL: every answer within
${RUSH_GOAL_MS / 1000} s of the first request, exactly ${CONTENTION.PLACES} booked, no 5xx.

- ${goal('running')}
- ${goal('fresh')}

Measured ${context.date} at commit ${context.commit} with \`${context.command}\`
(load average ${context.loadAverage.toFixed(2)} at the start).

| database | processes | servers | load | attempts | places | last answer | p50 | floor | 201 | 409 | other status | no answer | statuses | slot booked twice |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}
`;
}

/** `text` with its contention section replaced by `section` (or added at the end). */
export const withContentionSection = (text: string, section: string): string => withSection(text, TITLE, section);
