/**
 * Change time (docs/rules.md#change-of-time): POST
 * /api/appointments/{id}/change moves the member's own booking to another free
 * slot of its event in one transaction, keeps a card payment with it, and
 * emails the new time with a calendar file of the same UID and a higher
 * SEQUENCE. What an attacker would try is refused: another member's booking, a
 * full slot, a slot that is not one, a closed or past event, a cancelled or
 * unpaid booking, and parallel changes (exactly one moves it; the rest are told
 * it changed).
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHANGE_REFUSAL_MESSAGES, type Appointment } from '../../../../src/domain/booking';
import type { SlotsByDate } from '../../../../src/domain/slots';
import type { Payments } from '../../payments';
import { getJson, runJobs, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, takePlaces, validConsent, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { sentMail } from '../../../../tests/fixtures/mail';
import { approveCard, capture, orderFor, testPayments } from '../../../../tests/fixtures/payments';

// Wednesday 10 June 2026, 10:00 in London.
const NOW = new Date('2026-06-10T09:00:00Z');

interface Answer {
  status?: string;
  appointment?: Appointment;
  error?: string;
  message?: string;
}

describe.each(ENGINES)('change time on %s', (engine) => {
  let test: TestDatabase;
  let payments: Payments;
  let member: FastMember;
  let other: FastMember;
  const warnings: string[] = [];
  const logger = { debug: () => {}, info: () => {}, error: () => {}, warn: (m: string) => warnings.push(m) };
  const app = (now = NOW) => testApp({ db: test.db, now, payments, logger });
  // Saturday 20 June, 10:00 to 12:00 in 15-minute slots, one place each.
  const free = makeEvent({ event_name: 'Free Saturday', event_date: '2026-06-20' });
  const paid = makeEvent({ event_name: 'Paid Saturday', event_date: '2026-06-20', payment_required: true, price: 2500 });
  // Four places in all over eight times: full once four are taken, with times still empty.
  const small = makeEvent({ event_name: 'Small Saturday', event_date: '2026-06-20', total_spaces: 4 });

  async function book(who: FastMember, start: string, event = free) {
    const consent = await getJson<{ consent_id: string }>(app(), '/api/medical/consent', sendJson(who.token, { ...validConsent(), eventId: event.event_id }));
    const res = await getJson<Answer>(app(), '/api/appointments', sendJson(who.token, { eventId: event.event_id, appointmentStartTime: start, consentId: consent.body.consent_id }));
    expect(res.status).toBe(201);
    return res.body.appointment!;
  }
  const change = async (who: FastMember, id: string, to: string, from: string, now = NOW) =>
    getJson<Answer>(app(now), `/api/appointments/${id}/change`, sendJson(await who.tokenAt(now), { appointmentStartTime: to, fromStartTime: from }));
  const freeSlots = async (eventId = free.event_id) =>
    (await getJson<SlotsByDate>(app(), `/api/events/${eventId}/slots`)).body['2026-06-20']?.availableTimeSlots ?? [];
  const slotOf = async (id: string) =>
    (await test.db.query<{ start: string; status: string; seq: number }>(
      `SELECT to_char(slot_start, 'HH24:MI') AS start, status, calendar_sequence AS seq FROM appointments WHERE appointment_id = $1`,
      [id],
    ))[0];

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    payments = testPayments(test.db, () => NOW);
    await replaceEvents(test.db, [free, paid, small]);
  });
  beforeEach(async () => {
    await runJobs(test.db);
    for (const table of ['payment_transactions', 'payment_orders', 'member_appointments', 'appointments', 'outbox', 'request_throttles']) {
      await test.db.query(`DELETE FROM ${table}`);
    }
    [member, other] = (await fastMembers(test.db, 2, NOW, { firstName: 'Alan' })) as [FastMember, FastMember];
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('moves the booking to a free slot, frees the old one and emails a calendar file with the same UID and a higher SEQUENCE', async () => {
    const booked = await book(member, '10:00');
    await runJobs(test.db);
    await test.db.query('DELETE FROM outbox');

    const res = await change(member, booked.appointment_id, '11:15', '10:00');
    expect(res.status).toBe(200);
    expect(res.body.appointment).toMatchObject({
      appointment_id: booked.appointment_id, start_time: '11:15', end_time: '11:30', status: 'confirmed', payment_status: 'paid', calendar_sequence: 1,
    });
    expect(await freeSlots()).toContain('10:00');
    expect(await freeSlots()).not.toContain('11:15');
    // My bookings shows the one booking, at the new time.
    const list = await getJson<{ appointments: Appointment[] }>(app(), '/api/appointments', { headers: { Authorization: `Bearer ${member.token}` } });
    expect(list.body.appointments.map((a) => [a.appointment_id, a.start_time])).toEqual([[booked.appointment_id, '11:15']]);

    const mails = await sentMail(test.db);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Booking changed: Free Saturday');
    expect(mail.text).toContain('it is now at 11:15 on Saturday, 20 June 2026 (it was at 10:00)');
    expect(mail.text).toContain('Time: 11:15 to 11:30 (UK time)');
    expect(mail.html).toContain('<th scope="row"');
    expect(mail.html).toContain('11:15 to 11:30 (UK time)');
    const attachment = mail.attachments[0]!;
    expect(attachment.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    const calendar = new ICAL.Component(ICAL.parse(attachment.content));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe(`${booked.appointment_id}@chaps-charity.org.uk`);
    expect(event.sequence).toBe(1);
    // 11:15 BST is 10:15 UTC.
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-06-20T10:15:00.000Z');
    // RFC 5546: PUBLISH and CANCEL carry the organiser (a URI scheme is case-insensitive).
    expect(event.organizer.toLowerCase()).toBe('mailto:info@chaps-charity.org.uk');

    // A second change goes one higher again; the cancellation after it higher still.
    expect((await change(member, booked.appointment_id, '10:30', '11:15')).body.appointment?.calendar_sequence).toBe(2);
    await getJson(app(), `/api/appointments/${booked.appointment_id}/cancel`, sendJson(member.token, {}));
    const cancelled = (await sentMail(test.db, 1))[0]!;
    expect(cancelled.attachments[0]!.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    const cancelEvent = new ICAL.Event(new ICAL.Component(ICAL.parse(cancelled.attachments[0]!.content)).getFirstSubcomponent('vevent')!);
    expect(cancelEvent.sequence).toBe(3);
    expect(cancelEvent.uid).toBe(`${booked.appointment_id}@chaps-charity.org.uk`);
  });

  it('keeps a card payment with the booking it moves', async () => {
    const order = await orderFor(app(), member, paid.event_id, '10:00');
    await approveCard(app(), order.body.id);
    expect((await capture(app(), member, order.body.id)).status).toBe(201);
    const id = order.body.appointmentId;

    const res = await change(member, id, '10:45', '10:00');
    expect(res.status).toBe(200);
    expect(res.body.appointment).toMatchObject({ appointment_id: id, start_time: '10:45', payment_status: 'paid by card', price: 2500 });
    const [orderRow] = await test.db.query<{ status: string; appointment_id: string }>(
      'SELECT status, appointment_id::text AS appointment_id FROM payment_orders WHERE order_id = $1',
      [order.body.id],
    );
    expect(orderRow).toEqual({ status: 'completed', appointment_id: id });
    expect(await freeSlots(paid.event_id)).toContain('10:00');
    const mail = (await sentMail(test.db)).find((m) => m.subject === 'Booking changed: Paid Saturday')!;
    expect(mail.text).toContain('Your card payment stays with this booking: there is nothing more to pay.');
    expect(mail.text).toContain('Paid: £25.00 by card');
  });

  it("answers another member's booking, an unknown or a malformed id as not found, logs the first, and changes nothing", async () => {
    const theirs = await book(other, '10:00');
    for (const id of [theirs.appointment_id, '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e', 'nope']) {
      const res = await change(member, id, '11:00', '10:00');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'appointment_not_found', message: CHANGE_REFUSAL_MESSAGES.appointment_not_found });
    }
    expect(warnings.some((w) => w.includes(member.userId) && w.includes(theirs.appointment_id))).toBe(true);
    expect(await slotOf(theirs.appointment_id)).toEqual({ start: '10:00', status: 'confirmed', seq: 0 });
    expect((await getJson(app(), `/api/appointments/${theirs.appointment_id}/change`, sendJson(null, { appointmentStartTime: '11:00', fromStartTime: '10:00' }))).status).toBe(401);
  });

  it('refuses a taken slot (held ones too), a time that is not a slot, the same time, and a stale view, and changes nothing', async () => {
    const booked = await book(member, '10:00');
    await takePlaces(test.db, free, ['10:15']);
    await takePlaces(test.db, free, ['10:30'], { status: 'held', holdExpiresAt: new Date(NOW.getTime() + 10 * 60_000) });
    const cases: [string, string, number, string][] = [
      ['10:15', '10:00', 409, 'slot_taken'],
      ['10:30', '10:00', 409, 'slot_taken'],
      ['10:07', '10:00', 422, 'invalid_slot'],
      ['12:00', '10:00', 422, 'invalid_slot'],
      ['10:00', '10:00', 422, 'same_time'],
      ['11:00', '10:45', 409, 'booking_changed'],
    ];
    for (const [to, from, status, code] of cases) {
      const res = await change(member, booked.appointment_id, to, from);
      expect([to, res.status, res.body.error]).toEqual([to, status, code]);
    }
    expect(await slotOf(booked.appointment_id)).toEqual({ start: '10:00', status: 'confirmed', seq: 0 });
    expect((await sentMail(test.db)).filter((m) => m.subject.startsWith('Booking changed'))).toHaveLength(0);
  });

  it('refuses once booking has closed, once the event has passed, and for a cancelled booking', async () => {
    const booked = await book(member, '10:00');
    // Friday 19 June 10:00: within 24 hours of the start.
    expect((await change(member, booked.appointment_id, '11:00', '10:00', new Date('2026-06-19T09:00:00Z'))).body.error).toBe('booking_closed');
    // Sunday 21 June: the event is over.
    expect((await change(member, booked.appointment_id, '11:00', '10:00', new Date('2026-06-21T09:00:00Z'))).body.error).toBe('event_passed');
    await getJson(app(), `/api/appointments/${booked.appointment_id}/cancel`, sendJson(member.token, {}));
    const res = await change(member, booked.appointment_id, '11:00', '10:00');
    expect([res.status, res.body.error]).toEqual([409, 'already_cancelled']);
  });

  it('offers a member booked on a full event the times with room, counted without his own place, and moves him', async () => {
    const booked = await book(member, '10:00', small);
    await takePlaces(test.db, small, ['10:15', '10:30', '10:45']);
    const publicSlots = await getJson<{ error: string }>(app(), `/api/events/${small.event_id}/slots`);
    expect([publicSlots.status, publicSlots.body.error]).toEqual([409, 'fully_booked']);

    const mine = await getJson<SlotsByDate>(app(), `/api/appointments/${booked.appointment_id}/change-slots`, { headers: { Authorization: `Bearer ${member.token}` } });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ '2026-06-20': { availableTimeSlots: ['11:00', '11:15', '11:30', '11:45'] } });
    expect((await change(member, booked.appointment_id, '11:30', '10:00')).status).toBe(200);
    expect((await slotOf(booked.appointment_id))?.start).toBe('11:30');

    // Another member's booking is not found; a cancelled one is refused as a change would be.
    const theirs = await getJson<Answer>(app(), `/api/appointments/${booked.appointment_id}/change-slots`, { headers: { Authorization: `Bearer ${other.token}` } });
    expect([theirs.status, theirs.body.error]).toEqual([404, 'appointment_not_found']);
    await getJson(app(), `/api/appointments/${booked.appointment_id}/cancel`, sendJson(member.token, {}));
    const cancelled = await getJson<Answer>(app(), `/api/appointments/${booked.appointment_id}/change-slots`, { headers: { Authorization: `Bearer ${member.token}` } });
    expect([cancelled.status, cancelled.body.error]).toEqual([409, 'already_cancelled']);
  });

  it('refuses a hold still waiting for its card payment', async () => {
    const order = await orderFor(app(), member, paid.event_id, '10:00');
    const res = await change(member, order.body.appointmentId, '11:00', '10:00');
    expect([res.status, res.body.error]).toEqual([409, 'booking_not_confirmed']);
  });

  it('moves a booking once when many changes of it arrive together: one succeeds, the rest are told it changed', async () => {
    const booked = await book(member, '10:00');
    await runJobs(test.db);
    await test.db.query('DELETE FROM outbox');
    const targets = ['10:15', '10:30', '10:45', '11:00', '11:15', '11:30'];
    const answers = await Promise.all(targets.map((to) => change(member, booked.appointment_id, to, '10:00')));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.error)).toEqual(Array(targets.length - 1).fill('booking_changed'));
    const now = await slotOf(booked.appointment_id);
    expect(now).toEqual({ start: won[0]!.body.appointment!.start_time, status: 'confirmed', seq: 1 });
    // Every other target is still free, and so is the old time: one place taken, in one slot.
    const open = await freeSlots();
    for (const slot of ['10:00', ...targets.filter((t) => t !== now!.start)]) expect(open).toContain(slot);
    expect(open).not.toContain(now!.start);
    expect((await sentMail(test.db)).filter((m) => m.subject.startsWith('Booking changed'))).toHaveLength(1);
  });

  it('gives a contested last free slot to one only, whether it is booked or moved into', async () => {
    const booked = await book(member, '10:00');
    const consent = await getJson<{ consent_id: string }>(app(), '/api/medical/consent', sendJson(other.token, { ...validConsent(), eventId: free.event_id }));
    const [moved, newBooking] = await Promise.all([
      change(member, booked.appointment_id, '11:45', '10:00'),
      getJson<Answer>(app(), '/api/appointments', sendJson(other.token, { eventId: free.event_id, appointmentStartTime: '11:45', consentId: consent.body.consent_id })),
    ]);
    // One of them has it (200 moved, or 201 booked); the other is told the time was taken.
    expect([moved.status < 300, newBooking.status < 300].filter(Boolean)).toHaveLength(1);
    expect([moved.body.error, newBooking.body.error].filter(Boolean)).toEqual(['slot_taken']);
    const [inSlot] = await test.db.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM appointments WHERE event_id = $1 AND slot_start = '11:45' AND status = 'confirmed'`,
      [free.event_id],
    );
    expect(inSlot!.n).toBe(1);
  });
});
