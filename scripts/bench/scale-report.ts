/**
 * The section `npm run bench -- --scale` writes in docs/benchmarks.md
 * (scripts/bench/scale.ts measures it), with each goal met or not met.
 */
import { percentile } from '../../tests/fixtures/rush.ts';
import { BACKLOG, type BacklogRun, type ProbeFigures } from './scale-backlog.ts';
import { SINK_NICE } from './smtp-sink-process.ts';
import { lowered } from './priority.ts';
import type { ReadFigure } from './scale-reads.ts';
import { SCALE, type ScaleBench, type ScaleRun } from './scale.ts';
import type { QueryPlan } from './scale-plans.ts';
import { withSection } from './sections.ts';

const TITLE = '## At national scale';
export const SCALE_GOALS = { maxReadGrowth: 2, maxReadP99Ms: 150 } as const;

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
const n = (value: number) => value.toLocaleString('en-GB');
const minutes = (value: number) => (value >= 90_000 ? `${(value / 60_000).toFixed(1)} min` : `${(value / 1000).toFixed(0)} s`);
const p99 = (values: readonly number[]) => percentile(values, 99);
const p50 = (values: readonly number[]) => percentile(values, 50);

function readRows(demo: ScaleRun, national: ScaleRun): { rows: string[]; met: number; of: number } {
  let met = 0;
  const rows = national.reads.map((read) => {
    const before = demo.reads.find((r) => r.label === read.label);
    const growth = before ? p99(read.app) / Math.max(p99(before.app), 0.1) : Number.NaN;
    const ok = growth <= SCALE_GOALS.maxReadGrowth && p99(read.app) <= SCALE_GOALS.maxReadP99Ms && failures(read) === '' && (!before || failures(before) === '');
    if (ok) met += 1;
    const cells = (f: ReadFigure | undefined) => (f ? [ms(p50(f.app)), ms(p99(f.app)), ms(p99(f.bare))] : ['-', '-', '-']);
    const failed = [failures(read), before ? failures(before) : ''].filter(Boolean).join('; ');
    return `| \`${read.label}\` | ${cells(before).join(' | ')} | ${cells(read).join(' | ')} | ${read.app.length} | ${growth.toFixed(2)}x | ${mark(ok)}${failed ? ` (not 200: ${failed})` : ''} |`;
  });
  return { rows, met, of: national.reads.length };
}

/** Reads whose p99 stays within 2x of its floor's at both scales: their growth is the machine's from one moment to another, not the read's. */
function atTheFloor(demo: ScaleRun, national: ScaleRun): string {
  const near = (f: ReadFigure | undefined) => f !== undefined && p99(f.app) <= 2 * Math.max(p99(f.bare), 0.1);
  const labels = national.reads.filter((r) => near(r) && near(demo.reads.find((d) => d.label === r.label))).map((r) => `\`${r.label}\``);
  if (labels.length === 0) return '';
  return ` At both scales the p99 of ${labels.join(', ')} stayed within 2x of the floor's at the same moments: a growth there is the machine's, not the read's.`;
}

function failures(f: ReadFigure): string {
  return Object.entries(f.failures).map(([status, k]) => `${k} x ${status}`).join(', ');
}

const probeCells = (f: ProbeFigures, pick: 'events' | 'slots' | 'bare') => `${ms(f[pick].p50)} / ${ms(f[pick].p99)}`;

function backlogRows(runs: readonly BacklogRun[]): { sending: string[]; probes: string[] } {
  const sending = runs.map((r) => {
    const once = r.delivered === r.distinct && r.distinct === r.invited && r.invited === r.toInvite;
    const inTime = !r.timedOut && r.sweepToLastMs <= r.goalMs;
    const rate = r.sweepToLastMs > 0 ? (r.distinct / r.sweepToLastMs) * 1000 : 0;
    const analysed = r.analysedAfterMs === null ? 'not during the run' : `${minutes(r.analysedAfterMs)} after makeDue`;
    return `| makeDue(${n(r.asked)}) on ${r.day} | ${n(r.madeDue)} | ${n(r.screenedBefore)} | ${n(r.toInvite)} | ${n(r.invited)} | ${n(r.delivered)} to ${n(r.distinct)} men | ${minutes(r.waitMs)} | ${r.timedOut ? `over ${minutes(r.sweepToLastMs)} (stopped)` : minutes(r.sweepToLastMs)} | ${rate.toFixed(0)} a second | ${analysed} | ${minutes(r.goalMs)}: ${mark(inTime)}; once each: ${mark(once)} |`;
  });
  const probes = runs.flatMap((r) =>
    (['events', 'slots'] as const).map((pick) => {
      const ratio = r.during[pick].p99 / Math.max(r.quiet[pick].p99, 0.1);
      const floorRatio = r.during.bare.p99 / Math.max(r.quiet.bare.p99, 0.1);
      const path = pick === 'events' ? '`GET /api/events`' : '`GET /api/events/{id}/slots`';
      return `| makeDue(${n(r.asked)}) | ${path} | ${r.quiet.samples} | ${probeCells(r.quiet, pick)} | ${r.during.samples} | ${probeCells(r.during, pick)} | ${probeCells(r.quiet, 'bare')} | ${probeCells(r.during, 'bare')} | ${ratio.toFixed(2)}x | ${floorRatio.toFixed(2)}x | ${(ratio / floorRatio).toFixed(2)}x | ${mark(ratio <= BACKLOG.maxP99Ratio && r.during.failed === 0)}${r.during.failed ? ` (${r.during.failed} failed)` : ''} |`;
    }),
  );
  return { sending, probes };
}

