/**
 * The recall backlog at national scale: with the server processes running
 * (each sweeping once a minute on pg-boss's schedule, as in production),
 * makeDue (scripts/seed-scale.ts) puts N men's newest results four weeks
 * from due and not yet invited, as on the day a programme goes live; then
 * the bench waits until every man the sweep should invite has his
 * invitation in the mail sink (scripts/bench/smtp-sink.ts), counting each
 * recipient so a man sent two shows.
 *
 * All along, GET /api/events and an event's slots are asked of the
 * servers every few milliseconds (and the events answer of a bare server,
 * the floor), so their latency while the sweep and the sending run can be
 * read against the same probes in a quiet spell just before.
 */
import { percentile } from '../../tests/fixtures/rush.ts';
import type { Database } from '../../server/platform/db/adapter.ts';
import { col, rowOf } from '../../server/platform/db/rows.ts';
import { addDays } from '../../src/domain/london-time.ts';
import { addScreenedBefore, makeDue, toInvite as invitable } from '../seed-scale.ts';
import { oneConnection, timedCall, type Call } from './http-timing.ts';
import type { SmtpSink } from './smtp-sink-process.ts';

export const BACKLOG = { probeEveryMs: 5, quietMs: 20_000, pollMs: 2_000, stillMs: 150_000, maxP99Ratio: 1.5 } as const;

interface Sample {
  at: number;
  events: number;
  slots: number;
  bare: number;
  failed: boolean;
}

export interface ProbeFigures {
  samples: number;
  failed: number;
  events: { p50: number; p99: number };
  slots: { p50: number; p99: number };
  bare: { p50: number; p99: number };
}

export interface BacklogRun {
  /** makeDue's count and the UK day it was given (the due date is four weeks after). */
  asked: number;
  day: string;
  /** Men screened before the site's time added due as well (addScreenedBefore), to make the backlog up to the plan's invitations. */
  screenedBefore: number;
  madeDue: number;
  /** Made due, wanting recall emails and with no booking ahead: whom the sweep should invite. */
  toInvite: number;
  /** Marked invited in the database by the sweeps. */
  invited: number;
  /** Invitations the sink took, and to how many distinct men. */
  delivered: number;
  distinct: number;
  /** From makeDue's commit until the first sweep took the backlog, and from then until the last invitation arrived. */
  waitMs: number;
  sweepToLastMs: number;
  goalMs: number;
  timedOut: boolean;
  /** When autovacuum last analysed member_results, from makeDue's commit (null: not since). */
  analysedAfterMs: number | null;
  quiet: ProbeFigures;
  during: ProbeFigures;
}

export interface Probes {
  samples: Sample[];
  stop(): Promise<void>;
}

/** Probes every few ms until stopped: the servers in turn for the events and the slots, and the bare server for the events. */
export function startProbes(baseUrls: readonly string[], slots: Call, bareUrl: string): Probes {
  const samples: Sample[] = [];
  const agents = baseUrls.map(() => ({ events: oneConnection(), slots: oneConnection() }));
  const bare = oneConnection();
  let running = true;
  const loop = (async () => {
    for (let i = 0; running; i += 1) {
      const k = i % baseUrls.length;
      const at = Date.now();
      try {
        const [e, s, b] = await Promise.all([
          timedCall(baseUrls[k]!, { path: '/api/events' }, agents[k]!.events),
          timedCall(baseUrls[(k + 1) % baseUrls.length]!, slots, agents[(k + 1) % baseUrls.length]!.slots),
          timedCall(bareUrl, { path: '/api/events' }, bare),
        ]);
        samples.push({ at, events: e.ms, slots: s.ms, bare: b.ms, failed: e.status !== 200 || s.status !== 200 });
      } catch {
        samples.push({ at, events: Number.NaN, slots: Number.NaN, bare: Number.NaN, failed: true });
      }
      await new Promise((resolve) => setTimeout(resolve, BACKLOG.probeEveryMs));
    }
  })();
  return {
    samples,
    async stop() {
      running = false;
      await loop;
      for (const agent of [...agents.flatMap((a) => [a.events, a.slots]), bare]) agent.destroy();
    },
  };
}

function figuresOf(samples: readonly Sample[], from: number, to: number): ProbeFigures {
  const within = samples.filter((s) => s.at >= from && s.at <= to);
  const ok = within.filter((s) => !s.failed);
  const of = (pick: (s: Sample) => number) => ({ p50: percentile(ok.map(pick), 50), p99: percentile(ok.map(pick), 99) });
  return { samples: within.length, failed: within.length - ok.length, events: of((s) => s.events), slots: of((s) => s.slots), bare: of((s) => s.bare) };
}

const COUNT_ROW = { n: col.int() };
const INVITED_ROW = { n: col.int(), first: col.nullable(col.instant()) };
const ANALYSED_ROW = { at: col.nullable(col.instant()) };

