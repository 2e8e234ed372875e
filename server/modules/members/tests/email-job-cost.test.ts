/**
 * What a sent email costs the database does not grow with the emails kept
 * beside it. Once the mail server has taken a message, the email job
 * leaves only its Message-ID and kind in pg-boss's job row (email-job.ts,
 * keepOnlyIdsSql). pg-boss's job table is split by queue name and keyed by
 * (name, id): looked up by the id alone, that one-row update searched every
 * queue and read the whole of the email queue's key, so at a go-live's
 * 100,000 queued emails each one cost milliseconds more than the last.
 *
 * The statement is explained with ANALYZE and BUFFERS (on a transaction
 * rolled back) for one email among a few hundred and among several
 * thousand: the pages it reads must not follow the queue's size.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, type Jobs } from '../../../platform/jobs/queue';
import { silentLogger } from '../../../platform/logger';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { recallEmail, SWEEP_BATCH } from '../../../../tests/fixtures/jobs';
import { explainRolledBack, pagesRead, scansOf } from '../../../../tests/fixtures/plans';
import { keepOnlyIdsSql } from '../email-job';

const FEW = 300;
const MANY = 6_000;

describe.each(ENGINES)('an email sent among many queued, on %s', (engine) => {
  let test: TestDatabase;
  let jobs: Jobs;
  let queued = 0;
  let firstId = '';

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    jobs = createJobs({ db: test.db, logger: silentLogger, worker: false });
    await jobs.start();
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop();
    await test?.dispose();
  });

  async function queueUpTo(count: number): Promise<void> {
    while (queued < count) {
      const batch = Array.from({ length: Math.min(SWEEP_BATCH, count - queued) }, () => recallEmail((queued += 1)));
      firstId ||= batch[0]!.id;
      await test.db.transaction((tx) => jobs.sendMany(tx, 'email', batch));
    }
  }

  /** The pages the update read to find the first email queued, and the job tables it looked in. */
  async function costOfKeepingIds(): Promise<{ pages: number; tables: string[] }> {
    const nodes = await explainRolledBack(test.db, keepOnlyIdsSql(jobs.schema), [firstId, '<kept@example.org>', 'recall_invitation']);
    // The scans that find the row, not the writing of its new version (which may or may not fit its page).
    const tables = scansOf(nodes).flatMap((n) => (n['Relation Name'] ? [n['Relation Name']] : []));
    return { pages: pagesRead(nodes), tables: [...new Set(tables)] };
  }

  it('reads the same few pages of the email queue alone with a few hundred emails queued and with several thousand', async () => {
    await queueUpTo(FEW);
    const few = await costOfKeepingIds();
    await queueUpTo(MANY);
    const many = await costOfKeepingIds();

    // One queue's table: the email queue's, found by its name.
    expect(few.tables).toHaveLength(1);
    expect(many.tables).toEqual(few.tables);
    // Its key one level deeper at most: by the id alone it read every page of the key, 25 more at this size on PostgreSQL.
    expect(many.pages).toBeLessThanOrEqual(few.pages + 2);
    const [kept] = await test.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${jobs.schema}.job WHERE name = 'email'`);
    expect(kept!.n).toBe(MANY);
  }, 120_000);
});
