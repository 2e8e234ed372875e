/**
 * What the figures give away when set side by side (ADR 0022), through
 * the API on both engines: every sum and difference of the event-type
 * views, read as JSON, as the CSV downloads and as the public page's
 * published snapshot, gives no count from 1 to 4; a year published again
 * after one late result is refused whatever his band, age group and
 * ethnicity, so the public figures stay the first release cell for cell
 * (docs/decisions/0035-statistics-releases-differencing.md); and one
 * published again once enough came in differs by 0 or by 5 or more.
 */
import Papa from 'papaparse';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishedStatistics } from '../../../../src/domain/published-statistics';
import { EVENT_TYPE_FILTERS, type ScreeningFigures } from '../../../../src/domain/screening-stats';
import { isSmall, type Shown } from '../../../../src/domain/small-numbers';
import { tooLittleChangedMessage } from '../../../../src/domain/statistics-releases';
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
  async function seed(count: number, eventId: string, sampleDate: string, value: string, dateOfBirth: string | null, ethnicity: string | null = 'White - British'): Promise<number[]> {
    const men: number[] = [];
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
      men.push(profile!.profile_id);
    }
    return men;
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

  const publish = (year: number) => getJson<{ published: PublishedStatistics; error?: string; message?: string }>(app(), '/api/staff/statistics/publish', sendJson(staff.token, { year }));
  const public2016 = async () => (await getJson<{ years: PublishedStatistics[] }>(app(), '/api/statistics/published')).body.years.find((y) => y.year === 2016)!;

  /** Every figure of two releases, rates and groups listed included, that differs between them: [where, before, after]. */
  function differences(before: unknown, after: unknown, path = ''): Array<[string, unknown, unknown]> {
    if (typeof before === 'object' && before !== null && typeof after === 'object' && after !== null) {
      const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
      return [...keys].flatMap((k) => differences((before as Record<string, unknown>)[k], (after as Record<string, unknown>)[k], `${path}.${k}`));
    }
    return before === after ? [] : [[path, before, after]];
  }

  // One late result each: his band, age group and ethnicity, every kind the figures break down by.
  const LATE: Array<[string, string, string | null, string | null]> = [
    ['red, 60 to 69, Indian', '9.00', '1952-03-03', INDIAN],
    ['green, 40 to 49, White British', '0.50', '1971-06-01', 'White - British'],
    ['amber, 50 to 59, Black Caribbean', '3.50', '1961-06-01', CARIBBEAN],
    ['red, 70 and over, ethnicity not stated', '12.00', '1940-06-01', null],
    ['no band (age not known), Indian', '0.50', null, INDIAN],
  ];

  it('2016 published again after one late result: whatever his band, age group and ethnicity, the public figures are the first release, cell for cell', async () => {
    const first = await publish(2016);
    expect(first.status).toBe(201);
    const release = first.body.published;
    const cells = cellsOf(release.figures);
    const seen: Array<[string, number, Array<[string, unknown, unknown]>]> = [];
    for (const [name, value, born, ethnicity] of LATE) {
      const man = await seed(1, COMMUNITY.event_id, '2016-11-20', value, born, ethnicity);
      const again = await publish(2016);
      if (again.status === 409) expect(again.body).toMatchObject({ error: 'too_little_changed', message: tooLittleChangedMessage(2016) });
      seen.push([name, again.status, differences(release, await public2016())]);
      // He is taken out again, so the next case starts from the year as first published.
      await test.db.query('DELETE FROM member_profiles WHERE profile_id = ANY($1::int[])', [man]);
    }
    // Set beside the first release, what the public can read differs in nothing: no explanation of it names his band, age group or ethnicity.
    expect(seen).toEqual(LATE.map(([name]) => [name, 409, []]));
    // No red result and nobody of Indian ethnicity: listed and read as a count of 1 to 4 would.
    expect(cells.get('band red')).toBeNull();
    expect(cells.get(`ethnicity ${INDIAN} tests`)).toBeNull();
    expect(cells.get('age 60 to 69 tests')).toBe(6);
    // Staff read the figures as they are now, with the first release's hidden figures still hidden.
    expect(cellsOf((await getJson<{ figures: ScreeningFigures }>(app(), '/api/staff/statistics?year=2016&event_type=all', as())).body.figures)).toEqual(cells);
  });

  it('2016 published again once six late results alike came in: every figure moved by 0 or by 5 or more, and one late result more is refused again', async () => {
    const before = await public2016();
    await seed(6, COMMUNITY.event_id, '2016-10-10', '0.50', '1971-06-01');
    const second = await publish(2016);
    expect(second.status).toBe(201);
    const after = second.body.published;
    const small = differences(before.figures, after.figures).filter(([, was, now]) => typeof was === 'number' && typeof now === 'number' && isSmall(Math.abs(now - was)));
    expect(small).toEqual([]);
    expect(cellsOf(after.figures).get('Tests')).toBe(cellsOf(before.figures).get('Tests')! + 6);
    expect(cellsOf(after.figures).get('band red')).toBeNull();
    expect(await public2016()).toEqual(after);
    // The staff views beside it give nothing either.
    const views: Record<string, Map<string, number | null>> = {};
    for (const type of EVENT_TYPE_FILTERS) views[type] = cellsOf((await getJson<{ figures: ScreeningFigures }>(app(), `/api/staff/statistics?year=2016&event_type=${type}`, as())).body.figures);
    expect(views.all).toEqual(cellsOf(after.figures));
    expect(givenAway(views)).toEqual([]);

    await seed(1, COMMUNITY.event_id, '2016-11-20', '9.00', '1952-03-03', INDIAN);
    expect((await publish(2016)).status).toBe(409);
    expect(await public2016()).toEqual(after);
  });
});
