/**
 * A result that changes between the sweep's walk of its index and the
 * statement that locks it (recall-walk.ts): its due date cleared (a newer
 * red result sets no recall) or its invitation sent by another sweep. The
 * lock drops it, and the batch goes on with the others: a row without its
 * date must not reach the sweep's strict row shapes, where it would stop
 * every batch (docs/clinical-safety/hazard-log.md#hazard-4).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDue, seedScale } from '../../../../scripts/seed-scale';
import { createUnsubscribeLinks } from '../../members/email-choices-service';
import type { Database, Queryable } from '../../../platform/db/adapter';
import { createMailer } from '../../../platform/mail';
import { createSigner } from '../../../platform/signing';
import { jobsFor } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { createRecallEmailsService } from '../recall-emails-service';

const TODAY = '2026-06-10';
// 10:30 in London: results due 28 days from today are in the invitation window.
const NOW = new Date('2026-06-10T09:30:00Z');
const SITE = 'https://www.example.org';
const OTHER_SWEEP = new Date('2026-06-10T09:29:00Z');

describe.each(ENGINES)('a result changed between the walk and the lock on %s', (engine) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await test.db.transaction(async (tx) => {
      await seedScale(tx, { members: 300, due: 0, today: TODAY });
      await makeDue(tx, 60, TODAY);
    });
  }, 120_000);
  afterAll(async () => {
    await test?.dispose();
  });

  /** The results due an invitation today that should have it (his newest, recall on, no booking ahead). */
  async function invitable(): Promise<string[]> {
    const rows = await test.db.query<{ result_id: string }>(
      `SELECT r.result_id::text AS result_id FROM member_results r
       WHERE r.next_test_due = $1::date + 28 AND r.recall_invited_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM appointments b JOIN events e ON e.event_id = b.event_id
                         WHERE b.profile_id = r.profile_id AND b.status = 'confirmed' AND e.cancelled_at IS NULL AND e.event_date >= $1::date)
       ORDER BY r.result_id`,
      [TODAY],
    );
    return rows.map((r) => r.result_id);
  }

  it('drops a result whose date was cleared or which another sweep invited, and invites the others once', async () => {
    const [cleared, invitedElsewhere, ...others] = await invitable();
    expect(others.length).toBeGreaterThan(10);
    // Once the walk has read them, and before the lock: the changes another transaction would have committed.
    const changing = (tx: Queryable): Queryable => ({
      ...tx,
      async query(sql, params) {
        const rows = await tx.query(sql, params);
        if (sql.includes('ORDER BY r.next_test_due, r.result_id LIMIT') && rows.length > 0) {
          await tx.query('UPDATE member_results SET next_test_due = NULL WHERE result_id = $1::uuid', [cleared]);
          await tx.query('UPDATE member_results SET recall_invited_at = $2 WHERE result_id = $1::uuid', [invitedElsewhere, OTHER_SWEEP]);
        }
        return rows as never;
      },
    });
    const db: Database = {
      kind: test.db.kind,
      query: (sql, params) => test.db.query(sql, params),
      exec: (sql) => test.db.exec(sql),
      executeSql: (text, values) => test.db.executeSql(text, values),
      transaction: (fn) => test.db.transaction((tx) => fn(changing(tx))),
      close: () => test.db.close(),
    };
    const mailer = createMailer({ db: test.db, jobs: jobsFor(test.db), env: { mailFrom: 'CHAPS <no-reply@example.org>' } });
    const links = createUnsubscribeLinks(createSigner(test.db, undefined), SITE);
    const { invitations } = await createRecallEmailsService(db, () => NOW, mailer, async () => [], SITE, links).sendDue();

    expect(invitations).toBe(others.length);
    const marked = await test.db.query<{ result_id: string; recall_invited_at: Date | null }>(
      'SELECT result_id::text AS result_id, recall_invited_at FROM member_results WHERE result_id = ANY($1::uuid[]) ORDER BY result_id',
      [[cleared, invitedElsewhere, ...others]],
    );
    const at = Object.fromEntries(marked.map((r) => [r.result_id, r.recall_invited_at?.toISOString() ?? null]));
    expect(at[cleared!]).toBeNull();
    expect(at[invitedElsewhere!]).toBe(OTHER_SWEEP.toISOString());
    expect(others.every((id) => at[id] === NOW.toISOString())).toBe(true);
  }, 60_000);
});
