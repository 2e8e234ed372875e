/**
 * The last slot of an event that runs to the end of the day: 23:45 plus 15
 * minutes is 24:00 as a time of day. The free booking's statement added the
 * session to the start in SQL, where time wraps at midnight to 00:00, so
 * the row broke the slot-order check and the booking answered 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '../../../../src/domain/booking';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, validConsent, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';

// Wednesday 10 June 2026, 10:00 in London.
const NOW = new Date('2026-06-10T09:00:00Z');

describe.each(ENGINES)('the last slot of the day on %s', (engine) => {
  let test: TestDatabase;
  let members: FastMember[];
  const late = makeEvent({ event_name: 'Late Saturday', event_date: '2026-06-20', start_time: '23:30', end_time: '23:59', session_duration: 15 });
  const app = () => testApp({ db: test.db, now: NOW });

  async function book(who: FastMember, start: string) {
    const consent = await getJson<{ consent_id: string }>(app(), '/api/medical/consent', sendJson(who.token, { ...validConsent(), eventId: late.event_id }));
    return getJson<{ appointment?: Appointment }>(app(), '/api/appointments', sendJson(who.token, { eventId: late.event_id, appointmentStartTime: start, consentId: consent.body.consent_id }));
  }

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [late]);
    members = await fastMembers(test.db, 2, NOW);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('books 23:45 to 24:00, and moves a booking there', async () => {
    const booked = await book(members[0]!, '23:45');
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.appointment).toMatchObject({ start_time: '23:45', end_time: '24:00' });

    const first = await book(members[1]!, '23:30');
    expect(first.status).toBe(201);
    const id = first.body.appointment!.appointment_id;
    await getJson(app(), `/api/appointments/${booked.body.appointment!.appointment_id}/cancel`, sendJson(members[0]!.token, {}));
    const moved = await getJson<{ appointment?: Appointment }>(
      app(),
      `/api/appointments/${id}/change`,
      sendJson(members[1]!.token, { appointmentStartTime: '23:45', fromStartTime: '23:30' }),
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.appointment).toMatchObject({ start_time: '23:45', end_time: '24:00' });
  });
});
