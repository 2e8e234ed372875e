/**
 * The job queue (docs/decisions/0013): pg-boss over the same database as
 * everything else, on PostgreSQL and on PGlite alike, through the Database
 * handle's executeSql. A job is written with the Queryable of the change
 * that causes it, so it commits or rolls back with that change; each
 * process runs a worker unless JOB_WORKER=false, and pg-boss hands each job
 * to one worker across all processes (FOR UPDATE SKIP LOCKED), retries it
 * with exponential backoff, and keeps it as failed when the tries run out.
 */
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Database, Queryable, Row } from '../db/adapter';
import type { Logger } from '../logger';
import type { EmailReason, MailMessage } from '../mail/types';

/** What each kind of job carries. Names are pg-boss queue names (letters and underscores). */
export interface JobData {
  /**
   * One email, rendered when the change was made; `messageId` is its Message-ID on every try. `kind` says what
   * it is; `reason` is the fact it depends on, read again just before it is sent (server/modules/members/email-reasons.ts).
   * Once sent or dropped the job keeps only `messageId` and `kind` (no `message`). `forget`: an erased member's
   * goodbye (ADR 0021), whose address is not shown to staff and goes from the job if it cannot be delivered.
   */
  email: { message?: MailMessage; messageId: string; kind?: string; reason?: EmailReason; forget?: boolean };
  /** Return a card payment already marked refund_due (server/modules/payments/refunds.ts). */
  refund: { paymentId: string };
  /** Settle unsettled card payments and lapse old holds (server/modules/payments/reconcile.ts). */
  reconcile_payments: Record<string, never>;
  /** Act on one stored PayPal webhook event. */
  paypal_webhook: { eventId: string };
  /** Queue the reminders due now, the day before each appointment (server/modules/booking/reminders-service.ts). */
  appointment_reminders: Record<string, never>;
  /** Queue the recall invitations, follow-ups and GP prompts due now (server/modules/results/recall-emails-service.ts). */
  recall_emails: Record<string, never>;
  /** Pass lapsed waiting-list offers on and offer freed places (server/modules/waiting-list/waiting-list-offers.ts). */
  waiting_list_offers: Record<string, never>;
}

export type JobKind = keyof JobData;

export const JOB_KINDS: readonly JobKind[] = [
  'email',
  'refund',
  'reconcile_payments',
  'paypal_webhook',
  'appointment_reminders',
  'recall_emails',
  'waiting_list_offers',
];

export interface JobInfo {
  id: string;
  /** Tries made before this one. */
  retryCount: number;
  /** No try is left after this one: a failure now is final. */
  lastTry: boolean;
}

/**
 * Thrown by a handler when another try would meet the same answer (a mail server's 550): the job fails at
 * once, with no retries, and waits for staff on the failures page.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export type JobHandler<K extends JobKind> = (data: JobData[K], job: JobInfo) => Promise<void>;
export type JobHandlers = { [K in JobKind]?: JobHandler<K> };

/** How long each kind may run before pg-boss counts the try as lost (a killed process), and how it retries. */
interface QueuePolicy {
  expireInSeconds: number;
  retryLimit: number;
}

const QUEUE_POLICY: Record<JobKind, QueuePolicy> = {
  // Twelve retries, doubling from about a minute: the last one lands 1.5 to 3 days after the first try.
  email: { expireInSeconds: 120, retryLimit: 12 },
  refund: { expireInSeconds: 120, retryLimit: 12 },
  // Runs every minute anyway: a failed run is simply the next minute's.
  reconcile_payments: { expireInSeconds: 300, retryLimit: 0 },
  paypal_webhook: { expireInSeconds: 120, retryLimit: 12 },
  // As the reconciler: a failed sweep is simply the next minute's, and nothing it would have sent is lost.
  appointment_reminders: { expireInSeconds: 300, retryLimit: 0 },
  recall_emails: { expireInSeconds: 300, retryLimit: 0 },
  // The same: the state is in rows, so the next minute's sweep does what a failed one did not.
  waiting_list_offers: { expireInSeconds: 300, retryLimit: 0 },
};

