/**
 * The clinical rule's pure parts (src/domain/clinical-rule.ts,
 * src/domain/rule-examples.ts, docs/rules.md#clinical-rules): what a new
 * version may hold, each problem named by its field; the example table that
 * shows a change's consequences before it is saved; and version 1 as the
 * migration seeds it, the values the code used before.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ageBandOf, clinicalRuleSchema, newRuleBodySchema, type ClinicalRule } from '../../src/domain/clinical-rule';
import { changedCount, EXAMPLE_AGES, EXAMPLE_VALUES, exampleBands } from '../../src/domain/rule-examples';
import { check } from '../../src/domain/schema-kit';
import { RULE_V1 } from '../fixtures/clinical-rule';

const withRule = (change: (rule: ClinicalRule) => void): ClinicalRule => {
  const rule = structuredClone(RULE_V1);
  change(rule);
  return rule;
};

describe('version 1', () => {
  it('is what migration 860 seeds', () => {
    const sql = readFileSync('server/platform/db/migrations/860-clinical-rules.sql', 'utf8');
    const seeded = /'(\{"amber_from"[\s\S]*?\})'::jsonb/.exec(sql)?.[1];
    expect(JSON.parse(seeded!)).toEqual(RULE_V1);
  });

  it('passes its own checks', () => {
    expect(check(clinicalRuleSchema, RULE_V1)).toEqual({ ok: true, value: RULE_V1 });
  });
});

describe('a new version is checked', () => {
  it.each<[string, (rule: ClinicalRule) => void, string, RegExp]>([
    ['a zero threshold', (r) => (r.amber_from.age_50s = 0), 'amber_from.age_50s', /from 0\.10 to 50/],
    ['a negative threshold', (r) => (r.amber_from.age_40s = -1), 'amber_from.age_40s', /from 0\.10 to 50/],
    ['a threshold of 500', (r) => (r.amber_from.age_70_plus = 500), 'amber_from.age_70_plus', /from 0\.10 to 50/],
    ['three decimals', (r) => (r.amber_from.age_60s = 3.125), 'amber_from.age_60s', /two decimals/],
    ['a threshold as text', (r) => ((r.amber_from as Record<string, unknown>).age_60s = '3'), 'amber_from.age_60s', /number/],
    ['a lower threshold for older men', (r) => (r.amber_from.age_70_plus = 2.5), 'amber_from.age_70_plus', /must not be lower than for 60 to 69/],
    ['a red factor of 1', (r) => (r.red_factor = 1), 'red_factor', /more than 1/],
    ['a red factor below 1', (r) => (r.red_factor = 0.5), 'red_factor', /more than 1/],
    ['a red factor of 11', (r) => (r.red_factor = 11), 'red_factor', /at most 10/],
    ['0 months', (r) => (r.green_months.low = 0), 'green_months.low', /from 1 to 60/],
    ['61 months', (r) => (r.green_months.low = 61), 'green_months.low', /from 1 to 60/],
    ['half a month', (r) => (r.amber_months = 2.5), 'amber_months', /whole number of months/],
    ['high risk recalled after intermediate', (r) => (r.green_months.high = 30), 'green_months.high', /no later than intermediate/],
    ['intermediate after low', (r) => (r.green_months.intermediate = 40), 'green_months.intermediate', /no later than low/],
    ['amber later than green', (r) => (r.amber_months = 13), 'amber_months', /no later than a green result of high risk/],
    ['a GP prompt after 6 days', (r) => (r.red_gp_prompt_days = 6), 'red_gp_prompt_days', /from 7 to 183/],
    ['a GP prompt after a year', (r) => (r.red_gp_prompt_days = 365), 'red_gp_prompt_days', /from 7 to 183/],
  ])('refuses %s', (_, change, path, message) => {
    const checked = check(clinicalRuleSchema, withRule(change));
    expect(checked.ok).toBe(false);
    const issue = !checked.ok ? checked.issues.find((i) => i.path === path) : undefined;
    expect(issue?.message).toMatch(message);
  });

  it('takes a sane change: equal thresholds for two ages, a red factor of 1.5', () => {
    const rule = withRule((r) => {
      r.amber_from.age_60s = 5;
      r.amber_from.age_70_plus = 5;
      r.red_factor = 1.5;
    });
    expect(check(clinicalRuleSchema, rule)).toEqual({ ok: true, value: rule });
  });

  it('drops keys the rule does not have', () => {
    const checked = check(clinicalRuleSchema, { ...RULE_V1, extra: 'x' });
    expect(checked.ok && Object.keys(checked.value)).toEqual(['amber_from', 'red_factor', 'green_months', 'amber_months', 'red_gp_prompt_days']);
  });

  it('needs a reason and the version it was made from', () => {
    const body = { based_on_version: 1, rule: RULE_V1, reason: '  New NHS guidance.  ' };
    expect(check(newRuleBodySchema, body)).toEqual({ ok: true, value: { ...body, reason: 'New NHS guidance.' } });
    for (const reason of [undefined, '', '   ', 7, 'x'.repeat(2001)]) {
      const checked = check(newRuleBodySchema, { ...body, reason });
      expect(!checked.ok && checked.issues.map((i) => i.path)).toEqual(['reason']);
    }
    for (const based of [undefined, 0, 1.5, '1']) {
      const checked = check(newRuleBodySchema, { ...body, based_on_version: based });
      expect(!checked.ok && checked.issues.map((i) => i.path)).toEqual(['based_on_version']);
    }
  });
});

describe('the age bands', () => {
  it.each([
    [30, 'age_40s'],
    [49, 'age_40s'],
    [50, 'age_50s'],
    [69, 'age_60s'],
    [70, 'age_70_plus'],
    [84, 'age_70_plus'],
  ])('%i is in %s', (age, key) => {
    expect(ageBandOf(age).key).toBe(key);
  });
});

describe('the example table', () => {
  it('has every example value at an age of each band, banded by the current rule alone without a proposal', () => {
    const rows = exampleBands(RULE_V1, null);
    expect(rows.map((r) => r.age)).toEqual([...EXAMPLE_AGES]);
    expect(rows.every((r) => r.cells.map((c) => c.value).join() === EXAMPLE_VALUES.join())).toBe(true);
    expect(changedCount(rows)).toBe(0);
    // Version 1 makes 9.5 ng/ml amber at 75 (the same line as at 70), though 5 is the NHS referral value there.
    expect(rows[3]!.cells.find((c) => c.value === 9.5)).toEqual({ value: 9.5, current: 'amber', proposed: null, changed: false });
  });

  it('shows what a proposal changes, and only that', () => {
    const proposed = withRule((r) => (r.red_factor = 1.5));
    const rows = exampleBands(RULE_V1, proposed);
    const at75 = rows[3]!.cells;
    expect(at75.find((c) => c.value === 9.5)).toEqual({ value: 9.5, current: 'amber', proposed: 'red', changed: true });
    expect(at75.find((c) => c.value === 5)).toEqual({ value: 5, current: 'amber', proposed: 'amber', changed: false });
    // At 45: red from 2 becomes red from 1.5.
    expect(rows[0]!.cells.filter((c) => c.changed).map((c) => c.value)).toEqual([1.5]);
    expect(changedCount(rows)).toBe(rows.flatMap((r) => r.cells).filter((c) => c.current !== c.proposed).length);
    expect(changedCount(exampleBands(RULE_V1, RULE_V1))).toBe(0);
  });
});
