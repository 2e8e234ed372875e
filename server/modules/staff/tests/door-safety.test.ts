/**
 * The door's edges: a cancelled booking's identifiers stay off staff
 * phones; a booking cancelled after his arrival is given no sample id by a
 * late replay; and a sample id holding a control character is a 422 for
 * that one request, never a 500 that would block the phone's queue on
 * every retry (docs/clinical-safety/hazard-log.md#hazard-6, #hazard-7).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSampleId } from '../../../../src/domain/sample-id';
import type { AttendeeList, CheckInResult } from '../../../../src/domain/staff-attendees';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { bookedMembers, makeStaff } from '../../../../tests/fixtures/staff';

const BOOKED_AT = new Date('2026-06-10T09:00:00Z');
const EARLY = new Date('2026-06-20T08:40:00Z');
const AT_VENUE = new Date('2026-06-20T09:30:00Z');
const EVENT = makeEvent({ event_name: 'Felixstowe Screening', event_date: '2026-06-20' });

describe.each(ENGINES)('the door’s edges on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  let booked: Awaited<ReturnType<typeof bookedMembers>>;
  const app = (now = AT_VENUE) => testApp({ db: test.db, now });
  // A phone signed in when it calls: a staff session's idle clock starts at sign-in (docs/rules.md#staff-idle).
  const checkIns = async (body: unknown, now = AT_VENUE) =>
    getJson<{ results: CheckInResult[]; error?: string }>(app(now), `/api/staff/events/${EVENT.event_id}/check-ins`, sendJson(await staff.tokenAt(now), body));

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [EVENT]);
    booked = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, EVENT, ['10:00', '10:15']);
    staff = await makeStaff(test.db, EARLY);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('refuses a sample id holding a control character with a 422, recording nothing', async () => {
    const res = await checkIns({ check_ins: [{ appointment_id: booked[0]!.appointment.appointment_id, checked_in_at: AT_VENUE.toISOString(), sample_id: 'AB\u0000CD' }] });
    expect(res.status).toBe(422);
    expect(await test.db.query('SELECT 1 FROM check_ins')).toEqual([]);
  });

  it('gives a booking cancelled after his arrival no sample id on a late replay, and keeps its identifiers off the list', async () => {
    const { member, appointment } = booked[1]!;
    // Checked in early by a phone that made no sample (an earlier version), then he cancels and leaves.
    const first = await checkIns({ check_ins: [{ appointment_id: appointment.appointment_id, checked_in_at: EARLY.toISOString() }] }, EARLY);
    expect(first.body.results[0]).toMatchObject({ outcome: 'recorded', sample_id: null });
    const cancelled = await getJson(app(EARLY), `/api/appointments/${appointment.appointment_id}/cancel`, sendJson(await member.tokenAt(EARLY), {}));
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

    const replay = await checkIns({ check_ins: [{ appointment_id: appointment.appointment_id, checked_in_at: AT_VENUE.toISOString(), sample_id: newSampleId() }] });
    expect(replay.body.results[0]).toMatchObject({ outcome: 'already', sample_id: null });
    expect(await test.db.query('SELECT 1 FROM samples WHERE appointment_id = $1::uuid', [appointment.appointment_id])).toEqual([]);

    const list = (await getJson<AttendeeList>(app(), `/api/staff/events/${EVENT.event_id}/attendees`, { headers: { Authorization: `Bearer ${await staff.tokenAt(AT_VENUE)}` } })).body;
    const gone = list.attendees.find((a) => a.appointment_id === appointment.appointment_id)!;
    expect(gone).toMatchObject({ status: 'cancelled', nhs_number: null, date_of_birth: null });
    const coming = list.attendees.find((a) => a.appointment_id === booked[0]!.appointment.appointment_id)!;
    expect(coming.nhs_number).toMatch(/^\d{10}$/);
  });
});
