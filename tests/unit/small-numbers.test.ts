/**
 * The small-number rule (src/domain/small-numbers.ts, ADR 0022): 1 to 4 is
 * "not shown", 0 is shown, no hidden figure can be worked out from the
 * totals and sub-totals shown (checked by search on random tables too), and
 * a rate needs both its counts.
 */
import { describe, expect, it } from 'vitest';
import { determinedHidden, showAll, showCount, shownRate, shownText, suppress, suppressAll, type Shown, type SumOf, type SuppressOptions } from '../../src/domain/small-numbers';

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

/** One total (index 0) over its parts (1..). */
const onePart = (parts: number[]) => showAll([parts.reduce((a, b) => a + b, 0), ...parts], [{ total: 0, parts: parts.map((_, i) => i + 1) }]).slice(1);

describe('showAll: one total over its parts', () => {
  it.each<[string, number[], Shown[]]>([
    ['nothing small', [40, 9, 5], [n(40), n(9), n(5)]],
    ['zeros are shown, and are not a second hidden part', [12, 3, 0], [H, H, n(0)]],
    ['one small part hides the smallest other non-zero one', [56, 3, 10], [n(56), H, H]],
    ['two small parts are enough', [56, 3, 4], [n(56), H, H]],
    ['equal smallest: the first is taken', [20, 1, 7, 7], [n(20), H, H, n(7)]],
    ['all zero', [0, 0, 0], [n(0), n(0), n(0)]],
  ])('%s', (_name, counts, shown) => expect(onePart(counts)).toEqual(shown));

  it('a small part alone in its group: the total (equal to it) is small and hidden too', () => {
    expect(showAll([2, 0, 2, 0], [{ total: 0, parts: [1, 2, 3] }])).toEqual([H, n(0), H, n(0)]);
  });
});

describe('showAll: totals and sub-totals together', () => {
  // tests, abnormal, green, amber, red, no band: tests = the bands, abnormal = amber + red.
  const bands = [{ total: 0, parts: [2, 3, 4, 5] }, { total: 1, parts: [3, 4] }];

  it('green 100, amber 6, red 7, no band 3: hiding amber would leave no band = tests − green − abnormal, so green goes', () => {
    expect(showAll([116, 13, 100, 6, 7, 3], bands)).toEqual([n(116), n(13), H, n(6), n(7), H]);
  });

  it('a small red takes amber with it, as abnormal is shown', () => {
    expect(showAll([87, 12, 75, 9, 3, 0], bands)).toEqual([n(87), n(12), n(75), H, H, n(0)]);
  });

  it('follow-up 20, 10, 8, radical 5, surveillance 6, 9, not known 2, 30: not known pairs with 8, not with a cancer part', () => {
    // abnormal, the eight outcomes, cancers = radical + surveillance.
    const counts = [90, 20, 10, 8, 5, 6, 9, 2, 30, 11];
    const sums = [{ total: 0, parts: [1, 2, 3, 4, 5, 6, 7, 8] }, { total: 9, parts: [4, 5] }];
    expect(showAll(counts, sums)).toEqual([n(90), n(20), n(10), H, n(5), n(6), n(9), H, n(30), n(11)]);
  });

  it('names the hidden figures a set of sums gives away', () => {
    const hidden = [false, false, false, true, true, true];
    // amber + red = abnormal, no band = tests − green − abnormal.
    expect(determinedHidden(hidden, bands)).toEqual([5]);
  });
});

