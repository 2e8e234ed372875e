/**
 * The failures page's side of the queue: the jobs that failed, putting one
 * back to be tried, and trying one now while staff wait. Apart from
 * queue.ts because it is what staff see and do rather than how jobs run,
 * and it reads and edits pg-boss's job table directly (states, retry
 * counts, start_after); createJobs gives it the pieces it shares.
 */
import type PgBoss from 'pg-boss';
import type { Database } from '../db/adapter';
import type { Logger } from '../logger';
import { JOB_KINDS, isJobId, type JobData, type JobHandler, type JobKind } from './job-kinds';

export interface FailedJob {
  id: string;
  kind: JobKind;
  /** 'failed': tries used up, waits for staff; 'retry': failed at least once, will be tried again. */
  state: 'failed' | 'retry';
  tries: number;
  lastError: string;
  createdAt: string;
  nextTryAt: string | null;
  data: unknown;
}

export interface JobFailures {
  /** Jobs that failed at least once and have not succeeded since, newest first. */
  failures(kinds?: readonly JobKind[]): Promise<FailedJob[]>;
  /** Puts a failed job back to be tried now; false when it is not failed (already retried, or done). */
  retry(kind: JobKind, id: string): Promise<boolean>;
  /**
   * Takes a failed job and tries it once more in this process now, waiting
   * up to `waitMs` for the outcome (a try still going on then finishes by
   * itself). 'not_waiting' when it is not failed (done meanwhile, being
   * tried, or no such job).
   */
  retryNow(kind: JobKind, id: string, waitMs: number): Promise<RetryNowOutcome>;
}

export type RetryNowOutcome =
  | { outcome: 'done' }
  | { outcome: 'failed'; error: string; state: 'retry' | 'failed'; tries: number; nextTryAt: string | null }
  | { outcome: 'running' }
  | { outcome: 'not_waiting' };

function errorText(output: unknown): string {
  if (output && typeof output === 'object') {
    const { message, value } = output as { message?: unknown; value?: unknown };
    if (typeof message === 'string') return message;
    if (typeof value === 'string') return value;
  }
  return typeof output === 'string' ? output : 'unknown error';
}

export interface JobFailuresDeps {
  db: Database;
  boss: PgBoss;
  schema: string;
  logger: Logger;
  /** The handler this process has for `kind`, if any (read at each call: handlers may be set late). */
  handlerFor(kind: JobKind): JobHandler<JobKind> | undefined;
  /** Wakes this process's worker for `kind`. */
  wake(kind: JobKind): void;
  /** Records a failed try as a worker's is, and returns its message. */
  recordFailure(kind: JobKind, id: string, error: unknown, which: string): Promise<string>;
}

/** Which jobs the failures page lists: failed for good, or failed at least once and waiting to be tried again. */
const FAILING = `(state = 'failed' OR (state = 'retry' AND started_on IS NOT NULL))`;

/**
 * The failures page's index on pg-boss's job table (on every queue's
 * partition, and each one made later): the failing jobs by age, so the
 * page reads the newest failures, not a day's finished jobs and a year's
 * failed ones (docs/decisions/0033-staff-and-member-reads-at-scale.md).
 * pg-boss makes its tables at start, after our migrations, so it is made
 * here, once.
 */
export async function indexFailures(db: Database, schema: string): Promise<void> {
  await db.query(`CREATE INDEX IF NOT EXISTS job_failing ON ${schema}.job (created_on) WHERE ${FAILING}`);
}

export function createJobFailures({ db, boss, schema, logger, handlerFor, wake, recordFailure }: JobFailuresDeps): JobFailures {
  return {
    async failures(kinds = JOB_KINDS) {
      const rows = await db.query<{
        id: string;
        name: JobKind;
        state: 'failed' | 'retry';
        retry_count: number;
        output: unknown;
        created_on: Date;
        start_after: Date;
        data: unknown;
      }>(
        `SELECT id::text AS id, name, state::text AS state, retry_count, output, created_on, start_after, data
         FROM ${schema}.job
         WHERE name = ANY($1::text[]) AND ${FAILING}
         ORDER BY created_on DESC LIMIT 500`,
        [[...kinds]],
      );
      return rows.map((row) => ({
        id: row.id,
        kind: row.name,
        state: row.state,
        // pg-boss counts a retry when it starts; a job back in 'retry' or 'failed' has had one more try than that.
        tries: row.retry_count + 1,
        lastError: errorText(row.output),
        createdAt: row.created_on.toISOString(),
        nextTryAt: row.state === 'retry' ? row.start_after.toISOString() : null,
        data: row.data,
      }));
    },

    async retry(kind, id) {
      if (!isJobId(id) || !JOB_KINDS.includes(kind)) return false;
      const rows = await db.query(
        // A second back: pg-boss takes only jobs with start_after < now(), and PGlite's clock can read
        // the same instant for this statement and the next fetch, which then skipped the job.
        `UPDATE ${schema}.job SET state = 'retry', start_after = now() - interval '1 second', retry_limit = retry_limit + 1
         WHERE name = $1 AND id = $2::uuid AND (state = 'failed' OR state = 'retry') RETURNING 1`,
        [kind, id],
      );
      if (rows.length) wake(kind);
      return rows.length > 0;
    },

    async retryNow(kind, id, waitMs) {
      const handler = handlerFor(kind);
      if (!isJobId(id) || !JOB_KINDS.includes(kind) || !handler) return { outcome: 'not_waiting' };
      // Taken as a worker takes a job, in one statement: a worker or a second Retry finds it active and leaves it.
      // Its try counts as pg-boss counts a restart, and one more try is allowed, as retry() allows.
      const [taken] = await db.query<{ data: unknown; retry_count: number; retry_limit: number }>(
        `UPDATE ${schema}.job SET state = 'active', started_on = now(), retry_count = retry_count + 1, retry_limit = retry_limit + 1
         WHERE name = $1 AND id = $2::uuid AND (state = 'failed' OR state = 'retry') RETURNING data, retry_count, retry_limit`,
        [kind, id],
      );
      if (!taken) return { outcome: 'not_waiting' };
      const attempt = (async (): Promise<{ error: string | null }> => {
        try {
          await handler(taken.data as JobData[JobKind], { id, retryCount: taken.retry_count, lastTry: taken.retry_count >= taken.retry_limit });
          await boss.complete(kind, id);
          return { error: null };
        } catch (error) {
          // Recorded as a worker's try is, a permanent failure included.
          return { error: await recordFailure(kind, id, error, `try ${taken.retry_count + 1}, retried by staff`) };
        }
      })();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
      const settled = await Promise.race([attempt, late]);
      clearTimeout(timer);
      if (!settled) {
        attempt.catch((error: unknown) => logger.error(`Recording the retried ${kind} job ${id} failed`, error));
        return { outcome: 'running' };
      }
      if (settled.error === null) return { outcome: 'done' };
      const [after] = await db.query<{ state: string; retry_count: number; start_after: Date }>(
        `SELECT state::text AS state, retry_count, start_after FROM ${schema}.job WHERE name = $1 AND id = $2::uuid`,
        [kind, id],
      );
      const state = after?.state === 'failed' ? 'failed' : 'retry';
      return {
        outcome: 'failed',
        error: settled.error,
        state,
        tries: (after?.retry_count ?? taken.retry_count) + 1,
        nextTryAt: state === 'retry' && after ? after.start_after.toISOString() : null,
      };
    },
  };
}
