/**
 * The waiting list's hardening, on PGlite and PostgreSQL with the clock
 * moved: a hold whose hours end in the night runs to the morning hour (UK
 * time, in GMT and in BST, WAITLIST_MORNING_HOUR) but never past the
 * booking cut-off; an offer that lapses is told to its member once, by
 * email and on the event's page, however many processes sweep at once;
 * ten members joining at once get positions 1 to 10 in the order their
 * joins committed; his lists for My bookings; and staff asking for the
 * list of an event that does not exist get a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonHolds } from '../../members/email-reasons';
import type { Appointment } from '../../../../src/domain/booking';
import type { MyWaitingList, MyWaitingPlace, StaffWaitingEntry } from '../../../../src/domain/waiting-list';
import type { Database } from '../../../platform/db/adapter';
import { openPostgres } from '../../../platform/db/postgres';
import { getJson, jobsFor, runJobs, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, validConsent, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { sentMail } from '../../../../tests/fixtures/mail';
import { makeStaff } from '../../../../tests/fixtures/staff';

const LAPSED_SUBJECT = 'The place held for you has passed on';

describe.each(ENGINES)('the waiting list hardened on %s', (engine) => {
  let test: TestDatabase;
  let clock = new Date('2026-03-20T10:00:00Z');
  let env: Record<string, string> = {};
  const app = (db: Database = test.db) => testApp({ db, now: () => clock, env });

  // Thursday 2 April 2026 (BST), Thursday 29 October 2026 (GMT), Thursday 3 December 2026 from 09:00 (cut-off 09:00 on the 2nd).
  const spring = makeEvent({ event_name: 'Spring Thursday', event_date: '2026-04-02', total_spaces: 1, start_time: '10:00', end_time: '11:00' });
  const autumn = makeEvent({ event_name: 'Autumn Thursday', event_date: '2026-10-29', total_spaces: 1, start_time: '10:00', end_time: '11:00' });
  const early = makeEvent({ event_name: 'Early Thursday', event_date: '2026-12-03', total_spaces: 1, start_time: '09:00', end_time: '10:00' });
  const lapse = makeEvent({ event_name: 'Lapse Tuesday', event_date: '2026-12-15', total_spaces: 1, start_time: '10:00', end_time: '11:00' });
  const rush = makeEvent({ event_name: 'Rush Wednesday', event_date: '2026-12-16', total_spaces: 1, start_time: '10:00', end_time: '11:00' });
  const setting = makeEvent({ event_name: 'Setting Friday', event_date: '2026-04-03', total_spaces: 1, start_time: '10:00', end_time: '11:00' });

  const auth = async (who: FastMember) => ({ Authorization: `Bearer ${await who.tokenAt(clock)}` });
  const join = async (who: FastMember, event: { event_id: string }) =>
    getJson<MyWaitingPlace & { error?: string }>(app(), `/api/waiting-list/events/${event.event_id}`, { method: 'POST', headers: await auth(who) });
  const mine = async (who: FastMember, event: { event_id: string }) =>
    (await getJson<MyWaitingPlace>(app(), `/api/waiting-list/events/${event.event_id}`, { headers: await auth(who) })).body;

  async function book(who: FastMember, event: { event_id: string }, start: string): Promise<Appointment> {
    const token = await who.tokenAt(clock);
    const consent = await getJson<{ consent_id: string }>(app(), '/api/medical/consent', sendJson(token, { ...validConsent(), eventId: event.event_id }));
    const res = await getJson<{ appointment: Appointment }>(
      app(),
      '/api/appointments',
      sendJson(token, { eventId: event.event_id, appointmentStartTime: start, consentId: consent.body.consent_id }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.appointment;
  }
  const cancel = async (who: FastMember, appointment: Appointment) =>
    expect((await getJson(app(), `/api/appointments/${appointment.appointment_id}/cancel`, sendJson(await who.tokenAt(clock), {}))).status).toBe(200);
  const heldUntil = async (event: { event_id: string }) => {
    const [row] = await test.db.query<{ expires: Date }>(`SELECT offer_expires_at AS expires FROM waiting_list WHERE event_id = $1 AND status = 'offered'`, [
      event.event_id,
    ]);
    return row?.expires.toISOString();
  };
  /** A full event with one member waiting; the place frees at `at`, and is offered to him. */
  async function offeredAt(event: { event_id: string; start_time: string }, at: Date): Promise<FastMember> {
    clock = new Date(at.getTime() - 60_000);
    const [booker, waiter] = (await fastMembers(test.db, 2, clock)) as [FastMember, FastMember];
    const booked = await book(booker, event, event.start_time);
    expect((await join(waiter, event)).status).toBe(201);
    clock = at;
    await cancel(booker, booked);
    return waiter;
  }
  const mailsTo = async (email: string, subject: string) => (await sentMail(test.db)).filter((m) => m.to === email && m.subject.startsWith(subject));

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [spring, autumn, early, lapse, rush, setting]);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('holds a place whose hours end in the night until the morning hour, UK time in GMT and BST, never past the cut-off', async () => {
    env = {};
    // 20:12 GMT on Saturday 28 March; the clocks go forward that night. Twelve hours is 09:12 BST: held to 10:00 BST.
    const springer = await offeredAt(spring, new Date('2026-03-28T20:12:00Z'));
    expect(await heldUntil(spring)).toBe('2026-03-29T09:00:00.000Z');
    const [offer] = await mailsTo(springer.email, 'A place is free for you');
    expect(offer!.text).toContain('It is held for you until 10:00 on Sunday, 29 March 2026 (UK time)');

    // 20:12 BST on Saturday 24 October; the clocks go back that night. Twelve hours is 07:12 GMT: held to 10:00 GMT.
    await offeredAt(autumn, new Date('2026-10-24T19:12:00Z'));
    expect(await heldUntil(autumn)).toBe('2026-10-25T10:00:00.000Z');

    // 20:12 on Tuesday 1 December: the morning hour would be 10:00, past the cut-off at 09:00 on the 2nd, so 09:00.
    await offeredAt(early, new Date('2026-12-01T20:12:00Z'));
    expect(await heldUntil(early)).toBe('2026-12-02T09:00:00.000Z');
  });

  it('reads the morning hour from WAITLIST_MORNING_HOUR', async () => {
    // At 11:00, twelve hours from 20:12 GMT on 28 March (09:12 BST) is held to 11:00 BST, not the default 10:00.
    env = { WAITLIST_MORNING_HOUR: '11' };
    await offeredAt(setting, new Date('2026-03-28T20:12:00Z'));
    expect(await heldUntil(setting)).toBe('2026-03-29T10:00:00.000Z');
    env = {};
  });

  it('tells the member whose offer lapsed, once, by email and on the event page, however many processes sweep', async () => {
    env = {};
    clock = new Date('2026-12-01T10:00:00Z');
    const [booker, first, second] = (await fastMembers(test.db, 3, clock)) as [FastMember, FastMember, FastMember];
    const booked = await book(booker, lapse, '10:00');
    expect((await join(first, lapse)).body.position).toBe(1);
    expect((await join(second, lapse)).body.position).toBe(2);
    await cancel(booker, booked);
    expect(await heldUntil(lapse)).toBe('2026-12-01T22:00:00.000Z');

    // A second handle on PostgreSQL is a second server process with its own connections and job worker.
    const other = test.postgres ? await openPostgres(test.postgres.url, { schema: test.postgres.schema, max: 3 }) : test.db;
    try {
      app(other);
      clock = new Date('2026-12-01T22:00:00Z');
      for (let i = 0; i < 4; i += 1) await jobsFor(test.db).send(test.db, 'waiting_list_offers', {});
      app(test.db);
      await Promise.all([runJobs(test.db), runJobs(other), runJobs(test.db), runJobs(other)]);
      clock = new Date('2026-12-01T22:05:00Z');
      await jobsFor(test.db).send(test.db, 'waiting_list_offers', {});
      await runJobs(test.db);
    } finally {
      if (other !== test.db) await other.close();
    }

    const told = await mailsTo(first.email, LAPSED_SUBJECT);
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe(`${LAPSED_SUBJECT}: Lapse Tuesday`);
    expect(told[0]!.text).toContain('was not booked by 22:00 on Tuesday, 1 December 2026 (UK time), so it is no longer held for you.');
    expect(told[0]!.text).toContain('You are no longer on this event’s waiting list. No one else is waiting now: if you join it again, you will be number 1.');
    expect(told[0]!.text).toMatch(new RegExp(`Open the event’s page: http://localhost:\\d+/event/${lapse.event_id}`));
    expect(told[0]!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The place went to the next man, who is told of it once; he is not told of a lapse.
    expect(await mailsTo(second.email, 'A place is free for you')).toHaveLength(1);
    expect(await mailsTo(second.email, LAPSED_SUBJECT)).toHaveLength(0);

    expect(await mine(first, lapse)).toEqual({
      joined: false,
      position: null,
      offer: null,
      lapsed: { expired_at: '2026-12-01T22:00:00.000Z', standing: { kind: 'waiting', waiting: 0 } },
    });
    // The lapse email's reason, read again as it leaves: it holds while he is off the list...
    const [entry] = await test.db.query<{ id: string }>(
      `SELECT w.entry_id::text AS id FROM waiting_list w JOIN member_profiles p ON p.profile_id = w.profile_id
       WHERE w.event_id = $1::uuid AND w.status = 'lapsed' AND p.email = $2`,
      [lapse.event_id, first.email],
    );
    const reason = { type: 'offer_lapsed', id: entry!.id } as const;
    expect(await reasonHolds(test.db, reason, clock)).toBe(true);
    // Joining again puts him at the back, and the page no longer speaks of the lapse.
    expect((await join(first, lapse)).body).toEqual({ joined: true, position: 1, offer: null });
    // ...and no longer once he has joined again: a lapse email still queued then would tell him he is off the list.
    expect(await reasonHolds(test.db, reason, clock)).toBe(false);
  });

  it('ten members joining at once get positions 1 to 10 in the order their joins committed', async () => {
    env = {};
    // One instant for every join: the order can come from the commits alone.
    clock = new Date('2026-12-02T10:00:00Z');
    const [booker] = (await fastMembers(test.db, 1, clock)) as [FastMember];
    await book(booker, rush, '10:00');
    const members = await fastMembers(test.db, 10, clock);
    const tokens = await Promise.all(members.map((m) => m.tokenAt(clock)));
    const joined = await Promise.all(
      members.map((_, i) =>
        getJson<MyWaitingPlace>(app(), `/api/waiting-list/events/${rush.event_id}`, { method: 'POST', headers: { Authorization: `Bearer ${tokens[i]}` } }),
      ),
    );
    expect(joined.map((r) => r.status)).toEqual(Array(10).fill(201));
    const positions = joined.map((r) => r.body.position);
    expect([...positions].sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Each keeps the number he was given: no later join came in ahead of him.
    for (const [i, member] of members.entries()) expect((await mine(member, rush)).position).toBe(positions[i]);

    const staff = await makeStaff(test.db, clock);
    const list = await getJson<{ entries: StaffWaitingEntry[] }>(app(), `/api/staff/events/${rush.event_id}/waiting-list`, { headers: await auth(staff) });
    const byEmail = new Map(list.body.entries.map((e) => [e.email, e.position]));
    expect(members.map((m) => byEmail.get(m.email))).toEqual(positions);

    // My bookings' lists: his own, with his position; none of anyone else's.
    const lists = await getJson<{ lists: MyWaitingList[] }>(app(), '/api/waiting-list/events', { headers: await auth(members[3]!) });
    expect(lists.status).toBe(200);
    expect(lists.body.lists).toEqual([
      {
        event: { event_id: rush.event_id, event_name: 'Rush Wednesday', event_date: '2026-12-16', start_time: '10:00', end_time: '11:00', city: rush.city },
        place: { joined: true, position: positions[3], offer: null },
      },
    ]);
    expect((await getJson<{ lists: MyWaitingList[] }>(app(), '/api/waiting-list/events', { headers: await auth(booker) })).body.lists).toEqual([]);
    expect((await getJson(app(), '/api/waiting-list/events')).status).toBe(401);
  });

  it('answers staff 404 for the waiting list of an event that does not exist', async () => {
    const staff = await makeStaff(test.db, clock);
    for (const id of ['0b7c1a52-9a43-4d7e-8f7e-2d5b0c1e9a11', 'not-an-event']) {
      const res = await getJson<{ error: string }>(app(), `/api/staff/events/${id}/waiting-list`, { headers: await auth(staff) });
      expect(res.status, id).toBe(404);
      expect(res.body.error).toBe('event_not_found');
    }
    const known = await getJson<{ entries: StaffWaitingEntry[] }>(app(), `/api/staff/events/${autumn.event_id}/waiting-list`, { headers: await auth(staff) });
    expect(known.status).toBe(200);
  });
});
