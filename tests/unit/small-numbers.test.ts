/**
 * The small-number rule (src/domain/small-numbers.ts, ADR 0022): 1 to 4 is
 * "fewer than 5", 0 is shown, a lone hidden part of a total takes the
 * smallest other non-zero part with it, and a rate needs both its counts.
 */
import { describe, expect, it } from 'vitest';
import { showCount, showNested, showParts, shownRate, shownText, type Shown } from '../../src/domain/small-numbers';

const H: Shown = { hidden: true };
const n = (count: number): Shown => ({ count });

describe('showCount', () => {
  it.each<[number, Shown]>([
    [0, n(0)],
    [1, H],
    [4, H],
    [5, n(5)],
    [2397, n(2397)],
  ])('%i', (count, shown) => expect(showCount(count)).toEqual(shown));
});

describe('showParts', () => {
  it.each<[string, number[], Shown[]]>([
    ['nothing small', [40, 9, 5], [n(40), n(9), n(5)]],
    ['zeros are shown, and are not a second hidden part', [12, 3, 0], [H, H, n(0)]],
    ['one small part hides the smallest other non-zero one', [56, 3, 10], [n(56), H, H]],
    ['two small parts are enough', [56, 3, 4], [n(56), H, H]],
    ['a small part alone in its group has nothing to pair with', [0, 2, 0], [n(0), H, n(0)]],
    ['equal smallest: the first is taken', [20, 1, 7, 7], [n(20), H, H, n(7)]],
    ['all zero', [0, 0, 0], [n(0), n(0), n(0)]],
  ])('%s', (_name, counts, shown) => expect(showParts(counts)).toEqual(shown));
});

describe('showNested', () => {
  it('a sub-total of two parts shows both or neither, on top of the whole group', () => {
    // green, amber, red, no band: nothing small overall, but amber + red (abnormal) is shown and red is 3.
    expect(showNested([75, 9, 3, 0], [[1, 2]])).toEqual([n(75), H, H, n(0)]);
    // Overall the lone hidden 2 pairs with 6 (the smallest); amber + red (15, shown) would then give 6 away, so 9 goes too.
    expect(showNested([75, 9, 6, 2], [[1, 2]])).toEqual([n(75), H, H, H]);
  });
});

describe('shownRate and shownText', () => {
  it.each<[number, number, string | null]>([
    [168, 2397, '7.01%'],
    [14, 89, '15.73%'],
    [10, 30, '33.33%'],
    [20, 30, '66.67%'],
    [1, 8, null],
    [0, 10, '0.00%'],
    [0, 0, null],
    [5, 2000, '0.25%'],
    [5, 1600, '0.31%'],
  ])('%i of %i', (part, whole, rate) => expect(shownRate(showCount(part), showCount(whole))).toBe(rate));

  it('writes counts in en-GB and hidden ones in words', () => {
    expect(shownText(n(3497))).toBe('3,497');
    expect(shownText(H)).toBe('fewer than 5');
    expect(shownText(n(0))).toBe('0');
  });
});
