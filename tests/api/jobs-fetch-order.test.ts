/**
 * A worker's fetch costs its batch, not the backlog behind it
 * (server/platform/jobs/fetch-order.ts). The email queue is analysed while
 * empty, as a quiet site's statistics have it; then a backlog is queued in
 * batches, as a recall sweep queues it, and pg-boss's own fetch statement
 * is explained with ANALYZE (on a transaction rolled back). Below
 * ANALYSE_AFTER jobs nothing analyses the queue, and the planner, believing
 * it empty, reads and sorts every waiting job to take 20: the reason for
 * the analysis, checked so that a planner that stops doing so shows here.
 * Past it, the process has analysed the queue's table once the jobs were
 * committed, and the fetch reads its 20 from job_fetch_order and stops.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, type Jobs } from '../../server/platform/jobs/queue';
import { ANALYSE_AFTER } from '../../server/platform/jobs/fetch-order';
import { silentLogger } from '../../server/platform/logger';
import { createTestDatabase, type TestDatabase } from '../fixtures/db';
import { recallEmail, SWEEP_BATCH } from '../fixtures/jobs';
import { explainRolledBack, mostSorted, rowsRead, type PlanNode } from '../fixtures/plans';

const postgresUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

// pg-boss's fetch, as its worker runs it (pg-boss 10's plans, a CommonJS module).
const { fetchNextJob } = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  fetchNextJob(schema: string): (options: { includeMetadata: boolean }) => string;
};

/** The email batch a worker fetches (batchOf in server/platform/jobs/queue.ts, with SMTP_MAX_CONNECTIONS at 4). */
const FETCH = 20;

describe.skipIf(!postgresUrl)("a worker's fetch with a backlog queued since the statistics were taken, on PostgreSQL", () => {
  let test: TestDatabase;
  let jobs: Jobs;
  let sent = 0;

  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    jobs = createJobs({ db: test.db, logger: silentLogger, worker: false });
    await jobs.start();
    await test.db.query(`ANALYZE ${jobs.schema}.job`);
  });
  afterAll(async () => {
    await jobs?.stop();
    await test?.dispose();
  });

  async function queue(count: number): Promise<void> {
    for (let left = count; left > 0; left -= SWEEP_BATCH) {
      const batch = Array.from({ length: Math.min(left, SWEEP_BATCH) }, () => recallEmail((sent += 1)));
      await test.db.transaction((tx) => jobs.sendMany(tx, 'email', batch));
    }
  }

  /** The plan of pg-boss's fetch of FETCH emails, every node of it. */
  const fetchPlan = (): Promise<PlanNode[]> => explainRolledBack(test.db, fetchNextJob(jobs.schema)({ includeMetadata: true }), ['email', FETCH]);

  it('sorts every waiting job to take its batch while the statistics say the queue is empty', async () => {
    await queue(ANALYSE_AFTER - 100);
    await jobs.stop();
    const plan = await fetchPlan();
    expect(mostSorted(plan)).toBe(ANALYSE_AFTER - 100);
  });

  it('reads only its batch, from job_fetch_order, once the process has analysed the queue it filled', async () => {
    await jobs.start();
    await queue(4 * SWEEP_BATCH);
    await jobs.stop();
    const plan = await fetchPlan();
    expect(mostSorted(plan)).toBeLessThanOrEqual(FETCH);
    // Each queue's table has its own index of job_fetch_order, named by PostgreSQL.
    const ordered = await test.db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = '${jobs.schema}.job_fetch_order'::regclass`,
    );
    expect(plan.map((n) => n['Index Name']).filter((name) => ordered.some((o) => o.name === name))).not.toEqual([]);
    expect(rowsRead(plan)).toBeLessThanOrEqual(4 * FETCH);
  });
});
