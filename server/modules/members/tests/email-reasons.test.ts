/**
 * An email's reason is checked when it leaves (server/modules/members/email-reasons.ts):
 * reminders queued while the mail server refuses are not sent for a booking
 * cancelled meanwhile, and a moved booking is reminded of its new time; a
 * waiting-list offer that lapsed while its email waited is dropped; an
 * erased member's confirmation in flight when he deletes his account never
 * reaches him, and no job row keeps his address; a permanent 550 fails the
 * job at once while a 451 retries, and his goodbye bouncing keeps neither
 * his address nor his name; a sent job keeps only its Message-ID and kind.
 * Through a real SMTP conversation (tests/fixtures/smtp.ts); the erasure
 * raced against a worker in another process is
 * email-reasons-other-process.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '../../../../src/domain/booking';
import type { Database } from '../../../platform/db/adapter';
import { getJson, jobsFor, runJobs, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, validConsent, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { createProfile, profileFields, signUp, uniqueEmail } from '../../../../tests/fixtures/members';
import { testSmtp, type TestSmtp } from '../../../../tests/fixtures/smtp';
import { makeStaff } from '../../../../tests/fixtures/staff';
import { delivered, jobRowsHolding, until } from './email-delivery';

const BOOKED = new Date('2026-10-01T09:00:00Z');
const EVENT_DATE = '2026-10-22';
// 09:00 BST the day before: the reminder moment.
const REMINDER_AT = new Date('2026-10-21T08:00:00Z');
const PASSWORD = 'correct-horse-1';

/** The retries waiting for their time are due now, as if that time had come. */
async function retriesDueNow(db: Database): Promise<void> {
  await db.query(`UPDATE ${jobsFor(db).schema}.job SET start_after = now() - interval '1 second' WHERE state = 'retry'`);
}

