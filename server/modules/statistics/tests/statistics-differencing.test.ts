/**
 * What the figures give away when set side by side (ADR 0022), through
 * the API on both engines: every sum and difference of the event-type
 * views, read as JSON, as the CSV downloads and as the public page's
 * published snapshot, gives no count from 1 to 4; and a year published
 * again after one late result differs from the first release only in
 * hidden figures or by 5 or more.
 */
import Papa from 'papaparse';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishedStatistics } from '../../../../src/domain/published-statistics';
import { EVENT_TYPE_FILTERS, type ScreeningFigures } from '../../../../src/domain/screening-stats';
import { isSmall, type Shown } from '../../../../src/domain/small-numbers';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { makeStaff } from '../../../../tests/fixtures/staff';
import { storeRecall } from '../../results';

const NOW = new Date('2026-03-02T10:00:00Z');
const COMMUNITY = makeEvent({ event_name: 'Community Screening', event_date: '2017-06-14' });
const LODGE = makeEvent({ event_name: 'Lodge Screening', category: 'freemasons', event_date: '2017-06-15' });
const WORKS = makeEvent({ event_name: 'Works Screening', category: 'corporate', event_date: '2017-06-16' });
const CARIBBEAN = 'Black or Black British - Caribbean';
const INDIAN = 'Asian or Asian British - Indian';
const TYPES = ['community', 'freemasons', 'corporate'] as const;

/** A figure as the page and the CSV write it: its number, or null for "not shown". */
const cell = (shown: Shown) => ('hidden' in shown ? null : shown.count);

/** Every figure of a view by name. */
function cellsOf(f: ScreeningFigures): Map<string, number | null> {
  const cells = new Map<string, number | null>([['Men screened', cell(f.men_screened)], ['Tests', cell(f.tests)], ['Abnormal', cell(f.abnormal)]]);
  for (const [band, shown] of Object.entries(f.bands)) cells.set(`band ${band}`, cell(shown));
  for (const [section, groups] of [['age', f.by_age], ['ethnicity', f.by_ethnicity], ['type', f.by_event_type]] as const) {
    for (const g of groups) {
      cells.set(`${section} ${g.label} tests`, cell(g.tests));
      cells.set(`${section} ${g.label} abnormal`, cell(g.abnormal));
    }
  }
  for (const o of f.follow_up.outcomes) cells.set(`outcome ${o.label}`, cell(o.count));
  cells.set('cancers', cell(f.follow_up.cancers));
  return cells;
}

/** The same figures read from the CSV download. */
function csvCells(csv: string): Map<string, number | null> {
  const rows = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data.slice(1);
  const value = (v: string) => (v === 'not shown' ? null : Number(v.replace(/,/g, '')));
  const cells = new Map<string, number | null>();
  const sections: Record<string, string> = { 'By age band': 'age', 'By ethnicity': 'ethnicity', 'By event type': 'type' };
  for (const [, , section, group, measure, v] of rows as [string, string, string, string, string, string][]) {
    if (section === 'Summary' && ['Men screened', 'Tests'].includes(measure)) cells.set(measure, value(v));
    if (section === 'Summary' && measure === 'Abnormal results (amber and red)') cells.set('Abnormal', value(v));
    if (section === 'Results by band') cells.set(`band ${{ Green: 'green', Amber: 'amber', Red: 'red', 'No band (no date of birth)': 'no_band' }[measure]}`, value(v));
    if (sections[section] && measure !== 'Abnormal rate') cells.set(`${sections[section]} ${group} ${measure === 'Tests' ? 'tests' : 'abnormal'}`, value(v));
    if (section === 'Follow-up of abnormal results') cells.set(`outcome ${group}`, value(v));
    if (section === 'Cancers found' && measure === 'Cancers diagnosed') cells.set('cancers', value(v));
  }
  return cells;
}

const at = (cells: Map<string, number | null>, key: string) => (cells.has(key) ? cells.get(key)! : 0);

