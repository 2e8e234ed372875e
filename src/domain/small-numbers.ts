/**
 * The small-number rule for the charity's screening statistics
 * (docs/decisions/0022): a count of 1 to 4 men or tests is shown as
 * "not shown", never as its number, so a figure cannot point at one man
 * at a small event or in a small ethnic group. To this rule a zero is
 * shown (it says nobody): the reader is taken to know every zero, the
 * strictest reading. The statistics then write each zero as hidden too
 * (screening-figures.ts, docs/decisions/0035), which only tells less.
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
 * hiding leaves that hidden figure undetermined: a figure of a table read
 * by fewer before one read by more (`rank`), a part before a total
 * (parts: the bands, rows, outcomes; totals: tests, abnormal, cancers), a
 * smaller count before a larger, an earlier figure before a later, each
 * with the figures it would otherwise be the only hidden one in a sum with
 * (the first other figure of that sum, and so on); if none does, the first
 * such figure in a sum with it, and look again. It
 * ends with no hidden figure determined by the shown ones.
 *
 * Every hidden figure is at least 1 (only non-zero figures are hidden), and
 * the sums' equations have their solutions' directions in steps of one, so
 * undetermined also means at least two whole, non-negative values fit
 * every shown figure (tests/unit/small-numbers.test.ts checks this by
 * search on random tables). Not used: that abnormal results in a row are at
 * most its tests. A hidden figure may be of any size (a larger one hidden
 * so a small one cannot be worked out), so every hidden figure reads the
 * same words, which say nothing of its size.
 *
 * Several tables read side by side are one table to this rule: the caller
 * gives every figure of them in one list, with the sums that tie one table
 * to another (all event types = each type's figure added up), so no
 * difference of two views gives back a hidden count. A figure the reader
 * knows without it being published (`known`) is a number in those sums
 * that is never hidden; a figure may be hidden whatever its size (`force`),
 * as one that moved by 1 to 4 since an earlier release of the same table
 * is, so the two releases compared give no small change back.
 *
 * A rate (abnormal results over tests) is shown only when both its counts
 * are; a percentage of a hidden count would give the count back.
 */
import type { shownSchema } from './published-statistics-answer';
import type { z } from './schema-kit';

export const SMALL_NUMBER_LIMIT = 5;
/** What a hidden figure reads, whatever its size: the page's note says why figures are not shown. */
export const SMALL_NUMBER_TEXT = 'not shown';

/** A count as published: its number, or hidden; declared once in ./published-statistics-answer. */
export type Shown = z.output<typeof shownSchema>;

export const isSmall = (count: number): boolean => count > 0 && count < SMALL_NUMBER_LIMIT;

/** One count on its own, in no sum: hidden when 1 to 4. */
export function showCount(count: number): Shown {
  return isSmall(count) ? { hidden: true } : { count };
}

/** figure[total] = the sum of figure[part] over parts (indexes into one list of counts). */
export interface SumOf {
  total: number;
  parts: readonly number[];
  /** A sum across tables (all types = each type's figure): its total is not a total within its table, for the order of hiding. */
  across?: boolean;
}

const EPSILON = 1e-9;