/** What the largest backlog's rate would make of 100,000 invitations, the programme's size, when it sent fewer. */
function atRate(r: BacklogRun | undefined): string {
  if (!r || r.sweepToLastMs <= 0 || r.distinct === 0 || r.distinct >= 100_000) return '';
  const perSecond = (r.distinct / r.sweepToLastMs) * 1000;
  return `At the national backlog's rate, 100,000 invitations would take ${minutes((100_000 / perSecond) * 1000)} from the first sweep.\n`;
}

/** Whether anything analysed the results table after makeDue: with autovacuum off, the sweeps ran on the statistics of before. */
function analysing(autovacuum: string): string {
  if (autovacuum === 'on') return 'PostgreSQL runs with autovacuum on, which analyses a table soon after so many of its rows change.\n';
  return `This PostgreSQL runs with autovacuum ${autovacuum} (\`SHOW autovacuum\`), so nothing analysed member_results after \`makeDue\`:
the sweeps ran with the planner's statistics of before the backlog throughout (the first of the recall
batch's plans below). With autovacuum on, PostgreSQL's default, it would analyse the table at its next
pass (\`autovacuum_naptime\`, a minute by default), after which a batch takes the second plan.
`;
}

/** The two plans of the recall batch, stale and analysed, side by side in a sentence. */
function recallPlans(plans: ScaleBench['plans']): string {
  const [staleWalk, staleLock, analysedWalk, analysedLock] = plans;
  if (!staleWalk || !staleLock || !analysedWalk || !analysedLock) return '';
  // Read from the plans, so the words follow them: a Sort node means every row it was given was read first.
  const how = (...chunk: QueryPlan[]) =>
    chunk.some((p) => p.lines.some((l) => /^(\s*->\s+)?(Incremental )?Sort\b/.test(l)))
      ? 'reading and sorting every row due before taking its chunk'
      : 'walking the index in order and stopping at its chunk';
  const took = (...chunk: QueryPlan[]) => ms(chunk.reduce((sum, p) => sum + p.executionMs, 0));
  return `The first chunk of a recall sweep's batch (its walk of the index and its lock of what the walk found)
took ${took(staleWalk, staleLock)} with the planner's statistics as they were before the backlog (${how(staleWalk, staleLock)}),
and ${took(analysedWalk, analysedLock)} after ANALYZE (${how(analysedWalk, analysedLock)}).

`;
}

