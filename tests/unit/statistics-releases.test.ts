/**
 * Two releases of a year set side by side
 * (docs/decisions/0035-statistics-releases-differencing.md). A zero and a
 * count of 1 to 4 read alike, in groups listed either way; a year is
 * published again only when every figure that changed since each earlier
 * release changed by 5 or more, so one late result, a corrected band or a
 * man erased can never make a second release, whatever his band, age group
 * and ethnicity; and a release that is made keeps the earlier one's hidden
 * figures hidden and its shown ones shown wherever their counts stand still.
 */
import { describe, expect, it } from 'vitest';
import { ETHNICITIES } from '../../src/domain/member-profile';
import { psaBand } from '../../src/domain/psa-band';
import { releaseCounts, yearFigures } from '../../src/domain/screening-figures';
import { EVENT_TYPE_FILTERS, type StatsResult } from '../../src/domain/screening-stats';
import { isSmall, shownText } from '../../src/domain/small-numbers';
import { figureCells, smallChanges, type Release } from '../../src/domain/statistics-releases';
import { statisticsCsv } from '../../src/domain/statistics-csv';
import { RULE_V1 } from '../fixtures/clinical-rule';

const YEAR = 2016;
const INDIAN = 'Asian or Asian British - Indian';
const H = { hidden: true };
let nextProfile = 1;

function results(count: number, base: Partial<StatsResult> & Pick<StatsResult, 'value' | 'age'>): StatsResult[] {
  return Array.from({ length: count }, () => ({
    profileId: nextProfile++,
    eventId: 'c1',
    eventType: 'community' as const,
    sampleDate: '2016-05-01',
    ethnicity: 'White - British',
    followUp: null,
    ...base,
    band: base.band !== undefined ? base.band : psaBand(base.value, base.age, RULE_V1),
  }));
}

// The hardening review's 2016: no red result, six tests at 60 to 69, nobody of Indian ethnicity.
const YEAR_2016 = [
  ...results(40, { value: 0.5, age: 45 }),
  ...results(6, { value: 1.5, age: 62 }),
  ...results(9, { value: 1.5, age: 45, eventId: 'f1', eventType: 'freemasons' }),
  ...results(10, { value: 0.8, age: 52, eventId: 'k1', eventType: 'corporate' }),
];

function randomYear(seed: number) {
  const random = (below: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return Math.floor(seed / 65_536) % below;
  };
  const TYPES = ['community', 'freemasons', 'corporate', null] as const;
  const OUTCOMES = [null, 'seen_gp', 'biopsy', 'cancer_radical', 'cancer_surveillance', 'no_cancer'] as const;
  /** `count` results alike, of one man each. */
  const alike = (count: number): StatsResult[] => {
    const value = [0.5, 1.5, 2.5, 4.5, 8][random(5)]!;
    const age = random(8) === 0 ? null : 35 + random(50);
    const eventType = TYPES[random(TYPES.length)]!;
    return results(count, { value, age, eventType, eventId: eventType ? `${eventType}-1` : null, ethnicity: [null, 'White - British', INDIAN, 'typed before the list'][random(4)]!, followUp: OUTCOMES[random(OUTCOMES.length)]!, sampleDate: `2016-0${1 + random(9)}-1${random(10)}` });
  };
  return { random, alike, year: Array.from({ length: 12 + random(12) }, () => alike(1 + random(8))).flat() };
}

const releaseOf = (data: readonly StatsResult[], before: readonly Release[] = []): Release => ({ figures: yearFigures(data, YEAR, before).all, counts: releaseCounts(data, YEAR) });

// His late result, every way the figures break down: each band, age group and kind of ethnicity, at each event type or none.
const BANDS: Array<[number, StatsResult['band'] | undefined]> = [[0.5, undefined], [2.5, undefined], [9, undefined], [0.5, null]];
const AGES = [null, 35, 45, 55, 65, 75];
const ETHNICITY = [null, 'White - British', INDIAN, 'Black or Black British - Caribbean', 'typed before the list'];
const AT = [['c1', 'community'], ['f1', 'freemasons'], ['k1', 'corporate'], [null, null]] as const;
const LATE: StatsResult[] = BANDS.flatMap(([value, band]) =>
  AGES.flatMap((age) => ETHNICITY.flatMap((ethnicity) => AT.map(([eventId, eventType]) => results(1, { value, age, ethnicity, eventId, eventType, sampleDate: '2016-11-20', ...(band === null ? { band: null } : {}) })[0]!))),
);

