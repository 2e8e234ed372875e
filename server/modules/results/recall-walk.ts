/**
 * How the recall sweeps find their due results at a cost that follows the
 * batch, whatever the planner's statistics say
 * (docs/decisions/0031-recall-sweep-at-scale.md). Each kind's waiting
 * results are indexed by (date, result_id), the order they are sent in,
 * restricted to those with a value not yet sent (migration 890). A batch
 * takes them a chunk at a time, in two statements:
 *
 * - the walk reads the next keys from that index, after the last the sweep
 *   has walked, and stops at the count asked for. It is planned with sorts
 *   ruled out, for that statement alone, which leaves the index read in
 *   order as its only plan. Left to its row estimates, a planner whose
 *   statistics predate a backlog (autovacuum off, tens of thousands made
 *   due by one update) believed few rows were due, and for every batch read
 *   them all, tested each against the member's choices and bookings, and
 *   sorted them under FOR UPDATE.
 * - the lock (lockChunk) finds those results by primary key alone and
 *   locks them, SKIP LOCKED, keeping those still waiting. Had it asked for
 *   the index's own condition in its WHERE clause, the planner could have
 *   chosen that index, and read every waiting row, to find them.
 *
 * A sweep keeps its place between batches, so a man passed by (no recall
 * emails, a booking ahead, not his newest result) is read once a sweep, not
 * once a batch; the next sweep starts from the window's first day again.
 */
import { addDays } from '../../../src/domain/london-time';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowsOf } from '../../platform/db/rows';

/** One kind's waiting results, as its partial index holds them (server/platform/db/migrations/890-recall-sweep-indexes.sql). */
export interface WaitingResults {
  /** The index's date column: the day the email falls due. */
  date: 'next_test_due' | 'recall_follow_up_on' | 'gp_prompt_due';
  /** The rest of the index's condition, of `r`: not yet sent, with a value. */
  unsent: string;
}

export const INVITATIONS: WaitingResults = { date: 'next_test_due', unsent: 'r.recall_invited_at IS NULL AND r.test_result IS NOT NULL' };
export const FOLLOW_UPS: WaitingResults = { date: 'recall_follow_up_on', unsent: 'r.recall_followed_up_at IS NULL AND r.test_result IS NOT NULL' };
export const GP_PROMPTS: WaitingResults = { date: 'gp_prompt_due', unsent: 'r.gp_prompt_sent_at IS NULL AND r.test_result IS NOT NULL' };

/**
 * The statement that locks a chunk the walk found, its ids the parameter $1
 * and the window's days $2 and $3: `select` names the columns (FROM
 * member_results r and its joins), `where` whether he should have the email.
 * A result is returned only if it is still waiting, read from the row as
 * locked: a result marked by another sweep since the walk read it, or whose
 * date has moved, is dropped. That test is outside the locking statement so
 * that its conditions on the result's own columns cannot lead the planner to
 * an index over every waiting row (a materialised CTE is not merged into the
 * query around it).
 */
export const lockChunk = ({ date, unsent }: WaitingResults, select: string, where: string) =>
  `WITH locked AS MATERIALIZED (
     SELECT (r.${date} BETWEEN $2::date AND $3::date AND ${unsent}) AS still_waiting, ${select}
     WHERE r.result_id = ANY($1::uuid[]) AND ${where}
     FOR UPDATE OF r SKIP LOCKED)
   SELECT * FROM locked WHERE still_waiting`;

/** The planner's sorts, ruled out while the walk is planned and put back as configured after it. */
const SORTS = ['enable_sort', 'enable_incremental_sort'];
const SORTS_OFF = `SELECT set_config(name, 'off', true) FROM pg_settings WHERE name = ANY($1::text[])`;
const SORTS_AS_CONFIGURED = 'SELECT set_config(name, reset_val, true) FROM pg_settings WHERE name = ANY($1::text[])';

const KEY_ROW = { date: col.text(), result_id: col.text() };

/** The greatest uuid: no result of the day before the window comes after it. */
const LAST_UUID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

export interface Walk {
  /** The days whose results it walks, inclusive. */
  readonly window: { from: string; to: string };
  /** The ids of up to `count` more waiting results, in index order after the last walked; fewer once the window is walked to its end. */
  next(tx: Queryable, count: number): Promise<string[]>;
}

/** A walk of one kind's waiting results due between `window.from` and `window.to`, for one sweep. */
export function walkWaiting(waiting: WaitingResults, window: { from: string; to: string }): Walk {
  const { date, unsent } = waiting;
  // The window's first day is not a bound of the scan: the key is, so the walk starts where it left off.
  let after = { date: addDays(window.from, -1), resultId: LAST_UUID };
  const sql = `SELECT to_char(r.${date}, 'YYYY-MM-DD') AS date, r.result_id::text AS result_id FROM member_results r
    WHERE (r.${date}, r.result_id) > ($1::date, $2::uuid) AND r.${date} <= $3::date AND ${unsent}
    ORDER BY r.${date}, r.result_id LIMIT $4`;
  return {
    window,
    async next(tx, count) {
      await tx.query(SORTS_OFF, [SORTS]);
      const keys = await rowsOf(tx, KEY_ROW, sql, [after.date, after.resultId, window.to, count]);
      await tx.query(SORTS_AS_CONFIGURED, [SORTS]);
      const last = keys.at(-1);
      if (last) after = { date: last.date, resultId: last.result_id };
      return keys.map((k) => k.result_id);
    },
  };
}

/**
 * Up to `limit` results of the walk that `lock` (a lockChunk statement) finds
 * still due and locks, in the walk's order: a chunk at a time, each no
 * larger than the batch still wants, so every result the lock returns is
 * taken and the walk's place is the end of its last chunk.
 */
export async function take<R extends { result_id: string }>(tx: Queryable, walk: Walk, limit: number, lock: (ids: string[]) => Promise<R[]>): Promise<R[]> {
  const taken: R[] = [];
  while (taken.length < limit) {
    const wanted = limit - taken.length;
    const ids = await walk.next(tx, wanted);
    if (ids.length > 0) {
      const order = new Map(ids.map((id, i) => [id, i]));
      taken.push(...(await lock(ids)).sort((a, b) => (order.get(a.result_id) ?? 0) - (order.get(b.result_id) ?? 0)));
    }
    if (ids.length < wanted) break;
  }
  return taken;
}
