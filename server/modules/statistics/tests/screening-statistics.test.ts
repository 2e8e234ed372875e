/**
 * The charity's figures from the database
 * (docs/decisions/0022-screening-statistics.md): staff record what followed an
 * amber or red result (never a green one), read the year's figures with filters
 * and as CSV (staff only; hostile text cannot become a formula), and publish a
 * year, which the public endpoint then returns.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishedStatistics } from '../../../../src/domain/published-statistics';
import type { ScreeningFigures } from '../../../../src/domain/screening-stats';
import type { Attendee } from '../../../../src/domain/staff-attendees';
import type { Appointment } from '../../../../src/domain/booking';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { auditCount, bookedMembers, makeStaff } from '../../../../tests/fixtures/staff';
import { ETHNICITIES } from '../../../../src/domain/member-profile';
import { tooLittleChangedMessage } from '../../../../src/domain/statistics-releases';

const BOOKED_AT = new Date('2026-06-10T09:00:00Z');
const AFTER = new Date('2026-06-24T09:00:00Z');
const COMMUNITY = makeEvent({ event_name: 'Community Screening', event_date: '2026-06-20', end_time: '14:00' });
const LODGE = makeEvent({ event_name: 'Lodge Screening', category: 'freemasons', event_date: '2026-06-20', end_time: '14:00' });
const SLOTS = ['10:00', '10:15', '10:30', '10:45', '11:00', '11:15', '11:30', '11:45'];
// Members are 56 on the day (fastMembers): amber from 2.00, red from 4.00.
const COMMUNITY_VALUES = ['1.00', '1.20', '1.50', '0.90', '0.80', '2.50', '3.00', '5.00'];
const LODGE_VALUES = ['0.50', '0.60', '0.70', '2.20', '4.50'];

const H = { hidden: true };
const n = (count: number) => ({ count });

describe.each(ENGINES)('screening statistics on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  let member: FastMember;
  let community: { member: FastMember; appointment: Appointment }[];
  let lodge: { member: FastMember; appointment: Appointment }[];
  const app = (now = AFTER) => testApp({ db: test.db, now, env: { SITE_URL: 'https://www.example.org' } });
  const as = (token: string | null): RequestInit => ({ headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const followUp = (eventId: string, appointmentId: string, body: unknown, token = staff.token) =>
    getJson<{ follow_up: { outcome: string | null; recorded_at: string | null } }>(app(), `/api/staff/events/${eventId}/attendees/${appointmentId}/follow-up`, sendJson(token, body, 'PUT'));
  const figures = async (query: string) => {
    const res = await getJson<{ figures: ScreeningFigures; years: number[] }>(app(), `/api/staff/statistics${query}`, as(staff.token));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [COMMUNITY, LODGE]);
    // Tokens last an hour from the moment given: staff and the refused member act at AFTER.
    staff = await makeStaff(test.db, AFTER);
    [member] = (await fastMembers(test.db, 1, AFTER)) as [FastMember];
    community = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, COMMUNITY, SLOTS);
    lodge = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, LODGE, SLOTS.slice(0, LODGE_VALUES.length));
    for (const [event, booked, values] of [[COMMUNITY, community, COMMUNITY_VALUES], [LODGE, lodge, LODGE_VALUES]] as const) {
      for (const [i, { appointment }] of booked.entries()) {
        const saved = await getJson(app(), `/api/staff/events/${event.event_id}/attendees/${appointment.appointment_id}/result`, sendJson(staff.token, { test_result: values[i] }, 'PUT'));
        expect(saved.status).toBe(200);
      }
    }
    // An ethnicity stored before the list was enforced, written to start a formula in a spreadsheet.
    await test.db.query('UPDATE member_profiles SET ethnicity = $2 WHERE profile_id = $1', [community[0]!.member.profileId, '=HYPERLINK("http://evil.example","x")']);
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  describe('follow-up outcomes', () => {
    it('are refused for a green result, and for a booking with no result or at another event', async () => {
      const green = await followUp(COMMUNITY.event_id, community[0]!.appointment.appointment_id, { outcome: 'seen_gp' });
      expect(green.status).toBe(409);
      expect(green.body).toMatchObject({ error: 'not_abnormal' });
      expect((await followUp(LODGE.event_id, community[5]!.appointment.appointment_id, { outcome: 'seen_gp' })).status).toBe(404);
      expect((await followUp(COMMUNITY.event_id, '00000000-0000-4000-8000-000000000000', { outcome: 'seen_gp' })).status).toBe(404);
      expect((await followUp(COMMUNITY.event_id, 'not-a-uuid', { outcome: 'seen_gp' })).status).toBe(404);
    });

    it.each([[{ outcome: 'cured' }], [{ outcome: 3 }], [{ outcome: { $ne: null } }], [{}], [{ outcome: 'seen_gp\u0000' }]])('refuses %j with 422', async (body) => {
      const res = await followUp(COMMUNITY.event_id, community[5]!.appointment.appointment_id, body);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_failed' });
    });

    it('are refused to a member and to a signed-out visitor', async () => {
      expect((await followUp(COMMUNITY.event_id, community[5]!.appointment.appointment_id, { outcome: 'biopsy' }, member.token)).status).toBe(403);
      const anonymous = await getJson(app(), `/api/staff/events/${COMMUNITY.event_id}/attendees/${community[5]!.appointment.appointment_id}/follow-up`, sendJson(null, { outcome: 'biopsy' }, 'PUT'));
      expect(anonymous.status).toBe(401);
    });

    it('are recorded for amber and red, audited, shown on the attendee list, and cleared with null', async () => {
      const before = await auditCount(test.db, 'result.follow_up');
      const amber = await followUp(COMMUNITY.event_id, community[5]!.appointment.appointment_id, { outcome: 'biopsy' });
      expect(amber.status).toBe(200);
      expect(amber.body.follow_up).toEqual({ outcome: 'biopsy', recorded_at: AFTER.toISOString() });
      for (const [i, outcome] of [[6, 'cancer_radical'], [7, 'cancer_surveillance']] as const) {
        expect((await followUp(COMMUNITY.event_id, community[i]!.appointment.appointment_id, { outcome })).status).toBe(200);
      }
      expect((await followUp(LODGE.event_id, lodge[4]!.appointment.appointment_id, { outcome: 'no_cancer' })).status).toBe(200);
      expect(await auditCount(test.db, 'result.follow_up')).toBe(before + 4);
      const list = await getJson<{ attendees: Attendee[] }>(app(), `/api/staff/events/${COMMUNITY.event_id}/attendees`, as(staff.token));
      const results = new Map(list.body.attendees.map((a) => [a.appointment_id, a.result]));
      expect(results.get(community[5]!.appointment.appointment_id)).toMatchObject({ band: 'amber', follow_up: 'biopsy' });
      expect(results.get(community[0]!.appointment.appointment_id)).toMatchObject({ band: 'green', follow_up: null });
      const cleared = await followUp(COMMUNITY.event_id, community[5]!.appointment.appointment_id, { outcome: null });
      expect(cleared.body.follow_up).toEqual({ outcome: null, recorded_at: null });
      expect((await followUp(COMMUNITY.event_id, community[5]!.appointment.appointment_id, { outcome: 'biopsy' })).status).toBe(200);
    });
  });

  describe('the figures', () => {
    it('are refused to a member and a signed-out visitor', async () => {
      for (const path of ['/api/staff/statistics?year=2026', '/api/staff/statistics/export.csv?year=2026']) {
        expect((await getJson(app(), path, as(member.token))).status).toBe(403);
        expect((await getJson(app(), path, as(null))).status).toBe(401);
      }
      expect((await getJson(app(), '/api/staff/statistics/publish', sendJson(member.token, { year: 2026 }))).status).toBe(403);
      expect((await getJson(app(), '/api/staff/statistics/publish', sendJson(null, { year: 2026 }))).status).toBe(401);
    });

    it('count the year from the database, this UK year by default, small numbers hidden', async () => {
      const { figures: all, years } = await figures('');
      expect(years).toEqual([2026]);
      expect(all).toMatchObject({ year: 2026, event_type: 'all', men_screened: n(13), tests: n(13), events: 2, abnormal: n(5), abnormal_rate: '38.46%' });
      expect(all.bands).toEqual({ green: n(8), amber: H, red: H, no_band: H });
      expect(all.by_event_type.map((g) => [g.group, g.tests, g.abnormal])).toEqual([
        ['community', n(8), H],
        ['freemasons', n(5), H],
        ['corporate', H, H],
        ['none', H, H],
      ]);
      expect(all.follow_up.cancers).toEqual(H);
      // The ethnicity stored outside the NHS list is counted in one group, never shown as typed; every group is listed.
      expect(all.by_ethnicity.map((g) => g.label)).toEqual([...ETHNICITIES, 'Other or not listed']);
    });

    it('filter by event type and year', async () => {
      expect((await figures('?year=2026&event_type=freemasons')).figures).toMatchObject({ event_type: 'freemasons', tests: n(5), events: 1, abnormal: H });
      expect((await figures('?year=2025&event_type=all')).figures).toMatchObject({ tests: H, events: 0, abnormal_rate: null });
    });

    it.each(['?year=2027', '?year=26', '?year=1999', '?event_type=lodges', '?year=2026&event_type=ALL'])('refuse %s with 422', async (query) => {
      const res = await getJson(app(), `/api/staff/statistics${query}`, as(staff.token));
      expect(res.status).toBe(422);
      expect((await getJson(app(), `/api/staff/statistics/export.csv${query}`, as(staff.token))).status).toBe(422);
    });

    it('download as CSV, where no cell can start a formula', async () => {
      const res = await app().request('/api/staff/statistics/export.csv?year=2026&event_type=community', as(staff.token));
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="screening-statistics-2026-community.csv"');
      const rows = Papa.parse<string[]>(await res.text(), { skipEmptyLines: true }).data;
      expect(rows[0]).toEqual(['year', 'event_type', 'section', 'group', 'measure', 'value']);
      expect(rows).toContainEqual(['2026', 'Community', 'Summary', '', 'Tests', '8']);
      expect(rows).toContainEqual(['2026', 'Community', 'Summary', '', 'Abnormal results (amber and red)', 'not shown']);
      expect(rows.filter((r) => r[2] === 'By ethnicity').map((r) => r[3])).toContain('Other or not listed');
      expect(rows.flat().join()).not.toContain('HYPERLINK');
      for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[\s]*[=+\-@]|^[\t\r]/);
    });
  });

  describe('publishing', () => {
    // Only a year that is over can be published: these run in January 2027, by a staff member signed in then.
    const NEW_YEAR = new Date('2027-01-04T10:00:00Z');
    let publisher: FastMember;
    beforeAll(async () => {
      publisher = await makeStaff(test.db, NEW_YEAR);
    });
    const publish = (year: unknown, at = NEW_YEAR, token = publisher.token) => getJson<{ published: PublishedStatistics }>(app(at), '/api/staff/statistics/publish', sendJson(token, { year }));
    const published = async () => (await getJson<{ years: PublishedStatistics[]; published: PublishedStatistics | null }>(app(), '/api/statistics/published')).body;

    it.each([[{ year: 2028 }], [{ year: '2026x' }], [{ year: 1999 }], [{}]])('refuses %j with 422 and stores nothing', async (body) => {
      expect((await getJson(app(NEW_YEAR), '/api/staff/statistics/publish', sendJson(publisher.token, body))).status).toBe(422);
      expect(await published()).toEqual({ years: [], published: null });
    });

    it('refuses the UK year still running: two snapshots of it a result apart would show one man', async () => {
      const res = await publish(2026, AFTER, staff.token);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: 'year_not_over', message: '2026 is not over yet. Only a year that has ended can be published: 2026 from 1 January 2027.' });
      expect((await publish(2027)).body).toMatchObject({ error: 'year_not_over' });
      expect(await published()).toEqual({ years: [], published: null });
    });

    it('refuses a year without results, which would hide the typed-in figures behind zeros', async () => {
      const res = await publish(2024);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: 'nothing_to_publish' });
      expect((await published()).years).toEqual([]);
    });

    it('stores the figures as computed, audited, and the public endpoint returns the latest', async () => {
      const res = await publish(2026);
      expect(res.status).toBe(201);
      const { figures: all } = await figures('?year=2026');
      expect(res.body.published).toEqual({ year: 2026, published_at: NEW_YEAR.toISOString(), figures: all });
      expect(await auditCount(test.db, 'statistics.publish')).toBe(1);
      expect(await published()).toEqual({ years: [res.body.published], published: res.body.published });

      // Later changes move the live figures, not the published ones; one outcome corrected is too small a change to publish again.
      await followUp(LODGE.event_id, lodge[4]!.appointment.appointment_id, { outcome: 'cancer_radical' });
      expect((await published()).years[0]!.figures.follow_up).toEqual(all.follow_up);
      const later = new Date(NEW_YEAR.getTime() + 30 * 60_000);
      // Half an hour on he has signed in again (staff sessions end when idle, docs/rules.md#staff-idle).
      const again = await publish(2026, later, await publisher.tokenAt(later));
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ error: 'too_little_changed', message: tooLittleChangedMessage(2026) });
      expect((await published()).years).toEqual([res.body.published]);
      expect(await auditCount(test.db, 'statistics.publish')).toBe(1);
    });

    it('serves every published year: an earlier year published after a later one shows too', async () => {
      const before = (await published()).years[0]!;
      // The lodge's results were taken in 2025 after all.
      await test.db.query(`UPDATE member_results SET sample_date = '2025-06-20' WHERE appointment_id = ANY($1::uuid[])`, [lodge.map((l) => l.appointment.appointment_id)]);
      const at = new Date(NEW_YEAR.getTime() + 40 * 60_000);
      const res = await publish(2025, at, await publisher.tokenAt(at));
      expect(res.status).toBe(201);
      expect(res.body.published.figures).toMatchObject({ year: 2025, tests: n(5) });
      const now = await published();
      expect(now.years.map((y) => y.year)).toEqual([2026, 2025]);
      expect(now.years[0]).toEqual(before);
      expect(now.years[1]).toEqual(res.body.published);
      expect(now.published).toEqual(before);
    });
  });
});
