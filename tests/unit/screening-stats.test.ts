/**
 * The yearly screening figures (src/domain/screening-stats.ts) from a
 * table of seeded results, with the figures they must give: counts, the
 * bands by age, the abnormal rate with two decimals, the breakdowns, the
 * follow-up and the small-number rule (ADR 0022); the year is the sample's
 * UK date; and the CSV, hostile text included.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { screeningFigures } from '../../src/domain/screening-figures';
import { psaBand } from '../../src/domain/psa-band';
import { RULE_V1 } from '../fixtures/clinical-rule';
import type { StatsResult } from '../../src/domain/screening-stats';
import { ETHNICITIES } from '../../src/domain/member-profile';
import { publicYears, publishedLines } from '../../src/domain/published-statistics';
import { statisticsCsv } from '../../src/domain/statistics-csv';
import type { Shown } from '../../src/domain/small-numbers';

const H: Shown = { hidden: true };
const n = (count: number): Shown => ({ count });

let nextProfile = 1001;
/** `count` results, each a new man unless `profileId` is given. */
function results(count: number, base: Partial<StatsResult> & Pick<StatsResult, 'value' | 'age'>): StatsResult[] {
  return Array.from({ length: count }, () => ({
    profileId: base.profileId ?? nextProfile++,
    eventId: 'c1',
    eventType: 'community',
    sampleDate: '2025-06-14',
    ethnicity: 'White - British',
    followUp: null,
    ...base,
    // Banded as version 1 of the rule bands it, unless the case names its band.
    band: base.band !== undefined ? base.band : psaBand(base.value, base.age, RULE_V1),
  }));
}

// Ages set the band: 45 is amber from 1.00 and red from 2.00; 55 from 2.00/4.00; 65 from 3.00/6.00; 72 from 5.00/10.00.
const communityGreen = results(40, { value: 0.5, age: 45 });
const SEEDED: StatsResult[] = [
  ...communityGreen,
  ...results(2, { value: 2.5, age: 55, followUp: 'cancer_radical' }),
  ...results(4, { value: 3.1, age: 55, followUp: 'cancer_radical' }),
  ...results(2, { value: 7, age: 65, ethnicity: 'Black or Black British - Caribbean', followUp: 'cancer_surveillance' }),
  ...results(3, { value: 7, age: 65, ethnicity: 'Black or Black British - Caribbean', followUp: 'no_cancer' }),
  ...results(20, { value: 1, age: 72, eventId: 'f1', eventType: 'freemasons' }),
  ...results(1, { value: 1.5, age: 45, eventId: 'f1', eventType: 'freemasons', ethnicity: null, followUp: 'biopsy' }),
  ...results(2, { value: 1.5, age: 45, eventId: 'f1', eventType: 'freemasons', ethnicity: null }),
  ...results(10, { value: 1, age: 55, eventId: 'k1', eventType: 'corporate' }),
  // Five men from the community event tested again at another: five more tests, no more men.
  ...communityGreen.slice(0, 5).map((r) => ({ ...r, eventId: 'c2', sampleDate: '2025-11-02' })),
  // Outside 2025 by the UK date of the sample.
  ...results(1, { value: 0.5, age: 45, sampleDate: '2024-12-31' }),
  ...results(1, { value: 0.5, age: 45, sampleDate: '2026-01-01' }),
];

