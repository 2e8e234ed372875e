/**
 * What makes a worker's fetch cost its batch, not the backlog behind it.
 * pg-boss takes a queue's next jobs with one statement: the waiting ones
 * whose start has come, ORDER BY priority DESC, created_on, id, LIMIT the
 * batch, FOR UPDATE SKIP LOCKED. None of its own indexes holds that order,
 * so with a go-live's recall invitations queued, every fetch of 20 emails
 * read and sorted all of them (about 90,000: 120 to 150 ms a fetch, the
 * sort spilling to disk) and one worker sent about 80 a second. Two things
 * together let the fetch read the first rows of an index and stop:
 *
 * - job_fetch_order, an index in that order over the waiting jobs, made at
 *   queue start beside pg-boss's own (on every queue's table, as pg-boss's
 *   job table is partitioned by queue);
 * - statistics that know the backlog is there. Planned with a table's
 *   statistics from before it, the planner believes few jobs wait and sorts
 *   them rather than read that index. Autovacuum analyses a table a minute
 *   or more after it grows, and never where it is off; so a process that
 *   has queued ANALYSE_AFTER jobs of a kind since it last did analyses that
 *   queue's table as soon as they are committed.
 *
 * Once the statistics know of a backlog, a bigger one plans the same way:
 * what needs them again is the table having grown by as much as it held
 * (a doubling), not another thousand jobs. An analysis costs the database
 * about 170 ms at a go-live's backlog; taken every 1,000 jobs, a sweep of
 * 100,000 invitations paid for a hundred of them, 18 s of a core, in bursts
 * beside the web's requests. After each analysis the next waits for as many
 * jobs as the table's rows it counted, and at least ANALYSE_AFTER: seven for
 * those 100,000.
 */
import type { Database } from '../db/adapter';
import type { Logger } from '../logger';
import type { JobKind } from './job-kinds';

/** Jobs of one kind a process queues before it analyses that queue's table: two batches of a recall sweep. */
export const ANALYSE_AFTER = 1_000;

/** Waiting jobs in the order pg-boss takes them (its fetch's WHERE and ORDER BY). */
export async function indexFetchOrder(db: Database, schema: string): Promise<void> {
  await db.query(`CREATE INDEX IF NOT EXISTS job_fetch_order ON ${schema}.job (name, priority DESC, created_on, id) WHERE state < 'active'`);
}

export interface BacklogAnalyser {
  /** `count` jobs of `kind` were committed to the queue by this process. */
  queued(kind: JobKind, count: number): void;
  /** Resolves when an analysis under way has ended (stopping waits for it). */
  settled(): Promise<void>;
}

export function createBacklogAnalyser(db: Database, schema: string, logger: Logger): BacklogAnalyser {
  const since = new Map<JobKind, number>();
  /** Jobs of a kind to queue before its table is analysed again: as many as it held when last analysed. */
  const nextAfter = new Map<JobKind, number>();
  let running: Promise<void> | null = null;

  async function analyse(kind: JobKind): Promise<void> {
    try {
      // pg-boss names each queue's table (the job table's partition) in its queue row.
      const [queue] = await db.query<{ partition_name: string }>(`SELECT partition_name FROM ${schema}.queue WHERE name = $1`, [kind]);
      if (!queue) return;
      const table = `${schema}."${queue.partition_name.replaceAll('"', '""')}"`;
      await db.query(`ANALYZE ${table}`);
      const [counted] = await db.query<{ rows: number }>('SELECT reltuples::float8 AS rows FROM pg_class WHERE oid = $1::regclass', [table]);
      const rows = Number(counted?.rows ?? 0);
      nextAfter.set(kind, Math.max(ANALYSE_AFTER, Math.round(rows)));
      logger.debug(`Analysed the ${kind} queue's table: ${Math.round(rows)} jobs; again after as many more`);
    } catch (error) {
      logger.warn(`Could not analyse the ${kind} queue's table: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    queued(kind, count) {
      const total = (since.get(kind) ?? 0) + count;
      // One analysis at a time; jobs queued meanwhile count towards the next.
      if (total < (nextAfter.get(kind) ?? ANALYSE_AFTER) || running) {
        since.set(kind, total);
        return;
      }
      since.set(kind, 0);
      running = analyse(kind).finally(() => {
        running = null;
      });
    },
    settled: () => running ?? Promise.resolve(),
  };
}
