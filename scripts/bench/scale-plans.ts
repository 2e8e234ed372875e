/**
 * Query plans at national scale: EXPLAIN (ANALYZE, BUFFERS) of the very
 * statements the services run, caught as they run them rather than copied
 * here. Each service is handed a handle on one transaction that the bench
 * rolls back afterwards; the handle explains the statement looked for, on
 * the same transaction with the same parameters, then either lets it run
 * (the statistics) or stops the sweep there (the sweeps: nothing is marked
 * and no email is queued, and the data is as it was).
 *
 * - The recall sweep's invitation batch, with the go-live backlog made due
 *   (makeDue) inside the same transaction: its first chunk's walk of the
 *   index and the statement that locks what the walk found
 *   (server/modules/results/recall-walk.ts), with the planner's statistics
 *   as they were, then after ANALYZE.
 * - The reminders sweep's batch at noon UK time on the day before the next
 *   event with bookings (or now, if that has passed), when its reminders
 *   are due.
 * - Every SELECT the statistics of a year run (figures and years, as
 *   GET /api/staff/statistics asks them).
 */
import { createRemindersService } from '../../server/modules/booking/reminders-service.ts';
import type { BookingMail } from '../../server/modules/booking/booking-mail.ts';
import type { UnsubscribeLinks } from '../../server/modules/members/email-choices-service.ts';
import { createRecallEmailsService } from '../../server/modules/results/recall-emails-service.ts';
import { createScreeningStatsService } from '../../server/modules/statistics/screening-stats-service.ts';
import type { Database, Queryable } from '../../server/platform/db/adapter.ts';
import type { Mailer } from '../../server/platform/mail/types.ts';
import { DEFAULT_REMINDER_TIME } from '../../src/domain/reminders.ts';
import { addDays, londonDate, londonTime, londonToInstant } from '../../src/domain/london-time.ts';
import { latestDueDay } from '../../src/domain/recall-invitations.ts';
import { col, rowOf } from '../../server/platform/db/rows.ts';
import { makeDue } from '../seed-scale.ts';

export interface QueryPlan {
  title: string;
  /** The moment or data the plan was taken at. */
  note: string;
  lines: string[];
  executionMs: number;
}

/** Thrown by the handle once the statement is explained, to end a sweep there. */
class Explained extends Error {}
/** Thrown at the end of the work, so the transaction rolls back. */
class RolledBack extends Error {}

/** A list of ids EXPLAIN wrote out whole (the chunk a recall batch locks), shown as how many there are. */
const withIdsCounted = (line: string) => line.replace(/'\{(?:[0-9a-f-]{36},){9,}[0-9a-f-]{36}\}'/g, (ids) => `'{${ids.split(',').length} ids}'`);

async function explain(tx: Queryable, sql: string, params: readonly unknown[]): Promise<{ lines: string[]; executionMs: number }> {
  const rows = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
  const lines = rows.map((r) => withIdsCounted(r['QUERY PLAN']));
  const execution = lines.map((l) => /^Execution Time: ([\d.]+) ms/.exec(l)).find(Boolean);
  return { lines, executionMs: execution ? Number(execution[1]) : 0 };
}

/** For a statement: explain it, then let it run or stop the caller there; undefined: just run it. */
type Wanted = (sql: string) => 'run' | 'stop' | undefined;

/**
 * A Database over one transaction's handle: a statement `wanted` picks is
 * explained first, then runs or stops the caller as it says. A transaction
 * the service opens is the same one (it is rolled back whole), so the
 * isolation level it asks for is not set again.
 */
function explaining(tx: Queryable, wanted: Wanted, found: Found[]): Database {
  const handle: Database = {
    kind: 'postgres',
    async query(sql, params = []) {
      // A transaction the service opens is this one, already under way: its isolation level is the outer one's.
      if (/^\s*SET TRANSACTION\b/i.test(sql)) return [];
      const then = wanted(sql);
      if (then) {
        found.push({ sql, ...(await explain(tx, sql, params)) });
        if (then === 'stop') throw new Explained();
      }
      return tx.query(sql, params);
    },
    exec: (sql) => tx.exec(sql),
    executeSql: () => Promise.reject(new Error('the job queue is not used here')),
    transaction: (fn) => fn(handle),
    close: async () => {},
  };
  return handle;
}

async function rolledBack(db: Database, work: (tx: Queryable) => Promise<void>): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await work(tx);
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
}

const stopped = (error: unknown) => {
  if (!(error instanceof Explained)) throw error;
};

const notReached = () => Promise.reject(new Error('not reached: the sweep stops at its batch statement, before any email'));
const NO_MAIL = { send: notReached, sendMany: notReached } as unknown as Mailer;
const NO_BOOKING_MAIL = { prepare: async () => {}, reminders: notReached } as unknown as BookingMail;
const NO_LINKS: UnsubscribeLinks = { prepare: async () => {}, linkFor: notReached, check: notReached };

