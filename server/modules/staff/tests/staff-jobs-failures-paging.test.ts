/**
 * GET /api/staff/jobs/failures a page at a time: the newest FAILURES_PAGE
 * failures, how many there are in all, and where the next page starts;
 * walking the pages meets each failure once, jobs made in the same
 * microsecond included; finished jobs are never listed; an email's body
 * is not read; a `before` that is not a page's is refused with 422.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILURES_PAGE, type JobFailuresAnswer } from '../../../../src/domain/job-failures';
import { jobSchemaFor } from '../../../platform/jobs/queue';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import type { FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeStaff } from '../../../../tests/fixtures/staff';

const NOW = new Date('2026-06-10T09:00:00Z');
const FAILED = FAILURES_PAGE * 2 + 30;

describe.each(ENGINES)('failed jobs a page at a time on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  const list = (query = '') =>
    getJson<JobFailuresAnswer & { error?: string; message?: string }>(testApp({ db: test.db, now: NOW }), `/api/staff/jobs/failures${query}`, {
      headers: { Authorization: `Bearer ${staff.token}` },
    });

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    staff = await makeStaff(test.db, NOW);
    const job = `${jobSchemaFor(test.db)}.job`;
    // Failed emails made in pairs in the same microsecond, so a page may end between two of one instant;
    // each keeps its whole message, as a failed email does.
    await test.db.query(
      `INSERT INTO ${job} (name, data, state, retry_count, retry_limit, started_on, created_on, output)
       SELECT 'email', jsonb_build_object('messageId', '<f' || n || '@example.org>', 'message',
           jsonb_build_object('to', 'failed' || n || '@example.org', 'subject', 'Booking ' || n, 'text', repeat('body ', 200))),
         'failed', 3, 3, $1::timestamptz, $1::timestamptz - make_interval(mins => n / 2), jsonb_build_object('message', '550 no such mailbox')
       FROM generate_series(1, $2::integer) AS n`,
      [NOW, FAILED],
    );
    // A day of emails sent: never on the page.
    await test.db.query(
      `INSERT INTO ${job} (name, data, state, started_on, created_on, completed_on)
       SELECT 'email', jsonb_build_object('messageId', '<s' || n || '@example.org>'), 'completed', $1::timestamptz, $1::timestamptz, $1::timestamptz
       FROM generate_series(1, 300) AS n`,
      [NOW],
    );
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('answers the newest page, the total, and each older page from the last one’s position, every failure once', async () => {
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(FAILED);
    expect(first.body.failures).toHaveLength(FAILURES_PAGE);
    expect(first.body.failures[0]).toMatchObject({ recipient: 'failed1@example.org', subject: 'Booking 1', state: 'failed' });
    const seen = [...first.body.failures];
    let older = first.body.older;
    let pages = 1;
    while (older) {
      const page = await list(`?before=${encodeURIComponent(older)}`);
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(FAILED);
      seen.push(...page.body.failures);
      older = page.body.older;
      pages += 1;
    }
    expect(pages).toBe(3);
    const ids = seen.map((f) => f.id);
    expect(new Set(ids).size).toBe(FAILED);
    const made = seen.map((f) => f.created_at);
    expect(made).toEqual([...made].sort().reverse());
    expect(seen.every((f) => f.subject?.startsWith('Booking '))).toBe(true);
  });

  it('reads the recipient and subject of each email, never its body', async () => {
    const shown = JSON.stringify((await list()).body);
    expect(shown).not.toContain('body body');
  });

  it.each([
    ['?before=2026-06-10', 'before must be the older value of the page before.'],
    ['?before=2026-02-30T10:00:00.000000Z_00000000-0000-4000-8000-000000000000', 'before must be the older value of the page before.'],
    ['?before=2026-06-10T24:00:00.000000Z_00000000-0000-4000-8000-000000000000', 'before must be the older value of the page before.'],
    ['?before=2026-06-10T10:00:00.000000Z_not-a-job', 'before must be the older value of the page before.'],
    ["?before=2026-06-10T10:00:00.000000Z_00000000-0000-4000-8000-000000000000'--", 'before must be the older value of the page before.'],
    ['?before=a&before=b', 'before must be given once.'],
  ])('refuses %s with 422', async (query, message) => {
    const res = await list(query);
    expect([res.status, res.body.error, res.body.message]).toEqual([422, 'validation_failed', message]);
  });
});