/** Scheduled jobs: cron in UTC, run once per period across every process. */
const SCHEDULES: ReadonlyArray<{ kind: JobKind; cron: string }> = [
  { kind: 'reconcile_payments', cron: '* * * * *' },
  { kind: 'appointment_reminders', cron: '* * * * *' },
  { kind: 'recall_emails', cron: '* * * * *' },
  { kind: 'waiting_list_offers', cron: '* * * * *' },
];

export interface JobsOptions {
  db: Database;
  logger: Logger;
  /** Run a worker and the schedules in this process (JOB_WORKER; default true). */
  worker?: boolean;
  /** How often an idle worker looks for jobs another process wrote. */
  pollingSeconds?: number;
  /** First retry delay in seconds; each later one doubles (with jitter). */
  retryDelaySeconds?: number;
  /** How often a process looks for tries lost to a killed process. */
  maintenanceSeconds?: number;
  /** Per-kind overrides (tests: a short expiry to see a killed process's job come back quickly). */
  expireInSeconds?: number;
}

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

export interface Jobs {
  /** The pg-boss schema (its own tables, beside ours). */
  readonly schema: string;
  /**
   * Writes a job with `q`: a transaction's handle makes it part of that
   * transaction. `id` (a UUID) makes sending idempotent: a second send with
   * the same id is ignored while the first is kept.
   */
  send<K extends JobKind>(q: Queryable, kind: K, data: JobData[K], options?: { id?: string }): Promise<void>;
  /** What each kind of job does; set before start(). */
  handle(handlers: JobHandlers): void;
  /** Creates or upgrades pg-boss's tables and the queues; then, with a worker, starts taking jobs and the schedules. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Runs every job that is due now in this process, until none is left (tests, and the dev clock). */
  runDue(): Promise<number>;
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

/** pg-boss's schema for `db`: beside a pinned test schema, else `pgboss`. */
export function jobSchemaFor(db: Pick<Database, 'schema'>): string {
  return db.schema ? `${db.schema}_jobs` : 'pgboss';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function errorText(output: unknown): string {
  if (output && typeof output === 'object') {
    const { message, value } = output as { message?: unknown; value?: unknown };
    if (typeof message === 'string') return message;
    if (typeof value === 'string') return value;
  }
  return typeof output === 'string' ? output : 'unknown error';
}

export function createJobs({
  db,
  logger,
  worker = true,
  pollingSeconds = 2,
  retryDelaySeconds = 30,
  maintenanceSeconds = 60,
  expireInSeconds,
}: JobsOptions): Jobs {
  const schema = jobSchemaFor(db);
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => db.executeSql(text, values) },
    schema,
    migrate: true,
    supervise: worker,
    schedule: worker,
    pollingIntervalSeconds: pollingSeconds,
    maintenanceIntervalSeconds: maintenanceSeconds,
    // A failed job stays in the queue (and on the staff page) for a year; completed ones are archived after a day.
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    archiveFailedAfterSeconds: 365 * 24 * 60 * 60,
    deleteAfterDays: 30,
  });
  // pg-boss reports its own failures (a lost connection while polling) as events; unheard, they would crash the process.
  boss.on('error', (error: unknown) => logger.error('Job queue error', error));

  let handlers: JobHandlers = {};
  const workerIds = new Map<JobKind, string>();
  let started = false;

  const wake = (kind: JobKind) => {
    const id = workerIds.get(kind);
    if (id) boss.notifyWorker(id);
  };

  async function runJob(kind: JobKind, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    const handler = handlers[kind] as JobHandler<JobKind> | undefined;
    if (!handler) throw new Error(`No handler for ${kind} jobs in this process`);
    await handler(job.data as JobData[JobKind], { id: job.id, retryCount: job.retryCount, lastTry: job.retryCount >= job.retryLimit });
  }

  /** Runs a batch one job at a time, completing or failing each on its own. */
  async function runBatch(kind: JobKind, jobs: Array<PgBoss.JobWithMetadata<unknown>>): Promise<void> {
    // pg-boss picks the oldest first but returns a batch in no set order: keep the order they were queued
    // in (a booking's confirmation before its cancellation).
    const inOrder = [...jobs].sort((a, b) => new Date(a.createdOn).getTime() - new Date(b.createdOn).getTime());
    for (const job of inOrder) {
      try {
        await runJob(kind, job);
        await boss.complete(kind, job.id);
      } catch (error) {
        await recordFailure(kind, job.id, error, `try ${job.retryCount + 1}`);
      }
    }
  }

  /**
   * A try that failed, as pg-boss records it (due again after its backoff while tries are left); a
   * PermanentJobError first spends the tries left, so pg-boss's fail marks it failed, waiting for staff.
   */
  async function recordFailure(kind: JobKind, id: string, error: unknown, which: string): Promise<string> {
    const message = error instanceof Error ? error.message : String(error);
    logger.warn(`${kind} job ${id} failed (${which}): ${message}`);
    if (error instanceof PermanentJobError) {
      await db.query(`UPDATE ${schema}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2::uuid`, [kind, id]);
    }
    await boss.fail(kind, id, { message });
    return message;
  }

  const BATCH = 20;

  return {
    schema,

    async send(q, kind, data, options = {}) {
      if (options.id !== undefined && !UUID.test(options.id)) throw new Error(`Job id ${options.id} is not a UUID`);
      await boss.send(kind, data as object, {
        id: options.id ?? randomUUID(),
        db: { executeSql: async (text: string, values: unknown[]) => ({ rows: await q.query<Row>(text, values) }) },
      });
      // This process's worker takes it at once when the change commits; others find it at their next poll.
      if (q.afterCommit) q.afterCommit(() => wake(kind));
      else wake(kind);
    },

    handle(given) {
      handlers = { ...handlers, ...given };
    },

    async start() {
      if (started) return;
      started = true;
      await boss.start();
      for (const kind of JOB_KINDS) {
        const policy = QUEUE_POLICY[kind];
        const settings = {
          name: kind,
          retryLimit: policy.retryLimit,
          retryDelay: retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: expireInSeconds ?? policy.expireInSeconds,
        };
        await boss.createQueue(kind, settings);
        // A queue created by an earlier version keeps its settings unless told.
        await boss.updateQueue(kind, settings);
      }
      if (!worker) return;
      for (const kind of JOB_KINDS) {
        if (!handlers[kind]) continue;
        const id = await boss.work(kind, { batchSize: BATCH, includeMetadata: true }, async (jobs) => {
          await runBatch(kind, jobs);
          // A full batch means more may be waiting: look again at once rather than after the polling interval.
          if (jobs.length === BATCH) wake(kind);
        });
        workerIds.set(kind, id);
      }
      for (const { kind, cron } of SCHEDULES) await boss.schedule(kind, cron, {}, { tz: 'UTC' });
    },

    async stop() {
      if (!started) return;
      started = false;
      workerIds.clear();
      // Waits for jobs under way; the database stays open (its owner closes it).
      await boss.stop({ graceful: true, close: false, timeout: 10_000, wait: true });
    },

    async runDue() {
      let ran = 0;
      for (;;) {
        let found = 0;
        for (const kind of JOB_KINDS) {
          if (!handlers[kind]) continue;
          const jobs = await boss.fetch(kind, { batchSize: BATCH, includeMetadata: true });
          if (!jobs?.length) continue;
          found += jobs.length;
          await runBatch(kind, jobs);
        }
        if (found === 0) return ran;
        ran += found;
      }
    },

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
         WHERE name = ANY($1::text[]) AND (state = 'failed' OR (state = 'retry' AND started_on IS NOT NULL))
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
      if (!UUID.test(id) || !JOB_KINDS.includes(kind)) return false;
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
      const handler = handlers[kind] as JobHandler<JobKind> | undefined;
      if (!UUID.test(id) || !JOB_KINDS.includes(kind) || !handler) return { outcome: 'not_waiting' };
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

/** Creates or upgrades pg-boss's tables and the queues, with no worker (scripts and tests). */
export async function prepareJobTables(db: Database, logger: Logger): Promise<void> {
  const jobs = createJobs({ db, logger, worker: false });
  await jobs.start();
  await jobs.stop();
}
