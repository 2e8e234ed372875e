/**
 * The booking emails through the outbox: the confirmation's words (event,
 * slot, address, directions, what to bring, the cancellation policy of
 * docs/rules.md#refund-policy, its fee only where there is a price) and its
 * .ics, right in Europe/London on both sides of each clock change; no member-typed text but a name that looks like
 * one; the cancellation email; attachments downloadable from /dev/outbox; a
 * mail failure that does not undo a booking. The calendar files are read back
 * with ical.js (a maintained iCalendar parser), and the HTML part is checked
 * for the details and for escaping.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCELLATION_POLICY, type Appointment } from '../../../../src/domain/booking';
import { createApp } from '../../../app';
import { FREE_BOOKING_CANCELLING } from '../booking-mail-text';
import { parseEnv } from '../../../platform/env';
import type { OutboxMessage } from '../../../platform/mail';
import { getJson, jobsFor, runJobs, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, validConsent, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { sentMail } from '../../../../tests/fixtures/mail';

const OCTOBER = new Date('2026-10-01T09:00:00Z');
const MARCH = new Date('2027-03-01T09:00:00Z');

describe.each(ENGINES)('booking emails on %s', (engine) => {
  let test: TestDatabase;
  const events = {
    lastBst: makeEvent({ event_name: 'Last BST Saturday', event_date: '2026-10-24' }),
    firstGmt: makeEvent({ event_name: 'First GMT Sunday', event_date: '2026-10-25' }),
    lastGmt: makeEvent({ event_name: 'Last GMT Saturday', event_date: '2027-03-27' }),
    firstBst: makeEvent({ event_name: 'First BST Sunday', event_date: '2027-03-28', latitude: null, longitude: null }),
    // What staff might type: markup, an ampersand, quotes, a lone carriage return, a CRLF.
    oddText: makeEvent({
      event_name: 'Fish & Chips <b>Night</b>', event_date: '2026-10-31',
      address_line_1: 'Hall\rBack Road', address_line_2: 'Under "the" clock\r\n<script>alert(1)</script>',
    }),
  };

  async function book(who: FastMember, event: ReturnType<typeof makeEvent>, now: Date, start = '10:00') {
    const token = await who.tokenAt(now);
    const app = testApp({ db: test.db, now });
    const consent = await getJson<{ consent_id: string }>(app, '/api/medical/consent', sendJson(token, { ...validConsent(), eventId: event.event_id }));
    const res = await getJson<{ appointment: Appointment }>(app, '/api/appointments', sendJson(token, { eventId: event.event_id, appointmentStartTime: start, consentId: consent.body.consent_id }));
    expect(res.status).toBe(201);
    return res.body.appointment;
  }
  const latestMail = async (): Promise<OutboxMessage> => (await sentMail(test.db, 1))[0]!;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, Object.values(events));
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('confirms with the event, slot, address, directions, what to bring, the policy and a calendar file', async () => {
    const [member] = (await fastMembers(test.db, 1, OCTOBER, { firstName: 'Seán' })) as [FastMember];
    const appointment = await book(member, events.lastBst, OCTOBER, '10:15');
    const mail = await latestMail();
    expect(mail.to).toBe(member.email);
    expect(mail.subject).toBe('Booking confirmed: Last BST Saturday');
    for (const words of [
      'Dear Seán,', 'Event: Last BST Saturday', 'Date: Saturday, 24 October 2026', 'Time: 10:15 to 10:30 (UK time)',
      'Address: Test Community Centre, High Street, Ipswich, Suffolk, IP1 1AA, United Kingdom',
      'Directions: https://www.google.com/maps/dir/?api=1&destination=52.0567%2C1.1482', 'What to bring: photo ID',
      FREE_BOOKING_CANCELLING, `Booking reference: ${appointment.appointment_id}`,
    ]) {
      expect(mail.text).toContain(words);
    }
    // A free event's booking has no fee to cancel: the published policy's charge is not his.
    expect(appointment.price).toBe(0);
    expect(mail.text).not.toContain(CANCELLATION_POLICY);
    expect(mail.text).not.toMatch(/fee|costs the full amount|refund/i);
    // The calendar file, then his ticket's QR code (tickets.test.ts reads it).
    expect(mail.attachments).toHaveLength(2);
    expect(mail.attachments[0]).toMatchObject({ filename: 'chaps-screening-2026-10-24.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' });
    expect(mail.attachments[1]).toMatchObject({ filename: 'chaps-ticket-2026-10-24.png', contentType: 'image/png', encoding: 'base64' });
    const ics = mail.attachments[0]!.content;
    expect(ics).toContain('METHOD:PUBLISH');
    expect(ics).toContain('STATUS:CONFIRMED');
    // 10:15 BST on the last Saturday of summer time is 09:15 UTC.
    expect(ics).toContain('DTSTART:20261024T091500Z');
    expect(ics).toContain('DTEND:20261024T093000Z');
    expect(ics).toContain('LOCATION:Test Community Centre\\, High Street\\, Ipswich');
  });

  it.each([
    ['firstGmt', OCTOBER, 'DTSTART:20261025T100000Z'],
    ['lastGmt', MARCH, 'DTSTART:20270327T100000Z'],
    ['firstBst', MARCH, 'DTSTART:20270328T090000Z'],
  ] as const)('writes %s 10:00 UK time as the right UTC instant', async (name, now, dtstart) => {
    const [member] = (await fastMembers(test.db, 1, now)) as [FastMember];
    await book(member, events[name], now);
    expect((await latestMail()).attachments[0]!.content).toContain(dtstart);
  });

  it('puts no typed text but a plain name in the email, and uses the address when there are no coordinates', async () => {
    const [member] = (await fastMembers(test.db, 1, MARCH, { firstName: 'Win a prize at https://evil.example' })) as [FastMember];
    await test.db.query('DELETE FROM appointments WHERE event_id = $1', [events.firstBst.event_id]);
    await book(member, events.firstBst, MARCH);
    const mail = await latestMail();
    expect(mail.text).toContain('Dear member,');
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).toContain('destination=Test%20Community%20Centre%2C%20High%20Street%2C%20Ipswich');
  });

  it('sends a cancellation whose calendar file removes the entry', async () => {
    const [member] = (await fastMembers(test.db, 1, OCTOBER)) as [FastMember];
    const appointment = await book(member, events.firstGmt, OCTOBER, '11:00');
    const res = await getJson(testApp({ db: test.db, now: OCTOBER }), `/api/appointments/${appointment.appointment_id}/cancel`, sendJson(await member.tokenAt(OCTOBER), {}));
    expect(res.status).toBe(200);
    const mail = await latestMail();
    expect(mail.subject).toBe('Booking cancelled: First GMT Sunday');
    expect(mail.text).toContain('has been cancelled');
    expect(mail.text).toContain('This booking was free, so there is nothing to refund.');
    expect(mail.attachments[0]!.content).toContain('METHOD:CANCEL');
    expect(mail.attachments[0]!.content).toContain(`UID:${appointment.appointment_id}@chaps-charity.org.uk`);
  });

  it('sends an HTML part with the details, the address, directions, what to bring and how to cancel, for a phone and a screen reader', async () => {
    const [member] = (await fastMembers(test.db, 1, OCTOBER, { firstName: "Seán O'Brien" })) as [FastMember];
    const appointment = await book(member, events.lastBst, OCTOBER, '11:30');
    const mail = await latestMail();
    expect(mail.html).not.toBeNull();
    const page = mail.html!;
    expect(page).toContain('<html lang="en-GB">');
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page).toContain('max-width:600px');
    expect(page).toMatch(/<h1[^>]*>Your appointment is booked<\/h1>/);
    // The one member-typed text, escaped.
    expect(page).toContain('Dear Seán O&#39;Brien,');
    const rows: [string, string][] = [
      ['Event', 'Last BST Saturday'], ['Date', 'Saturday, 24 October 2026'], ['Time', '11:30 to 11:45 (UK time)'],
      ['Address', 'Test Community Centre, High Street, Ipswich, Suffolk, IP1 1AA, United Kingdom'],
      ['Booking reference', appointment.appointment_id],
    ];
    for (const [label, value] of rows) {
      expect(page).toMatch(new RegExp(`<th scope="row"[^>]*>${label}</th><td[^>]*>${value.replace(/[()]/g, '\\$&')}</td>`));
    }
    expect(page).toContain('<a href="https://www.google.com/maps/dir/?api=1&amp;destination=52.0567%2C1.1482"');
    expect(page).toContain('Open the route in your maps app</a>');
    expect(page).toMatch(/<h2[^>]*>What to bring<\/h2><p[^>]*>Photo ID, your NHS number/);
    expect(page).toMatch(/<h2[^>]*>How to cancel or change your time<\/h2><p[^>]*>You can see this booking, change its time or cancel it under My bookings/);
    expect(page).not.toMatch(/<(script|iframe|form)/i);
    // The one picture is his ticket's QR code, carried by the email itself and named in words.
    const cid = mail.attachments[1]!.cid!;
    expect(page.match(/<img[^>]*>/gi)).toEqual([expect.stringContaining(`src="cid:${cid}" alt="QR code of your ticket, code `)]);
  });

  it('escapes whatever the event holds in the HTML part, and writes no line break of a staff-typed address into the calendar file', async () => {
    const [member] = (await fastMembers(test.db, 1, OCTOBER)) as [FastMember];
    await book(member, events.oddText, OCTOBER);
    const mail = await latestMail();
    expect(mail.html).toContain('Fish &amp; Chips &lt;b&gt;Night&lt;/b&gt;');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Night');
    const ics = mail.attachments[0]!.content;
    // Every line of the file ends CRLF: no lone CR or LF (RFC 5545 section 3.1).
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('location')).toBe('Hall, Back Road, Under "the" clock, <script>alert(1)</script>, Ipswich, Suffolk, IP1 1AA, United Kingdom');
  });

  it('writes calendar files valid by RFC 5546: PUBLISH and CANCEL with ORGANIZER, one UID, a rising SEQUENCE, the method in the part (RFC 6047)', async () => {
    const [member] = (await fastMembers(test.db, 1, OCTOBER)) as [FastMember];
    const appointment = await book(member, events.lastGmt, OCTOBER, '11:45');
    const booked = await latestMail();
    await getJson(testApp({ db: test.db, now: OCTOBER }), `/api/appointments/${appointment.appointment_id}/cancel`, sendJson(await member.tokenAt(OCTOBER), {}));
    const cancelled = await latestMail();
    const read = (mail: OutboxMessage) => {
      const calendar = new ICAL.Component(ICAL.parse(mail.attachments[0]!.content));
      const vevents = calendar.getAllSubcomponents('vevent');
      expect(vevents).toHaveLength(1);
      const vevent = vevents[0]!;
      return {
        method: calendar.getFirstPropertyValue('method'),
        part: mail.attachments[0]!.contentType,
        version: calendar.getFirstPropertyValue('version'),
        prodid: typeof calendar.getFirstPropertyValue('prodid'),
        uid: vevent.getFirstPropertyValue('uid'),
        sequence: vevent.getFirstPropertyValue('sequence'),
        status: vevent.getFirstPropertyValue('status'),
        organizer: String(vevent.getFirstPropertyValue('organizer')).toLowerCase(),
        dtstamp: vevent.hasProperty('dtstamp'),
        dtstart: (vevent.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
        summary: vevent.getFirstPropertyValue('summary'),
      };
    };
    const common = {
      version: '2.0', prodid: 'string', uid: `${appointment.appointment_id}@chaps-charity.org.uk`, organizer: 'mailto:info@chaps-charity.org.uk',
      dtstamp: true, dtstart: '2027-03-27T11:45:00.000Z', summary: 'PSA Blood Test: Last GMT Saturday',
    };
    expect(read(booked)).toEqual({ ...common, method: 'PUBLISH', part: 'text/calendar; charset=utf-8; method=PUBLISH', sequence: 0, status: 'CONFIRMED' });
    expect(read(cancelled)).toEqual({ ...common, method: 'CANCEL', part: 'text/calendar; charset=utf-8; method=CANCEL', sequence: 1, status: 'CANCELLED' });
    // The portal's download is the same file as the latest email's.
    const file = await testApp({ db: test.db, now: OCTOBER }).request(`/api/appointments/${appointment.appointment_id}/calendar.ics`, {
      headers: { Authorization: `Bearer ${await member.tokenAt(OCTOBER)}` },
    });
    expect(file.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8; method=CANCEL');
  });

  it('offers each attachment as a download from /dev/outbox', async () => {
    const mail = await latestMail();
    const app = testApp({ db: test.db });
    const page = await (await app.request('/dev/outbox/html')).text();
    expect(page).toContain(`href="/dev/outbox/${mail.id}/attachments/0" download="${mail.attachments[0]!.filename}"`);
    const file = await app.request(`/dev/outbox/${mail.id}/attachments/0`);
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe(mail.attachments[0]!.contentType);
    expect(await file.text()).toBe(mail.attachments[0]!.content);
    for (const path of [`/dev/outbox/${mail.id}/attachments/9`, `/dev/outbox/${mail.id}/attachments/x`, '/dev/outbox/nope/attachments/0']) {
      expect((await app.request(path)).status).toBe(404);
    }
  });

  it('keeps the booking when the mail server refuses, retries the email, and shows staff what failed', async () => {
    const jobs = jobsFor(test.db);
    const down = createApp({
      db: test.db, now: () => OCTOBER, jobs,
      env: parseEnv({ STATIC_DIR: '/nonexistent', LOG_LEVEL: 'silent' }),
      mailTransport: { deliver: async () => Promise.reject(new Error('SMTP down: 421 try later')) },
    });
    const [member] = (await fastMembers(test.db, 1, OCTOBER)) as [FastMember];
    const token = await member.tokenAt(OCTOBER);
    const consent = await getJson<{ consent_id: string }>(down, '/api/medical/consent', sendJson(token, { ...validConsent(), eventId: events.lastBst.event_id }));
    const res = await getJson(down, '/api/appointments', sendJson(token, { eventId: events.lastBst.event_id, appointmentStartTime: '11:00', consentId: consent.body.consent_id }));
    expect(res.status).toBe(201);
    await runJobs(test.db);
    expect((await sentMail(test.db)).some((m) => m.to === member.email)).toBe(false);
    const [failure] = (await jobs.failures(['email'])).filter((f) => (f.data as { message: { to: string } }).message.to === member.email);
    expect(failure).toMatchObject({ kind: 'email', state: 'retry', tries: 1, lastError: 'SMTP down: 421 try later' });
    expect(new Date(failure!.nextTryAt!).getTime()).toBeGreaterThan(Date.now());

    // The mail server is back; staff press Retry rather than wait for the next try.
    testApp({ db: test.db, now: OCTOBER });
    expect(await jobs.retry('email', failure!.id)).toBe(true);
    const mail = (await sentMail(test.db)).filter((m) => m.to === member.email);
    expect(mail.map((m) => m.subject)).toEqual([`Booking confirmed: ${events.lastBst.event_name}`]);
    expect(mail[0]!.message_id).toMatch(new RegExp(`^<${failure!.id}@chaps-charity\\.org\\.uk>$`));
    expect((await jobs.failures(['email'])).some((f) => f.id === failure!.id)).toBe(false);
  });

  it('sends nothing for a booking that was refused', async () => {
    const [member] = (await fastMembers(test.db, 1, OCTOBER)) as [FastMember];
    const token = await member.tokenAt(OCTOBER);
    const app = testApp({ db: test.db, now: OCTOBER });
    const consent = await getJson<{ consent_id: string }>(app, '/api/medical/consent', sendJson(token, { ...validConsent(), eventId: events.lastBst.event_id }));
    // 11:00 is taken by the test above: the transaction rolls back, and its email with it.
    const res = await getJson(app, '/api/appointments', sendJson(token, { eventId: events.lastBst.event_id, appointmentStartTime: '11:00', consentId: consent.body.consent_id }));
    expect(res.status).toBe(409);
    expect((await sentMail(test.db)).some((m) => m.to === member.email)).toBe(false);
    expect((await jobsFor(test.db).failures()).some((f) => (f.data as { message?: { to: string } }).message?.to === member.email)).toBe(false);
  });
});
