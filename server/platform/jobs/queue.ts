/**
 * The job queue (docs/decisions/0013-job-queue.md): pg-boss over the same
 * database as everything else, on PostgreSQL and on PGlite alike, through
 * the Database handle's executeSql. A job is written with the Queryable of the change
 * that causes it, so it commits or rolls back with that change; each
 * process runs a worker unless JOB_WORKER=false, and pg-boss hands each job
 * to one worker across all processes (FOR UPDATE SKIP LOCKED), retries it
 * with exponential backoff, and keeps it as failed when the tries run out.
 *
 * What kinds of job there are and how each is retried is job-kinds.ts; the
 * failures page's listing and retries are job-failures.ts.
 */
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Database, Queryable, Row } from '../db/adapter';
import type { Logger } from '../logger';
import { JOB_KINDS, PermanentJobError, QUEUE_POLICY, SCHEDULES, isJobId, type JobData, type JobHandler, type JobHandlers, type JobKind } from './job-kinds';
import { createJobFailures, indexFailures, type JobFailures } from './job-failures';
import { createBacklogAnalyser, indexFetchOrder } from './fetch-order';

export { JOB_KINDS, PermanentJobError, type JobData, type JobHandler, type JobHandlers, type JobInfo, type JobKind } from './job-kinds';
export type { FailedJob, FailuresPage, RetryNowOutcome } from './job-failures';

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
  /**
   * How many jobs of a kind this worker runs at once (default one). Jobs with the same lane key
   * (QUEUE_POLICY's `laneOf`: an email's recipient) still run one after another, in the order queued.
   */
  inFlight?: Partial<Record<JobKind, number>>;
}

export interface Jobs extends JobFailures {
  /** The pg-boss schema (its own tables, beside ours). */
  readonly schema: string;
  /**
   * Writes a job with `q`: a transaction's handle makes it part of that
   * transaction. `id` (a UUID) makes sending idempotent: a second send with
   * the same id is ignored while the first is kept.
   */
  send<K extends JobKind>(q: Queryable, kind: K, data: JobData[K], options?: { id?: string }): Promise<void>;
  /** As send, for many jobs of one kind in one statement (pg-boss's insert, which applies the queue's settings as send does). */
  sendMany<K extends JobKind>(q: Queryable, kind: K, jobs: readonly { id: string; data: JobData[K] }[]): Promise<void>;
  /** What each kind of job does; set before start(). */
  handle(handlers: JobHandlers): void;
  /** Creates or upgrades pg-boss's tables and the queues; then, with a worker, starts taking jobs and the schedules. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Runs every job that is due now in this process, until none is left (tests, and the dev clock). */
  runDue(): Promise<number>;
}

/** pg-boss's schema for `db`: beside a pinned test schema, else `pgboss`. */
export function jobSchemaFor(db: Pick<Database, 'schema'>): string {
  return db.schema ? `${db.schema}_jobs` : 'pgboss';
}

