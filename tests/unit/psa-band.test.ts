import { describe, expect, it } from 'vitest';
import { amberThreshold, commentsBeyondBand, parsePsaValue, psaBand, redThreshold, todaysBandNote, type PsaBand } from '../../src/domain/psa-band';
import { RULE_V1 } from '../fixtures/clinical-rule';

describe('psaBand under version 1 of the rule', () => {
  it.each([
    // age, value, band
    [40, 0.99, 'green'],
    [40, 1.0, 'amber'],
    [49, 1.99, 'amber'],
    [49, 2.0, 'red'],
    [50, 1.99, 'green'],
    [50, 2.0, 'amber'],
    [57, 0.9, 'green'],
    [57, 3.4, 'amber'],
    [59, 3.99, 'amber'],
    [59, 4.0, 'red'],
    [57, 8.7, 'red'],
    [60, 2.99, 'green'],
    [60, 3.0, 'amber'],
    [69, 6.0, 'red'],
    [70, 4.99, 'green'],
    [70, 5.0, 'amber'],
    [80, 9.99, 'amber'],
    [80, 10.0, 'red'],
    // Outside 40 to 80: the nearest decade's rule.
    [38, 1.0, 'amber'],
    [84, 6.0, 'amber'],
    [45, 0, 'green'],
  ] as const)('at %i, %f ng/ml is %s', (age, value, band) => {
    expect(psaBand(value, age, RULE_V1)).toBe(band);
  });

  it('is exact on the line despite floating-point sums', () => {
    expect(psaBand(0.1 + 0.9, 45, RULE_V1)).toBe('amber');
    expect(psaBand(0.7 + 0.1 + 0.2 + 1, 55, RULE_V1)).toBe('amber');
  });

  it.each([
    [null, 50],
    [undefined, 50],
    [Number.NaN, 50],
    [-1, 50],
    [Number.POSITIVE_INFINITY, 50],
    [2, null],
    [2, 50.5],
    [2, -3],
  ])('has no band for value %s at age %s', (value, age) => {
    expect(psaBand(value, age, RULE_V1)).toBeNull();
  });

  it.each([
    [0, 1],
    [49, 1],
    [50, 2],
    [60, 3],
    [70, 5],
    [99, 5],
  ])('starting threshold at %i is %f', (age, threshold) => {
    expect(amberThreshold(age, RULE_V1)).toBe(threshold);
  });
});

describe('psaBand under another rule', () => {
  // The NHS referral value for 70 and over (5) as red, amber from 3.5 in the 70s: a rule a clinical lead might save.
  const rule = { amber_from: { age_40s: 1.5, age_50s: 2.5, age_60s: 3, age_70_plus: 3.5 }, red_factor: 1.43 };

  it.each([
    // age, value, band: 9.5 at 70 is amber under version 1 and red under this rule
    [70, 9.5, 'amber', 'red'],
    [75, 5, 'amber', 'amber'],
    [75, 5.01, 'amber', 'red'],
    [75, 4.99, 'green', 'amber'],
    [45, 1.2, 'amber', 'green'],
    [45, 2.14, 'red', 'amber'],
    [65, 4.29, 'amber', 'red'],
    [65, 4.28, 'amber', 'amber'],
  ] as const)('at %i, %f ng/ml is %s under version 1 and %s under it', (age, value, before, after) => {
    expect(psaBand(value, age, RULE_V1)).toBe(before);
    expect(psaBand(value, age, rule)).toBe(after);
  });

  it('puts the red line at the amber line times the factor, to the hundredth', () => {
    expect(redThreshold(65, rule)).toBe(4.29);
    expect(redThreshold(75, rule)).toBe(5.01);
    expect(redThreshold(65, RULE_V1)).toBe(6);
  });
});

describe('parsePsaValue', () => {
  it.each([
    ['4', 4],
    ['4.1', 4.1],
    [' 04.25 ', 4.25],
    ['0', 0],
    ['1000', 1000],
  ])('reads %j as %f', (text, value) => {
    expect(parsePsaValue(text)).toEqual({ value });
  });

  it.each(['', ' ', '1.234', '-1', '1e3', '1,5', 'abc', '1000.01', '0x10', '.5', '5.'])('refuses %j', (text) => {
    expect(parsePsaValue(text)).toHaveProperty('error');
  });
});

describe('commentsBeyondBand', () => {
  it.each<[string | null, PsaBand | null, string | null]>([
    ['Red: significantly raised. Please see your GP.', 'red', null],
    ['Amber: slightly raised. Repeat the test in 3 months.', 'amber', null],
    ['Green: normal. Next appointment in years: 2', 'green', 'Next appointment in years: 2'],
    ['Sample haemolysed; repeat requested by the lab.', 'red', 'Sample haemolysed; repeat requested by the lab.'],
    ['Please see your GP. Bring this letter.', 'red', 'Bring this letter.'],
    ['Please see your GP.', 'green', 'Please see your GP.'],
    ['Red: significantly raised. Please see your GP.', null, 'Red: significantly raised. Please see your GP.'],
    ['', 'green', null],
    [null, 'red', null],
  ])('%j with band %s adds %j', (comments, band, expected) => {
    expect(commentsBeyondBand(comments, band)).toBe(expected);
  });
});

describe('todaysBandNote: a result shown in the band it was given, with a word when today\'s rule differs', () => {
  // Today's rule puts amber at 2.50 in the 50s, not 2.00: 2.2 at 55, amber when given, is green now.
  const TODAY = { ...RULE_V1, amber_from: { ...RULE_V1.amber_from, age_50s: 2.5 } };

  it('says what today\'s rule would give, and keeps the band given', () => {
    const note = todaysBandNote('amber', 2.2, 55, TODAY);
    expect(note).toBe(
      "This result keeps the band it was given when it came in. The charity's clinical rule has changed since: " +
        "under today's rule the same value would be Green: normal (Retest in 1, 2 or 3 years depending on your risk.) " +
        'If you are unsure what this means for you, please ask your GP.',
    );
  });

  it.each([
    ['the bands agree', 'amber', 2.2, 55, RULE_V1],
    ['no band was given', null, 2.2, 55, TODAY],
    ['the rule is not known', 'amber', 2.2, 55, null],
    ['his age is not known', 'amber', 2.2, null, TODAY],
    ['the value is not in', 'amber', null, 55, TODAY],
  ] as const)('says nothing when %s', (_, given, value, age, rule) => {
    expect(todaysBandNote(given, value, age, rule)).toBeNull();
  });
});