export function scaleSection(bench: ScaleBench, context: { date: string; command: string; commit: string; loadAverage: number; loadAverageEnd: number }): string {
  const [demo, national] = bench.runs as [ScaleRun, ScaleRun];
  const reads = readRows(demo, national);
  const backlog = backlogRows(bench.backlogs);
  const dataRow = (r: ScaleRun) =>
    `| ${r.label} | ${n(r.data.members)} | ${n(r.data.events)} (${n(r.data.eventsToCome)} to come) | ${n(r.data.bookings)} | ${n(r.data.results)} | ${r.data.seedSeconds.toFixed(0)} s | ${r.fixtures.member.results} results, ${r.fixtures.member.bookings} bookings | ${r.loadStart.toFixed(2)} to ${r.loadEnd.toFixed(2)} |`;
  const plans = bench.plans
    .map((p) => `#### ${p.title}\n\n${p.note}; ${ms(p.executionMs)}.\n\n\`\`\`text\n${p.lines.join('\n')}\n\`\`\``)
    .join('\n\n');
  return `${TITLE}

The site at a national programme's size beside the demo's, on this
machine: ${SCALE.webProcesses} web processes (\`NODE_ENV=production\`, \`JOB_WORKER=false\`, as behind a load
balancer) and one job worker outside the balancer at a lower CPU priority (nice ${SCALE.workerNice}, ${lowered()};
README, "Several processes, and web-only ones") over one PostgreSQL database, in two scratch databases built from
the same migrations by \`scripts/seed-scale.ts\` (docs/decisions/0031-recall-sweep-at-scale.md)
and dropped afterwards. The server processes, PostgreSQL, the mail sink
and the bench share the machine's cores, with other work running
(load averages below).

Measured ${context.date} at commit ${context.commit} with \`${context.command}\`
(load average ${context.loadAverage.toFixed(2)} at the start, ${context.loadAverageEnd.toFixed(2)} at the end; the run took ${bench.minutes.toFixed(0)} minutes).

| scale | men | events | bookings | results | built in | the man read | load average |
| --- | --- | --- | --- | --- | --- | --- | --- |
${bench.runs.map(dataRow).join('\n')}

### Reads beside the floor

Each read is sent ${national.reads[0]?.app.length ?? 0} times or for at most a minute (to the web processes in
turn, one at a time on a kept-alive connection each), and at the same
moment the same request goes to a bare \`node:http\` server replaying that
read's recorded answer (\`scripts/bench/bare-server.ts\`): the floor, what
the machine gave at those moments. The event is the first in the listing
anyone may book now; the man is a seeded one booked on it, with the most
results of its attendees, to whom the bench gave a password, stored as the server
stores one (argon2id, \`server/modules/auth/passwords.ts\`), since seeded
men have none; he signs in once for the member reads, and the sign-in
read (last) signs him in each time. Staff are the demo admin (\`SEED_DEMO\`),
signed in once per database at aal2: in production the account has no
authenticator, so one is enrolled and confirmed with its first code, as an
admin's first sign-in does. The attendee list is read before his
record-access list, which then shows the look it recorded.
Goals: each read at national scale within ${SCALE_GOALS.maxReadGrowth}x its p99 at the demo's
scale, and none above ${SCALE_GOALS.maxReadP99Ms} ms p99.

| read | demo p50 | demo p99 | demo floor p99 | national p50 | national p99 | national floor p99 | pairs | p99 growth | status |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${reads.rows.join('\n')}

${reads.met} of ${reads.of} reads met both goals.${atTheFloor(demo, national)}

### The recall backlog

The job worker sweeps once a minute on pg-boss's schedule, as in production
(no clock is moved and nothing triggers a sweep: the wait for the next
sweep is shown), and sends every email. With the processes running, \`makeDue\` puts men's newest results
four weeks from due and not yet invited; the mail goes to a counting SMTP
sink (\`scripts/bench/smtp-sink.ts\`, \`SMTP_URL\`; \`SMTP_MAX_CONNECTIONS\` at its
default of 4), which stands for a relay on another machine and so runs at the worker's lower priority (nice ${SINK_NICE}, as the worker's). First ${n(SCALE.firstBacklog)} men; then every man who asked for
recall emails (\`makeDue(${n(national.data.members)})\`, given the day before so that it takes
the first 10,000 again, due in 27 days). A man with a booking ahead is
rightly not invited, so fewer are invited than made due; the national backlog is made up to
${n(SCALE.nationalInvitations)} to invite, in the same transaction, with men screened before the site's time, as a
programme's go-live brings them from its earlier records (\`addScreenedBefore\`: a green result each, due, no
booking here; the "screened before" column), so the national figure is ${n(SCALE.nationalInvitations)} invitations sent. Timed from the
sweep's start (its time, stored on each result it marks) to the last
invitation the sink took. Goals: 10,000 within 2 minutes and the national
backlog within 10 minutes, each man exactly once.

| backlog | made due | screened before | to invite | marked invited | invitations taken | first sweep after | first sweep to last invitation | rate | autovacuum analysed member_results | goals |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${backlog.sending.join('\n')}

${[atRate(bench.backlogs.at(-1)), analysing(bench.autovacuum)].filter(Boolean).join('\n').trimEnd()}

Meanwhile \`GET /api/events\` and an event's slots were asked of the
web processes every ${BACKLOG.probeEveryMs} ms (and the events answer of the bare server), p50 / p99
in a quiet ${BACKLOG.quietMs / 1000} s just before \`makeDue\` and during the sending.
Goal: the p99 during within ${BACKLOG.maxP99Ratio}x of the quiet one (the status). The floor is a bare server in a
process of its own, at the web processes' priority: its growth is what the machine gave any process
at those moments, so the ratio over the floor's is the part of the growth that is the site's. Load average through
the backlogs: ${bench.backlogLoad.start.toFixed(2)} at the start, ${bench.backlogLoad.end.toFixed(2)} at the end.

| backlog | probe | quiet probes | quiet p50 / p99 | probes during | during p50 / p99 | floor quiet | floor during | p99 ratio | the floor's p99 ratio | p99 ratio over the floor's | status |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${backlog.probes.join('\n')}

### Query plans at national scale

EXPLAIN (ANALYZE, BUFFERS) of the statements the services run, caught as
they run them on a transaction that is then rolled back
(\`scripts/bench/scale-plans.ts\`), before the servers start.

${recallPlans(bench.plans)}${plans}
`;
}

export const withScaleSection = (text: string, section: string): string => withSection(text, TITLE, section);