describe('a zero and a count of 1 to 4', () => {
  it('read alike in a release, in a group listed whether it has anyone or not', () => {
    const none = yearFigures(YEAR_2016, YEAR).all;
    const two = yearFigures([...YEAR_2016, ...results(2, { value: 9, age: 64, ethnicity: INDIAN })], YEAR).all;
    expect(none.bands.red).toEqual(H);
    expect(two.bands.red).toEqual(H);
    const indian = (f: typeof none) => f.by_ethnicity.find((g) => g.group === INDIAN);
    expect(indian(none)).toEqual({ group: INDIAN, label: INDIAN, tests: H, abnormal: H, abnormal_rate: null });
    expect(indian(two)).toEqual(indian(none));
    // Every group is listed, so a group appearing says nothing.
    expect(none.by_ethnicity.map((g) => g.group)).toEqual([...ETHNICITIES, 'other_not_listed']);
    expect(none.by_age.map((g) => g.group)).toEqual(['under_40', '40_49', '50_59', '60_69', '70_plus', 'unknown']);
    expect(none.by_event_type.map((g) => g.group)).toEqual(['community', 'freemasons', 'corporate', 'none']);
    expect(two.by_ethnicity.map((g) => g.group)).toEqual(none.by_ethnicity.map((g) => g.group));
    // The CSV writes both the same way.
    const csvRed = (f: typeof none) => statisticsCsv(f).split('\n').find((line) => line.includes('Results by band') && line.includes('Red'));
    expect(csvRed(two)).toEqual(csvRed(none));
    expect(shownText(none.bands.red)).toBe('not shown');
  });

  it('never shows as 0 in any view of any year', () => {
    for (const seed of [5, 55, 555]) {
      const views = yearFigures(randomYear(seed).year, YEAR);
      for (const type of EVENT_TYPE_FILTERS) for (const [key, value] of figureCells(views[type])) expect(value, `${type} ${key}`).not.toBe(0);
    }
  });
});

describe('a year published again', () => {
  it.each([
    ['the review’s 2016', YEAR_2016],
    ['a random year', randomYear(7).year],
    ['another random year', randomYear(77).year],
  ])('%s: one late result is refused whatever his band, age group, ethnicity and event, so the public reads the first release', (_name, year) => {
    const first = releaseOf(year);
    const refused = LATE.filter((him) => smallChanges(releaseCounts([...year, him], YEAR), [first]).length > 0);
    expect(refused).toHaveLength(LATE.length);
  }, 60_000);

  it('a band corrected, a follow-up recorded or a man erased is refused too', () => {
    const { year } = randomYear(9);
    const first = releaseOf(year);
    const abnormal = year.findIndex((r) => r.band === 'amber');
    const changed = [
      year.map((r, i) => (i === abnormal ? { ...r, band: 'red' as const } : r)),
      year.map((r, i) => (i === abnormal ? { ...r, followUp: r.followUp === 'biopsy' ? ('no_cancer' as const) : ('biopsy' as const) } : r)),
      year.slice(1),
    ];
    for (const after of changed) expect(smallChanges(releaseCounts(after, YEAR), [first])).not.toEqual([]);
  });

  it('a release made once enough came in: shown figures moved by 0 or 5 or more, hidden ones stand still, and an unmoved figure keeps its look', () => {
    let made = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const { year, alike, random } = randomYear(seed * 7919);
      const first = releaseOf(year);
      const after = [...year, ...Array.from({ length: 1 + random(2) }, () => alike(5 + random(5))).flat()];
      const counts = releaseCounts(after, YEAR);
      if (smallChanges(counts, [first]).length > 0) continue;
      made += 1;
      const second = releaseOf(after, [first]);
      const [a, b] = [figureCells(first.figures), figureCells(second.figures)];
      for (const [key, now] of b) {
        const was = a.get(key)!;
        const moved = counts[key]! - first.counts![key]!;
        if (was !== null && now !== null) expect(isSmall(Math.abs(now - was)), `${key}: ${was} -> ${now}`).toBe(false);
        if (was === null && now === null && moved !== 0) expect(counts[key]! >= 5 || first.counts![key]! >= 5, `${key} moved by ${moved} while hidden twice`).toBe(true);
        if (moved === 0) expect(now === null, `${key} stood still at ${counts[key]} but changed its look`).toBe(was === null);
      }
      // A rate shows only beside both its counts, so it says nothing they do not.
      if (second.figures.abnormal_rate !== null) expect(['hidden' in second.figures.abnormal, 'hidden' in second.figures.tests]).toEqual([false, false]);
    }
    expect(made, 'some years published again').toBeGreaterThan(5);
  }, 120_000);
});