type Found = { sql: string; lines: string[]; executionMs: number };

function planOf(title: string, note: string, statement: Found | undefined): QueryPlan {
  if (!statement) throw new Error(`${title}: no statement was caught`);
  return { title, note, lines: statement.lines, executionMs: statement.executionMs };
}

const NEXT_EVENT_ROW = { event_date: col.nullable(col.text()) };

/** Noon UK time on the day before the next event with bookings to remind (its reminders due then), or now if that has passed. */
async function reminderMoment(db: Database, now: Date): Promise<Date> {
  const next = await rowOf(
    db,
    NEXT_EVENT_ROW,
    `SELECT to_char(min(e.event_date), 'YYYY-MM-DD') AS event_date FROM events e JOIN appointments a ON a.event_id = e.event_id
     WHERE e.event_date > $1::date AND e.cancelled_at IS NULL AND a.status = 'confirmed' AND a.reminder_sent_at IS NULL`,
    [londonDate(now)],
  );
  const noon = londonToInstant(addDays(next?.event_date ?? londonDate(now), -1), '12:00');
  return noon.getTime() > now.getTime() ? noon : now;
}

export async function queryPlans(db: Database, options: { members: number; year: number; now: Date }): Promise<QueryPlan[]> {
  const { now } = options;
  // Before 09:00 UK time a result due four weeks from today is not due yet (scale.ts): made due from the last day that is.
  const dueDay = latestDueDay(now);
  const plans: QueryPlan[] = [];
  const found: Found[] = [];

  await rolledBack(db, async (tx) => {
    await makeDue(tx, options.members, dueDay);
    // The walk of the invitations' index runs; the statement locking what it found is the last.
    const invitationChunk: Wanted = (sql) =>
      sql.includes('FOR UPDATE OF r SKIP LOCKED') ? 'stop' : sql.includes('ORDER BY r.next_test_due, r.result_id LIMIT') ? 'run' : undefined;
    const sweep = () =>
      createRecallEmailsService(explaining(tx, invitationChunk, found), () => now, NO_MAIL, async () => [], 'http://localhost', NO_LINKS)
        .sendDue()
        .then(() => {
          throw new Error('the recall sweep ran no batch statement');
        }, stopped);
    await sweep();
    // Autovacuum analyses a table soon after so many rows change; until it has, the planner counts the backlog as it was before.
    await tx.query('ANALYZE member_results');
    await sweep();
  });
  const [staleWalk, staleLock, analysedWalk, analysedLock] = found.splice(0);
  const backlog = `with makeDue(${options.members}) in the same transaction, ${dueDay}`;
  plans.push(planOf("The recall sweep's invitation batch, its walk of the index, the planner's statistics as before the backlog", backlog, staleWalk));
  plans.push(planOf("The recall sweep's invitation batch, its lock of what the walk found, the planner's statistics as before the backlog", backlog, staleLock));
  plans.push(planOf("The recall sweep's invitation batch, its walk of the index, after ANALYZE member_results", backlog, analysedWalk));
  plans.push(planOf("The recall sweep's invitation batch, its lock of what the walk found, after ANALYZE member_results", backlog, analysedLock));

  const remindAt = await reminderMoment(db, now);
  await rolledBack(db, async (tx) => {
    const reminders = createRemindersService(explaining(tx, (sql) => (sql.includes('FOR UPDATE OF a SKIP LOCKED') ? 'stop' : undefined), found), () => remindAt, NO_BOOKING_MAIL, DEFAULT_REMINDER_TIME);
    await reminders.sendDue().then(() => {
      throw new Error('the reminders sweep ran no batch statement');
    }, stopped);
  });
  plans.push(planOf("The reminders sweep's batch", `as at ${londonDate(remindAt)} ${londonTime(remindAt)} UK time, reminder time ${DEFAULT_REMINDER_TIME}`, found.pop()));

  await rolledBack(db, async (tx) => {
    const stats = createScreeningStatsService(explaining(tx, (sql) => (/^\s*(SELECT|WITH)\b/i.test(sql) ? 'run' : undefined), found), () => now);
    await stats.figures(options.year, 'all');
    await stats.years();
  });
  for (const [i, statement] of found.splice(0).entries()) {
    // The first table read (not the FROM of extract(year FROM ...)).
    const from = /\bFROM\s+([a-z_]+)(?=\s|$)/i.exec(statement.sql)?.[1] ?? 'a table';
    plans.push(planOf(`The statistics of ${options.year}: statement ${i + 1} (from ${from})`, 'figures and years, as GET /api/staff/statistics asks them', statement));
  }
  return plans;
}
