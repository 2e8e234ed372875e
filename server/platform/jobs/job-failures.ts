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
  /** Where it stands, newest first: its creation to the microsecond and its id (FailuresPage.before). */
  position: string;
  /**
   * What the failures page shows of the job's data (JobData in job-kinds.ts): an email's kind, whether it
   * is a forgotten member's, and its message's recipient and subject, never its body or attachments; a
   * refund's paymentId; a PayPal notification's eventId.
   */
  data: unknown;
}

/** Which failures to list: at most `limit` (500 by default), those after `before` (a FailedJob's position) when given. */
export interface FailuresPage {
  before?: string;
  limit?: number;
}

export interface JobFailures {
  /** Jobs that failed at least once and have not succeeded since, newest first. */
  failures(kinds?: readonly JobKind[], page?: FailuresPage): Promise<FailedJob[]>;
  /** How many jobs failures() would list without a limit. */
  countFailures(kinds?: readonly JobKind[]): Promise<number>;
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

/**
 * SQL: the parts of a job's data the failures page shows (FailedJob.data). A failed email keeps its
 * whole message, calendar file included, until it is sent or dropped: a page of 500 would read them all.
 */
const SHOWN_DATA = `jsonb_strip_nulls(jsonb_build_object(
  'kind', data->'kind', 'forget', data->'forget', 'paymentId', data->'paymentId', 'eventId', data->'eventId',
  'message', CASE WHEN data ? 'message' THEN jsonb_build_object('to', data->'message'->'to', 'subject', data->'message'->'subject') END))`;

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
  await db.query(`CREATE INDEX IF NOT EXISTS job_failures ON ${schema}.job (created_on, id) WHERE ${FAILING}`);
}

/** SQL: a job's position, newest first (FailedJob.position). */
const POSITION = `to_char(created_on AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || id::text`;

export function createJobFailures({ db, boss, schema, logger, handlerFor, wake, recordFailure }: JobFailuresDeps): JobFailures {
  return {
    async failures(kinds = JOB_KINDS, { before, limit = 500 }: FailuresPage = {}) {
      const [beforeAt, beforeId] = before?.split('_') ?? [null, null];
      const rows = await db.query<{
        id: string;
        name: JobKind;
        state: 'failed' | 'retry';
        retry_count: number;
        output: unknown;
        created_on: Date;
        start_after: Date;
        data: unknown;
        position: string;
      }>(
        // Keyset paging on job_failures (indexFailures): the next page starts after the last one's position.
        `SELECT id::text AS id, name, state::text AS state, retry_count, output, created_on, start_after, ${SHOWN_DATA} AS data,
           ${POSITION} AS position
         FROM ${schema}.job
         WHERE name = ANY($1::text[]) AND ${FAILING} AND ($2::timestamptz IS NULL OR (created_on, id) < ($2::timestamptz, $3::uuid))
         ORDER BY created_on DESC, job.id DESC LIMIT $4`,
        [[...kinds], beforeAt, beforeId, limit],
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
        position: row.position,
        data: row.data,
      }));
    },

    async countFailures(kinds = JOB_KINDS) {
      const [row] = await db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${schema}.job WHERE name = ANY($1::text[]) AND ${FAILING}`, [[...kinds]]);
      return row?.n ?? 0;
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