describe('screeningFigures', () => {
  const all = screeningFigures(SEEDED, 2025, 'all');

  it('counts men, tests and events of the year', () => {
    expect(all).toMatchObject({ year: 2025, event_type: 'all', men_screened: n(84), tests: n(89), events: 4 });
  });

  it('bands each result by the age at its sample, and the abnormal rate has two decimals', () => {
    // Amber and red are hidden: the Freemasons' 3 amber would otherwise come back as all types less community and corporate.
    expect(all.bands).toEqual({ green: n(75), amber: H, red: H, no_band: H });
    expect(all.abnormal).toEqual(n(14));
    expect(all.abnormal_rate).toBe('15.73%');
  });

  it('counts each result in the band stored with it, never the band today’s rule would give', () => {
    // 0.5 ng/ml at 45 is green under version 1; these were saved red under another version and stay red.
    const figures = screeningFigures([...results(10, { value: 0.5, age: 45 }), ...results(6, { value: 0.5, age: 45, band: 'red' })], 2025, 'all');
    expect(figures.bands).toEqual({ green: n(10), amber: H, red: n(6), no_band: H });
    expect(figures.abnormal).toEqual(n(6));
  });

  it('by event type: a small abnormal count hidden with the next smallest, and tests where the type views beside it would give one back', () => {
    expect(all.by_event_type.map((g) => [g.group, g.tests, g.abnormal, g.abnormal_rate])).toEqual([
      ['community', H, H, null],
      ['freemasons', n(23), H, null],
      ['corporate', H, H, null],
      ['none', H, H, null],
    ]);
  });

  it('by age band: every band listed, a small one hidden with its pair, and none read as a few would', () => {
    expect(all.by_age.map((g) => [g.label, g.tests, g.abnormal])).toEqual([
      ['Under 40', H, H],
      ['40 to 49', n(48), H],
      ['50 to 59', H, H],
      ['60 to 69', H, H],
      ['70 and over', H, H],
      ['Age not known', H, H],
    ]);
  });

  it('by ethnicity: every group listed, none given read as Not stated', () => {
    expect(all.by_ethnicity.map((g) => g.label)).toEqual([...ETHNICITIES, 'Other or not listed']);
    const shown = (label: string) => all.by_ethnicity.find((g) => g.label === label)!;
    expect(shown('White - British')).toMatchObject({ tests: n(81), abnormal: H });
    expect(shown('Not stated')).toMatchObject({ tests: H, abnormal: H });
    expect(all.by_ethnicity.filter((g) => !('hidden' in g.tests)).map((g) => g.label)).toEqual(['White - British']);
  });

  it('follow-up: cancers found, radical and surveillance both hidden when one part is small', () => {
    // Cancers too: every one was at the community event, so all types would give the community view's hidden count.
    expect(all.follow_up.cancers).toEqual(H);
    expect(all.follow_up.radical).toEqual(H);
    expect(all.follow_up.surveillance).toEqual(H);
    expect(Object.fromEntries(all.follow_up.outcomes.map((o) => [o.outcome, o.count]))).toEqual({
      seen_gp: H,
      referred: H,
      biopsy: H,
      cancer_radical: H,
      cancer_surveillance: H,
      no_cancer: H,
      not_known: H,
      not_recorded: H,
    });
  });

  it('filters by event type, and small totals are hidden', () => {
    const freemasons = screeningFigures(SEEDED, 2025, 'freemasons');
    expect(freemasons).toMatchObject({ men_screened: n(23), tests: n(23), events: 1, abnormal: H, abnormal_rate: null });
    // 23 tests less 20 green would give the 3 amber away, so green is hidden too.
    expect(freemasons.bands).toEqual({ green: H, amber: H, red: H, no_band: H });
    // Corporate's 10 tests are all green 50 to 59: shown, they would give the other types' small counts back by difference.
    expect(screeningFigures(SEEDED, 2025, 'corporate')).toMatchObject({ tests: H, abnormal: H, abnormal_rate: null });
  });

  it('a year with nothing in it reads as a year of a few would, and never a rate', () => {
    const empty = screeningFigures(SEEDED, 2019, 'all');
    expect(empty).toMatchObject({ men_screened: H, tests: H, events: 0, abnormal: H, abnormal_rate: null });
  });

  it('the year is the sample date: 31 December and 1 January fall in their own years', () => {
    expect(screeningFigures(SEEDED, 2024, 'all').tests).toEqual(H);
    expect(screeningFigures(SEEDED, 2026, 'all').tests).toEqual(H);
  });

  it('shows cancers by treatment when both parts are 5 or more (the typed-in 2023: 26 cancers, 20 and 6)', () => {
    const spec = [
      ...results(2229, { value: 0.5, age: 45, sampleDate: '2023-05-01' }),
      ...results(20, { value: 1.5, age: 45, sampleDate: '2023-05-01', followUp: 'cancer_radical' }),
      ...results(6, { value: 2.5, age: 45, sampleDate: '2023-05-01', followUp: 'cancer_surveillance' }),
      ...results(142, { value: 1.5, age: 45, sampleDate: '2023-05-01', followUp: 'no_cancer' }),
    ];
    const figures = screeningFigures(spec, 2023, 'all');
    expect(figures).toMatchObject({ tests: n(2397), abnormal: n(168), abnormal_rate: '7.01%' });
    expect(figures.follow_up).toMatchObject({ cancers: n(26), radical: n(20), surveillance: n(6) });
    expect(publishedLines(figures)).toEqual([
      '2,397 men screened',
      '2,397 tests',
      'at 1 screening event',
      '168 abnormal results (7.01%)',
      '26 cancers: 20 radical treatment, 6 surveillance',
    ]);
  });
});