export function createJobs({
  db,
  logger,
  worker = true,
  pollingSeconds = 2,
  retryDelaySeconds = 30,
  maintenanceSeconds = 60,
  expireInSeconds,
  inFlight = {},
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

  async function runOne(kind: JobKind, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    try {
      await runJob(kind, job);
      await boss.complete(kind, job.id);
    } catch (error) {
      await recordFailure(kind, job.id, error, `try ${job.retryCount + 1}`);
    }
  }

  /**
   * Runs a batch, completing or failing each job on its own: one at a time, or for a kind with
   * several in flight, as that many lanes side by side, where the jobs of one lane key run in turn.
   */
  async function runBatch(kind: JobKind, jobs: Array<PgBoss.JobWithMetadata<unknown>>): Promise<void> {
    // pg-boss picks the oldest first but returns a batch in no set order: keep the order they were queued
    // in (a booking's confirmation before its cancellation).
    const inOrder = [...jobs].sort((a, b) => new Date(a.createdOn).getTime() - new Date(b.createdOn).getTime());
    const laneOf = QUEUE_POLICY[kind].laneOf as ((data: unknown) => string) | undefined;
    const width = laneOf ? (inFlight[kind] ?? 1) : 1;
    if (width <= 1) {
      for (const job of inOrder) await runOne(kind, job);
      return;
    }
    const lanes = new Map<string, Array<PgBoss.JobWithMetadata<unknown>>>();
    for (const job of inOrder) {
      const key = laneOf!(job.data);
      lanes.set(key, [...(lanes.get(key) ?? []), job]);
    }
    const waiting = [...lanes.values()];
    const runner = async () => {
      for (let lane = waiting.shift(); lane; lane = waiting.shift()) for (const job of lane) await runOne(kind, job);
    };
    await Promise.all(Array.from({ length: Math.min(width, waiting.length) }, runner));
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
  /** A batch big enough to keep every lane of a kind busy. */
  const batchOf = (kind: JobKind) => Math.max(BATCH, (inFlight[kind] ?? 1) * 5);

  /** pg-boss writes a job through `q`: a transaction's handle makes the job part of that transaction. */
  const writingWith = (q: Queryable) => ({ executeSql: async (text: string, values: unknown[]) => ({ rows: await q.query<Row>(text, values) }) });
  const backlog = createBacklogAnalyser(db, schema, logger);
  /**
   * Once the change commits, this process's worker takes a written job at once (others find it at their next
   * poll), and the jobs count towards analysing a queue that has grown (fetch-order.ts).
   */
  const afterWriting = (q: Queryable, kind: JobKind, count: number) => {
    const written = () => {
      wake(kind);
      backlog.queued(kind, count);
    };
    if (q.afterCommit) q.afterCommit(written);
    else written();
  };

  return {
    schema,

    async send(q, kind, data, options = {}) {
      if (options.id !== undefined && !isJobId(options.id)) throw new Error(`Job id ${options.id} is not a UUID`);
      await boss.send(kind, data as object, { id: options.id ?? randomUUID(), db: writingWith(q) });
      afterWriting(q, kind, 1);
    },

    async sendMany(q, kind, items) {
      for (const { id } of items) if (!isJobId(id)) throw new Error(`Job id ${id} is not a UUID`);
      await boss.insert(
        items.map(({ id, data }) => ({ id, name: kind, data: data as object })),
        { db: writingWith(q) },
      );
      afterWriting(q, kind, items.length);
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
      await indexFailures(db, schema);
      await indexFetchOrder(db, schema);
      if (!worker) return;
      for (const kind of JOB_KINDS) {
        if (!handlers[kind]) continue;
        const batchSize = batchOf(kind);
        const id = await boss.work(kind, { batchSize, includeMetadata: true }, async (jobs) => {
          await runBatch(kind, jobs);
          // A full batch means more may be waiting: look again at once rather than after the polling interval.
          if (jobs.length === batchSize) wake(kind);
        });
        workerIds.set(kind, id);
      }
      for (const { kind, cron } of SCHEDULES) await boss.schedule(kind, cron, {}, { tz: 'UTC' });
    },

    async stop() {
      if (!started) return;
      started = false;
      workerIds.clear();
      // Waits for jobs under way and an analysis; the database stays open (its owner closes it).
      await boss.stop({ graceful: true, close: false, timeout: 10_000, wait: true });
      await backlog.settled();
    },

    async runDue() {
      let ran = 0;
      for (;;) {
        let found = 0;
        for (const kind of JOB_KINDS) {
          if (!handlers[kind]) continue;
          const jobs = await boss.fetch(kind, { batchSize: batchOf(kind), includeMetadata: true });
          if (!jobs?.length) continue;
          found += jobs.length;
          await runBatch(kind, jobs);
        }
        if (found === 0) return ran;
        ran += found;
      }
    },

    ...createJobFailures({ db, boss, schema, logger, handlerFor: (kind) => handlers[kind] as JobHandler<JobKind> | undefined, wake, recordFailure }),
  };
}

/** Creates or upgrades pg-boss's tables and the queues, with no worker (scripts and tests). */
export async function prepareJobTables(db: Database, logger: Logger): Promise<void> {
  const jobs = createJobs({ db, logger, worker: false });
  await jobs.start();
  await jobs.stop();
}
