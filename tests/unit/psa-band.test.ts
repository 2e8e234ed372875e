import { describe, expect, it } from 'vitest';
import { amberThreshold, commentsBeyondBand, parsePsaValue, psaBand, type PsaBand } from '../../src/domain/psa-band';

describe('psaBand', () => {
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
    expect(psaBand(value, age)).toBe(band);
  });

  it('is exact on the line despite floating-point sums', () => {
    expect(psaBand(0.1 + 0.9, 45)).toBe('amber');
    expect(psaBand(0.7 + 0.1 + 0.2 + 1, 55)).toBe('amber');
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
    expect(psaBand(value, age)).toBeNull();
  });

  it.each([
    [0, 1],
    [49, 1],
    [50, 2],
    [60, 3],
    [70, 5],
    [99, 5],
  ])('starting threshold at %i is %f', (age, threshold) => {
    expect(amberThreshold(age)).toBe(threshold);
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
