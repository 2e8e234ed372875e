/**
 * `npm run bench -- --scale`: the site at a national programme's size
 * against the demo's, on this machine, with three server processes
 * (production settings) over one PostgreSQL database: two web processes as
 * behind a load balancer and a job worker (SCALE). Two scratch databases are built from the same migrations by
 * scripts/seed-scale.ts: the demo's scale (3,500 men) and the national one
 * (100,000 men, or --scale-members=N).
 *
 * At each scale: the reads a member and staff make, each beside the floor
 * (scripts/bench/scale-reads.ts). At national scale, first the query plans
 * of the sweeps and the statistics (scripts/bench/scale-plans.ts), then the
 * recall backlog, twice: 10,000 men made due, then every man who asked for
 * recall emails, made up to 100,000 to invite with men screened before the
 * site's time (scripts/bench/scale-backlog.ts). The section it writes is
 * scripts/bench/scale-report.ts.
 */
import os from 'node:os';
import { addDays, londonDate } from '../../src/domain/london-time.ts';
import { latestDueDay } from '../../src/domain/recall-invitations.ts';
import { withSmtpSink, type SmtpSink } from './smtp-sink-process.ts';
import type { BenchDatabase } from './postgres.ts';
import type { RunningServer, ServerOptions } from './server.ts';
import { buildScaleDatabase, scaleFixtures, type ScaleData, type ScaleFixtures } from './scale-data.ts';
import { memberToken, staffToken, type StaffToken } from './scale-tokens.ts';
import { measureReads, readRoutes, type ReadFigure } from './scale-reads.ts';
import { queryPlans, type QueryPlan } from './scale-plans.ts';
import { backlogRun, startProbes, type BacklogRun } from './scale-backlog.ts';
import { recordingOf, oneConnection, timedCall } from './http-timing.ts';
import { slotsPath } from './report.ts';
import { withBareServer } from './side-by-side.ts';

/**
 * Three server processes as a deployment on one small machine runs them (README, "Processes"): two web
 * processes behind the load balancer (JOB_WORKER=false) and one job worker at a lower CPU priority, which
 * takes no requests from the balancer, so a backlog being sent waits for the web's requests, not they for it.
 */
export const SCALE = { demoMembers: 3_500, webProcesses: 2, workerNice: 10, firstBacklog: 10_000, nationalInvitations: 100_000 } as const;

export interface ScaleRun {
  label: 'demo' | 'national';
  data: ScaleData;
  fixtures: ScaleFixtures;
  staffFactor: StaffToken['factor'];
  reads: ReadFigure[];
  loadStart: number;
  loadEnd: number;
}

export interface ScaleBench {
  runs: ScaleRun[];
  plans: QueryPlan[];
  backlogs: BacklogRun[];
  /** The machine's 1-minute load average through the backlogs. */
  backlogLoad: { start: number; end: number };
  /** The whole run, databases built and dropped included. */
  minutes: number;
  /** PostgreSQL's autovacuum setting: off, nothing analyses a table after makeDue changes it. */
  autovacuum: string;
}

export interface ScaleDeps {
  tempDataDir(): string;
  withServer<T>(env: Record<string, string | undefined>, fn: (server: RunningServer) => Promise<T>, options?: ServerOptions): Promise<T>;
  /** A fresh PostgreSQL database (dropped at the bench's clean-up too), or null when none answers. */
  createDatabase(): Promise<BenchDatabase | null>;
  step(text: string): void;
  log(line: string): void;
  members: number;
  requests: number;
}

/**
 * The job worker (it migrates and seeds the demo accounts) and then the web processes, started one after
 * another with `env`'s settings, all stopped afterwards; `fn` is given the web processes' addresses.
 */
function withProcesses<T>(deps: ScaleDeps, env: () => Record<string, string | undefined>, fn: (web: RunningServer[]) => Promise<T>): Promise<T> {
  const web: RunningServer[] = [];
  const next = (): Promise<T> =>
    web.length === SCALE.webProcesses ? fn(web) : deps.withServer({ ...env(), JOB_WORKER: 'false' }, (server) => (web.push(server), next()));
  return deps.withServer({ ...env(), JOB_WORKER: 'true' }, next, { nice: SCALE.workerNice });
}

const load = () => os.loadavg()[0] ?? 0;

type AtScale = Pick<ScaleBench, 'plans' | 'backlogs' | 'backlogLoad' | 'autovacuum'> & { run: ScaleRun };

