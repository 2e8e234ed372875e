/**
 * The recall sweep's batches with the planner's statistics from before
 * the backlog, as PostgreSQL keeps them with autovacuum off: the data is
 * analysed while few results are due, then thousands are made due by one
 * update and nothing analyses them again. Each kind's first batch is run
 * as the service runs it, every statement of it explained with ANALYZE
 * (on one transaction, rolled back), at two sizes of backlog: three times
 * the backlog must not cost more work, and no statement may sort more
 * rows than a batch takes. Before the sweep walked its index in chunks
 * (recall-walk.ts), the invitation and follow-up batches read every due
 * row, tested each against the member's choices and bookings and sorted
 * them all under FOR UPDATE (docs/decisions/0031-recall-sweep-at-scale.md).
 * Two sweeps at once still take each man once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDue, seedScale, toInvite } from '../../../../scripts/seed-scale';
import { createUnsubscribeLinks } from '../../members/email-choices-service';
import type { Database, Queryable } from '../../../platform/db/adapter';
import { createMailer, type Mailer } from '../../../platform/mail';
import { createSigner } from '../../../platform/signing';
import { jobsFor } from '../../../../tests/fixtures/app';
import { createTestDatabase, type TestDatabase } from '../../../../tests/fixtures/db';
import { mostSorted, nodesOf, planOf, rowsRead, type PlanNode } from '../../../../tests/fixtures/plans';
import { createRecallEmailsService } from '../recall-emails-service';

const postgresUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

const TODAY = '2026-06-10';
// 10:30 in London: results due 28 days from today are in the invitation window, today's follow-ups and prompts in theirs.
const NOW = new Date('2026-06-10T09:30:00Z');
const SITE = 'https://www.example.org';
/** The sweep's batch (BATCH_LIMIT in recall-emails-service.ts). */
const BATCH = 500;

type Kind = 'invitations' | 'follow-ups' | 'GP prompts';

/**
 * `count` men's newest results made due by one update, of one kind only: an
 * invitation (makeDue), or, already invited, a follow-up or a GP prompt due today.
 */
async function makeBacklog(tx: Queryable, kind: Kind, count: number): Promise<void> {
  await makeDue(tx, count, TODAY);
  if (kind === 'invitations') return;
  await tx.query(
    `UPDATE member_results SET recall_invited_at = $1::date - 30, recall_follow_up_on = CASE WHEN $2 THEN $1::date END,
       gp_prompt_due = CASE WHEN NOT $2 THEN $1::date END
     WHERE next_test_due = $1::date + 28 AND recall_invited_at IS NULL`,
    [TODAY, kind === 'follow-ups'],
  );
}

/** Thrown as the batch marks its results: the statements that chose them have all run. */
class BatchChosen extends Error {}
class RolledBack extends Error {}

const notReached = () => Promise.reject(new Error('not reached: the batch ends as it marks its results'));
/** A kind with nothing due queues its empty batch of emails and the sweep goes on to the next. */
const NO_MAIL = { send: notReached, sendMany: async (mails: unknown[]) => (mails.length === 0 ? undefined : notReached()) } as unknown as Mailer;

describe.skipIf(!postgresUrl)("the recall sweep's batches with statistics from before the backlog, on PostgreSQL", () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    await test.db.transaction((tx) => seedScale(tx, { members: 4000, due: 0, today: TODAY }));
    // As on a site that has been running: each invitation sent has its follow-up day, those passed followed up.
    await test.db.query(
      `UPDATE member_results SET recall_follow_up_on = (recall_invited_at + interval '1 month')::date,
         recall_followed_up_at = CASE WHEN recall_invited_at + interval '1 month' < $1::date THEN recall_invited_at + interval '1 month' END
       WHERE recall_invited_at IS NOT NULL`,
      [TODAY],
    );
    // The statistics the backlogs below are planned with: every email already due has been sent.
    await test.db.query('ANALYZE');
  }, 120_000);
  afterAll(async () => {
    await test?.dispose();
  });

  /** Every node of the plans of every statement the sweep runs until its first batch of `kind` marks its results, with that backlog made due. */
  async function firstBatch(kind: Kind, due: number): Promise<PlanNode[]> {
    const plans: PlanNode[] = [];
    const links = createUnsubscribeLinks(createSigner(test.db, undefined), SITE);
    await test.db
      .transaction(async (tx) => {
        await makeBacklog(tx, kind, due);
        const explaining: Database = {
          kind: 'postgres',
          async query(sql, params = []) {
            if (/^\s*UPDATE member_results\b/.test(sql)) throw new BatchChosen();
            if (/^\s*(SELECT|WITH)\b/.test(sql)) {
              const [row] = await tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
              plans.push(...nodesOf(planOf(row)));
            }
            return tx.query(sql, params);
          },
          exec: (sql) => tx.exec(sql),
          executeSql: () => Promise.reject(new Error('the job queue is not used here')),
          transaction: (fn) => fn(explaining),
          close: async () => {},
        };
        await createRecallEmailsService(explaining, () => NOW, NO_MAIL, async () => [], SITE, links)
          .sendDue()
          .then(
            () => {
              throw new Error(`the sweep marked no ${kind}`);
            },
            (error: unknown) => {
              if (!(error instanceof BatchChosen)) throw error;
            },
          );
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    expect(plans.length).toBeGreaterThan(0);
    return plans;
  }

  it.each<Kind>(['invitations', 'follow-ups', 'GP prompts'])('chooses a batch of %s at the same cost from a backlog three times larger, sorting no more than a batch', async (kind) => {
    const small = await firstBatch(kind, 1000);
    const large = await firstBatch(kind, 3000);
    const work = { small: rowsRead(small), large: rowsRead(large) };
    expect(work.large, `rows read: ${work.small} with 1,000 due, ${work.large} with 3,000 due`).toBeLessThan(work.small * 1.5);
    expect(mostSorted(large)).toBeLessThanOrEqual(BATCH);
  });

  it('invites each man of a backlog of several batches once when two sweeps take it at once', async () => {
    await makeDue(test.db, 2000, TODAY);
    const due = await toInvite(test.db, TODAY, TODAY);
    expect(due).toBeGreaterThan(2 * BATCH);
    const mailer = createMailer({ db: test.db, jobs: jobsFor(test.db), env: { mailFrom: 'CHAPS <no-reply@example.org>' } });
    const links = createUnsubscribeLinks(createSigner(test.db, undefined), SITE);
    const sweeps = [1, 2].map(() => createRecallEmailsService(test.db, () => NOW, mailer, async () => [], SITE, links));
    const counts = await Promise.all(sweeps.map((s) => s.sendDue()));
    // An email a result taken: a man taken by both sweeps would be counted twice, and marked once.
    expect(counts[0]!.invitations + counts[1]!.invitations).toBe(due);
    const [marked] = await test.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM member_results WHERE recall_invited_at = $1', [NOW]);
    expect(marked!.n).toBe(due);
  }, 60_000);
});