/** Every figure that a sum of type views, or all types less some, gives for a set of types, where it is 1 to 4. */
function givenAway(views: Record<string, Map<string, number | null>>): string[] {
  const keys = new Set(Object.values(views).flatMap((c) => [...c.keys()]));
  const found: string[] = [];
  for (const key of keys) {
    for (let set = 1; set < 8; set++) {
      const inSet = TYPES.filter((_, i) => set & (1 << i));
      const added = inSet.map((t) => at(views[t]!, key));
      const less = [at(views.all!, key), ...TYPES.filter((t) => !inSet.includes(t)).map((t) => at(views[t]!, key))];
      if (added.every((v) => v !== null)) {
        const v = added.reduce((a, b) => a! + b!, 0)!;
        if (isSmall(v)) found.push(`${key}: ${inSet.join('+')} = ${v}`);
      }
      if (less.every((v) => v !== null)) {
        const v = less[0]! - less.slice(1).reduce((a, b) => a! + b!, 0)!;
        if (isSmall(v)) found.push(`${key}: all less the others = ${v} for ${inSet.join('+')}`);
      }
    }
  }
  return found;
}

describe.each(ENGINES)('statistics set side by side on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  const app = () => testApp({ db: test.db, now: NOW, env: { SITE_URL: 'https://www.example.org' } });
  const as = (): RequestInit => ({ headers: { Authorization: `Bearer ${staff.token}` } });

  /** `count` men, each with one result at `eventId` on `sampleDate`. */
  async function seed(count: number, eventId: string, sampleDate: string, value: string, dateOfBirth: string, ethnicity = 'White - British') {
    for (let i = 0; i < count; i++) {
      const [profile] = await test.db.query<{ profile_id: number }>(
        `INSERT INTO member_profiles (user_id, first_name, last_name, phone, email, home_address, date_of_birth, ethnicity)
         VALUES ($1, 'Test', 'Member', '07700900123', $2, '1 High Street', $3, $4) RETURNING profile_id`,
        [randomUUID(), `${randomUUID()}@example.org`, dateOfBirth, ethnicity],
      );
      const [appointment] = await test.db.query<{ appointment_id: string }>(
        `INSERT INTO member_appointments (profile_id, event_id, event_name, event_date) VALUES ($1, $2, 'Screening', $3) RETURNING appointment_id::text`,
        [profile!.profile_id, eventId, sampleDate],
      );
      await test.db.query('INSERT INTO member_results (profile_id, appointment_id, test_result, sample_date) VALUES ($1, $2, $3, $4)', [
        profile!.profile_id,
        appointment!.appointment_id,
        value,
        sampleDate,
      ]);
      // Banded as a save would band it (by the current rule version, docs/rules.md#clinical-rules).
      await storeRecall(test.db, appointment!.appointment_id, 'band');
    }
  }

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [COMMUNITY, LODGE, WORKS]);
    staff = await makeStaff(test.db, NOW);
    // 2017: three Freemasons, each 50 to 59 and Black Caribbean, among many others.
    await seed(40, COMMUNITY.event_id, '2017-06-14', '0.50', '1970-01-01');
    await seed(8, COMMUNITY.event_id, '2017-06-14', '2.50', '1961-01-01');
    await seed(6, COMMUNITY.event_id, '2017-06-14', '7.00', '1951-01-01', INDIAN);
    await seed(3, LODGE.event_id, '2017-06-15', '1.00', '1961-01-01', CARIBBEAN);
    await seed(12, WORKS.event_id, '2017-06-16', '1.00', '1970-01-01');
    await seed(7, WORKS.event_id, '2017-06-16', '1.50', '1945-01-01', CARIBBEAN);
    // 2016: no red result, six tests at 60 to 69, nobody of Indian ethnicity.
    await seed(40, COMMUNITY.event_id, '2016-05-01', '0.50', '1971-01-01');
    await seed(6, COMMUNITY.event_id, '2016-05-01', '1.50', '1954-01-01');
    await seed(9, LODGE.event_id, '2016-05-01', '1.50', '1971-01-01');
    await seed(10, WORKS.event_id, '2016-05-01', '0.80', '1964-01-01');
  }, 120_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it('2017: no sum or difference of the views, as JSON, CSV or the published page, gives the three Freemasons back', async () => {
    const json: Record<string, Map<string, number | null>> = {};
    const csv: Record<string, Map<string, number | null>> = {};
    for (const type of EVENT_TYPE_FILTERS) {
      const res = await getJson<{ figures: ScreeningFigures }>(app(), `/api/staff/statistics?year=2017&event_type=${type}`, as());
      expect(res.status).toBe(200);
      json[type] = cellsOf(res.body.figures);
      const file = await app().request(`/api/staff/statistics/export.csv?year=2017&event_type=${type}`, as());
      csv[type] = csvCells(await file.text());
    }
    expect(json.freemasons!.get('Men screened')).toBeNull();
    expect(json.freemasons!.get('Tests')).toBeNull();
    expect(json.freemasons!.get(`ethnicity ${CARIBBEAN} tests`)).toBeNull();
    expect(givenAway(json)).toEqual([]);
    // The downloads are the same figures, so they give nothing more.
    for (const type of EVENT_TYPE_FILTERS) expect(csv[type]).toEqual(json[type]);
    expect(givenAway(csv)).toEqual([]);

    const published = await getJson<{ published: PublishedStatistics }>(app(), '/api/staff/statistics/publish', sendJson(staff.token, { year: 2017 }));
    expect(published.status).toBe(201);
    const page = await getJson<{ years: PublishedStatistics[] }>(app(), '/api/statistics/published');
    const publicCells = cellsOf(page.body.years.find((y) => y.year === 2017)!.figures);
    expect(publicCells).toEqual(json.all);
    expect(givenAway({ ...json, all: publicCells })).toEqual([]);
  });

  it('2016 published again after one late red result: the releases differ only in hidden figures or by 5 or more', async () => {
    const first = await getJson<{ published: PublishedStatistics }>(app(), '/api/staff/statistics/publish', sendJson(staff.token, { year: 2016 }));
    expect(first.status).toBe(201);
    const before = cellsOf(first.body.published.figures);
    expect(before.get('band red')).toBe(0);
    expect(before.get('age 60 to 69 tests')).toBe(6);
    // A man of 64, Indian, whose red result from November 2016 is entered late.
    await seed(1, COMMUNITY.event_id, '2016-11-20', '9.00', '1952-03-03', INDIAN);
    const second = await getJson<{ published: PublishedStatistics }>(app(), '/api/staff/statistics/publish', sendJson(staff.token, { year: 2016 }));
    expect(second.status).toBe(201);
    const after = cellsOf(second.body.published.figures);
    const changes = [...new Set([...before.keys(), ...after.keys()])].flatMap((key) => {
      const was = at(before, key);
      const now = at(after, key);
      return was !== null && now !== null && was !== now && Math.abs(now - was) < 5 ? [`${key}: ${was} -> ${now}`] : [];
    });
    expect(changes).toEqual([]);
    expect(after.get('band red')).toBeNull();
    expect(after.get('age 60 to 69 tests')).toBeNull();
    // What the public page shows is the second release, and the staff views beside it give nothing either.
    const page = await getJson<{ years: PublishedStatistics[] }>(app(), '/api/statistics/published');
    expect(cellsOf(page.body.years.find((y) => y.year === 2016)!.figures)).toEqual(after);
    const views: Record<string, Map<string, number | null>> = {};
    for (const type of EVENT_TYPE_FILTERS) views[type] = cellsOf((await getJson<{ figures: ScreeningFigures }>(app(), `/api/staff/statistics?year=2016&event_type=${type}`, as())).body.figures);
    expect(views.all).toEqual(after);
    expect(givenAway(views)).toEqual([]);
  });
});