describe('showAll: tables side by side, releases, known and secret figures', () => {
  // all = a + b across two tables (index 0 = all, 1 = a, 2 = b).
  const across: SumOf[] = [{ total: 0, parts: [1, 2], across: true }];
  it.each<[string, number[], SumOf[], SuppressOptions, Shown[]]>([
    ['a small part of a sum across tables takes the other table\'s figure, not the total read by more', [10, 3, 7], across, { rank: [1, 0, 0] }, [n(10), H, H]],
    ['with no rank the smaller other figure goes first, the total being no total within a table', [10, 3, 7], across, {}, [n(10), H, H]],
    ['a figure of a table read by fewer is hidden first even when larger', [20, 3, 6, 11], [{ total: 0, parts: [1, 2, 3] }], { rank: [0, 0, 1, 0] }, [n(20), H, n(6), H]],
    ['the same without rank: the smaller goes', [20, 3, 6, 11], [{ total: 0, parts: [1, 2, 3] }], {}, [n(20), H, H, n(11)]],
    ['a forced figure (moved by 1 to 4 since a release) is hidden with a partner', [20, 10, 10], [{ total: 0, parts: [1, 2] }], { force: [false, true, false] }, [n(20), H, H]],
    ['a known figure is never hidden: the other part goes', [20, 2, 15, 3], [{ total: 0, parts: [1, 2, 3] }], { known: [false, false, false, true] }, [n(20), H, H, n(3)]],
    ['a small secret sum (two tables together) is kept from being worked out', [20, 8, 9, 3, 2, 1], [{ total: 0, parts: [1, 2, 3] }, { total: 4, parts: [3, 5], across: true }, { total: 5, parts: [], across: false }], { secret: [false, false, false, false, true, false] }, [n(20), H, n(9), H, n(2), H]],
  ])('%s', (_name, counts, sums, options, shown) => expect(showAll(counts, sums, options)).toEqual(shown));

  it('a secret figure that is 5 or more may be worked out', () => {
    const { hidden, complete } = suppressAll([20, 8, 12, 8], [{ total: 0, parts: [1, 2] }, { total: 3, parts: [1], across: true }], { secret: [false, false, false, true] });
    expect(complete).toBe(true);
    expect(hidden).toEqual([false, false, false, false]);
  });
});

/** Every whole, non-negative value of each hidden figure that fits every shown figure and every sum (up to two each), by search. */
function valuesThatFit(counts: number[], hidden: boolean[], sums: SumOf[], most: number): Set<number>[] {
  const found = counts.map(() => new Set<number>());
  const value: (number | null)[] = counts.map((c, i) => (hidden[i] ? null : c));
  const order = counts.map((_, i) => i).filter((i) => hidden[i]);
  const fits = () =>
    sums.every(({ total, parts }) => {
      const t = value[total];
      const known = parts.map((p) => value[p]);
      const sum = known.reduce<number>((a, v) => a + (v ?? 0), 0);
      if (t === null) return true;
      return known.includes(null) ? sum <= t! : sum === t;
    });
  const search = (k: number): void => {
    if (order.every((i) => found[i]!.size >= 2)) return;
    if (k === order.length) {
      for (const i of order) found[i]!.add(value[i]!);
      return;
    }
    for (let v = 0; v <= most; v++) {
      value[order[k]!] = v;
      if (fits()) search(k + 1);
    }
    value[order[k]!] = null;
  };
  search(0);
  return found;
}

describe('no hidden figure can be worked out (search over random tables)', () => {
  it('each hidden figure has at least two values that fit everything shown', () => {
    let seed = 20;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return Math.floor(seed / 65_536) % below;
    };
    for (let round = 0; round < 300; round++) {
      // Results each with a band (green, amber, red, none) and one of three rows; abnormal = amber or red.
      // Green twice as likely, so green is often shown while the others are small.
      const people = Array.from({ length: 1 + random(24) }, () => ({ band: Math.max(0, random(5) - 1), row: random(3) }));
      const abnormal = (p: { band: number }) => p.band === 1 || p.band === 2;
      const rows = [0, 1, 2];
      const counts = [
        people.length,
        people.filter(abnormal).length,
        ...[0, 1, 2, 3].map((b) => people.filter((p) => p.band === b).length),
        ...rows.map((r) => people.filter((p) => p.row === r).length),
        ...rows.map((r) => people.filter((p) => p.row === r && abnormal(p)).length),
      ];
      const sums = [
        { total: 0, parts: [2, 3, 4, 5] },
        { total: 1, parts: [3, 4] },
        { total: 0, parts: [6, 7, 8] },
        { total: 1, parts: [9, 10, 11] },
      ];
      const hidden = suppress(counts, sums);
      const fit = valuesThatFit(counts, hidden, sums, people.length + 4);
      hidden.forEach((h, i) => {
        if (h) expect({ round, counts, hidden, figure: i, twoOrMore: fit[i]!.size >= 2 }).toMatchObject({ twoOrMore: true });
      });
    }
  }, 120_000);
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
    expect(shownText(H)).toBe('not shown');
    expect(shownText(n(0))).toBe('0');
  });
});
