/**
 * A member's own appointments: the list (upcoming first, then past), one
 * by id, cancelling, the calendar file; another member's or a malformed id
 * is 404 everywhere; /medical-results shows a booking awaiting its result.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCEL_REFUSAL_MESSAGES, type Appointment } from '../../../../src/domain/booking';
import type { ScreeningEvent } from '../../../../src/domain/event';
import type { MedicalResultItem } from '../../../../src/domain/medical-results';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, validConsent, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';

const BOOKED_AT = new Date('2026-06-01T09:00:00Z');
const LATER = new Date('2026-06-16T09:00:00Z');

describe.each(ENGINES)('my appointments on %s', (engine) => {
  let test: TestDatabase;
  let member: FastMember;
  let other: FastMember;
  const soon = makeEvent({ event_name: 'Soon', event_date: '2026-06-15' });
  const later = makeEvent({ event_name: 'Later', event_date: '2026-06-25' });
  const latest = makeEvent({ event_name: 'Latest', event_date: '2026-07-05' });
  const ids: Record<string, string> = {};
  const warnings: string[] = [];
  const logger = { debug: () => {}, info: () => {}, error: () => {}, warn: (m: string) => warnings.push(m) };
  const app = (now = LATER) => testApp({ db: test.db, now, logger });
  const asMember = async <T>(path: string, who: FastMember, now = LATER, method = 'GET') =>
    getJson<T>(app(now), path, { method, headers: { Authorization: `Bearer ${await who.tokenAt(now)}` } });

  async function book(who: FastMember, event: ScreeningEvent, start: string) {
    const consent = await getJson<{ consent_id: string }>(app(BOOKED_AT), '/api/medical/consent', sendJson(who.token, { ...validConsent(), eventId: event.event_id }));
    const res = await getJson<{ appointment: Appointment }>(
      app(BOOKED_AT),
      '/api/appointments',
      sendJson(who.token, { eventId: event.event_id, appointmentStartTime: start, consentId: consent.body.consent_id }),
    );
    expect(res.status).toBe(201);
    return res.body.appointment.appointment_id;
  }

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [soon, later, latest]);
    [member, other] = (await fastMembers(test.db, 2, BOOKED_AT)) as [FastMember, FastMember];
    ids.soon = await book(member, soon, '10:00');
    ids.latest = await book(member, latest, '11:00');
    ids.later = await book(member, later, '10:30');
    ids.others = await book(other, later, '10:45');
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('lists only my own, upcoming soonest first, then past latest first', async () => {
    const res = await asMember<{ appointments: Appointment[] }>('/api/appointments', member);
    expect(res.status).toBe(200);
    expect(res.body.appointments.map((a) => a.event_name)).toEqual(['Later', 'Latest', 'Soon']);
    expect(res.body.appointments.map((a) => a.appointment_id)).not.toContain(ids.others);
    expect((await getJson(app(), '/api/appointments')).status).toBe(401);
  });

  it("answers one of mine, and 404 for another member's, unknown or malformed ids", async () => {
    const mine = await asMember<{ appointment: Appointment }>(`/api/appointments/${ids.later}`, member);
    expect(mine.status).toBe(200);
    expect(mine.body.appointment).toMatchObject({ event_name: 'Later', start_time: '10:30', end_time: '10:45', status: 'confirmed' });
    for (const id of [ids.others, '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e', 'nope', "1' OR '1'='1", 'a'.repeat(3000)]) {
      for (const path of [`/api/appointments/${encodeURIComponent(id!)}`, `/api/appointments/${encodeURIComponent(id!)}/calendar.ics`]) {
        const res = await asMember(path, member);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'appointment_not_found', message: CANCEL_REFUSAL_MESSAGES.appointment_not_found });
      }
      expect((await asMember(`/api/appointments/${encodeURIComponent(id!)}/cancel`, member, LATER, 'POST')).status).toBe(404);
    }
    expect(warnings.some((w) => w.includes(member.userId) && w.includes(ids.others!))).toBe(true);
    expect(warnings.some((w) => w.includes('6f1c2d3e'))).toBe(false);
    // The other member's booking is untouched.
    expect((await asMember<{ appointment: Appointment }>(`/api/appointments/${ids.others}`, other)).body.appointment.status).toBe('confirmed');
  });

  it('shows a booking on /medical-results as an appointment awaiting its result', async () => {
    const res = await asMember<{ data: MedicalResultItem[] }>(`/api/medical/results/${member.publicId}`, member);
    expect(res.body.data).toContainEqual({ appointment: { event_name: 'Later', product_name: 'PSA Blood Test', event_date: '2026-06-25', lab_name: null }, result: null });
  });

  it('downloads my appointment as a calendar file', async () => {
    const res = await app().request(`/api/appointments/${ids.later}/calendar.ics`, { headers: { Authorization: `Bearer ${await member.tokenAt(LATER)}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="chaps-screening-2026-06-25.ics"');
    const ics = await res.text();
    // 10:30 BST is 09:30 UTC.
    expect(ics).toContain('DTSTART:20260625T093000Z');
    expect(ics).toContain(`UID:${ids.later}@chaps-charity.org.uk`);
  });

  it('cancels mine before it starts: frees the place, leaves the history, refuses twice and after the start', async () => {
    const res = await asMember<{ status: string; appointment: Appointment }>(`/api/appointments/${ids.later}/cancel`, member, LATER, 'POST');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.appointment).toMatchObject({ status: 'cancelled', cancelled_at: LATER.toISOString() });
    const event = await getJson<{ event: ScreeningEvent }>(app(), `/api/events/${later.event_id}`);
    expect(event.body.event.booked_spaces).toBe(1);
    const results = await asMember<{ data: MedicalResultItem[] }>(`/api/medical/results/${member.publicId}`, member);
    expect(results.body.data.map((d) => d.appointment?.event_name)).not.toContain('Later');
    const again = await asMember(`/api/appointments/${ids.later}/cancel`, member, LATER, 'POST');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'already_cancelled', message: CANCEL_REFUSAL_MESSAGES.already_cancelled });
    const started = await asMember(`/api/appointments/${ids.soon}/cancel`, member, LATER, 'POST');
    expect(started.status).toBe(422);
    expect(started.body).toEqual({ error: 'appointment_started', message: CANCEL_REFUSAL_MESSAGES.appointment_started });
    // A cancelled booking no longer blocks booking the event again.
    await book(member, later, '10:30');
  });
});
