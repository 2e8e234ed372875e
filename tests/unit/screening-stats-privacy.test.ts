/**
 * The privacy review's cases against the figures (ADR 0022): no hidden
 * count can be worked out from the totals and sub-totals shown beside it
 * (abnormal = amber + red; cancers = radical + surveillance), and a stored
 * ethnicity outside the NHS list never becomes a group label.
 */
import { describe, expect, it } from 'vitest';
import { screeningFigures } from '../../src/domain/screening-figures';
import { psaBand } from '../../src/domain/psa-band';
import { RULE_V1 } from '../fixtures/clinical-rule';
import type { StatsResult } from '../../src/domain/screening-stats';
import type { FollowUpOutcome } from '../../src/domain/follow-up';
import type { Shown } from '../../src/domain/small-numbers';

let nextProfile = 1;
function results(count: number, base: Partial<StatsResult> & Pick<StatsResult, 'value' | 'age'>): StatsResult[] {
  return Array.from({ length: count }, () => ({
    profileId: nextProfile++,
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
const value = (shown: Shown): number | null => ('hidden' in shown ? null : shown.count);

describe('a hidden count cannot be got back by subtraction', () => {
  it('bands green 100, amber 6, red 7, no band 3: tests and abnormal shown, so no band needs more than amber and red hidden', () => {
    // Age 45: amber from 1.00, red from 2.00; no age, no band.
    const figures = screeningFigures(
      [...results(100, { value: 0.5, age: 45 }), ...results(6, { value: 1.5, age: 45 }), ...results(7, { value: 2.5, age: 45 }), ...results(3, { value: 0.5, age: null })],
      2025,
      'all',
    );
    const { green, amber, red, no_band: noBand } = figures.bands;
    expect(value(noBand)).toBeNull();
    const tests = value(figures.tests);
    const abnormal = value(figures.abnormal);
    // The subtraction the review found: tests − green − abnormal.
    const recoverable = tests !== null && value(green) !== null && (abnormal !== null || (value(amber) !== null && value(red) !== null));
    expect(recoverable).toBe(false);
    // Hiding green (the only part whose loss helps) is enough: amber and red can stay.
    expect(figures.bands).toEqual({ green: { hidden: true }, amber: { count: 6 }, red: { count: 7 }, no_band: { hidden: true } });
  });

  it('follow-up 20, 10, 8, radical 5, surveillance 6, 9, not known 2, 30: cancers shown, so not known pairs with a part outside them', () => {
    const outcomes: [FollowUpOutcome | null, number][] = [
      ['seen_gp', 20], ['referred', 10], ['biopsy', 8], ['cancer_radical', 5], ['cancer_surveillance', 6], ['no_cancer', 9], ['not_known', 2], [null, 30],
    ];
    const figures = screeningFigures(outcomes.flatMap(([followUp, count]) => results(count, { value: 2.5, age: 45, followUp })), 2025, 'all');
    const f = figures.follow_up;
    const shown = f.outcomes.map((o) => value(o.count));
    expect(shown[6]).toBeNull();
    expect(value(figures.abnormal)).toBe(90);
    // abnormal − the other parts, with radical + surveillance read from cancers where hidden:
    const cancers = value(f.cancers);
    const others = shown.filter((_, i) => i !== 6 && i !== 3 && i !== 4);
    const cancerParts = shown[3] !== null && shown[4] !== null ? shown[3]! + shown[4]! : cancers;
    expect(others.every((v) => v !== null) && cancerParts !== null).toBe(false);
    expect(f.outcomes.map((o) => o.count)).toEqual([
      { count: 20 }, { count: 10 }, { hidden: true }, { count: 5 }, { count: 6 }, { count: 9 }, { hidden: true }, { count: 30 },
    ]);
    expect(cancers).toBe(11);
  });
});

describe('ethnicity outside the NHS list', () => {
  it('is one group, Other or not listed, whatever was stored', () => {
    const figures = screeningFigures(
      [
        ...results(6, { value: 0.5, age: 45 }),
        ...results(3, { value: 0.5, age: 45, ethnicity: 'Jo Bloggs, the only Martian' }),
        ...results(3, { value: 0.5, age: 45, ethnicity: '=HYPERLINK("x")' }),
      ],
      2025,
      'all',
    );
    // Every group is listed; those with nobody read as a count of 1 to 4 would.
    expect(figures.by_ethnicity.filter((g) => !('hidden' in g.tests)).map((g) => [g.group, g.label, g.tests])).toEqual([
      ['White - British', 'White - British', { count: 6 }],
      ['other_not_listed', 'Other or not listed', { count: 6 }],
    ]);
  });
});
