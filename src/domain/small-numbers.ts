/**
 * The small-number rule for the charity's screening statistics
 * (docs/decisions/0022): a count of 1 to 4 men or tests is shown as
 * "fewer than 5", never as its number, so a figure cannot point at one man
 * at a small event or in a small ethnic group. Zero is shown: it says
 * nobody, and hiding it would hide nothing.
 *
 * Secondary suppression: a breakdown whose parts add up to a total that is
 * shown (results by band to tests, cancers by treatment to cancers, each
 * column of a table over its rows) would give a single hidden part away by
 * subtraction. So when exactly one part of a group is hidden, the smallest
 * other non-zero part is hidden too (the next-smallest if need be), and a
 * group's hidden parts can never be worked out from the total.
 *
 * A rate (abnormal results over tests) is shown only when both its counts
 * are; a percentage of a hidden count would give the count back.
 */
export const SMALL_NUMBER_LIMIT = 5;
export const SMALL_NUMBER_TEXT = 'fewer than 5';

/** A count as published: its number, or hidden. */
export type Shown = { count: number } | { hidden: true };

export const isSmall = (count: number): boolean => count > 0 && count < SMALL_NUMBER_LIMIT;

/** One count on its own (a total): hidden when 1 to 4. */
export function showCount(count: number): Shown {
  return isSmall(count) ? { hidden: true } : { count };
}

/**
 * Hides, in place, the smallest other non-zero part of every group with
 * exactly one hidden part, until no group has one (a part hidden for one
 * group can leave another with a lone hidden part).
 */
function pairLoneHidden(counts: readonly number[], hidden: boolean[], groups: readonly (readonly number[])[]): void {
  for (let changed = true; changed; ) {
    changed = false;
    for (const group of groups) {
      if (group.filter((i) => hidden[i]).length !== 1) continue;
      const next = group.filter((i) => !hidden[i] && counts[i]! > 0).sort((a, b) => counts[a]! - counts[b]! || a - b)[0];
      if (next !== undefined) {
        hidden[next] = true;
        changed = true;
      }
    }
  }
}

/**
 * The parts of one total, suppressed: each small part hidden, and when
 * exactly one is hidden, the smallest other non-zero part with it.
 */
export function showParts(counts: readonly number[]): Shown[] {
  return showNested(counts, []);
}

/**
 * The parts of one total where some of them also add up to a sub-total
 * that is shown (amber and red to abnormal results; radical and
 * surveillance to cancers): the whole and each sub-total (a list of
 * indexes) are groups, and no group is left with a lone hidden part.
 */
export function showNested(counts: readonly number[], subTotals: readonly (readonly number[])[]): Shown[] {
  const hidden = counts.map(isSmall);
  pairLoneHidden(counts, hidden, [counts.map((_, i) => i), ...subTotals]);
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
