/**
 * Sample labels and the laboratory's manifest (docs/rules.md#sample-labels):
 * labels for every confirmed booking with a valid check character, the same
 * ids however often or however concurrently they are printed, no label for
 * a man without a valid NHS number (named for staff instead), one label at
 * the desk, another event's booking refused; the manifest lists only the
 * men checked in who have a sample, with the check-in time in UK time, as
 * JSON and as CSV that no name can turn into a spreadsheet formula.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidNhsNumber } from '../../../../src/domain/nhs-number';
import { MANIFEST_CSV_HEADER } from '../../../../src/domain/lab-manifest-csv';
import { formatSampleId, isValidSampleId } from '../../../../src/domain/sample-id';
import type { LabManifest, SampleLabelsAnswer } from '../../../../src/domain/sample-labels';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { auditCount, bookedMembers, makeStaff } from '../../../../tests/fixtures/staff';

const BOOKED_AT = new Date('2026-06-10T09:00:00Z');
// Labels printed the day before; the screening is on 20 June from 10:00 UK time (09:00 UTC).
const DAY_BEFORE = new Date('2026-06-19T15:00:00Z');
const AT_VENUE = new Date('2026-06-20T11:30:00Z');
const EVENT = makeEvent({ event_name: 'Colchester Screening', event_date: '2026-06-20', lab_name: 'ESNEFT', address_line_1: 'Town Hall', address_line_2: null, city: 'Colchester', postcode: 'CO1 1PJ' });
const OTHER = makeEvent({ event_name: 'Other Screening', event_date: '2026-06-20' });
const RACE = makeEvent({ event_name: 'Busy Screening', event_date: '2026-06-20' });

describe.each(ENGINES)('sample labels and the manifest on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  /** Staff's token the next day, at the venue. */
  let venueToken: string;
  let booked: Awaited<ReturnType<typeof bookedMembers>>;
  let elsewhere: Awaited<ReturnType<typeof bookedMembers>>;
  const app = (now: Date) => testApp({ db: test.db, now });
  const auth = () => ({ headers: { Authorization: `Bearer ${venueToken}` } });
  const print = (eventId: string, body: unknown = {}, now = DAY_BEFORE) =>
    getJson<SampleLabelsAnswer & { error?: string; issues?: { message: string }[] }>(
      app(now),
      `/api/staff/events/${eventId}/samples`,
      sendJson(now === DAY_BEFORE ? staff.token : venueToken, body),
    );
  const samplesOf = async (eventId: string) =>
    (await test.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM samples WHERE event_id = $1::uuid', [eventId]))[0]!.n;
  const idOf = (i: number) => booked[i]!.appointment.appointment_id;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [EVENT, OTHER, RACE]);
    // Five men at the ESNEFT event (so each booked with a valid NHS number), and one who cancels.
    booked = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, EVENT, ['10:00', '10:15', '10:30', '10:45', '11:00', '11:15']);
    // Numbers that went wrong after booking (an old record, a profile edited): one removed, one with a bad check digit.
    await test.db.query('UPDATE member_profiles SET nhs_number = NULL, first_name = $2 WHERE profile_id = $1', [booked[3]!.member.profileId, 'Norman']);
    await test.db.query('UPDATE member_profiles SET nhs_number = $2, first_name = $3 WHERE profile_id = $1', [booked[4]!.member.profileId, '1234567890', 'Bernard']);
    expect(isValidNhsNumber('1234567890')).toBe(false);
    // Names a spreadsheet would run as formulas, and one that needs quoting.
    await test.db.query('UPDATE member_profiles SET first_name = $2, last_name = $3 WHERE profile_id = $1', [booked[0]!.member.profileId, '=HYPERLINK("http://x.example")', '-2+3']);
    await test.db.query('UPDATE member_profiles SET first_name = $2, last_name = $3 WHERE profile_id = $1', [booked[1]!.member.profileId, 'Patrick', `O'Brien, "Paddy"`]);
    const cancelled = await getJson(app(BOOKED_AT), `/api/appointments/${idOf(5)}/cancel`, sendJson(booked[5]!.member.token, {}));
    expect(cancelled.status).toBe(200);
    elsewhere = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, OTHER, ['10:00']);
    staff = await makeStaff(test.db, DAY_BEFORE);
    venueToken = await staff.tokenAt(AT_VENUE);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('labels every confirmed booking with a valid sample id, names the men without a valid NHS number, and audits each id', async () => {
    const res = await print(EVENT.event_id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.event_name).toBe('Colchester Screening');
    expect(res.body.labels.map((l) => l.appointment_id)).toEqual([idOf(0), idOf(1), idOf(2)]);
    for (const label of res.body.labels) {
      expect(isValidSampleId(label.sample_id)).toBe(true);
      expect(label).toMatchObject({ date_of_birth: '1970-03-15', nhs_number: '9434765919', collection_date: '2026-06-20' });
    }
    expect(res.body.labels[1]).toMatchObject({ full_name: `Patrick O'Brien, "Paddy"`, start_time: '10:15' });
    expect(new Set(res.body.labels.map((l) => l.sample_id)).size).toBe(3);
    // Refused before labelling, not when the lab rejects the tube: staff see who, to fix his profile.
    expect(res.body.unlabelled).toEqual([
      { appointment_id: idOf(3), profile_id: booked[3]!.member.profileId, full_name: 'Norman Member', start_time: '10:45', reason: 'nhs_number' },
      { appointment_id: idOf(4), profile_id: booked[4]!.member.profileId, full_name: 'Bernard Member', start_time: '11:00', reason: 'nhs_number' },
    ]);
    expect(await samplesOf(EVENT.event_id)).toBe(3);
    expect(await auditCount(test.db, 'sample.assign')).toBe(3);
    expect(await auditCount(test.db, 'sample.labels')).toBe(1);
  });

  it('gives the same ids when labels are printed again, assigning nothing new', async () => {
    const first = await print(EVENT.event_id);
    const again = await print(EVENT.event_id);
    expect(again.body.labels).toEqual(first.body.labels);
    expect(await samplesOf(EVENT.event_id)).toBe(3);
    expect(await auditCount(test.db, 'sample.assign')).toBe(3);
  });

  it('gives each booking one id when two staff print the same event at once', async () => {
    const race = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, RACE, ['10:00', '10:15', '10:30', '10:45', '11:00']);
    const answers = await Promise.all([print(RACE.event_id), print(RACE.event_id), print(RACE.event_id, { appointment_ids: [race[2]!.appointment.appointment_id] })]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[1]!.body.labels).toEqual(answers[0]!.body.labels);
    expect(answers[2]!.body.labels).toEqual([answers[0]!.body.labels[2]]);
    const rows = await test.db.query<{ appointment_id: string; n: number }>(
      'SELECT appointment_id::text AS appointment_id, count(*)::integer AS n FROM samples WHERE event_id = $1::uuid GROUP BY appointment_id',
      [RACE.event_id],
    );
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.n === 1)).toBe(true);
  });

  it('prints one label at the desk, and refuses a cancelled booking or another event\'s, writing nothing', async () => {
    const one = await print(EVENT.event_id, { appointment_ids: [idOf(2)] });
    expect(one.status).toBe(200);
    expect(one.body.labels.map((l) => l.appointment_id)).toEqual([idOf(2)]);
    expect(one.body.unlabelled).toEqual([]);
    const beforeOther = await samplesOf(OTHER.event_id);
    for (const ids of [[elsewhere[0]!.appointment.appointment_id], [idOf(0), idOf(5)], ['not-a-uuid']]) {
      const refused = await print(EVENT.event_id, { appointment_ids: ids });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toBe('not_a_booking');
    }
    expect(await samplesOf(OTHER.event_id)).toBe(beforeOther);
    expect(await samplesOf(EVENT.event_id)).toBe(3);
  });

  it.each([[{ appointment_ids: [] }], [{ appointment_ids: 'all' }], [{ appointment_ids: [42] }]])('refuses a malformed body %j with 422', async (body) => {
    expect((await print(EVENT.event_id, body)).status).toBe(422);
  });

  it('answers 404 for an unknown event', async () => {
    expect((await print('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await getJson(app(AT_VENUE), '/api/staff/events/00000000-0000-4000-8000-000000000000/manifest', auth())).status).toBe(404);
    expect((await getJson(app(AT_VENUE), '/api/staff/events/nope/manifest.csv', auth())).status).toBe(404);
  });

  it('lists in the manifest only the men checked in who have a sample, with the check-in time in UK time, and counts them', async () => {
    const labels = (await print(EVENT.event_id)).body.labels;
    // Checked in: the first two (labelled) and Norman (no NHS number, so no sample); the third, labelled, never came.
    const checkIns = [0, 1, 3].map((i, n) => ({ appointment_id: idOf(i), checked_in_at: new Date(Date.UTC(2026, 5, 20, 9, 5 + n * 10)).toISOString() }));
    const checked = await getJson<{ results: { outcome: string }[] }>(app(AT_VENUE), `/api/staff/events/${EVENT.event_id}/check-ins`, sendJson(venueToken, { check_ins: checkIns }));
    expect(checked.body.results.map((r) => r.outcome)).toEqual(['recorded', 'recorded', 'recorded']);

    const res = await getJson<LabManifest>(app(AT_VENUE), `/api/staff/events/${EVENT.event_id}/manifest`, auth());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ event_name: 'Colchester Screening', event_date: '2026-06-20', venue: 'Town Hall, Colchester, CO1 1PJ', lab: 'ESNEFT', count: 2 });
    expect(res.body.samples).toEqual([
      { sample_id: labels[0]!.sample_id, full_name: '=HYPERLINK("http://x.example") -2+3', date_of_birth: '1970-03-15', nhs_number: '9434765919', sex: 'M', collection_date: '2026-06-20', collection_time: '10:05' },
      { sample_id: labels[1]!.sample_id, full_name: `Patrick O'Brien, "Paddy"`, date_of_birth: '1970-03-15', nhs_number: '9434765919', sex: 'M', collection_date: '2026-06-20', collection_time: '10:15' },
    ]);
    // A label printed after his check-in carries the day he came.
    expect((await print(EVENT.event_id, { appointment_ids: [idOf(0)] }, AT_VENUE)).body.labels[0]!.collection_date).toBe('2026-06-20');
    expect(await auditCount(test.db, 'sample.manifest')).toBe(1);
  });

  it('writes the manifest as CSV with every cell quoted where needed and no cell a spreadsheet would run as a formula', async () => {
    const json = (await getJson<LabManifest>(app(AT_VENUE), `/api/staff/events/${EVENT.event_id}/manifest`, auth())).body;
    const res = await app(AT_VENUE).request(`/api/staff/events/${EVENT.event_id}/manifest.csv`, auth());
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="lab-manifest-2026-06-20-colchester-screening.csv"');
    const text = await res.text();
    const parsed = Papa.parse<string[]>(text.trim(), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual([...MANIFEST_CSV_HEADER]);
    const lines = parsed.data.slice(1);
    expect(lines).toHaveLength(json.count);
    expect(lines[0]).toEqual([formatSampleId(json.samples[0]!.sample_id), `'=HYPERLINK("http://x.example") -2+3`, '1970-03-15', '943 476 5919', 'M', '2026-06-20', '10:05', 'Colchester Screening', 'Town Hall, Colchester, CO1 1PJ', 'ESNEFT']);
    expect(lines[1]![1]).toBe(`Patrick O'Brien, "Paddy"`);
    expect(text).toContain(`"Patrick O'Brien, ""Paddy"""`);
    for (const cell of lines.flat()) expect(cell).not.toMatch(/^\s*[=+\-@]/);
    expect(await auditCount(test.db, 'sample.manifest')).toBe(3);
  });
});
