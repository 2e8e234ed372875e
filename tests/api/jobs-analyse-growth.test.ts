/**
 * A queue's table is analysed as its backlog grows by as much as it held,
 * not every thousand jobs (server/platform/jobs/fetch-order.ts): once the
 * statistics know of a backlog a bigger one plans the same way, and each
 * analysis costs the database a burst beside the web's requests. Jobs are
 * queued in a recall sweep's batches of 500 up to 8,000, each batch told to
 * the analyser as the queue tells it once committed: it analyses at 1,000,
 * 2,000, 4,000 and 8,000 jobs, four times where every thousand was eight.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSE_AFTER, createBacklogAnalyser } from '../../server/platform/jobs/fetch-order';
import { createJobs, type Jobs } from '../../server/platform/jobs/queue';
import { silentLogger, type Logger } from '../../server/platform/logger';
import { createTestDatabase, ENGINES, type TestDatabase } from '../fixtures/db';
import { recallEmail, SWEEP_BATCH } from '../fixtures/jobs';

describe.each(ENGINES)('analysing a growing queue, on %s', (engine) => {
  let test: TestDatabase;
  let jobs: Jobs;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    jobs = createJobs({ db: test.db, logger: silentLogger, worker: false });
    await jobs.start();
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop();
    await test?.dispose();
  });

  it('analyses when the table has doubled since it last did, from ANALYSE_AFTER jobs on', { timeout: 60_000 }, async () => {
    const analysedAt: number[] = [];
    let queued = 0;
    const logger: Logger = { ...silentLogger, debug: (message) => void (message.startsWith("Analysed the email queue's table") && analysedAt.push(queued)) };
    const analyser = createBacklogAnalyser(test.db, jobs.schema, logger);
    while (queued < 8_000) {
      const batch = Array.from({ length: SWEEP_BATCH }, () => recallEmail((queued += 1)));
      await test.db.transaction((tx) => jobs.sendMany(tx, 'email', batch));
      analyser.queued('email', batch.length);
      await analyser.settled();
    }
    expect(ANALYSE_AFTER).toBe(1_000);
    expect(analysedAt).toEqual([1_000, 2_000, 4_000, 8_000]);
  });
});
