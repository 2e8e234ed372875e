/**
 * Writers that lock several of an event's bookings take them in one order
 * (appointment id): labels printed for the event and a phone's check-in
 * batch, run at the same moment over PostgreSQL's connection pool, never
 * wait on each other in a circle. Before the batch took its locks in that
 * order (it locked each booking as it reached it, in the order the names
 * were tapped), a batch tapped in the other order than the labels' deadlocked,
 * and PostgreSQL failed one of the two requests with a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSampleId } from '../../../../src/domain/sample-id';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { bookedMembers, makeStaff } from '../../../../tests/fixtures/staff';

const BOOKED_AT = new Date('2026-06-10T09:00:00Z');
const AT_VENUE = new Date('2026-06-20T11:30:00Z');
const EVENT = makeEvent({ event_name: 'Busy Door Screening', event_date: '2026-06-20' });
const SLOTS = ['10:00', '10:15', '10:30', '10:45', '11:00', '11:15', '11:30', '11:45'];

describe.each(ENGINES)('lock order at the door on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  let ids: string[];
  const app = () => testApp({ db: test.db, now: AT_VENUE });

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [EVENT]);
    const booked = await bookedMembers(testApp({ db: test.db, now: BOOKED_AT }), test.db, BOOKED_AT, EVENT, SLOTS);
    ids = booked.map((b) => b.appointment.appointment_id);
    staff = await makeStaff(test.db, AT_VENUE);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('prints labels and checks a batch in at the same moment, round after round, without either failing', async () => {
    const descending = [...ids].sort().reverse();
    for (let round = 0; round < 6; round += 1) {
      const batch = descending.map((id) => ({ appointment_id: id, checked_in_at: AT_VENUE.toISOString(), sample_id: newSampleId() }));
      const [labels, checkIns] = await Promise.all([
        getJson(app(), `/api/staff/events/${EVENT.event_id}/samples`, sendJson(staff.token, {})),
        getJson(app(), `/api/staff/events/${EVENT.event_id}/check-ins`, sendJson(staff.token, { check_ins: batch })),
      ]);
      expect([labels.status, checkIns.status], JSON.stringify([labels.body, checkIns.body]).slice(0, 400)).toEqual([200, 200]);
    }
    const [{ n } = { n: 0 }] = await test.db.query<{ n: number }>('SELECT count(DISTINCT appointment_id)::integer AS n FROM samples WHERE event_id = $1::uuid', [EVENT.event_id]);
    expect(n).toBe(SLOTS.length);
  });
});
