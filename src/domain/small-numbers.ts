/**
 * The small-number rule for the charity's screening statistics
 * (docs/decisions/0022): a count of 1 to 4 men or tests is shown as
 * "fewer than 5", never as its number, so a figure cannot point at one man
 * at a small event or in a small ethnic group. Zero is shown: it says
 * nobody, and hiding it would hide nothing.
 *
 * Secondary suppression, over every figure of a view at once. The figures
 * are tied by sums, each a figure that is the total of others (tests =
 * the bands; abnormal = amber + red; tests and abnormal = each column of a
 * breakdown over its rows; abnormal = the follow-up outcomes; cancers =
 * radical + surveillance). A shown figure is a known number; each sum with
 * hidden figures in it is then a linear equation in the hidden ones. A
 * hidden figure is worked out when some combination of those equations
 * (sub-totals against totals, tables against each other) gives it alone:
 * when its unit vector lies in the equations' row space. The rule: after
 * hiding the small counts, while some hidden figure can be worked out,
 * hide one more shown, non-zero figure: the first, in this order, whose
 * hiding leaves that hidden figure undetermined: a part before a total
 * (parts: the bands, rows, outcomes; totals: tests, abnormal, cancers), a
 * smaller count before a larger, an earlier figure before a later; if none
 * does alone, the first such figure in a sum with it, and look again. It
 * ends with no hidden figure determined by the shown ones.
 *
 * Every hidden figure is at least 1 (only non-zero figures are hidden), and
 * the sums' equations have their solutions' directions in steps of one, so
 * undetermined also means at least two whole, non-negative values fit
 * every shown figure (tests/unit/small-numbers.test.ts checks this by
 * search on random tables). Not used: that abnormal results in a row are at
 * most its tests, and that a hidden figure reads "fewer than 5".
 *
 * A rate (abnormal results over tests) is shown only when both its counts
 * are; a percentage of a hidden count would give the count back.
 */
export const SMALL_NUMBER_LIMIT = 5;
export const SMALL_NUMBER_TEXT = 'fewer than 5';

/** A count as published: its number, or hidden. */
export type Shown = { count: number } | { hidden: true };

export const isSmall = (count: number): boolean => count > 0 && count < SMALL_NUMBER_LIMIT;

/** One count on its own, in no sum: hidden when 1 to 4. */
export function showCount(count: number): Shown {
  return isSmall(count) ? { hidden: true } : { count };
}

/** figure[total] = the sum of figure[part] over parts (indexes into one list of counts). */
export interface SumOf {
  total: number;
  parts: readonly number[];
}

const EPSILON = 1e-9;

/** The hidden figures (indexes) that the sums and the shown figures give away. */
export function determinedHidden(hidden: readonly boolean[], sums: readonly SumOf[]): number[] {
  const columns = hidden.flatMap((h, i) => (h ? [i] : []));
  const column = new Map(columns.map((figure, c) => [figure, c]));
  const rows = sums.map((sum) => {
    const row = columns.map(() => 0);
    if (hidden[sum.total]) row[column.get(sum.total)!]! += 1;
    for (const part of sum.parts) if (hidden[part]) row[column.get(part)!]! -= 1;
    return row;
  });
  // Reduced row echelon form: a hidden figure is determined when its pivot row has nothing else in it.
  const pivots: { row: number; column: number }[] = [];
  for (let c = 0, r = 0; c < columns.length && r < rows.length; c++) {
    let best = r;
    for (let i = r + 1; i < rows.length; i++) if (Math.abs(rows[i]![c]!) > Math.abs(rows[best]![c]!)) best = i;
    if (Math.abs(rows[best]![c]!) < EPSILON) continue;
    [rows[r], rows[best]] = [rows[best]!, rows[r]!];
    const pivot = rows[r]!;
    const scale = pivot[c]!;
    for (let k = 0; k < pivot.length; k++) pivot[k]! /= scale;
    for (let i = 0; i < rows.length; i++) {
      if (i === r || Math.abs(rows[i]![c]!) < EPSILON) continue;
      const factor = rows[i]![c]!;
      for (let k = 0; k < pivot.length; k++) rows[i]![k]! -= factor * pivot[k]!;
    }
    pivots.push({ row: r, column: c });
    r++;
  }
  return pivots
    .filter(({ row, column: c }) => rows[row]!.every((v, k) => k === c || Math.abs(v) < EPSILON))
    .map(({ column: c }) => columns[c]!);
}

/**
 * Which of `counts` to hide: the small ones, then more until no hidden one
 * can be worked out from the shown ones through `sums` (the rule above).
 */
export function suppress(counts: readonly number[], sums: readonly SumOf[]): boolean[] {
  const hidden = counts.map(isSmall);
  const totals = new Set(sums.map((s) => s.total));
  const inSums = new Set(sums.flatMap((s) => [s.total, ...s.parts]));
  const order = (a: number, b: number) => Number(totals.has(a)) - Number(totals.has(b)) || counts[a]! - counts[b]! || a - b;
  for (;;) {
    const [figure] = determinedHidden(hidden, sums);
    if (figure === undefined) return hidden;
    const candidates = [...inSums].filter((i) => !hidden[i] && counts[i]! > 0).sort(order);
    const freeing = candidates.find((i) => {
      hidden[i] = true;
      const still = determinedHidden(hidden, sums).includes(figure);
      hidden[i] = false;
      return !still;
    });
    const neighbours = new Set(sums.filter((s) => s.total === figure || s.parts.includes(figure)).flatMap((s) => [s.total, ...s.parts]));
    const next = freeing ?? candidates.find((i) => neighbours.has(i)) ?? candidates[0];
    // Nothing left to hide: every figure in a sum is hidden or zero, so nothing shown gives anything away.
    if (next === undefined) return hidden;
    hidden[next] = true;
  }
}

/** The counts as published under `suppress`. */
export function showAll(counts: readonly number[], sums: readonly SumOf[]): Shown[] {
  const hidden = suppress(counts, sums);
  return counts.map((count, i) => (hidden[i] ? { hidden: true } : { count }));
}

/** A count in words for a page or the CSV: "1,234", or "fewer than 5". */
export function shownText(shown: Shown): string {
  return 'hidden' in shown ? SMALL_NUMBER_TEXT : shown.count.toLocaleString('en-GB');
}

/** part over whole as a percentage with two decimals ("7.15%"); null when either is hidden or the whole is 0. */
export function shownRate(part: Shown, whole: Shown): string | null {
  if ('hidden' in part || 'hidden' in whole || whole.count === 0) return null;
  // In whole hundredths of a percent, rounded half up, so no floating-point noise moves the last digit.
  const hundredths = Math.floor((part.count * 10_000 * 2 + whole.count) / (2 * whole.count));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}%`;
}
