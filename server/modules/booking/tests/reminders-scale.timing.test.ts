/**
 * The reminders sweep on a busy day: one sweep reminds every booking due,
 * in batches (a transaction and one queue statement each; fifty here, so a
 * few hundred bookings make several) until a batch comes back short,
 * rather than a batch a minute; each booking once; and
 * its time follows the bookings due: a day four times busier costs within
 * 2.5 times as much a booking (a sweep that read every booking in the
 * table, or sorted them all, for each batch would cost about four times as
 * much a booking). Both engines, the two sizes in one run, moments apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../../platform/mail';
import { createSigner } from '../../../platform/signing';
import { createUnsubscribeLinks } from '../../members/email-choices-service';
import { createBookingMail } from '../booking-mail';
import { createRemindersService } from '../reminders-service';
import { jobsFor } from '../../../../tests/fixtures/app';
import { fastMembers } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';

const BOOKED = new Date('2026-11-01T09:00:00Z');
const QUIET_DAY = '2026-11-18';
const BUSY_DAY = '2026-11-25';
// The day before each, at 09:00 UK time (GMT in November): its reminders are due.
const EVE: Record<string, Date> = { [QUIET_DAY]: new Date('2026-11-17T09:00:00Z'), [BUSY_DAY]: new Date('2026-11-24T09:00:00Z') };
const SITE = 'https://www.example.org';

describe.each(ENGINES)('the reminders sweep on a busy day on %s', (engine) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    // Ten lodges each day, six hours of fifteen-minute slots with places for fifteen men in each.
    const events = [QUIET_DAY, BUSY_DAY].flatMap((day) =>
      Array.from({ length: 10 }, (_, i) => makeEvent({ event_name: `Lodge ${i} ${day}`, event_date: day, start_time: '10:00', end_time: '16:00', total_spaces: 360, places_per_slot: 15 })),
    );
    await replaceEvents(test.db, events);
    const men = await fastMembers(test.db, 200, BOOKED);
    await test.db.query(
      `INSERT INTO appointments (profile_id, user_id, event_id, slot_start, slot_end, status, payment_status, created_at, updated_at)
       SELECT m.profile_id, m.user_id, e.event_id, s.slot, s.slot + interval '15 minutes', 'confirmed', 'paid', $4::timestamptz, $4::timestamptz
       FROM unnest($1::integer[], $2::uuid[]) WITH ORDINALITY AS m(profile_id, user_id, n)
       CROSS JOIN LATERAL (SELECT CASE WHEN m.n <= 40 THEN $3::date ELSE $5::date END AS day) d
       JOIN LATERAL (SELECT event_id FROM events WHERE event_date = d.day ORDER BY event_name OFFSET (m.n % 10) LIMIT 1) e ON true
       CROSS JOIN LATERAL (SELECT '10:00'::time + make_interval(mins => 15 * ((m.n / 10) % 24)::integer) AS slot) s`,
      [men.map((m) => m.profileId), men.map((m) => m.userId), QUIET_DAY, BOOKED, BUSY_DAY],
    );
  }, 120_000);
  afterAll(async () => {
    await test?.dispose();
  });

  async function sweepAt(at: Date): Promise<{ reminded: number; ms: number }> {
    const signer = createSigner(test.db, undefined);
    const mail = createBookingMail(createMailer({ db: test.db, jobs: jobsFor(test.db), env: { mailFrom: 'CHAPS <no-reply@example.org>' } }), signer, SITE);
    const reminders = createRemindersService(test.db, () => at, mail, '09:00', createUnsubscribeLinks(signer, SITE), 50);
    const started = performance.now();
    const reminded = await reminders.sendDue();
    return { reminded, ms: performance.now() - started };
  }

  const queued = async () => {
    const [row] = await test.db.query<{ n: number; distinct_men: number }>(
      `SELECT count(*)::integer AS n, count(DISTINCT data->'message'->>'to')::integer AS distinct_men
       FROM ${jobsFor(test.db).schema}.job WHERE name = 'email' AND data->>'kind' = 'reminder'`,
    );
    return row!;
  };

  it('reminds a day four times busier at about the same cost a booking, each booking once', async () => {
    // Warm the signing keys and the statements once, so neither size pays for them.
    await sweepAt(new Date('2026-11-10T09:00:00Z'));
    const quiet = await sweepAt(EVE[QUIET_DAY]!);
    expect(quiet.reminded).toBe(40);
    const busy = await sweepAt(EVE[BUSY_DAY]!);
    // Four batches in one sweep.
    expect(busy.reminded).toBe(160);
    expect((await sweepAt(EVE[BUSY_DAY]!)).reminded).toBe(0);
    expect(await queued()).toEqual({ n: 200, distinct_men: 200 });

    const perBooking = { quiet: quiet.ms / quiet.reminded, busy: busy.ms / busy.reminded };
    expect(perBooking.busy, `quiet ${quiet.ms.toFixed(0)} ms for 40, busy ${busy.ms.toFixed(0)} ms for 160`).toBeLessThan(perBooking.quiet * 2.5);
  }, 180_000);
});
