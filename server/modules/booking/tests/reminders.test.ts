/**
 * The reminder the day before (docs/decisions/0016-appointment-reminders.md):
 * with the clock moved, each confirmed booking is reminded exactly once at
 * REMINDER_TIME London the day before; a cancelled booking never; a booking
 * moved before its reminder is reminded with its new time, one moved after it
 * is not reminded again; two sweeps at once (two processes) still send one
 * each; the reminder carries when, where, directions, what to bring, how to
 * change or cancel, and the calendar file again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '../../../../src/domain/booking';
import type { OutboxMessage } from '../../../platform/mail';
import { createMailer } from '../../../platform/mail';
import { createBookingMail } from '../booking-mail';
import { createSigner } from '../../../platform/signing';
import { createRemindersService } from '../reminders-service';
import { getJson, jobsFor, runJobs, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, validConsent, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { sentMail } from '../../../../tests/fixtures/mail';
import { readQrPng } from '../../../../tests/fixtures/qr';
import { formatTicketCode, importTicketKey, verifyTicket } from '../../../../src/domain/ticket';

const BOOKED = new Date('2026-10-01T09:00:00Z');
// The Sunday GMT begins; its reminder is at 09:00 BST on the Saturday, 08:00 UTC.
const EVENT_DATE = '2026-10-25';
const REMINDER_AT = new Date('2026-10-24T08:00:00Z');

describe.each(ENGINES)('reminders the day before on %s', (engine) => {
  let test: TestDatabase;
  let clock = BOOKED;
  const event = makeEvent({ event_name: 'Clock Change Sunday', event_date: EVENT_DATE, start_time: '10:00', end_time: '12:00' });
  const other = makeEvent({ event_name: 'Tuesday After', event_date: '2026-10-27' });
  const evening = makeEvent({ event_name: 'Evening Rule', event_date: '2026-12-10' });
  const app = () => testApp({ db: test.db, now: () => clock });

  async function book(who: FastMember, target = event, start = '10:00'): Promise<Appointment> {
    const token = await who.tokenAt(clock);
    const consent = await getJson<{ consent_id: string }>(app(), '/api/medical/consent', sendJson(token, { ...validConsent(), eventId: target.event_id }));
    const res = await getJson<{ appointment: Appointment }>(app(), '/api/appointments', sendJson(token, { eventId: target.event_id, appointmentStartTime: start, consentId: consent.body.consent_id }));
    expect(res.status).toBe(201);
    return res.body.appointment;
  }
  /** What the once-a-minute schedule does: one sweep job, run now. */
  async function sweep(at: Date): Promise<OutboxMessage[]> {
    clock = at;
    app();
    await jobsFor(test.db).send(test.db, 'appointment_reminders', {});
    await runJobs(test.db);
    return reminders();
  }
  const reminders = async () => (await sentMail(test.db)).filter((m) => m.subject.startsWith('Reminder:'));

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [event, other, evening]);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('reminds each confirmed booking once, with its time now; none for a cancelled one; none twice', async () => {
    const [kept, cancelled, movedBefore, movedAfter, later] = await fastMembers(test.db, 5, BOOKED, { firstName: 'Rory' });
    const keptBooking = await book(kept!, event, '10:00');
    const cancelledBooking = await book(cancelled!, event, '10:15');
    const movedBeforeBooking = await book(movedBefore!, event, '10:30');
    const movedAfterBooking = await book(movedAfter!, event, '10:45');
    await book(later!, other, '10:00');
    await runJobs(test.db);

    const cancel = await getJson(app(), `/api/appointments/${cancelledBooking.appointment_id}/cancel`, sendJson(await cancelled!.tokenAt(clock), {}));
    expect(cancel.status).toBe(200);
    const move = await getJson(
      app(),
      `/api/appointments/${movedBeforeBooking.appointment_id}/change`,
      sendJson(await movedBefore!.tokenAt(clock), { appointmentStartTime: '11:30', fromStartTime: '10:30' }),
    );
    expect(move.status).toBe(200);

    // A minute before the moment: nothing.
    expect(await sweep(new Date(REMINDER_AT.getTime() - 60_000))).toHaveLength(0);

    // At it: the kept booking and the moved one, at its new time; not the cancelled one, not Tuesday's.
    const sent = await sweep(REMINDER_AT);
    expect(sent.map((m) => m.to).sort()).toEqual([kept!.email, movedBefore!.email, movedAfter!.email].sort());
    const moved = sent.find((m) => m.to === movedBefore!.email)!;
    expect(moved.subject).toBe('Reminder: your PSA test tomorrow at 11:30');
    expect(moved.text).toContain('Time: 11:30 to 11:45 (UK time)');
    expect(moved.text).not.toContain('10:30');

    // Moved after its reminder went: the change email says the new time; no second reminder.
    const late = await getJson(
      app(),
      `/api/appointments/${movedAfterBooking.appointment_id}/change`,
      sendJson(await movedAfter!.tokenAt(clock), { appointmentStartTime: '11:45', fromStartTime: '10:45' }),
    );
    // 09:00 BST: Change time is still open (it closes with booking, 24 hours before the event).
    expect(late.status).toBe(200);
    expect((await sentMail(test.db, 1))[0]!.subject).toBe('Booking changed: Clock Change Sunday');

    // Later sweeps, that day and the next morning, send none again.
    expect(await sweep(new Date(REMINDER_AT.getTime() + 60 * 60_000))).toHaveLength(3);
    expect(await sweep(new Date('2026-10-25T09:59:00Z'))).toHaveLength(3);
    const rows = await test.db.query<{ appointment_id: string; reminded: boolean }>(
      'SELECT appointment_id::text AS appointment_id, reminder_sent_at IS NOT NULL AS reminded FROM appointments WHERE event_id = $1 ORDER BY slot_start',
      [event.event_id],
    );
    expect(rows.filter((r) => r.reminded).map((r) => r.appointment_id).sort()).toEqual(
      [keptBooking.appointment_id, movedBeforeBooking.appointment_id, movedAfterBooking.appointment_id].sort(),
    );
  });

  it('says when, where, how to get there, what to bring and how to change or cancel, with the calendar file again', async () => {
    const mail = (await reminders()).find((m) => m.subject === 'Reminder: your PSA test tomorrow at 10:00')!;
    for (const words of [
      'Dear Rory,',
      'tomorrow, Sunday, 25 October 2026, at 10:00 (UK time)',
      'Event: Clock Change Sunday',
      'Address: Test Community Centre, High Street, Ipswich',
      'Directions: https://www.google.com/maps/dir/?api=1&destination=52.0567%2C1.1482',
      'What to bring: photo ID',
      'change its time or cancel it under My bookings',
    ]) {
      expect(mail.text).toContain(words);
    }
    // The calendar file again, then his ticket: its QR code a ticket the server's public key proves, for this time.
    expect(mail.attachments).toHaveLength(2);
    // 10:00 GMT on the first Sunday of winter time is 10:00 UTC.
    expect(mail.attachments[0]!.content).toContain('DTSTART:20261025T100000Z');
    expect(mail.attachments[0]!.content).toContain('STATUS:CONFIRMED');
    const picture = mail.attachments[1]!;
    expect(picture).toMatchObject({ filename: 'chaps-ticket-2026-10-25.png', contentType: 'image/png', encoding: 'base64' });
    const token = readQrPng(Buffer.from(picture.content, 'base64'))!;
    const ticket = await verifyTicket(token, await importTicketKey(await createSigner(test.db, undefined).ticketPublicKey()));
    expect(ticket).toMatchObject({ ok: true, claims: { eventId: event.event_id, slotStart: '2026-10-25T10:00:00.000Z' } });
    expect(mail.text).toContain(`Or read out this code: ${formatTicketCode(ticket.ok ? ticket.code : '')}`);
  });

  it('two sweeps at once (two processes) remind each booking once', async () => {
    const members = await fastMembers(test.db, 6, BOOKED);
    clock = BOOKED;
    // 10:15 to 11:30: 10:00 is the first test's.
    const starts = ['10:15', '10:30', '10:45', '11:00', '11:15', '11:30'];
    for (const [i, member] of members.entries()) await book(member, other, starts[i]);
    await runJobs(test.db);
    const before = (await reminders()).length;
    clock = new Date('2026-10-26T09:00:00Z'); // 09:00 GMT on the Monday
    app();
    // Two sweeps at once, as two processes' schedules could overlap (each its own service over the same database).
    const mail = createBookingMail(createMailer({ db: test.db, jobs: jobsFor(test.db), env: { mailFrom: 'CHAPS <no-reply@example.org>' } }), createSigner(test.db, undefined));
    const sweeps = [1, 2].map(() => createRemindersService(test.db, () => clock, mail, '09:00'));
    const counts = await Promise.all(sweeps.map((s) => s.sendDue()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(7);
    const after = await reminders();
    const tuesday = after.slice(0, after.length - before).filter((m) => m.text.includes('Tuesday After'));
    expect(after.length - before).toBe(7); // six new bookings and the Tuesday booking from the first test
    expect(new Set(tuesday.map((m) => m.to)).size).toBe(7);
    // Again: nothing more.
    await sweep(new Date('2026-10-26T12:00:00Z'));
    expect((await reminders()).length).toBe(after.length);
  });

  it('the day before is read in London: a REMINDER_TIME of 18:00 waits for 18:00 UK time', async () => {
    const [member] = await fastMembers(test.db, 1, BOOKED);
    clock = BOOKED;
    await book(member!, evening, '10:00');
    await runJobs(test.db);
    const run = async (at: string) => {
      clock = new Date(at);
      testApp({ db: test.db, now: () => clock, env: { REMINDER_TIME: '18:00' } });
      await jobsFor(test.db).send(test.db, 'appointment_reminders', {});
      await runJobs(test.db);
      return (await reminders()).filter((m) => m.to === member!.email);
    };
    expect(await run('2026-12-09T17:59:00Z')).toHaveLength(0);
    expect(await run('2026-12-09T18:00:00Z')).toHaveLength(1);
  });
});
