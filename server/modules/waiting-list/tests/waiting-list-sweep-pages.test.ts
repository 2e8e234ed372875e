/**
 * The waiting-list sweep reads the events with a list a page at a time and
 * goes on until it has seen every one, rather than the first page a minute:
 * with more events than a page holds (several on the same day, so a page
 * can end part-way through a day), one sweep offers each event's free place
 * to its member waiting, exactly once, and a second sweep finds nothing left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsFor, runJobs, testApp } from '../../../../tests/fixtures/app';
import { fastMembers } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';

const START = new Date('2026-12-01T10:00:00Z');
const EVENTS = 205;

describe.each(ENGINES)('the waiting-list sweep over many events on %s', (engine) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    // Forty-one events a day over five days, each with its one place free.
    const events = Array.from({ length: EVENTS }, (_, i) =>
      makeEvent({ event_name: `Lodge ${i}`, event_date: `2026-12-${String(10 + (i % 5)).padStart(2, '0')}`, total_spaces: 1 }),
    );
    await replaceEvents(test.db, events);
    const [early, late] = await fastMembers(test.db, 2, START);
    // Each event's list: one man who joined while it was full (the place has since come free), one after him.
    await test.db.query(
      `INSERT INTO waiting_list (event_id, profile_id, user_id, status, joined_at)
       SELECT e.event_id, p.profile_id, p.user_id, 'waiting', $3::timestamptz + make_interval(secs => k)
       FROM events e CROSS JOIN (VALUES (1, $1::text), (2, $2::text)) AS w(k, email)
       JOIN member_profiles p ON p.email = w.email`,
      [early!.email, late!.email, START],
    );
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  const sweep = async () => {
    testApp({ db: test.db, now: () => START });
    await jobsFor(test.db).send(test.db, 'waiting_list_offers', {});
    await runJobs(test.db);
  };
  const offered = () =>
    test.db.query<{ events: number; offers: number; first_man: number }>(
      `SELECT count(DISTINCT w.event_id)::integer AS events, count(*)::integer AS offers,
         count(*) FILTER (WHERE w.joined_at = (SELECT min(o.joined_at) FROM waiting_list o WHERE o.event_id = w.event_id))::integer AS first_man
       FROM waiting_list w WHERE w.status = 'offered'`,
    );

  it('offers every event’s free place to its first man waiting in one sweep, once each', async () => {
    await sweep();
    expect(await offered()).toEqual([{ events: EVENTS, offers: EVENTS, first_man: EVENTS }]);
    await sweep();
    expect(await offered()).toEqual([{ events: EVENTS, offers: EVENTS, first_man: EVENTS }]);
    const [mails] = await test.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM outbox WHERE subject LIKE 'A place is free for you:%'`);
    expect(mails!.n).toBe(EVENTS);
  }, 120_000);
});