/** The sums reduced over the hidden figures in them, and whether a sum of figures can be worked out from what is shown. */
function solver(hidden: readonly boolean[], sums: readonly SumOf[]) {
  // Only hidden figures in some sum can be worked out; one in none is a free unknown.
  const inSums = new Set(sums.flatMap((s) => [s.total, ...s.parts]));
  const columns = hidden.flatMap((h, i) => (h && inSums.has(i) ? [i] : []));
  const column = new Map(columns.map((figure, c) => [figure, c]));
  const rows = sums.filter((sum) => hidden[sum.total] || sum.parts.some((p) => hidden[p])).map((sum) => {
    const row = columns.map(() => 0);
    if (hidden[sum.total]) row[column.get(sum.total)!]! += 1;
    for (const part of sum.parts) if (hidden[part]) row[column.get(part)!]! -= 1;
    return row;
  });
  // Reduced row echelon form.
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
  return {
    columns,
    /** The figures' sum (each figure once) is worked out: its hidden part lies in the sums' row space. */
    determined(figures: readonly number[]): boolean {
      const vector = columns.map(() => 0);
      for (const figure of figures) {
        if (!hidden[figure]) continue;
        const c = column.get(figure);
        if (c === undefined) return false;
        vector[c]! += 1;
      }
      for (const { row, column: c } of pivots) {
        const factor = vector[c]!;
        if (Math.abs(factor) < EPSILON) continue;
        for (let k = 0; k < vector.length; k++) vector[k]! -= factor * rows[row]![k]!;
      }
      return vector.every((v) => Math.abs(v) < EPSILON);
    },
  };
}

/** The hidden figures (indexes) that the sums and the shown figures give away. */
export function determinedHidden(hidden: readonly boolean[], sums: readonly SumOf[]): number[] {
  const solved = solver(hidden, sums);
  return solved.columns.filter((figure) => solved.determined([figure]));
}

export interface SuppressOptions {
  /** Figures hidden whatever their count (one that changed by 1 to 4 since an earlier release of the same table). */
  force?: readonly boolean[];
  /** Figures the reader knows without this table: numbers in the sums, never hidden, never hidden to protect another. */
  known?: readonly boolean[];
  /** Which table a figure is in, lower hidden first when more must go (the staff-only views before the published one). */
  rank?: readonly number[];
  /**
   * Figures never published but that a reader could work out from those
   * that are (two event types together, from all types less the third; the
   * results at no listed event): unknowns, kept undetermined when 1 to 4.
   * One that is the total of a sum across tables is that sum of its parts.
   */
  secret?: readonly boolean[];
}

/** What `suppress` hid, and whether it ended with nothing guarded worked out (false only when nothing near was left to hide). */
export interface Suppressed {
  hidden: boolean[];
  complete: boolean;
}

/** The sums joined to `start` through hidden figures: only these decide whether it can be worked out. */
function sumsJoinedTo(start: readonly number[], hidden: readonly boolean[], sums: readonly SumOf[]): SumOf[] {
  const reached = new Set(start);
  const joined = new Set<number>();
  for (let grew = true; grew; ) {
    grew = false;
    sums.forEach((sum, s) => {
      if (joined.has(s) || ![sum.total, ...sum.parts].some((i) => reached.has(i))) return;
      joined.add(s);
      grew = true;
      for (const i of [sum.total, ...sum.parts]) if (hidden[i]) reached.add(i);
    });
  }
  return [...joined].map((s) => sums[s]!);
}

/** At most this many ways to free a figure are tried before hiding its first neighbour, so a large table stays quick. */
const MOST_TRIED = 40;

/**
 * Which of `counts` to hide: the small ones and the forced ones, then more
 * until no hidden one (and no small secret one) can be worked out from the
 * shown and known ones through `sums` (the rule above).
 */
export function suppress(counts: readonly number[], sums: readonly SumOf[], options: SuppressOptions = {}): boolean[] {
  return suppressAll(counts, sums, options).hidden;
}

