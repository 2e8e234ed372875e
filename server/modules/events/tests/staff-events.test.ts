/**
 * /api/staff/events: create with every field checked as the table checks
 * it, private codes shown once and stored hashed (and then working for
 * members), edits that would move booked members refused, cancellation
 * that emails the booked members and takes the event off the public site,
 * and an audit row for each write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreeningEvent } from '../../../../src/domain/event';

import type { StaffEvent } from '../staff-events-service';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { asApiEvent, makeEvent } from '../../../../tests/fixtures/events';
import { auditCount, bookedMembers, makeStaff } from '../../../../tests/fixtures/staff';
import { sentMail } from '../../../../tests/fixtures/mail';

const NOW = new Date('2026-06-10T09:00:00Z');
const { event_id: _id, booked_spaces: _booked, ...FIELDS } = asApiEvent(makeEvent({ event_name: 'Harwich Lodge Screening', event_date: '2026-07-01' }));

interface Answer {
  event: StaffEvent;
  access_code: string | null;
  error?: string;
  message?: string;
  issues?: { path: string; message: string }[];
  members_emailed?: number;
}

describe.each(ENGINES)('staff events on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  const app = () => testApp({ db: test.db, now: NOW });
  const send = (method: string, path: string, body: unknown = {}) =>
    getJson<Answer>(app(), `/api/staff/events${path}`, method === 'GET' ? { headers: { Authorization: `Bearer ${staff.token}` } } : sendJson(staff.token, body, method));
  const storedHash = async (id: string) =>
    (await test.db.query<{ h: string | null }>('SELECT access_code_hash AS h FROM events WHERE event_id = $1::uuid', [id]))[0]!.h;
  const codeWorks = async (id: string, code: string) => {
    const res = await getJson<{ status: string }>(app(), `/api/events/${id}/check-access-code`, sendJson(null, { access_code: code }));
    return res.body.status === 'success';
  };

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, []);
    staff = await makeStaff(test.db, NOW);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('creates a public event with every field of an event, audited with who and what', async () => {
    const res = await send('POST', '', FIELDS);
    expect(res.status).toBe(201);
    expect(res.body.access_code).toBeNull();
    expect(res.body.event).toMatchObject({ ...FIELDS, booked_spaces: 0, cancelled_at: null, checked_in: 0 });
    const listed = await getJson<{ events: ScreeningEvent[] }>(app(), '/api/events');
    expect(listed.body.events.map((e) => e.event_id)).toContain(res.body.event.event_id);
    const [audit] = await test.db.query(
      "SELECT staff_user_id::text AS who, staff_email, before, after FROM staff_audit WHERE action = 'event.create' AND entity_id = $1",
      [res.body.event.event_id],
    );
    expect(audit).toMatchObject({ who: staff.userId, staff_email: staff.email, before: null, after: { event_name: 'Harwich Lodge Screening' } });
  });

  it.each([
    [{ event_name: '  ' }, 'event_name'],
    [{ category: 'golf' }, 'category'],
    [{ product_price: -1 }, 'product_price'],
    [{ price: 1.5 }, 'price'],
    [{ event_date: '2026-02-30' }, 'event_date'],
    [{ start_time: '25:00' }, 'start_time'],
    [{ end_time: '09:00' }, 'end_time'],
    [{ session_duration: 0 }, 'session_duration'],
    [{ total_spaces: -3 }, 'total_spaces'],
    [{ places_per_slot: 0 }, 'places_per_slot'],
    [{ exclusive_for: 'FRIENDS' }, 'exclusive_for'],
    [{ contact_email: 'not-an-email' }, 'contact_email'],
    [{ postcode: '' }, 'postcode'],
    [{ latitude: 91 }, 'latitude'],
    [{ latitude: 51.5, longitude: null }, 'latitude'],
    [{ is_private: 'yes' }, 'is_private'],
    [{ event_description: 'x'.repeat(5001) }, 'event_description'],
  ])('refuses bad input (case %#) with 422 naming the field, writing nothing', async (change, field) => {
    const before = await auditCount(test.db, 'event.create');
    const res = await send('POST', '', { ...FIELDS, ...change });
    expect(res.status).toBe(422);
    expect(res.body.issues?.map((i) => i.path)).toContain(field);
    expect(await auditCount(test.db, 'event.create')).toBe(before);
  });

  it('refuses a body over 16 KB with 413', async () => {
    expect((await send('POST', '', { ...FIELDS, event_description: 'x'.repeat(20_000) })).status).toBe(413);
  });

  it('makes a private event with a generated code shown once, stored hashed, that members can use', async () => {
    const res = await send('POST', '', { ...FIELDS, is_private: true });
    const { event, access_code: code } = res.body;
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await storedHash(event.event_id)).toMatch(/^scrypt\$/);
    expect(JSON.stringify(await send('GET', `/${event.event_id}`))).not.toContain(code!);
    const [audit] = await test.db.query<{ after: string }>('SELECT after::text AS after FROM staff_audit WHERE entity_id = $1', [event.event_id]);
    expect(audit!.after).not.toContain(code!);
    expect(await codeWorks(event.event_id, code!)).toBe(true);

    const chosen = await send('POST', `/${event.event_id}/access-code`, { access_code: 'harwich lodge 7' });
    expect(chosen.body.access_code).toBe('harwich lodge 7');
    expect(await codeWorks(event.event_id, code!)).toBe(false);
    expect(await codeWorks(event.event_id, 'HARWICH-LODGE-7')).toBe(true);
    const regenerated = await send('POST', `/${event.event_id}/access-code`);
    expect(regenerated.body.access_code).not.toBe('harwich lodge 7');
    expect(await codeWorks(event.event_id, regenerated.body.access_code!)).toBe(true);
    expect((await send('POST', `/${event.event_id}/access-code`, { access_code: 'abc' })).status).toBe(422);
    expect(await auditCount(test.db, 'event.access_code')).toBe(2);
  });

  it('keeps a private code through an edit, and refuses a code for a public event', async () => {
    const { event, access_code: code } = (await send('POST', '', { ...FIELDS, is_private: true, access_code: 'MASONS-2026' })).body;
    expect(code).toBe('MASONS-2026');
    const edited = await send('PUT', `/${event.event_id}`, { ...FIELDS, is_private: true, event_name: 'Renamed' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ event: { event_name: 'Renamed' }, access_code: null });
    expect(await codeWorks(event.event_id, 'MASONS-2026')).toBe(true);
    const publicOne = (await send('POST', '', FIELDS)).body.event;
    expect((await send('POST', `/${publicOne.event_id}/access-code`)).status).toBe(409);
  });

  it("edits an event with bookings but never moves the members' times, nor cuts places below those booked", async () => {
    const { event } = (await send('POST', '', { ...FIELDS, total_spaces: 5 })).body;
    await bookedMembers(app(), test.db, NOW, event, ['10:00', '10:15']);
    const renamed = await send('PUT', `/${event.event_id}`, { ...FIELDS, total_spaces: 5, event_name: 'New name', city: 'Dovercourt' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.event).toMatchObject({ event_name: 'New name', city: 'Dovercourt', booked_spaces: 2 });
    expect((await send('PUT', `/${event.event_id}`, { ...FIELDS, total_spaces: 5, start_time: '10:30' })).body.error).toBe('event_has_bookings');
    expect((await send('PUT', `/${event.event_id}`, { ...FIELDS, total_spaces: 1 })).status).toBe(422);
    const [audit] = await test.db.query("SELECT before, after FROM staff_audit WHERE action = 'event.update' AND entity_id = $1", [event.event_id]);
    expect(audit).toMatchObject({ before: { event_name: 'Harwich Lodge Screening' }, after: { event_name: 'New name', city: 'Dovercourt' } });
  });

  it('cancels an event: bookings cancelled, members emailed, off the public site, no more bookings or edits', async () => {
    const { event } = (await send('POST', '', { ...FIELDS, event_name: 'Doomed Screening' })).body;
    const booked = await bookedMembers(app(), test.db, NOW, event, ['10:00', '11:00']);
    const res = await send('POST', `/${event.event_id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.members_emailed).toBe(2);
    expect(res.body.event.cancelled_at).toBe(NOW.toISOString());
    const mail = (await sentMail(test.db)).filter((m) => m.subject === 'Event cancelled: Doomed Screening');
    expect(mail.map((m) => m.to).sort()).toEqual(booked.map((b) => b.member.email).sort());
    expect(mail[0]!.text).toContain('has had to cancel Doomed Screening on');
    // An HTML part too, saying the same (the event name escaped, as every email's).
    expect(mail[0]!.html).toContain('<h1');
    expect(mail[0]!.html).toContain('has had to cancel Doomed Screening on');
    const statuses = await test.db.query<{ status: string }>('SELECT status FROM appointments WHERE event_id = $1::uuid', [event.event_id]);
    expect(statuses.map((s) => s.status)).toEqual(['cancelled', 'cancelled']);
    // A link to it says it was cancelled (docs/rules.md#event-cancellation), with nothing of it to book.
    const detail = await getJson<{ error: string }>(app(), `/api/events/${event.event_id}`);
    expect([detail.status, detail.body.error]).toEqual([410, 'event_cancelled']);
    const listed = await getJson<{ events: ScreeningEvent[] }>(app(), '/api/events');
    expect(listed.body.events.map((e) => e.event_id)).not.toContain(event.event_id);
    expect((await send('POST', `/${event.event_id}/cancel`)).body.error).toBe('event_cancelled');
    expect((await send('PUT', `/${event.event_id}`, FIELDS)).status).toBe(409);
    const staffList = await send('GET', '');
    expect((staffList.body as unknown as { events: StaffEvent[] }).events.find((e) => e.event_id === event.event_id)?.cancelled_at).not.toBeNull();
    expect(await auditCount(test.db, 'event.cancel')).toBe(1);
  });

  it('answers 404 for an unknown or malformed event id', async () => {
    expect((await send('GET', '/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await send('GET', '/not-an-id')).status).toBe(404);
    expect((await send('PUT', '/00000000-0000-4000-8000-000000000000', FIELDS)).status).toBe(404);
  });
});