export interface BacklogPlan {
  asked: number;
  /** The UK day makeDue is given: today, or the day before to make the same men due again (due in 27 days instead of 28). */
  day: string;
  today: string;
  /** Make the backlog up to this many men to invite with men screened before the site's time, when makeDue alone gives fewer. */
  invitations?: number;
  goalMs: number;
  timeoutMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function backlogRun(db: Database, sink: SmtpSink, probes: Probes, plan: BacklogPlan, log: (line: string) => void): Promise<BacklogRun> {
  const quietFrom = Date.now();
  await sleep(BACKLOG.quietMs);
  const quietTo = Date.now();
  await sink.reset();
  const due = addDays(plan.day, 28);
  // Results already due that day were invited when the data was built (at midnight of the day their window opened); a sweep that began
  // just before makeDue committed may mark the backlog with its own earlier start, but not a minute earlier.
  const since = new Date(Date.now() - 60_000);
  const screenedBefore = await db.transaction(async (tx) => {
    await makeDue(tx, plan.asked, plan.day);
    const short = (plan.invitations ?? 0) - (await invitable(tx, plan.day, plan.today));
    if (short > 0) await addScreenedBefore(tx, short, plan.day);
    return Math.max(short, 0);
  });
  const madeAt = Date.now();
  const madeDue = (await rowOf(db, COUNT_ROW, 'SELECT count(*)::integer AS n FROM member_results WHERE next_test_due = $1::date AND recall_invited_at IS NULL', [due]))!.n;
  const toInvite = await invitable(db, plan.day, plan.today);
  log(`made ${madeDue} results due on ${due} (${screenedBefore} of them men screened before); ${toInvite} of them to invite (recall emails on, no booking ahead); waiting for the sweep`);

  const invitedNow = async () =>
    (await rowOf(
      db,
      INVITED_ROW,
      'SELECT count(*)::integer AS n, min(recall_invited_at) AS first FROM member_results WHERE next_test_due = $1::date AND recall_invited_at >= $2',
      [due, since],
    ))!;
  let invited = { n: 0, first: null as Date | null };
  let lastChange = Date.now();
  let lastDelivered = 0;
  let lastLog = 0;
  let timedOut = false;
  for (;;) {
    await sleep(BACKLOG.pollMs);
    const counts = sink.counts();
    const logDue = Date.now() - lastLog >= 10_000;
    // The database's count reads the day's results (tens of ms of the database's core beside the probes):
    // asked as often as the log shows it, and whenever the sink has everyone; the sink's own count at every poll.
    if (logDue || counts.distinctInvited >= toInvite) {
      const before = invited.n;
      invited = await invitedNow();
      if (invited.n !== before) lastChange = Date.now();
    }
    if (counts.invitations !== lastDelivered) {
      lastDelivered = counts.invitations;
      lastChange = Date.now();
    }
    if (logDue) {
      lastLog = Date.now();
      log(`${((Date.now() - madeAt) / 1000).toFixed(0)} s: ${invited.n} invited in the database, ${counts.invitations} delivered (${counts.distinctInvited} men) of ${toInvite}`);
    }
    // Done when everyone due is in the sink; or when the sweeps have marked nobody new for a while and the sink has them all.
    if (counts.distinctInvited >= toInvite && invited.n >= toInvite) break;
    if (invited.n > 0 && counts.invitations >= invited.n && Date.now() - lastChange > BACKLOG.stillMs) break;
    if (Date.now() - madeAt > plan.timeoutMs) {
      timedOut = true;
      break;
    }
  }
  // A second copy to anyone would come soon after the first: give it a moment to show.
  await sleep(5_000);
  invited = await invitedNow();
  const counts = sink.counts();
  const analysed = await rowOf(db, ANALYSED_ROW, "SELECT last_autoanalyze AS at FROM pg_stat_user_tables WHERE relname = 'member_results'", []);
  const analysedAt = analysed?.at?.getTime() ?? 0;
  const firstSweep = Math.max(invited.first?.getTime() ?? madeAt, madeAt);
  const last = counts.lastInvitationAt || Date.now();
  return {
    asked: plan.asked,
    day: plan.day,
    screenedBefore,
    madeDue,
    toInvite,
    invited: invited.n,
    delivered: counts.invitations,
    distinct: counts.distinctInvited,
    waitMs: firstSweep - madeAt,
    sweepToLastMs: last - firstSweep,
    goalMs: plan.goalMs,
    timedOut,
    analysedAfterMs: analysedAt > madeAt ? analysedAt - madeAt : null,
    quiet: figuresOf(probes.samples, quietFrom, quietTo),
    during: figuresOf(probes.samples, firstSweep, last),
  };
}