describe.each(ENGINES)('emails checked when they leave, on %s', (engine) => {
  let test: TestDatabase;
  let smtp: TestSmtp;
  let clock = BOOKED;
  const event = makeEvent({ event_name: 'Thursday Screening', event_date: EVENT_DATE, start_time: '10:00', end_time: '12:00' });
  const small = makeEvent({ event_name: 'Small Saturday', event_date: '2026-10-24', total_spaces: 1, start_time: '10:00', end_time: '11:00' });
  const app = () => testApp({ db: test.db, now: () => clock, env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    smtp = await testSmtp();
    await replaceEvents(test.db, [event, small]);
  });
  afterAll(async () => {
    await smtp?.close();
    await test?.dispose();
  });

  async function book(token: string, start: string): Promise<Appointment> {
    const consent = await getJson<{ consent_id: string }>(app(), '/api/medical/consent', sendJson(token, { ...validConsent(), eventId: event.event_id }));
    const res = await getJson<{ appointment: Appointment }>(
      app(),
      '/api/appointments',
      sendJson(token, { eventId: event.event_id, appointmentStartTime: start, consentId: consent.body.consent_id }),
    );
    expect(res.status).toBe(201);
    return res.body.appointment;
  }

  async function sweep(at: Date): Promise<void> {
    clock = at;
    app();
    await jobsFor(test.db).send(test.db, 'appointment_reminders', {});
    await runJobs(test.db);
  }

  it('sends no reminder for a booking cancelled while it waited, and the new time for one moved', async () => {
    const [kept, cancelled, moved] = (await fastMembers(test.db, 3, BOOKED)) as [FastMember, FastMember, FastMember];
    clock = BOOKED;
    await book(kept.token, '10:15');
    const cancelledBooking = await book(cancelled.token, '10:00');
    const movedBooking = await book(moved.token, '10:30');
    await runJobs(test.db);
    expect(delivered(smtp).filter((m) => m.subject.startsWith('Booking confirmed'))).toHaveLength(3);

    // The mail server refuses through the sweep: the three reminders wait in the queue for a retry.
    smtp.refusing = true;
    await sweep(REMINDER_AT);
    const [waiting] = await test.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${jobsFor(test.db).schema}.job WHERE name = 'email' AND state = 'retry'`);
    expect(waiting!.n).toBe(3);

    // Meanwhile one cancels and one moves to 11:00, both answered 200.
    clock = new Date(REMINDER_AT.getTime() + 10 * 60_000);
    const cancel = await getJson(app(), `/api/appointments/${cancelledBooking.appointment_id}/cancel`, sendJson(await cancelled.tokenAt(clock), {}));
    expect(cancel.status).toBe(200);
    const change = await getJson(
      app(),
      `/api/appointments/${movedBooking.appointment_id}/change`,
      sendJson(await moved.tokenAt(clock), { appointmentStartTime: '11:00', fromStartTime: '10:30' }),
    );
    expect(change.status).toBe(200);

    // The mail server recovers; the retries come due, and the next minute's sweep runs.
    smtp.refusing = false;
    const before = smtp.messages.length;
    await retriesDueNow(test.db);
    await runJobs(test.db);
    await sweep(new Date(clock.getTime() + 60_000));
    const after = delivered(smtp).slice(before);

    const to = (who: FastMember) => after.filter((m) => m.to === who.email).map((m) => m.subject);
    expect(to(cancelled)).toEqual(['Booking cancelled: Thursday Screening']);
    expect(to(moved).sort()).toEqual(['Booking changed: Thursday Screening', 'Reminder: your PSA test tomorrow at 11:00']);
    expect(to(kept)).toEqual(['Reminder: your PSA test tomorrow at 10:15']);

    // Each dropped reminder is recorded, with no address or words; every sent job keeps only its Message-ID and kind.
    const dropped = await test.db.query<{ kind: string; reason: string }>('SELECT kind, reason FROM dropped_emails ORDER BY drop_id');
    expect(dropped).toEqual([
      { kind: 'reminder', reason: 'reminder' },
      { kind: 'reminder', reason: 'reminder' },
    ]);
    const done = await test.db.query<{ data: Record<string, unknown> }>(`SELECT data FROM ${jobsFor(test.db).schema}.job WHERE name = 'email' AND state = 'completed'`);
    // Three confirmations, a cancellation, a change, three reminders (two dropped) and the moved one's new reminder.
    expect(done).toHaveLength(9);
    for (const { data } of done) expect(Object.keys(data).sort()).toEqual(['kind', 'messageId']);
    for (const who of [kept, cancelled, moved]) expect(await jobRowsHolding(test.db, who.email)).toBe(0);
  });

  it('drops a waiting-list offer whose place stopped being held while its email waited', async () => {
    const [holder, waiting] = (await fastMembers(test.db, 2, BOOKED)) as [FastMember, FastMember];
    clock = BOOKED;
    const consent = await getJson<{ consent_id: string }>(app(), '/api/medical/consent', sendJson(holder.token, { ...validConsent(), eventId: small.event_id }));
    const booked = await getJson<{ appointment: Appointment }>(
      app(),
      '/api/appointments',
      sendJson(holder.token, { eventId: small.event_id, appointmentStartTime: '10:00', consentId: consent.body.consent_id }),
    );
    expect(booked.status).toBe(201);
    const joined = await getJson(app(), `/api/waiting-list/events/${small.event_id}`, { method: 'POST', headers: { Authorization: `Bearer ${waiting.token}` } });
    expect(joined.status).toBeLessThan(300);
    await runJobs(test.db);

    // The place frees while the mail server refuses: the offer's email waits for a retry.
    smtp.refusing = true;
    expect((await getJson(app(), `/api/appointments/${booked.body.appointment.appointment_id}/cancel`, sendJson(holder.token, {}))).status).toBe(200);
    await runJobs(test.db);
    // The hold runs out (12 hours) before the mail server recovers; the sweep lapses it.
    clock = new Date(BOOKED.getTime() + 13 * 3_600_000);
    app();
    await jobsFor(test.db).send(test.db, 'waiting_list_offers', {});
    smtp.refusing = false;
    await runJobs(test.db);
    const before = smtp.messages.length;
    await retriesDueNow(test.db);
    await runJobs(test.db);

    expect(delivered(smtp).slice(before).filter((m) => m.to === waiting.email)).toEqual([]);
    expect(await test.db.query("SELECT 1 FROM dropped_emails WHERE kind = 'waiting_list_offer' AND reason = 'offer_held'")).toHaveLength(1);
  });

  it('fails a 550 at once, with no retries, and retries a 451', async () => {
    const [member] = (await fastMembers(test.db, 1, BOOKED)) as [FastMember];
    clock = BOOKED;
    smtp.dataReply = '550 5.1.1 No such user here';
    try {
      await book(member.token, '11:45');
      await runJobs(test.db);
    } finally {
      smtp.dataReply = null;
    }
    const [failed] = (await jobsFor(test.db).failures(['email'])).filter((f) => f.lastError.includes('550'));
    expect(failed).toMatchObject({ state: 'failed', tries: 1, nextTryAt: null });

    smtp.dataReply = '451 4.3.0 Try again later';
    try {
      const [other] = (await fastMembers(test.db, 1, BOOKED)) as [FastMember];
      await book(other.token, '11:30');
      await runJobs(test.db);
    } finally {
      smtp.dataReply = null;
    }
    const retrying = (await jobsFor(test.db).failures(['email'])).filter((f) => f.lastError.includes('451'));
    expect(retrying).toMatchObject([{ state: 'retry', tries: 1 }]);
    expect(retrying[0]!.nextTryAt).not.toBeNull();
  });

  it('fails a bounced goodbye at once, keeping neither his address nor his name in the job or its error', async () => {
    clock = BOOKED;
    const email = uniqueEmail('bounced');
    const session = await signUp(app(), email, PASSWORD);
    expect((await createProfile(app(), session.access_token, profileFields({ first_name: 'Bertram' }))).status).toBe(201);
    await runJobs(test.db);
    smtp.dataReply = `550 5.1.1 <${email}>: Recipient address rejected`;
    try {
      expect((await getJson(app(), '/api/me/delete', sendJson(session.access_token, { password: PASSWORD }))).status).toBe(200);
      await runJobs(test.db);
    } finally {
      smtp.dataReply = null;
    }
    const goodbye = (await jobsFor(test.db).failures(['email'])).find((f) => (f.data as { kind?: string }).kind === 'account_deleted');
    expect(goodbye).toMatchObject({ state: 'failed', tries: 1, nextTryAt: null });
    expect(goodbye!.lastError).toContain('550');
    expect(goodbye!.lastError).not.toContain(email);
    expect(await jobRowsHolding(test.db, email)).toBe(0);
    expect(await jobRowsHolding(test.db, 'Bertram')).toBe(0);
    // Staff see that it failed, not to whom.
    const staff = await makeStaff(test.db, clock);
    const listed = await getJson<{ failures: Array<{ id: string; state: string; recipient?: string }> }>(app(), '/api/staff/jobs/failures', {
      headers: { Authorization: `Bearer ${staff.token}` },
    });
    expect(listed.body.failures.find((f) => f.id === goodbye!.id)).toMatchObject({ state: 'failed' });
    expect(JSON.stringify(listed.body)).not.toContain(email);
  });

  it('sends nothing to a member whose confirmation was in flight when he deleted his account, and keeps no job with his address', async () => {
    clock = BOOKED;
    const email = uniqueEmail('inflight');
    const session = await signUp(app(), email, PASSWORD);
    expect((await createProfile(app(), session.access_token, profileFields({ first_name: 'Walter' }))).status).toBe(201);
    await runJobs(test.db);
    const booking = await book(session.access_token, '11:15');
    expect((await getJson(app(), `/api/appointments/${booking.appointment_id}/cancel`, sendJson(session.access_token, {}))).status).toBe(200);

    // The confirmation is handed to the mail server, which holds its answer: a send in flight.
    smtp.holding = true;
    const running = runJobs(test.db);
    await until(() => smtp.held >= 1, 15_000, 'the confirmation to reach the mail server');
    const deleted = await getJson(app(), '/api/me/delete', sendJson(session.access_token, { password: PASSWORD }));
    expect(deleted.status).toBe(200);

    // The mail server answers 451: a try that would be retried. Then every retry comes due.
    const before = smtp.messages.length;
    smtp.release('451 4.3.0 Try again later');
    await running;
    await retriesDueNow(test.db);
    await runJobs(test.db);

    const toHim = delivered(smtp).slice(before).filter((m) => m.to === email);
    expect(toHim.map((m) => m.subject)).toEqual(['Your CHAPS account has been deleted']);
    expect(await jobRowsHolding(test.db, email)).toBe(0);
    expect(await jobRowsHolding(test.db, 'Walter')).toBe(0);
  });
});
