/**
 * The attendee list and check-in: what staff see per attendee (for
 * positive identification, his date of birth and NHS number), a queue of offline check-ins replayed twice
 * recorded once each (one audit row each), a booking cancelled meanwhile
 * reported as a conflict, and another event's appointment not reachable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendeeList, CheckInResult } from '../../../../src/domain/staff-attendees';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { auditCount, bookedMembers, makeStaff } from '../../../../tests/fixtures/staff';

// Booked on 10 June; the screening is on 20 June, checked in from 10:00 UK time.
const BOOKED_AT = new Date('2026-06-10T09:00:00Z');
const AT_VENUE = new Date('2026-06-20T09:30:00Z');
const EVENT = makeEvent({ event_name: 'Colchester Screening', event_date: '2026-06-20', lab_name: 'ESNEFT' });
const OTHER = makeEvent({ event_name: 'Other Screening', event_date: '2026-06-20' });

describe.each(ENGINES)('attendees and check-in on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  let booked: Awaited<ReturnType<typeof bookedMembers>>;
  let elsewhere: Awaited<ReturnType<typeof bookedMembers>>;
  const app = (now = AT_VENUE) => testApp({ db: test.db, now });
  const auth = () => ({ headers: { Authorization: `Bearer ${staff.token}` } });
  const checkIn = (eventId: string, checkIns: unknown) =>
    getJson<{ results: CheckInResult[]; error?: string }>(app(), `/api/staff/events/${eventId}/check-ins`, sendJson(staff.token, { check_ins: checkIns }));
  const recorded = async () => (await test.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM check_ins'))[0]!.n;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [EVENT, OTHER]);
    booked = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, EVENT, ['10:00', '10:15', '10:30']);
    elsewhere = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, OTHER, ['10:00']);
    staff = await makeStaff(test.db, AT_VENUE);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('lists each attendee with slot, date of birth and NHS number, ticket code, consent, payment and age', async () => {
    const res = await getJson<AttendeeList>(app(), `/api/staff/events/${EVENT.event_id}/attendees`, auth());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.attendees.map((a) => a.start_time)).toEqual(['10:00', '10:15', '10:30']);
    expect(res.body.attendees[0]).toEqual({
      appointment_id: booked[0]!.appointment.appointment_id,
      profile_id: booked[0]!.member.profileId,
      first_name: 'Alan',
      last_name: 'Member',
      start_time: '10:00',
      end_time: '10:15',
      status: 'confirmed',
      payment_status: 'paid',
      price: 0,
      payment_problem: null,
      has_nhs_number: true,
      nhs_number: '9434765919',
      date_of_birth: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      slot_start: '2026-06-20T09:00:00.000Z',
      ticket_code: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{8}$/),
      sample_id: null,
      consent_given: true,
      age: 56,
      checked_in_at: null,
      result: null,
    });
  });

  it('records an offline queue once however often it is replayed, in order, with one audit row each', async () => {
    const queue = booked.slice(0, 2).map((b, i) => ({
      appointment_id: b.appointment.appointment_id,
      checked_in_at: new Date(AT_VENUE.getTime() - (10 - i) * 60_000).toISOString(),
    }));
    const first = await checkIn(EVENT.event_id, queue);
    expect(first.status).toBe(200);
    expect(first.body.results).toEqual(queue.map((q) => ({ ...q, outcome: 'recorded', sample_id: null })));
    // The connection dropped before the answer arrived: the phone sends the same queue again, twice.
    for (const replay of [1, 2]) {
      const again = await checkIn(EVENT.event_id, queue);
      expect(again.body.results.map((r) => r.outcome), `replay ${replay}`).toEqual(['already', 'already']);
      expect(again.body.results.map((r) => r.checked_in_at)).toEqual(queue.map((q) => q.checked_in_at));
    }
    expect(await recorded()).toBe(2);
    expect(await auditCount(test.db, 'check_in')).toBe(2);
    const list = await getJson<AttendeeList>(app(), `/api/staff/events/${EVENT.event_id}/attendees`, auth());
    expect(list.body.attendees.map((a) => a.checked_in_at)).toEqual([queue[0]!.checked_in_at, queue[1]!.checked_in_at, null]);
  });

  it('merges two phones checking in the same member at once into one record', async () => {
    const id = booked[2]!.appointment.appointment_id;
    const both = await Promise.all([1, 2].map(() => checkIn(EVENT.event_id, [{ appointment_id: id, checked_in_at: AT_VENUE.toISOString() }])));
    expect(both.map((r) => r.body.results[0]!.outcome).sort()).toEqual(['already', 'recorded']);
    expect(await recorded()).toBe(3);
  });

  it("reports a booking cancelled before the queued check-in arrived, and another event's appointment, without recording them", async () => {
    const [late] = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, EVENT, ['11:00']);
    const cancelled = await getJson(app(BOOKED_AT), `/api/appointments/${late!.appointment.appointment_id}/cancel`, sendJson(late!.member.token, {}));
    expect(cancelled.status).toBe(200);
    const res = await checkIn(EVENT.event_id, [
      { appointment_id: late!.appointment.appointment_id, checked_in_at: AT_VENUE.toISOString() },
      { appointment_id: elsewhere[0]!.appointment.appointment_id, checked_in_at: AT_VENUE.toISOString() },
      { appointment_id: 'not-a-uuid', checked_in_at: AT_VENUE.toISOString() },
    ]);
    expect(res.body.results.map((r) => r.outcome)).toEqual(['cancelled', 'not_found', 'not_found']);
    expect(await recorded()).toBe(3);
    // The cancelled booking stays on the list, marked, so staff can tell the member why.
    const list = await getJson<AttendeeList>(app(), `/api/staff/events/${EVENT.event_id}/attendees`, auth());
    expect(list.body.attendees.find((a) => a.appointment_id === late!.appointment.appointment_id)).toMatchObject({ status: 'cancelled', checked_in_at: null });
    expect(list.body.attendees.map((a) => a.appointment_id)).not.toContain(elsewhere[0]!.appointment.appointment_id);
  });

  it.each(['2030-01-01T00:00:00Z', '1970-01-01T00:00:00Z'])('replaces %s from a wrong phone clock with the moment the server received it', async (wrong) => {
    const [member] = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, EVENT, [wrong.startsWith('2030') ? '11:15' : '11:30']);
    const res = await checkIn(EVENT.event_id, [{ appointment_id: member!.appointment.appointment_id, checked_in_at: wrong }]);
    expect(res.body.results[0]).toMatchObject({ outcome: 'recorded', checked_in_at: AT_VENUE.toISOString() });
  });

  it.each([
    [{ check_ins: [] }, 422],
    [{ check_ins: 'all' }, 422],
    [{ check_ins: [{ appointment_id: 'x' }] }, 422],
    [{ check_ins: [{ appointment_id: 'x', checked_in_at: 'yesterday' }] }, 422],
    [{ check_ins: Array.from({ length: 501 }, () => ({ appointment_id: 'x', checked_in_at: '2026-06-20T09:00:00Z' })) }, 422],
    [{ check_ins: [{ appointment_id: 'x'.repeat(200_000), checked_in_at: '2026-06-20T09:00:00Z' }] }, 413],
  ])('refuses a malformed batch (case %#) with %i, recording nothing', async (body, status) => {
    const before = await recorded();
    const res = await getJson(app(), `/api/staff/events/${EVENT.event_id}/check-ins`, sendJson(staff.token, body));
    expect(res.status).toBe(status);
    expect(await recorded()).toBe(before);
  });

  it('answers 404 for an unknown event', async () => {
    expect((await getJson(app(), '/api/staff/events/00000000-0000-4000-8000-000000000000/attendees', auth())).status).toBe(404);
    expect((await checkIn('00000000-0000-4000-8000-000000000000', [{ appointment_id: 'x', checked_in_at: AT_VENUE.toISOString() }])).status).toBe(404);
  });
});
