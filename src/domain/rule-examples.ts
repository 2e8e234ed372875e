/**
 * The Clinical rules page's example table (docs/rules.md#clinical-rules):
 * before a version is saved, example PSA values at an age in each age band
 * with the band each gets under the current rule and under the proposed
 * one, so the consequences of a change are seen (version 1 makes 9.5 ng/ml
 * at 70 amber). Pure, so tests/unit/clinical-rule.test.ts checks it.
 */
import type { ClinicalRule } from './clinical-rule';
import { psaBand, type PsaBand } from './psa-band';

/** An age in each age band of the rule (RULE_AGE_BANDS). */
export const EXAMPLE_AGES = [45, 55, 65, 75] as const;
/** Values around every threshold of version 1 and a little beyond its highest red line. */
export const EXAMPLE_VALUES = [0.5, 1, 1.5, 2, 3, 4, 5, 6, 8, 9.5, 10, 12] as const;

export interface ExampleCell {
  value: number;
  current: PsaBand;
  /** Null when no proposal is given (the table then shows the current rule alone). */
  proposed: PsaBand | null;
  changed: boolean;
}

export interface ExampleRow {
  age: number;
  cells: ExampleCell[];
}

/** Each example age's row of values, banded by `current` and (when given) `proposed`. */
export function exampleBands(current: ClinicalRule, proposed: ClinicalRule | null): ExampleRow[] {
  return EXAMPLE_AGES.map((age) => ({
    age,
    cells: EXAMPLE_VALUES.map((value) => {
      const now = psaBand(value, age, current)!;
      const then = proposed ? psaBand(value, age, proposed)! : null;
      return { value, current: now, proposed: then, changed: then !== null && then !== now };
    }),
  }));
}

/** How many example values change band under the proposal. */
export const changedCount = (rows: readonly ExampleRow[]) => rows.reduce((n, row) => n + row.cells.filter((c) => c.changed).length, 0);
