/**
 * The waiting list of a full event (docs/decisions/0019-waiting-list.md), with
 * the clock moved, on PGlite and PostgreSQL: joining, leaving and the position;
 * one entry per member; none on an event with places; ten waiting and two
 * places freed at once giving exactly two offers, each place held once; an
 * offer that lapses passing on; the member offered booking through the signed
 * link while the event is otherwise full; tampered and other members' links
 * refused; a member with the offers turned off passed by; nothing offered past
 * the cut-off; staff seeing the list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '../../../../src/domain/booking';
import type { SlotsByDate } from '../../../../src/domain/slots';
import type { MyWaitingPlace, StaffWaitingEntry } from '../../../../src/domain/waiting-list';
import type { OutboxMessage } from '../../../platform/mail';
import { getJson, jobsFor, runJobs, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, validConsent, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { sentMail } from '../../../../tests/fixtures/mail';
import { makeStaff } from '../../../../tests/fixtures/staff';

const START = new Date('2026-12-01T10:00:00Z');
const HOUR = 3_600_000;

describe.each(ENGINES)('the waiting list on %s', (engine) => {
  let test: TestDatabase;
  let clock = START;
  const app = () => testApp({ db: test.db, now: () => clock });
  const full = makeEvent({ event_name: 'Full Thursday', event_date: '2026-12-10', total_spaces: 2 });
  const open = makeEvent({ event_name: 'Open Friday', event_date: '2026-12-11' });
  const rush = makeEvent({ event_name: 'Rush Saturday', event_date: '2026-12-12', total_spaces: 2 });
  const passOn = makeEvent({ event_name: 'Pass On Tuesday', event_date: '2026-12-15', total_spaces: 1, start_time: '10:00', end_time: '11:00' });
  // Its cut-off: 24 hours before 10:00 GMT on 3 December.
  const soon = makeEvent({ event_name: 'Soon Thursday', event_date: '2026-12-03', total_spaces: 1, start_time: '10:00', end_time: '11:00' });

  const auth = async (who: FastMember) => ({ Authorization: `Bearer ${await who.tokenAt(clock)}` });
  const join = async (who: FastMember, event = full) =>
    getJson<MyWaitingPlace & { error?: string }>(app(), `/api/waiting-list/events/${event.event_id}`, { method: 'POST', headers: await auth(who) });
  const leave = async (who: FastMember, event = full) =>
    getJson<MyWaitingPlace & { error?: string }>(app(), `/api/waiting-list/events/${event.event_id}`, { method: 'DELETE', headers: await auth(who) });
  const mine = async (who: FastMember, event = full) =>
    (await getJson<MyWaitingPlace>(app(), `/api/waiting-list/events/${event.event_id}`, { headers: await auth(who) })).body;

  async function book(who: FastMember, event: typeof full, start: string) {
    const token = await who.tokenAt(clock);
    const consent = await getJson<{ consent_id: string }>(app(), '/api/medical/consent', sendJson(token, { ...validConsent(), eventId: event.event_id }));
    return getJson<{ appointment: Appointment; error?: string }>(
      app(),
      '/api/appointments',
      sendJson(token, { eventId: event.event_id, appointmentStartTime: start, consentId: consent.body.consent_id }),
    );
  }
  const cancel = async (who: FastMember, appointment: Appointment) =>
    getJson(app(), `/api/appointments/${appointment.appointment_id}/cancel`, sendJson(await who.tokenAt(clock), {}));
  const offerMails = async (): Promise<OutboxMessage[]> => {
    await runJobs(test.db);
    return (await sentMail(test.db)).filter((m) => m.subject.startsWith('A place is free for you'));
  };
  const linkToken = (mail: OutboxMessage) => decodeURIComponent(/offer=([^\s&>")]+)/.exec(mail.text)![1]!);
  const openOffer = async (who: FastMember, token: string) =>
    getJson<{ event_id: string; slot: string; expires_at: string; slots: SlotsByDate; error?: string }>(
      app(),
      `/api/waiting-list/offer?t=${encodeURIComponent(token)}`,
      { headers: await auth(who) },
    );
  /** What the once-a-minute schedule does: one sweep job, run at `at`. */
  async function sweep(at: Date) {
    clock = at;
    app();
    await jobsFor(test.db).send(test.db, 'waiting_list_offers', {});
    await runJobs(test.db);
  }
  const entries = async (event: typeof full) =>
    test.db.query<{ email: string; status: string; slot: string | null; expires: Date | null }>(
      `SELECT p.email, w.status, to_char(w.offer_slot, 'HH24:MI') AS slot, w.offer_expires_at AS expires
       FROM waiting_list w JOIN member_profiles p ON p.profile_id = w.profile_id WHERE w.event_id = $1 ORDER BY w.joined_at`,
      [event.event_id],
    );
  /** Joins each in turn, a second apart, so the list's order is theirs. */
  async function joinInOrder(members: FastMember[], event: typeof full) {
    for (const who of members) {
      clock = new Date(clock.getTime() + 1000);
      expect((await join(who, event)).status).toBe(201);
    }
  }

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [full, open, rush, passOn, soon]);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('joins a full event only, once, shows the position, and leaves; a member acts on his own entry alone', async () => {
    clock = START;
    const [b1, b2, w1, w2] = (await fastMembers(test.db, 4, START)) as [FastMember, FastMember, FastMember, FastMember];
    expect((await book(b1, full, '10:00')).status).toBe(201);
    expect((await join(w1)).body.error).toBe('places_left');
    expect((await book(b2, full, '10:15')).status).toBe(201);

    expect((await join(w1, open)).status).toBe(409);
    expect((await getJson(app(), `/api/waiting-list/events/${full.event_id}`, { method: 'POST' })).status).toBe(401);
    const first = await join(w1);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ joined: true, position: 1, offer: null });
    clock = new Date(clock.getTime() + 1000);
    expect((await join(w2)).body.position).toBe(2);
    expect((await join(w1)).body.error).toBe('already_waiting');
    expect((await join(b1)).body.error).toBe('already_booked');
    // His event page shows his place rather than an offer to join.
    expect(await mine(b1)).toEqual({ joined: false, position: null, offer: null, booked: true });
    expect(await entries(full)).toHaveLength(2);

    // Leaving is his own: w2 leaving takes nothing from w1, and leaving twice finds nothing.
    expect((await leave(w2)).body).toEqual({ joined: false, position: null, offer: null });
    expect((await leave(w2)).status).toBe(404);
    expect(await mine(w1)).toEqual({ joined: true, position: 1, offer: null });
    expect(await mine(w2)).toEqual({ joined: false, position: null, offer: null });
    clock = new Date(clock.getTime() + 1000);
    expect((await join(w2)).body.position).toBe(2);
  });

  it('ten waiting, two places freed at once: exactly two offers, each place held once', async () => {
    clock = START;
    const [b1, b2, outsider] = (await fastMembers(test.db, 3, START)) as [FastMember, FastMember, FastMember];
    const waiting = await fastMembers(test.db, 10, START, { firstName: 'Wally' });
    const one = (await book(b1, rush, '10:00')).body.appointment;
    const two = (await book(b2, rush, '10:15')).body.appointment;
    await joinInOrder(waiting, rush);
    const before = (await sentMail(test.db)).length;

    // The two cancellations and a sweep (the schedule in another process) all at once.
    const [c1, c2] = await Promise.all([cancel(b1, one), cancel(b2, two), sweep(clock)]);
    expect([c1.status, c2.status]).toEqual([200, 200]);

    const rows = await entries(rush);
    const offered = rows.filter((r) => r.status === 'offered');
    expect(offered.map((r) => r.email)).toEqual([waiting[0]!.email, waiting[1]!.email]);
    expect(offered.map((r) => r.slot).sort()).toEqual(['10:00', '10:15']);
    expect(rows.filter((r) => r.status === 'waiting')).toHaveLength(8);
    const mails = (await offerMails()).filter((m) => m.subject.endsWith('Rush Saturday'));
    expect(mails.map((m) => m.to).sort()).toEqual([waiting[0]!.email, waiting[1]!.email].sort());
    expect((await sentMail(test.db)).length - before).toBe(4); // two cancellations, two offers

    // Held: no one else sees or takes them, and a sweep makes no more.
    expect((await book(outsider, rush, '10:00')).body.error).toBe('fully_booked');
    expect((await getJson<{ error: string }>(app(), `/api/events/${rush.event_id}/slots`)).body.error).toBe('fully_booked');
    await sweep(clock);
    expect((await entries(rush)).filter((r) => r.status === 'offered')).toHaveLength(2);
  });

  it('passes a lapsed offer on, skips a member who turned the offers off, refuses other links, and books through the right one', async () => {
    clock = START;
    const [booker, quiet, second, third, outsider] = (await fastMembers(test.db, 5, START)) as FastMember[] as [
      FastMember, FastMember, FastMember, FastMember, FastMember,
    ];
    const booked = (await book(booker, passOn, '10:00')).body.appointment;
    await joinInOrder([quiet, second, third], passOn);
    const off = await getJson(app(), '/api/email-choices', sendJson(await quiet.tokenAt(clock), { waiting_list: false }, 'PUT'));
    expect(off.status).toBe(200);

    const freedAt = clock;
    expect((await cancel(booker, booked)).status).toBe(200);
    const [offer] = (await offerMails()).filter((m) => m.subject.endsWith('Pass On Tuesday'));
    expect(offer!.to).toBe(second.email);
    expect(offer!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(offer!.headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:\d+\/unsubscribe\?t=/);
    expect(offer!.html).toContain('Stop these emails');
    expect(offer!.text).toContain('Unsubscribe from waiting-list offers: http://localhost:');
    expect(offer!.text).toContain('It is held for you until 22:00 on Tuesday, 1 December 2026 (UK time)');
    // Passed by, and told why on the event's page.
    expect(await mine(quiet, passOn)).toEqual({ joined: true, position: 1, offer: null, emails_off: true });
    const token = linkToken(offer!);
    // His own page gives him the same link as his email.
    expect((await mine(second, passOn)).offer).toEqual({ slot: '10:00', expires_at: new Date(freedAt.getTime() + 12 * HOUR).toISOString(), token });

    expect((await openOffer(third, token)).status).toBe(403);
    const [entry, number, signature] = token.split('.');
    const tampered = `${entry}.${Number(number) + 1}.${signature}`;
    expect((await openOffer(second, tampered)).status).toBe(400);
    expect((await openOffer(second, `${token.slice(0, -2)}xx`)).status).toBe(400);
    // One place in all, held for him: with it he may choose any time of the event.
    expect((await openOffer(second, token)).body.slots[passOn.event_date]!.availableTimeSlots).toEqual(['10:00', '10:15', '10:30', '10:45']);
    expect((await book(outsider, passOn, '10:00')).body.error).toBe('fully_booked');

    // A minute early nothing moves; at the moment, the place passes to the next member who wants offers.
    await sweep(new Date(freedAt.getTime() + 12 * HOUR - 60_000));
    expect((await entries(passOn)).map((r) => r.status)).toEqual(['waiting', 'offered', 'waiting']);
    await sweep(new Date(freedAt.getTime() + 12 * HOUR));
    expect((await entries(passOn)).map((r) => r.status)).toEqual(['waiting', 'lapsed', 'offered']);
    expect((await openOffer(second, token)).status).toBe(410);
    const next = (await offerMails()).filter((m) => m.subject.endsWith('Pass On Tuesday'));
    expect(next.map((m) => m.to)).toEqual([third.email, second.email]);

    // Through his link: the slot choice with his place, booked while the event is full to everyone else.
    const his = await openOffer(third, linkToken(next[0]!));
    expect(his.status).toBe(200);
    expect(his.body.slot).toBe('10:00');
    expect((await book(outsider, passOn, '10:00')).body.error).toBe('fully_booked');
    const taken = await book(third, passOn, '10:00');
    expect(taken.status).toBe(201);
    expect((await entries(passOn)).map((r) => r.status)).toEqual(['waiting', 'lapsed', 'booked']);
    expect(await mine(third, passOn)).toEqual({ joined: false, position: null, offer: null, booked: true });
    await sweep(new Date(clock.getTime() + HOUR));
    expect((await offerMails()).filter((m) => m.subject.endsWith('Pass On Tuesday'))).toHaveLength(2);
  });

  it('never holds an offer past the cut-off, and offers nothing after it', async () => {
    // 2 December 08:00 GMT: the cut-off (3 December 10:00 less 24 hours) is two hours away.
    clock = new Date('2026-12-02T08:00:00Z');
    const [booker, first, second] = (await fastMembers(test.db, 3, clock)) as [FastMember, FastMember, FastMember];
    const booked = (await book(booker, soon, '10:00')).body.appointment;
    await joinInOrder([first, second], soon);
    expect((await cancel(booker, booked)).status).toBe(200);
    const [offered] = (await entries(soon)).filter((r) => r.status === 'offered');
    expect(offered!.expires!.toISOString()).toBe('2026-12-02T10:00:00.000Z');
    // Its email leaves while the place is held (one still waiting at 10:00 would be dropped, the offer gone).
    await runJobs(test.db);

    await sweep(new Date('2026-12-02T10:00:00Z'));
    expect((await entries(soon)).map((r) => r.status)).toEqual(['lapsed', 'waiting']);
    expect((await offerMails()).filter((m) => m.subject.endsWith('Soon Thursday')).map((m) => m.to)).toEqual([first.email]);
    expect((await join(booker, soon)).body.error).toBe('booking_closed');
  });

  it('shows staff the list and its offers; members cannot read it', async () => {
    const staff = await makeStaff(test.db, clock);
    const res = await getJson<{ entries: StaffWaitingEntry[] }>(app(), `/api/staff/events/${rush.event_id}/waiting-list`, { headers: await auth(staff) });
    expect(res.status).toBe(200);
    // The earlier tests moved the clock past the first two offers: they lapsed and passed to the next two.
    expect(res.body.entries.map((e) => e.status)).toEqual(['offered', 'offered', ...Array(6).fill('waiting'), 'lapsed', 'lapsed']);
    expect(res.body.entries.map((e) => e.position)).toEqual([null, null, 1, 2, 3, 4, 5, 6, null, null]);
    expect(res.body.entries[0]!.offer_expires_at).not.toBeNull();
    const [member] = (await fastMembers(test.db, 1, clock)) as [FastMember];
    expect((await getJson(app(), `/api/staff/events/${rush.event_id}/waiting-list`, { headers: await auth(member) })).status).toBe(403);
  });
  it('closes the list when the charity cancels the event: each member waiting or offered is told, once', async () => {
    const staff = await makeStaff(test.db, clock);
    const cancelled = await getJson(app(), `/api/staff/events/${rush.event_id}/cancel`, sendJson(await staff.tokenAt(clock), {}));
    expect(cancelled.status).toBe(200);
    await runJobs(test.db);
    const told = (await sentMail(test.db)).filter((m) => m.subject === 'Event cancelled: Rush Saturday' && m.text.includes('waiting list'));
    // Two holding offers and six waiting; the two whose offers lapsed earlier are not on the list any more.
    expect(told).toHaveLength(8);
    expect(new Set(told.map((m) => m.to)).size).toBe(8);
    const res = await getJson<{ entries: StaffWaitingEntry[] }>(app(), `/api/staff/events/${rush.event_id}/waiting-list`, { headers: await auth(staff) });
    expect(res.body.entries.map((e) => e.status).sort()).toEqual([...Array(8).fill('closed'), 'lapsed', 'lapsed']);
    // Nobody can join a cancelled event's list.
    const [late] = (await fastMembers(test.db, 1, clock)) as [FastMember];
    expect((await join(late, rush)).status).toBeGreaterThanOrEqual(400);
  });
});