/** `suppress`, saying whether it ended with every guarded figure undetermined. */
export function suppressAll(counts: readonly number[], sums: readonly SumOf[], options: SuppressOptions = {}): Suppressed {
  const known = (i: number) => options.known?.[i] === true;
  const secret = (i: number) => options.secret?.[i] === true;
  // A secret figure that totals a sum across tables is that sum of its parts; the reader has no other way to it.
  const partsOf = new Map(sums.filter((s) => s.across && secret(s.total)).map((s) => [s.total, s.parts]));
  const plain = sums.filter((s) => !partsOf.has(s.total));
  const hidden = counts.map((count, i) => (secret(i) ? !partsOf.has(i) : !known(i) && (isSmall(count) || options.force?.[i] === true)));
  const figuresOf = (figure: number) => partsOf.get(figure) ?? [figure];
  const secrets = [...partsOf.keys()].filter((i) => isSmall(counts[i]!));
  const guardedHidden = (i: number) => hidden[i] && (!secret(i) || isSmall(counts[i]!));
  const totals = new Set(plain.flatMap((s) => (s.across ? [] : [s.total])));
  const inSums = [...new Set(plain.flatMap((s) => [s.total, ...s.parts]))];
  const rank = (i: number) => options.rank?.[i] ?? 0;
  const order = (a: number, b: number) => rank(a) - rank(b) || Number(totals.has(a)) - Number(totals.has(b)) || counts[a]! - counts[b]! || a - b;
  for (;;) {
    const solved = solver(hidden, plain);
    // A figure of a table read by fewer first: a type view's own gap is closed there before the all-types view pays for it.
    const guarded = [...counts.keys()].filter(guardedHidden).concat(secrets).sort((a, b) => rank(a) - rank(b) || a - b);
    const figure = guarded.find((i) => solved.determined(figuresOf(i)));
    if (figure === undefined) return { hidden, complete: true };
    // Hiding a figure outside the sums joined to this one cannot change whether it is worked out.
    const start = figuresOf(figure);
    const near = new Set([...start, ...sumsJoinedTo(start, hidden, plain).flatMap((s) => [s.total, ...s.parts])]);
    const hideable = (i: number) => !hidden[i] && !known(i) && !secret(i) && counts[i]! > 0;
    const candidates = inSums.filter((i) => hideable(i) && near.has(i)).sort(order);
    // A figure hidden alone in a sum is given back by it: it goes with the first other figure there, and so on.
    const withPartners = (first: number): number[] => {
      const set = new Set([first]);
      for (let grew = true; grew; ) {
        grew = false;
        for (const sum of plain) {
          const members = [sum.total, ...sum.parts];
          const unknown = members.filter((i) => hidden[i] || set.has(i));
          if (unknown.length !== 1 || !set.has(unknown[0]!)) continue;
          const partner = members.filter((i) => hideable(i) && !set.has(i)).sort(order)[0];
          if (partner === undefined) continue;
          set.add(partner);
          grew = true;
        }
      }
      return [...set];
    };
    // The fewest figures first, a figure of a table read by more counting for more, then in order.
    const cost = (group: number[]) => group.reduce((sum, i) => sum + 1 + 2 * rank(i) + 3 * Number(totals.has(i)), 0);
    const groups = candidates.map(withPartners).sort((a, b) => cost(a) - cost(b)).slice(0, MOST_TRIED);
    const freeing = groups.find((group) => {
      for (const i of group) hidden[i] = true;
      const still = solver(hidden, sumsJoinedTo(start, hidden, plain)).determined(start);
      for (const i of group) hidden[i] = false;
      return !still;
    });
    const neighbours = new Set(plain.filter((s) => start.some((i) => s.total === i || s.parts.includes(i))).flatMap((s) => [s.total, ...s.parts]));
    const next = freeing ?? [candidates.find((i) => neighbours.has(i) || start.includes(i)) ?? candidates[0]].filter((i) => i !== undefined);
    // Nothing near left to hide: every figure in those sums is hidden, zero or known.
    if (next.length === 0) return { hidden, complete: false };
    for (const i of next) hidden[i] = true;
  }
}

/** The counts as published under `suppress`. */
export function showAll(counts: readonly number[], sums: readonly SumOf[], options: SuppressOptions = {}): Shown[] {
  const hidden = suppress(counts, sums, options);
  return counts.map((count, i) => (hidden[i] ? { hidden: true } : { count }));
}

/** A count in words for a page or the CSV: "1,234", or "not shown". */
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
