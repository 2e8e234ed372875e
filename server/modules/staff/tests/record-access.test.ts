/**
 * Every look at a man's record (docs/rules.md#record-access): a
 * volunteer's check-in view, a clinical user's result entry (the tube's
 * lookup and the list after the day) and follow-up each record one row per
 * man shown, with the reason and the role, once per day however often the
 * list is refreshed; consent answers, labels, the lab's manifest and held
 * result lines too. The member reads exactly his own rows, staff named by
 * role and first name only; a refused read records nothing.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendeeList, CheckInResult } from '../../../../src/domain/staff-attendees';
import type { RecordAccessAnswer } from '../../../../src/domain/record-access';
import type { StaffRole } from '../../../../src/domain/staff-roles';
import { setStandInRole } from '../../auth';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { bookedMembers } from '../../../../tests/fixtures/staff';

const BOOKED_AT = new Date('2026-06-10T09:00:00Z');
const AT_VENUE = new Date('2026-06-20T09:30:00Z');
const LATER_AT_VENUE = new Date('2026-06-20T15:45:00Z');
const AFTER = new Date('2026-06-24T09:00:00Z');
const EVENT = makeEvent({ event_name: 'Colchester Screening', event_date: '2026-06-20', lab_name: 'ESNEFT' });
const OTHER = makeEvent({ event_name: 'Other Screening', event_date: '2026-06-20' });

type AccessRow = {
  profile_id: number;
  event_id: string | null;
  staff_role: string;
  staff_first_name: string | null;
  reason: string;
  seen: string[];
  london_day: string;
  reads: number;
};

describe.each(ENGINES)('record access on %s', (engine) => {
  let test: TestDatabase;
  let booked: Awaited<ReturnType<typeof bookedMembers>>;
  let elsewhere: Awaited<ReturnType<typeof bookedMembers>>;
  let volunteer: FastMember;
  let clinical: FastMember;
  const samples = new Map<string, string>();
  const app = (now: Date) => testApp({ db: test.db, now });
  const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
  const base = `/api/staff/events/${EVENT.event_id}`;
  const rows = () =>
    test.db.query<AccessRow>(
      `SELECT profile_id, event_id::text AS event_id, staff_role, staff_first_name, reason, seen, to_char(london_day, 'YYYY-MM-DD') AS london_day, reads
       FROM record_access ORDER BY access_id`,
    );
  const rowsOf = async (who: FastMember, reason?: string) => (await rows()).filter((r) => r.profile_id === who.profileId && (!reason || r.reason === reason));
  const count = async () => (await rows()).length;

  async function staffAs(name: string, role: StaffRole): Promise<FastMember> {
    // Signing in afresh for each later token: a staff session ends when idle (docs/rules.md#staff-idle).
    // With the second factor given, which a clinical role needs (docs/rules.md#second-factor).
    const [who] = (await fastMembers(test.db, 1, BOOKED_AT, { firstName: name, sessionPerToken: true, secondFactor: true })) as [FastMember];
    expect(await setStandInRole(test.db, who.email, role, BOOKED_AT)).toBe(true);
    return who;
  }

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [EVENT, OTHER]);
    booked = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, EVENT, ['10:00', '10:15', '10:30']);
    elsewhere = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, OTHER, ['10:00']);
    volunteer = await staffAs('Vera', 'volunteer');
    // A volunteer opens only the event he is assigned to, on its day (docs/rules.md#staff-roles).
    await test.db.query('INSERT INTO volunteer_assignments (event_id, user_id, assigned_at, assigned_by) VALUES ($1::uuid, $2::uuid, $3, $2::uuid)', [
      EVENT.event_id,
      volunteer.userId,
      BOOKED_AT,
    ]);
    clinical = await staffAs('Priya', 'clinical');
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it("records a volunteer's check-in view as one look at each man, reason check-in, once a day however often it is refreshed", async () => {
    for (const at of [AT_VENUE, AT_VENUE, LATER_AT_VENUE]) {
      const list = await getJson<AttendeeList>(app(at), `${base}/attendees`, auth(await volunteer.tokenAt(at)));
      expect(list.status, JSON.stringify(list.body)).toBe(200);
    }
    const all = await rows();
    expect(all).toHaveLength(3);
    expect(all.map((r) => r.profile_id).sort()).toEqual(booked.map((b) => b.member.profileId).sort());
    for (const row of all) {
      expect(row).toEqual({
        profile_id: expect.any(Number),
        event_id: EVENT.event_id,
        staff_role: 'volunteer',
        staff_first_name: 'Vera',
        reason: 'check_in',
        seen: ['identity', 'nhs_number'],
        london_day: '2026-06-20',
        reads: 3,
      });
    }
    // Checking in is a change (staff_audit), not a look; the men at the other event were never shown.
    const checkIns = booked.map((b) => ({ appointment_id: b.appointment.appointment_id, checked_in_at: AT_VENUE.toISOString(), sample_id: null }));
    const done = await getJson<{ results: CheckInResult[] }>(app(LATER_AT_VENUE), `${base}/check-ins`, sendJson(await volunteer.tokenAt(LATER_AT_VENUE), { check_ins: checkIns }));
    expect(done.status).toBe(200);
    for (const result of done.body.results) samples.set(result.appointment_id, result.sample_id!);
    expect(await count()).toBe(3);
    expect(await rowsOf(elsewhere[0]!.member)).toEqual([]);
  });

  it('records result entry from the tube and the list after the day, and follow-up for a red result, with the clinical role', async () => {
    const token = await clinical.tokenAt(AFTER);
    const [red, green, none] = booked;
    // The tube's lookup before his result is typed: his name, date of birth and NHS number.
    const sampleId = samples.get(green!.appointment.appointment_id)!;
    const lookup = await getJson(app(AFTER), `${base}/samples/${sampleId}`, auth(token));
    expect(lookup.status, JSON.stringify(lookup.body)).toBe(200);
    expect(await rowsOf(green!.member, 'result_entry')).toMatchObject([
      { staff_role: 'clinical', staff_first_name: 'Priya', seen: ['identity', 'nhs_number'], london_day: '2026-06-24', reads: 1 },
    ]);
    for (const [who, value] of [
      [green!, '0.80'],
      [red!, '25.00'],
    ] as const) {
      const saved = await getJson(
        app(AFTER),
        `${base}/attendees/${who.appointment.appointment_id}/result`,
        sendJson(token, { test_result: value, sample_id: samples.get(who.appointment.appointment_id) }, 'PUT'),
      );
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const list = await getJson<AttendeeList>(app(AFTER), `${base}/attendees`, auth(token));
    expect(list.status).toBe(200);
    expect(list.body.attendees.find((a) => a.appointment_id === red!.appointment.appointment_id)?.result?.band).toBe('red');
    // The red result is followed up; the green one and the man still waiting are result entry (the list's
    // look at the green man adds to his lookup's row of the same day: now with his result).
    expect(await rowsOf(red!.member, 'follow_up')).toMatchObject([{ staff_role: 'clinical', seen: ['identity', 'nhs_number', 'results'], reads: 1 }]);
    expect(await rowsOf(green!.member, 'result_entry')).toMatchObject([{ staff_role: 'clinical', seen: ['identity', 'nhs_number', 'results'], reads: 2 }]);
    expect(await rowsOf(none!.member, 'result_entry')).toMatchObject([{ staff_role: 'clinical', seen: ['identity', 'nhs_number'], reads: 1 }]);
    // The volunteer's check-in looks of 20 June stand as they were.
    expect((await rowsOf(red!.member, 'check_in')).map((r) => r.reads)).toEqual([3]);
  });

  it('records consent answers, labels, the lab manifest and held lines of a results file as looks', async () => {
    const token = await clinical.tokenAt(AFTER);
    const [red, green, none] = booked;
    const consent = await getJson<{ consent: unknown }>(app(AFTER), `${base}/attendees/${none!.appointment.appointment_id}/consent`, auth(token));
    expect(consent.status).toBe(200);
    expect(consent.body.consent).not.toBeNull();
    expect(await rowsOf(none!.member, 'consent')).toMatchObject([{ seen: ['consent_answers'] }]);

    const labels = await getJson(app(AFTER), `${base}/samples`, sendJson(token, { appointment_ids: [none!.appointment.appointment_id] }));
    expect(labels.status, JSON.stringify(labels.body)).toBe(200);
    expect(await rowsOf(none!.member, 'labels')).toMatchObject([{ seen: ['identity', 'nhs_number'] }]);
    expect(await rowsOf(red!.member, 'labels')).toEqual([]);

    const manifest = await app(AFTER).request(`${base}/manifest.csv`, auth(token));
    expect(manifest.status).toBe(200);
    await manifest.text();
    expect((await rows()).filter((r) => r.reason === 'lab_manifest').map((r) => r.profile_id).sort()).toEqual(booked.map((b) => b.member.profileId).sort());

    // A line naming his tube with another NHS number quotes his own beside it, and gives a value for his tube:
    // a look at his NHS number and his result.
    const csv = `sample_id,psa_ng_ml,nhs_number\n${samples.get(none!.appointment.appointment_id)},1.10,4010232137\n`;
    const upload = await getJson<{ held: number }>(app(AFTER), `${base}/results.csv`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
      body: csv,
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    expect(upload.body.held).toBe(1);
    expect(await rowsOf(none!.member, 'result_checking')).toEqual([]);
    const holds = await getJson(app(AFTER), `${base}/result-holds`, auth(token));
    expect(holds.status).toBe(200);
    expect(await rowsOf(none!.member, 'result_checking')).toMatchObject([{ seen: ['nhs_number', 'results'] }]);
    expect(await rowsOf(green!.member, 'result_checking')).toEqual([]);
  });

  it('records nothing for a read refused or not found', async () => {
    const before = await count();
    const member = booked[0]!.member;
    expect((await getJson(app(AFTER), `${base}/attendees`, auth(await member.tokenAt(AFTER)))).status).toBe(403);
    expect((await getJson(app(AFTER), `${base}/attendees/${booked[1]!.appointment.appointment_id}/consent`, auth(await member.tokenAt(AFTER)))).status).toBe(403);
    expect((await getJson(app(AFTER), `${base}/attendees`)).status).toBe(401);
    const token = await clinical.tokenAt(AFTER);
    // Another event's booking through this event's path, and an unknown event.
    expect((await getJson(app(AFTER), `${base}/attendees/${elsewhere[0]!.appointment.appointment_id}/consent`, auth(token))).status).toBe(404);
    expect((await getJson(app(AFTER), `/api/staff/events/${crypto.randomUUID()}/attendees`, auth(token))).status).toBe(404);
    expect(await count()).toBe(before);
  });

  it('shows each member exactly his own looks, newest first, staff by role and first name, never an address', async () => {
    const [red] = booked;
    const mine = await getJson<RecordAccessAnswer>(app(AFTER), '/api/me/record-access', auth(await red!.member.tokenAt(AFTER)));
    expect(mine.status).toBe(200);
    expect(mine.body.more).toBe(false);
    expect(mine.body.looks.map((l) => [l.date, l.reason, l.role, l.first_name])).toEqual([
      ['2026-06-24', 'lab_manifest', 'clinical', 'Priya'],
      ['2026-06-24', 'follow_up', 'clinical', 'Priya'],
      ['2026-06-20', 'check_in', 'volunteer', 'Vera'],
    ]);
    expect(mine.body.looks[1]).toEqual({
      date: '2026-06-24',
      last_at: AFTER.toISOString(),
      role: 'clinical',
      first_name: 'Priya',
      reason: 'follow_up',
      seen: ['identity', 'nhs_number', 'results'],
      event_name: 'Colchester Screening',
    });
    const text = JSON.stringify(mine.body);
    expect(text).not.toContain('@');
    expect(text).not.toContain(clinical.userId);

    // Another man's rows are his alone; no id in the request names anyone, whatever is added to it.
    const other = booked[2]!.member;
    const theirs = await getJson<RecordAccessAnswer>(app(AFTER), `/api/me/record-access?profile_id=${red!.member.profileId}&user_id=${red!.member.userId}`, auth(await other.tokenAt(AFTER)));
    expect(theirs.status).toBe(200);
    expect(theirs.body.looks.map((l) => l.reason).sort()).toEqual(['check_in', 'consent', 'lab_manifest', 'labels', 'result_checking', 'result_entry']);
    expect(theirs.body.looks.every((l) => l.event_name === 'Colchester Screening')).toBe(true);
    expect((await getJson(app(AFTER), `/api/me/record-access/${red!.member.publicId}`, auth(await other.tokenAt(AFTER)))).status).toBe(404);
    expect((await getJson(app(AFTER), '/api/me/record-access')).status).toBe(401);
    // A man nobody has looked at sees an empty list.
    const untouched = await getJson<RecordAccessAnswer>(app(AFTER), '/api/me/record-access', auth(await elsewhere[0]!.member.tokenAt(AFTER)));
    expect(untouched.body).toEqual({ looks: [], more: false });
  });

  it('names a staff account with no first name "A member of staff" to him, never by its address, a hosted one by its token; his export holds every look', async () => {
    const [anon] = (await fastMembers(test.db, 1, BOOKED_AT, { sessionPerToken: true })) as [FastMember];
    expect(await setStandInRole(test.db, anon.email, 'events', BOOKED_AT)).toBe(true);
    await test.db.query('DELETE FROM member_profiles WHERE user_id = $1::uuid', [anon.userId]);
    await test.db.query('UPDATE auth_users SET user_metadata = $2::jsonb WHERE id = $1::uuid', [anon.userId, JSON.stringify({ display_name: anon.email })]);
    const list = await getJson(app(AFTER), `${base}/attendees`, auth(await anon.tokenAt(AFTER)));
    expect(list.status).toBe(200);
    const [red] = booked;
    const mine = await getJson<RecordAccessAnswer>(app(AFTER), '/api/me/record-access', auth(await red!.member.tokenAt(AFTER)));
    // The events role is sent no results (docs/rules.md#staff-roles), so its look is of his name and NHS number after the day.
    expect(mine.body.looks.find((l) => l.role === 'events')).toMatchObject({ first_name: null, reason: 'result_entry' });
    expect(await rowsOf(red!.member, 'result_entry')).toMatchObject([{ staff_role: 'events', seen: ['identity', 'nhs_number'] }]);
    expect(JSON.stringify(mine.body)).not.toContain('@');

    // A hosted Supabase project's staff are not in this database: the name their token carries.
    const secret = 'hosted-project-secret-of-at-least-32-chars';
    const hostedId = crypto.randomUUID();
    // Her token says she gave her second factor, as a clinical role must (docs/rules.md#second-factor).
    // Signed in just now (amr), where the staff idle clock starts (docs/rules.md#staff-idle).
    const amr = [{ method: 'totp', timestamp: Math.floor(AFTER.getTime() / 1000) }];
    const hosted = await new SignJWT({ email: 'hana@example.org', session_id: crypto.randomUUID(), app_metadata: { role: 'clinical' }, user_metadata: { first_name: 'Hana' }, aal: 'aal2', amr })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(hostedId)
      .setAudience('authenticated')
      .setExpirationTime(Math.floor(AFTER.getTime() / 1000) + 3600)
      .sign(new TextEncoder().encode(secret));
    const hostedApp = testApp({ db: test.db, now: AFTER, env: { SUPABASE_URL: 'https://abcd.supabase.co', SUPABASE_JWT_SECRET: secret } });
    expect((await getJson(hostedApp, `${base}/attendees/${red!.appointment.appointment_id}/consent`, auth(hosted))).status).toBe(200);
    expect(await rowsOf(red!.member, 'consent')).toMatchObject([{ staff_role: 'clinical', staff_first_name: 'Hana' }]);
    expect((await test.db.query('SELECT 1 FROM record_access WHERE staff_user_id = $1::uuid', [hostedId])).length).toBe(1);

    const exported = await getJson<{ record_access: Record<string, unknown>[] }>(app(AFTER), '/api/me/export', auth(await red!.member.tokenAt(AFTER)));
    expect(exported.status).toBe(200);
    expect(exported.body.record_access.map((r) => r.reason).sort()).toEqual(['check_in', 'consent', 'follow_up', 'lab_manifest', 'result_entry']);
    expect(exported.body.record_access.find((r) => r.reason === 'check_in')).toMatchObject({ staff_first_name: 'Vera', staff_role: 'volunteer', reads: 3 });
  });
});
