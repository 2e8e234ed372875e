/**
 * POST /api/appointments: every refusal in the issue's order, each with its
 * status, code and readable message and nothing written; a free booking's
 * answer; the one-active-booking rule in code and in the index; places
 * counted from confirmed bookings and unexpired holds.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_REFUSAL_MESSAGES, BOOKING_REFUSALS, type Appointment, type BookingRefusal } from '../../../../src/domain/booking';
import type { ScreeningEvent } from '../../../../src/domain/event';
import type { SlotsByDate } from '../../../../src/domain/slots';
import { hashAccessCode } from '../../events/access-code';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, takePlaces, validConsent, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent, type EventFixture } from '../../../../tests/fixtures/events';

// Wednesday 10 June 2026, 10:00 in London.
const NOW = new Date('2026-06-10T09:00:00Z');
const CODE = 'LODGE-2026';

describe.each(ENGINES)('booking on %s', (engine) => {
  let test: TestDatabase;
  let member: FastMember;
  const app = () => testApp({ db: test.db, now: NOW });
  const free = makeEvent({ event_name: 'Free', event_date: '2026-06-20', total_spaces: 3 });
  const paid = makeEvent({ event_name: 'Paid', payment_required: true, price: 2500 });
  const ended = makeEvent({ event_name: 'Ended', event_date: '2026-06-09' });
  const closing = makeEvent({ event_name: 'Closing', event_date: '2026-06-11', start_time: '09:00' });
  const corporate = makeEvent({ event_name: 'Corporate', event_date: '2026-06-10', start_time: '09:00', end_time: '12:00', exclusive_for: 'CORPORATE', category: 'corporate' });
  const esneft = makeEvent({ event_name: 'ESNEFT', lab_name: 'ESNEFT' });
  let lodge: EventFixture;

  const consentFor = async (who: FastMember, event: ScreeningEvent) => {
    const res = await getJson<{ consent_id: string }>(app(), '/api/medical/consent', sendJson(who.token, { ...validConsent(), eventId: event.event_id }));
    expect(res.status).toBe(201);
    return res.body.consent_id;
  };
  const book = (who: FastMember, body: Record<string, unknown>) =>
    getJson<{ error?: string; message: string; appointment: Appointment }>(app(), '/api/appointments', sendJson(who.token, body));
  const count = async () => (await test.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM appointments'))[0]!.n;
  const expectRefusal = async (res: { status: number; body: { error?: string; message: string } }, code: BookingRefusal) => {
    expect(res.status).toBe(BOOKING_REFUSALS[code]);
    expect(res.body).toEqual({ error: code, message: BOOKING_REFUSAL_MESSAGES[code] });
  };

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    lodge = makeEvent({ event_name: 'Lodge', is_private: true, access_code_hash: await hashAccessCode(CODE) });
    await replaceEvents(test.db, [free, paid, ended, closing, corporate, esneft, lodge]);
  });
  beforeEach(async () => {
    await test.db.query('DELETE FROM appointments');
    [member] = (await fastMembers(test.db, 1, NOW)) as [FastMember];
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('books a free event: 201 with the appointment, confirmed and paid, priced by the server', async () => {
    const consentId = await consentFor(member, free);
    const res = await book(member, {
      eventId: free.event_id, appointmentStartTime: '10:15', consentId,
      eventPrice: 1, paymentStatus: 'paid by card', eventName: 'Mine', eventLocation: 'Elsewhere',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'success' });
    expect(res.body.appointment).toMatchObject({
      event_id: free.event_id, event_name: 'Free', product_name: 'PSA Blood Test', event_date: '2026-06-20',
      start_time: '10:15', end_time: '10:30', price: 0, status: 'confirmed', payment_status: 'paid', cancelled_at: null,
      address: 'Test Community Centre, High Street, Ipswich, Suffolk, IP1 1AA, United Kingdom', postcode: 'IP1 1AA', lab_name: null,
    });
    expect(res.body.appointment.appointment_id).toMatch(/^[0-9a-f-]{36}$/);
    const event = await getJson<{ event: ScreeningEvent }>(app(), `/api/events/${free.event_id}`);
    expect(event.body.event.booked_spaces).toBe(1);
    const slots = await getJson<SlotsByDate>(app(), `/api/events/${free.event_id}/slots`);
    expect(slots.body['2026-06-20']!.availableTimeSlots).not.toContain('10:15');
  });

  it('answers 401 without a token and 400/413 for a body that is not a small JSON object', async () => {
    expect((await getJson(app(), '/api/appointments', sendJson(null, {}))).status).toBe(401);
    expect((await getJson(app(), '/api/appointments', sendJson(member.token, 'not json'))).status).toBe(400);
    expect((await getJson(app(), '/api/appointments', sendJson(member.token, [1, 2]))).status).toBe(400);
    const huge = { eventId: free.event_id, padding: 'x'.repeat(100_000) };
    expect((await getJson(app(), '/api/appointments', sendJson(member.token, huge))).status).toBe(413);
    expect(await count()).toBe(0);
  });

  it('refuses in order: unknown event, passed, closed, payment, slot; nothing written', async () => {
    const consentId = await consentFor(member, free);
    for (const eventId of ['6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e', 'nope']) {
      await expectRefusal(await book(member, { eventId, appointmentStartTime: '10:00', consentId }), 'event_not_found');
    }
    // A missing or mistyped field is no unknown event: a 422 naming it, before any refusal.
    for (const eventId of [42, null, undefined]) {
      expect((await book(member, { eventId, appointmentStartTime: '10:00', consentId })).body).toMatchObject({ error: 'validation_failed', issues: [{ path: 'eventId' }] });
    }
    await expectRefusal(await book(member, { eventId: ended.event_id, appointmentStartTime: '99:99' }), 'event_passed');
    // 09:00 tomorrow is within 24 hours: closed, whatever else is wrong.
    await expectRefusal(await book(member, { eventId: closing.event_id, appointmentStartTime: 'x' }), 'booking_closed');
    await expectRefusal(await book(member, { eventId: paid.event_id, appointmentStartTime: '10:00', consentId }), 'payment_required');
    for (const start of ['10:05', '12:00', '9:00', "10:00' OR 1=1"]) {
      await expectRefusal(await book(member, { eventId: free.event_id, appointmentStartTime: start, consentId }), 'invalid_slot');
    }
    for (const start of [1000, null, undefined]) {
      expect((await book(member, { eventId: free.event_id, appointmentStartTime: start, consentId })).body).toMatchObject({
        error: 'validation_failed',
        issues: [{ path: 'appointmentStartTime', field: 'appointmentStartTime' }],
      });
    }
    expect(await count()).toBe(0);
  });

  it('books a corporate event inside 24 hours, but never a slot that has begun', async () => {
    const consentId = await consentFor(member, corporate);
    await expectRefusal(await book(member, { eventId: corporate.event_id, appointmentStartTime: '10:00', consentId }), 'invalid_slot');
    expect((await book(member, { eventId: corporate.event_id, appointmentStartTime: '10:15', consentId })).status).toBe(201);
  });

  it('refuses a private event without a valid grant for it, and books it with one', async () => {
    const consentId = await consentFor(member, lodge);
    const body = { eventId: lodge.event_id, appointmentStartTime: '10:00', consentId };
    await expectRefusal(await book(member, body), 'access_code_required');
    await expectRefusal(await book(member, { ...body, accessGrant: 'forged.grant' }), 'access_code_required');
    const check = await getJson<{ access_grant: string }>(app(), `/api/events/${lodge.event_id}/check-access-code`, sendJson(null, { access_code: CODE }));
    expect(check.status).toBe(200);
    const otherEvent = await getJson<{ access_grant: string }>(app(), `/api/events/${free.event_id}/check-access-code`, sendJson(null, { access_code: 'x' }));
    await expectRefusal(await book(member, { ...body, accessGrant: otherEvent.body.access_grant }), 'access_code_required');
    expect((await book(member, { ...body, accessGrant: check.body.access_grant })).status).toBe(201);
  });

  it('refuses members outside 40 to 80 on the event date, or without a birth date', async () => {
    for (const dateOfBirth of ['1986-06-21', '1945-06-19', null]) {
      const [young] = await fastMembers(test.db, 1, NOW, { dateOfBirth });
      const consentId = await consentFor(young!, free);
      await expectRefusal(await book(young!, { eventId: free.event_id, appointmentStartTime: '10:00', consentId }), 'age_restricted');
    }
    // 40 on the event day itself, and 80 until the day before the 81st birthday.
    for (const dateOfBirth of ['1986-06-20', '1945-06-21']) {
      const [edge] = await fastMembers(test.db, 1, NOW, { dateOfBirth });
      const consentId = await consentFor(edge!, free);
      expect((await book(edge!, { eventId: free.event_id, appointmentStartTime: '10:00', consentId })).status).toBe(201);
      await test.db.query('DELETE FROM appointments');
    }
  });

  it('refuses an ESNEFT event without a valid NHS number on the profile', async () => {
    for (const nhsNumber of [null, '9434765918']) {
      const [who] = await fastMembers(test.db, 1, NOW, { nhsNumber });
      const consentId = await consentFor(who!, esneft);
      await expectRefusal(await book(who!, { eventId: esneft.event_id, appointmentStartTime: '10:00', consentId }), 'nhs_number_required');
    }
    const consentId = await consentFor(member, esneft);
    expect((await book(member, { eventId: esneft.event_id, appointmentStartTime: '10:00', consentId })).status).toBe(201);
  });

  it("refuses without the caller's own consent for this event", async () => {
    const [other] = await fastMembers(test.db, 1, NOW);
    const othersConsent = await consentFor(other!, free);
    const consentForAnotherEvent = await consentFor(member, esneft);
    for (const consentId of [undefined, 'nope', othersConsent, consentForAnotherEvent, '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e']) {
      await expectRefusal(await book(member, { eventId: free.event_id, appointmentStartTime: '10:00', consentId }), 'consent_required');
    }
    expect(await count()).toBe(0);
  });

  it('refuses a second booking of the same event (409), even in parallel, and the index refuses one too', async () => {
    const consentId = await consentFor(member, free);
    const answers = await Promise.all(
      ['10:00', '10:15', '10:30', '10:45'].map((start) => book(member, { eventId: free.event_id, appointmentStartTime: start, consentId })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.error).toBe('already_booked');
    await expect(
      test.db.query(
        `INSERT INTO appointments (profile_id, user_id, event_id, slot_start, slot_end, status, payment_status)
         VALUES ($1, $2, $3, '11:00', '11:15', 'confirmed', 'paid')`,
        [member.profileId, member.userId, free.event_id],
      ),
    ).rejects.toThrow(/appointments_one_active_per_member|duplicate key/);
  });

  it('answers slot_taken for a taken slot and fully_booked for a full event; an expired hold frees its place', async () => {
    const consentId = await consentFor(member, free);
    await takePlaces(test.db, free, ['10:00']);
    await takePlaces(test.db, free, ['10:15'], { status: 'held', holdExpiresAt: new Date(NOW.getTime() + 60_000) });
    await takePlaces(test.db, free, ['10:30'], { status: 'held', holdExpiresAt: new Date(NOW.getTime() - 60_000) });
    await expectRefusal(await book(member, { eventId: free.event_id, appointmentStartTime: '10:00', consentId }), 'slot_taken');
    await expectRefusal(await book(member, { eventId: free.event_id, appointmentStartTime: '10:15', consentId }), 'slot_taken');
    const slots = await getJson<SlotsByDate>(app(), `/api/events/${free.event_id}/slots`);
    expect(slots.body['2026-06-20']!.availableTimeSlots).toEqual(['10:30', '10:45', '11:00', '11:15', '11:30', '11:45']);
    expect((await book(member, { eventId: free.event_id, appointmentStartTime: '10:30', consentId })).status).toBe(201);
    // Three places (total_spaces 3) now taken: 10:00, the live hold at 10:15, and this member's.
    const [late] = await fastMembers(test.db, 1, NOW);
    const lateConsent = await consentFor(late!, free);
    await expectRefusal(await book(late!, { eventId: free.event_id, appointmentStartTime: '11:00', consentId: lateConsent }), 'fully_booked');
    // A full event offers no slot, and says it is full.
    expect(await getJson(app(), `/api/events/${free.event_id}/slots`)).toMatchObject({ status: 409, body: { error: 'fully_booked' } });
  });
});