async function atScale(deps: ScaleDeps, sink: SmtpSink, label: ScaleRun['label'], members: number, national: boolean): Promise<AtScale> {
  deps.step(`Scratch database at ${label} scale: ${members.toLocaleString('en-GB')} men (scripts/seed-scale.ts)`);
  const database = await deps.createDatabase();
  if (!database) throw new Error('PostgreSQL did not answer: --scale needs it (TEST_DATABASE_URL or 127.0.0.1:5432)');
  const loadStart = load();
  const now = new Date();
  const today = londonDate(now);
  // Recall emails go from 09:00 UK time (RECALL_EMAIL_TIME): before it, a result due four weeks from today
  // is not due yet. The backlogs are made due from the last day whose emails are due now, at any hour.
  const dueDay = latestDueDay(now);
  const scale = await buildScaleDatabase(database, members, today);
  try {
    deps.log(`built in ${scale.data.seedSeconds.toFixed(0)} s: ${scale.data.events} events (${scale.data.eventsToCome} to come), ${scale.data.bookings} bookings, ${scale.data.results} results`);
    const [setting] = await scale.db.query<{ autovacuum: string }>('SHOW autovacuum');
    const autovacuum = setting?.autovacuum ?? 'unknown';
    let plans: QueryPlan[] = [];
    if (national) {
      deps.step('Query plans (EXPLAIN ANALYZE, BUFFERS; rolled back)');
      plans = await queryPlans(scale.db, { members, year: Number(today.slice(0, 4)) - 1, now });
      for (const plan of plans) deps.log(`${plan.title}: ${plan.executionMs.toFixed(1)} ms`);
    }
    deps.step(`A job worker (nice ${SCALE.workerNice}) and ${SCALE.webProcesses} web processes on the ${label} database`);
    const env = () => ({ DATA_DIR: deps.tempDataDir(), DATABASE_URL: scale.url, SMTP_URL: `smtp://127.0.0.1:${sink.port}` });
    return await withProcesses(deps, env, async (servers) => {
      const baseUrls = servers.map((s) => s.baseUrl);
      const fixtures = await scaleFixtures(scale.db, baseUrls[0]!, today);
      deps.log(`event ${fixtures.eventId}; member ${fixtures.member.email} (${fixtures.member.results} results, ${fixtures.member.bookings} bookings)`);
      const staff = await staffToken(baseUrls[0]!);
      const member = await memberToken(baseUrls[0]!, fixtures.member.email, fixtures.member.password);
      deps.step(`Reads beside the floor at ${label} scale, ${deps.requests} pairs each`);
      const reads = await measureReads(baseUrls, readRoutes(fixtures, member, staff.token), deps.requests, deps.log);
      const run: ScaleRun = { label, data: scale.data, fixtures, staffFactor: staff.factor, reads, loadStart, loadEnd: load() };
      if (!national) return { run, plans, backlogs: [], backlogLoad: { start: 0, end: 0 }, autovacuum };

      const backlogStart = load();
      const slots = { path: slotsPath(fixtures.eventId) };
      const agent = oneConnection();
      const events = await timedCall(baseUrls[0]!, { path: '/api/events' }, agent).finally(() => agent.destroy());
      const backlogs = await withBareServer(recordingOf(events), async (bareUrl) => {
        const probes = startProbes(baseUrls, slots, bareUrl);
        try {
          const runs: BacklogRun[] = [];
          deps.step(`The recall backlog: ${SCALE.firstBacklog.toLocaleString('en-GB')} men made due`);
          runs.push(await backlogRun(scale.db, sink, probes, { asked: SCALE.firstBacklog, day: dueDay, today, goalMs: 2 * 60_000, timeoutMs: 6 * 60_000 }, deps.log));
          deps.step(
            `The recall backlog: ${members.toLocaleString('en-GB')} asked (every man with recall emails on), due a day earlier, made up to ${SCALE.nationalInvitations.toLocaleString('en-GB')} to invite`,
          );
          const national = { asked: members, day: addDays(dueDay, -1), today, invitations: SCALE.nationalInvitations, goalMs: 10 * 60_000, timeoutMs: 13 * 60_000 };
          runs.push(await backlogRun(scale.db, sink, probes, national, deps.log));
          return runs;
        } finally {
          await probes.stop();
        }
      });
      return { run, plans, backlogs, backlogLoad: { start: backlogStart, end: load() }, autovacuum };
    });
  } finally {
    await scale.close();
    await database.drop();
  }
}

export async function runScale(deps: ScaleDeps): Promise<ScaleBench> {
  const started = Date.now();
  return withSmtpSink(async (sink) => {
    deps.log(`mail sink on port ${sink.port}`);
    const demo = await atScale(deps, sink, 'demo', SCALE.demoMembers, false);
    const national = await atScale(deps, sink, 'national', deps.members, true);
    const minutes = (Date.now() - started) / 60_000;
    deps.log(`the scale run took ${minutes.toFixed(1)} minutes`);
    const { plans, backlogs, backlogLoad, autovacuum } = national;
    return { runs: [demo.run, national.run], plans, backlogs, backlogLoad, autovacuum, minutes };
  });
}