describe('the public years', () => {
  // As src/content/pages/research.ts types them in.
  const typedYearFigures = [
    { year: 2024, lines: ['3,497 men screened', 'at 40 screening events'] },
    { year: 2023, lines: ['2,397 tests'] },
  ];

  it('the charity’s figures as typed until a year is published; a published year takes its typed place', () => {
    expect(publicYears(null, typedYearFigures).map((y) => [y.year, y.fromData])).toEqual([[2024, false], [2023, false]]);
    const figures = screeningFigures(SEEDED, 2025, 'all');
    const years = publicYears([{ year: 2025, published_at: '2026-01-05T10:00:00.000Z', figures }], typedYearFigures);
    expect(years.map((y) => [y.year, y.fromData])).toEqual([[2025, true], [2024, false], [2023, false]]);
    expect(years[0]!.lines).toEqual(['84 men screened', '89 tests', 'at 4 screening events', '14 abnormal results (15.73%)', 'cancers found after follow-up: not shown']);
    const replaced = publicYears([{ year: 2024, published_at: '2025-01-05T10:00:00.000Z', figures: { ...figures, year: 2024 } }], typedYearFigures);
    expect(replaced.map((y) => [y.year, y.fromData])).toEqual([[2024, true], [2023, false]]);
  });

  it('every published year takes its place, an earlier one published after a later one too, each with its own date', () => {
    const figures = screeningFigures(SEEDED, 2025, 'all');
    const years = publicYears(
      [
        { year: 2025, published_at: '2026-01-05T10:00:00.000Z', figures },
        { year: 2024, published_at: '2026-02-01T10:00:00.000Z', figures: { ...figures, year: 2024, events: 7 } },
        { year: 2024, published_at: '2026-01-20T10:00:00.000Z', figures: { ...figures, year: 2024, events: 6 } },
      ],
      typedYearFigures,
    );
    expect(years.map((y) => [y.year, y.fromData, y.publishedAt])).toEqual([
      [2025, true, '2026-01-05T10:00:00.000Z'],
      [2024, true, '2026-02-01T10:00:00.000Z'],
      [2023, false, null],
    ]);
    expect(years[1]!.lines).toContain('at 7 screening events');
  });
});

describe('statisticsCsv', () => {
  const hostile = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-3+4', '@SUM(A1)', '\t=1', ' =2', '\n=3', 'a "quoted", text'];
  const rows = hostile.flatMap((ethnicity) => results(5, { value: 0.5, age: 45, ethnicity }));
  const figures = screeningFigures(rows, 2025, 'all');
  // Stored text outside the NHS list is folded into one group now; the writer still must not trust a label, so give it hostile ones.
  const labelled = { ...figures, by_ethnicity: hostile.map((label) => ({ ...figures.by_ethnicity[0]!, label })) };
  const csv = statisticsCsv(labelled);
  const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;

  it('has its header, one line per figure, and hidden counts in words', () => {
    expect(parsed[0]).toEqual(['year', 'event_type', 'section', 'group', 'measure', 'value']);
    expect(parsed).toContainEqual(['2025', 'All', 'Summary', '', 'Tests', '40']);
    // No abnormal result: a zero, written as a count of 1 to 4 is, and so is its rate.
    expect(parsed).toContainEqual(['2025', 'All', 'Summary', '', 'Abnormal results (amber and red)', 'not shown']);
    expect(parsed).toContainEqual(['2025', 'All', 'Summary', '', 'Abnormal rate', 'not shown']);
  });

  it('folds every stored value outside the NHS list into one group', () => {
    expect(figures.by_ethnicity.filter((g) => !('hidden' in g.tests)).map((g) => [g.label, g.tests])).toEqual([['Other or not listed', n(40)]]);
  });

  it('no cell can start a formula: each hostile value comes back whole behind an apostrophe', () => {
    for (const row of parsed) for (const cell of row) expect(cell).not.toMatch(/^[\s]*[=+\-@]|^[\t\r]/);
    const groups = new Set(parsed.filter((r) => r[2] === 'By ethnicity').map((r) => r[3]));
    for (const value of hostile) expect(groups).toContain(value.startsWith('a') ? value : `'${value}`);
  });
});
