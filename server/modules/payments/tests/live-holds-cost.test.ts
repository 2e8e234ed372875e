/**
 * Finding the live holds costs the holds, not every booking kept. Two
 * statements look for them across all bookings: the end of the first live
 * hold, asked each time a public answer (the events listing, an event's
 * free times) is built, and the once-a-minute sweep that ends lapsed ones.
 * At a national scale's 250,000 bookings each read the whole table, 13 ms
 * on every build of the listing; a partial index of the holds alone
 * (migration 930) reads a page or two.
 *
 * Each is explained with ANALYZE and BUFFERS (on a transaction rolled back)
 * among a few hundred bookings and among several thousand, with the same
 * two holds live and one lapsed: the pages read must not follow the
 * bookings' number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_LIVE_HOLD_SQL } from '../../../platform/http/ready-answers';
import { takePlaces } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { explainRolledBack, pagesRead, scansOf } from '../../../../tests/fixtures/plans';
import { LAPSE_HOLDS_SQL } from '../reconcile';

const FEW = 300;
const MANY = 8_000;
const AT = new Date('2026-06-01T10:00:00Z');
const event = makeEvent({ event_name: 'Holds', total_spaces: 20, event_date: '2026-06-10' });

describe.each(ENGINES)('finding the live holds among many bookings, on %s', (engine) => {
  let test: TestDatabase;
  let kept = 0;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [event]);
    await takePlaces(test.db, event, ['10:00', '10:15'], { status: 'held', holdExpiresAt: new Date(AT.getTime() + 10 * 60_000) });
    await takePlaces(test.db, event, ['10:30'], { status: 'held', holdExpiresAt: new Date(AT.getTime() - 60_000) });
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  /** Bookings kept from the years before, attended and cancelled, up to `count`; then the statistics are taken, as autovacuum would. */
  async function keepUpTo(count: number): Promise<void> {
    await test.db.query(
      `WITH men AS (
         INSERT INTO member_profiles (user_id, first_name, last_name, phone, email, home_address)
         SELECT gen_random_uuid(), 'Kept', 'Man', '447700900000', 'kept@example.invalid', 'Somewhere' FROM generate_series(1, $3::integer)
         RETURNING profile_id, user_id)
       INSERT INTO appointments (profile_id, user_id, event_id, slot_start, slot_end, status, payment_status, cancelled_at)
       SELECT profile_id, user_id, $1::uuid, '09:00', '09:15', s.status, 'paid', CASE WHEN s.status = 'cancelled' THEN $2::timestamptz END
       FROM men CROSS JOIN (VALUES ('confirmed'), ('cancelled')) AS s(status)`,
      [event.event_id, AT, (count - kept) / 2],
    );
    kept = count;
    await test.db.query('ANALYZE appointments');
  }

  /** The pages read to run `sql` at AT, and the indexes it read them by. */
  async function cost(sql: string): Promise<{ pages: number; indexes: string[] }> {
    // The scans that find the rows, not the writing of a lapsed hold's new version.
    const scans = scansOf(await explainRolledBack(test.db, sql, [AT]));
    return { pages: pagesRead(scans), indexes: [...new Set(scans.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : [])))] };
  }

  it('reads the same few pages for the first live hold, and for the lapsed ones, among 8,000 bookings as among 300', async () => {
    await keepUpTo(FEW);
    const few = { first: await cost(FIRST_LIVE_HOLD_SQL), lapsed: await cost(LAPSE_HOLDS_SQL) };
    await keepUpTo(MANY);
    const many = { first: await cost(FIRST_LIVE_HOLD_SQL), lapsed: await cost(LAPSE_HOLDS_SQL) };

    for (const plan of [many.first, many.lapsed]) {
      expect(plan.indexes).toEqual(['appointments_live_holds']);
      expect(plan.pages).toBeLessThanOrEqual(4);
    }
    expect(many.first.pages).toBeLessThanOrEqual(few.first.pages + 2);
    expect(many.lapsed.pages).toBeLessThanOrEqual(few.lapsed.pages + 2);
    // The statements still answer: the first live hold ends in ten minutes, and one hold has lapsed.
    expect((await test.db.query<{ next: Date }>(FIRST_LIVE_HOLD_SQL, [AT]))[0]!.next.getTime()).toBe(AT.getTime() + 10 * 60_000);
  });
});
