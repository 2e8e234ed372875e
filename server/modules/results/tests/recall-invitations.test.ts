/**
 * The recall emails (docs/decisions/0020-recall-invitations-and-gp-prompt.md),
 * with the clock moved, on both engines, following one cohort: the
 * invitation exactly four weeks before next_test_due (09:00 UK time on a
 * British Summer Time day: 08:00 UTC, not a minute early), listing the three nearest bookable events in distance order and
 * no passed, cancelled, full or private one, with a listing link that
 * shows exactly those; none for a member who did not ask for recall; one
 * follow-up a month later (now in GMT), none after he books, none
 * thereafter; the GP prompt six weeks after a red result, once, none when
 * a newer result exists or when he turned it off. Nearness, a recorded
 * follow-up and two sweeps at once, each on its own database, are
 * recall-emails-own-setup.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreeningEvent } from '../../../../src/domain/event';
import type { OutboxMessage } from '../../../platform/mail';
import { getJson, jobsFor, runJobs, testApp } from '../../../../tests/fixtures/app';
import { sendJson, takePlaces, validConsent, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { sentMail } from '../../../../tests/fixtures/mail';
import { bookedMembers, makeStaff } from '../../../../tests/fixtures/staff';

const SITE = 'https://www.example.org';
const BOOKED = new Date('2026-08-10T09:00:00Z');
const RESULTS = new Date('2026-08-25T09:00:00Z');
// Sample 2026-08-21; amber (2.50 at 56) is retested in 3 months: due 2026-11-21. Four weeks before is
// Saturday 24 October, still British Summer Time: 09:00 UK time is 08:00 UTC.
const INVITE_AT = new Date('2026-10-24T08:00:00Z');
// A month after that day, in GMT: 09:00 UK time is 09:00 UTC.
const FOLLOW_UP_AT = new Date('2026-11-24T09:00:00Z');
// Red (4.50 at 56): the GP prompt six weeks after the sample, 2 October (BST).
const GP_AT = new Date('2026-10-02T08:00:00Z');
const minuteBefore = (at: Date) => new Date(at.getTime() - 60_000);

const at = (latitude: number, longitude: number, city: string) => ({ latitude, longitude, city, address_line_1: `${city} Hall`, address_line_2: null });
const lastTest = makeEvent({ event_name: 'Ipswich Last Test', event_date: '2026-08-21', end_time: '13:00', ...at(52.0567, 1.1482, 'Ipswich') });
const laterTest = makeEvent({ event_name: 'Ipswich Later Test', event_date: '2026-09-20', ...at(52.0567, 1.1482, 'Ipswich') });
const felixstowe = makeEvent({ event_name: 'Felixstowe Screening', event_date: '2026-11-28', ...at(51.9617, 1.3513, 'Felixstowe') });
const colchester = makeEvent({ event_name: 'Colchester Screening', event_date: '2026-11-05', ...at(51.8959, 0.8919, 'Colchester') });
const bury = makeEvent({ event_name: 'Bury Screening', event_date: '2026-11-12', ...at(52.2463, 0.7116, 'Bury St Edmunds') });
const chelmsford = makeEvent({ event_name: 'Chelmsford Screening', event_date: '2026-11-03', ...at(51.7356, 0.4685, 'Chelmsford') });
// Nearer than all of them, and never listed: cancelled, full, private, or over before the invitation.
const cancelled = makeEvent({ event_name: 'Ipswich Cancelled', event_date: '2026-11-10', ...at(52.06, 1.15, 'Ipswich') });
const full = makeEvent({ event_name: 'Ipswich Full', event_date: '2026-11-11', total_spaces: 1, ...at(52.06, 1.15, 'Ipswich') });
const privateEvent = makeEvent({ event_name: 'Ipswich Private', event_date: '2026-11-12', is_private: true, access_code_hash: 'not-a-real-hash', ...at(52.06, 1.15, 'Ipswich') });
const passed = makeEvent({ event_name: 'Ipswich Passed', event_date: '2026-10-20', ...at(52.06, 1.15, 'Ipswich') });

describe.each(ENGINES)('recall invitations and GP prompts on %s', (engine) => {
  let test: TestDatabase;
  let clock = BOOKED;
  let staff: FastMember;
  const app = () => testApp({ db: test.db, now: () => clock, env: { SITE_URL: SITE } });
  const people: Record<string, FastMember> = {};

  async function sweep(when: Date): Promise<OutboxMessage[]> {
    clock = when;
    app();
    await jobsFor(test.db).send(test.db, 'recall_emails', {});
    await runJobs(test.db);
    return recallMail();
  }
  const recallMail = async () => (await sentMail(test.db)).filter((m) => /PSA test is due|seen your GP/.test(m.subject));
  const to = (messages: OutboxMessage[], who: string) => messages.filter((m) => m.to === people[who]!.email);

  /** Books `names` at `event` and saves `value` as each one's result (staff, after the event). */
  async function tested(event: ScreeningEvent, names: string[], value: string, slot = 0) {
    clock = BOOKED;
    const starts = names.map((_, i) => `1${Math.floor((slot + i) / 4)}:${String(((slot + i) % 4) * 15).padStart(2, '0')}`);
    const booked = await bookedMembers(app(), test.db, BOOKED, event, starts, { firstName: 'Ray' });
    clock = RESULTS;
    for (const [i, { member, appointment }] of booked.entries()) {
      people[names[i]!] ??= member;
      const res = await getJson(app(), `/api/staff/events/${event.event_id}/attendees/${appointment.appointment_id}/result`, sendJson(await staff.tokenAt(clock), { test_result: value }, 'PUT'));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    return booked.map((b) => b.member);
  }
  async function choose(who: string, choices: Record<string, boolean>) {
    const res = await getJson(app(), '/api/email-choices', sendJson(await people[who]!.tokenAt(clock), choices, 'PUT'));
    expect(res.status).toBe(200);
  }

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [lastTest, laterTest, felixstowe, colchester, bury, chelmsford, cancelled, full, privateEvent, passed]);
    await test.db.query('UPDATE events SET cancelled_at = $2 WHERE event_id = $1::uuid', [cancelled.event_id, BOOKED]);
    await takePlaces(test.db, full, ['10:00']);
    staff = await makeStaff(test.db, BOOKED);
    // Amber, recall asked for: invited. Two sweeps at once must still invite each once (the four "many").
    await tested(lastTest, ['invited', 'booker', 'silent', 'many1', 'many2', 'many3', 'many4'], '2.50');
    // Red: the GP prompt (on by default), turned off, or a newer result since.
    await tested(lastTest, ['red', 'redOff', 'redNewer'], '4.50', 7);
    clock = RESULTS;
    for (const who of ['invited', 'booker', 'many1', 'many2', 'many3', 'many4']) await choose(who, { recall: true });
    await choose('redOff', { gp_prompt: false });
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('keeps each recall date with the date it comes from: a GP prompt without a sample date, or a follow-up without a due date, is refused by the database', async () => {
    // The sweeps read these rows by a strict shape: one such row would stop every follow-up and GP prompt (docs/clinical-safety/hazard-log.md#hazard-4).
    const [red] = await test.db.query<{ id: string }>('SELECT result_id::text AS id FROM member_results WHERE gp_prompt_due IS NOT NULL LIMIT 1');
    expect(red).toBeDefined();
    await expect(test.db.query('UPDATE member_results SET sample_date = NULL WHERE result_id = $1::uuid', [red!.id])).rejects.toThrow(/member_results_gp_prompt_needs_sample_date/);
    const [amber] = await test.db.query<{ id: string }>('SELECT result_id::text AS id FROM member_results WHERE next_test_due IS NOT NULL LIMIT 1');
    expect(amber).toBeDefined();
    await expect(
      test.db.query("UPDATE member_results SET recall_follow_up_on = '2026-12-01', next_test_due = NULL WHERE result_id = $1::uuid", [amber!.id]),
    ).rejects.toThrow(/member_results_follow_up_needs_due/);
  });

  it('prompts a red result to see a GP six weeks after the sample, once; none when turned off or after a newer result', async () => {
    // A newer result for redNewer: his own booking at the later test, and its result.
    clock = BOOKED;
    const token = await people.redNewer!.tokenAt(clock);
    const consent = await getJson<{ consent_id: string }>(app(), '/api/medical/consent', sendJson(token, { ...validConsent(), eventId: laterTest.event_id }));
    const booking = await getJson<{ appointment: { appointment_id: string } }>(app(), '/api/appointments', sendJson(token, { eventId: laterTest.event_id, appointmentStartTime: '10:00', consentId: consent.body.consent_id }));
    expect(booking.status).toBe(201);
    clock = new Date('2026-09-25T09:00:00Z');
    const saved = await getJson(app(), `/api/staff/events/${laterTest.event_id}/attendees/${booking.body.appointment.appointment_id}/result`, sendJson(await staff.tokenAt(clock), { test_result: '1.00' }, 'PUT'));
    expect(saved.status).toBe(200);

    expect(await sweep(minuteBefore(GP_AT))).toHaveLength(0);
    const sent = await sweep(GP_AT);
    expect(sent.map((m) => m.to)).toEqual([people.red!.email]);
    const prompt = sent[0]!;
    expect(prompt.subject).toBe('Have you seen your GP about your PSA result?');
    expect(prompt.text).toContain('on Friday, 21 August 2026, your PSA test gave a result in the red band');
    expect(prompt.text).toContain(`${SITE}/medical-results`);
    expect(prompt.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(prompt.headers['List-Unsubscribe']).toMatch(new RegExp(`^<${SITE}/unsubscribe\\?t=.+\\.gp_prompt\\.`));
    expect(prompt.html).toContain('>Stop these emails</h2>');
    expect(prompt.text).toContain('Unsubscribe from reminders to see your GP: https://www.example.org/unsubscribe?t=');
    // Later sweeps: nothing again.
    expect(await sweep(new Date('2026-10-03T08:00:00Z'))).toHaveLength(1);
  });

  it('invites exactly four weeks before the due date, listing the three nearest bookable events by distance', async () => {
    expect(to(await sweep(minuteBefore(INVITE_AT)), 'invited')).toHaveLength(0);
    const sent = to(await sweep(INVITE_AT), 'invited');
    expect(sent).toHaveLength(1);
    const invitation = sent[0]!;
    expect(invitation.subject).toBe('Your next PSA test is due in November 2026');
    const order = ['Felixstowe Screening', 'Colchester Screening', 'Bury Screening'].map((name) => invitation.text.indexOf(`${name}\n`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(invitation.text).toContain('nearest to Ipswich, where you were last tested');
    expect(invitation.text).toContain('(about 11 miles away)');
    for (const never of ['Chelmsford', 'Ipswich Cancelled', 'Ipswich Full', 'Ipswich Private', 'Ipswich Passed']) expect(invitation.text).not.toContain(never);
    expect(invitation.headers['List-Unsubscribe']).toMatch(new RegExp(`^<${SITE}/unsubscribe\\?t=.+\\.recall\\.`));
    expect(invitation.text).toContain('Unsubscribe from recall invitations: https://www.example.org/unsubscribe?t=');
    expect(invitation.html).toContain('>Stop these emails</h2>');

    // Its listing link shows exactly those events, signed out.
    const link = /See these events and book: (\S+)/.exec(invitation.text)![1]!;
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe(`${SITE}/book-event-main`);
    const listed = await getJson<{ events: ScreeningEvent[] }>(app(), `/api/events${url.search}`);
    expect(listed.status).toBe(200);
    // In the email's order, nearest first (by date they would be Colchester, Bury, Felixstowe).
    expect(listed.body.events.map((e) => e.event_name)).toEqual(['Felixstowe Screening', 'Colchester Screening', 'Bury Screening']);
    // A bad list is refused, not read as "every event".
    for (const bad of ['not-an-id', Array.from({ length: 11 }, () => felixstowe.event_id.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'))).map((id, i) => id.slice(0, -2) + String(i).padStart(2, '0')).join(',')]) {
      expect((await getJson(app(), `/api/events?events=${bad}`)).status).toBe(422);
    }
    const [stored] = await test.db.query<{ ids: string[] }>('SELECT recall_invited_events::text[] AS ids FROM member_results WHERE profile_id = $1', [people.invited!.profileId]);
    expect(stored!.ids).toEqual([felixstowe.event_id, colchester.event_id, bury.event_id]);
  });

  it('invites only members who asked for recall, and no red result', async () => {
    const invitations = (await recallMail()).filter((m) => m.subject.startsWith('Your next PSA test'));
    expect(to(invitations, 'silent')).toHaveLength(0);
    expect(to(invitations, 'red')).toHaveLength(0);
    expect(invitations.map((m) => m.to).sort()).toEqual(['invited', 'booker', 'many1', 'many2', 'many3', 'many4'].map((w) => people[w]!.email).sort());
  });

  it('sends one follow-up a month later, none to a member who booked since, and none thereafter', async () => {
    // The booker books Felixstowe after his invitation.
    clock = new Date('2026-10-26T10:00:00Z');
    const token = await people.booker!.tokenAt(clock);
    const consent = await getJson<{ consent_id: string }>(app(), '/api/medical/consent', sendJson(token, { ...validConsent(), eventId: felixstowe.event_id }));
    expect((await getJson(app(), '/api/appointments', sendJson(token, { eventId: felixstowe.event_id, appointmentStartTime: '11:00', consentId: consent.body.consent_id }))).status).toBe(201);

    const followUps = async (when: Date) => (await sweep(when)).filter((m) => m.subject.startsWith('A reminder: your next PSA test'));
    expect(await followUps(minuteBefore(FOLLOW_UP_AT))).toHaveLength(0);
    const sent = await followUps(FOLLOW_UP_AT);
    expect(sent.map((m) => m.to).sort()).toEqual(['invited', 'many1', 'many2', 'many3', 'many4'].map((w) => people[w]!.email).sort());
    expect(sent[0]!.text).toContain('This is the last one for this test.');
    expect(sent[0]!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // Felixstowe is still the nearest open event; Colchester (5 November) has passed.
    expect(sent[0]!.text).toContain('Felixstowe Screening');
    expect(sent[0]!.text).not.toContain('Colchester Screening');
    // Thereafter: nothing more, a day or a month on.
    const total = (await recallMail()).length;
    await sweep(new Date('2026-11-25T09:00:00Z'));
    await sweep(new Date('2026-12-24T09:00:00Z'));
    expect((await recallMail()).length).toBe(total);
  });
  it('invites again when staff move the due date after the invitation went, and not when a save leaves it as it was', async () => {
    const [row] = await test.db.query<{ appointment_id: string }>('SELECT appointment_id::text AS appointment_id FROM member_results WHERE profile_id = $1', [people.invited!.profileId]);
    const setMonths = async (months: number) => {
      clock = new Date('2026-12-01T10:00:00Z');
      // Months after the first staff session: staff sign in again.
      const now = await makeStaff(test.db, clock);
      const res = await getJson(app(), `/api/staff/events/${lastTest.event_id}/attendees/${row!.appointment_id}/recall`, sendJson(await now.tokenAt(clock), { months }, 'PUT'));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    // Twelve months from the 21 August 2026 sample: due 21 August 2027; four weeks before is 24 July (BST).
    await setMonths(12);
    await setMonths(12);
    const invitedFor = async (when: Date) => to(await sweep(when), 'invited').filter((m) => m.subject === 'Your next PSA test is due in August 2027');
    expect(await invitedFor(minuteBefore(new Date('2027-07-24T08:00:00Z')))).toHaveLength(0);
    expect(await invitedFor(new Date('2027-07-24T08:00:00Z'))).toHaveLength(1);
    // The same interval saved again moves nothing: no second invitation.
    await setMonths(12);
    expect(await invitedFor(new Date('2027-07-25T08:00:00Z'))).toHaveLength(1);
  });
});
