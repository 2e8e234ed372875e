/**
 * When the next PSA test is due (src/domain/recall.ts): risk from age,
 * ethnicity and family history; the interval by band and risk; staff's
 * own interval; the month it is shown as, whatever the machine's zone.
 */
import { describe, expect, it } from 'vitest';
import { formatDueMonth, gpPromptDate, memberNextTestDue, nextTestDue, parseRecallMonths, nextTestSentence, recallRisk, type RecallRisk, type RiskFacts } from '../../src/domain/recall';
import type { PsaBand } from '../../src/domain/psa-band';
import { RULE_V1 } from '../fixtures/clinical-rule';

const facts = (overrides: Partial<RiskFacts>): RiskFacts => ({
  age: 45,
  ethnicity: 'White - British',
  fatherSideProstateCancer: 'No',
  motherSideBreastOvarianCancer: 'No',
  ...overrides,
});

describe('recallRisk', () => {
  it.each<[string, Partial<RiskFacts>, RecallRisk]>([
    ['40s, no known risk', {}, 'low'],
    ['49, the last year of the low band', { age: 49 }, 'low'],
    ['50: the age band rises', { age: 50 }, 'intermediate'],
    ['72', { age: 72 }, 'intermediate'],
    ['Black Caribbean, 44', { ethnicity: 'Black or Black British - Caribbean', age: 44 }, 'high'],
    ['Black African, 60', { ethnicity: 'Black or Black British - African', age: 60 }, 'high'],
    ['any other Black background', { ethnicity: 'Black or Black British - Any other Black background' }, 'high'],
    ['mixed White and Black Caribbean', { ethnicity: 'Mixed - White and Black Caribbean' }, 'high'],
    ['mixed White and Black African', { ethnicity: 'Mixed - White and Black African' }, 'high'],
    ['mixed White and Asian', { ethnicity: 'Mixed - White and Asian' }, 'low'],
    ['father-side prostate cancer', { fatherSideProstateCancer: 'Yes' }, 'high'],
    ["father side: Don't know", { fatherSideProstateCancer: "Don't know" }, 'low'],
    ['mother-side breast or ovarian cancer', { motherSideBreastOvarianCancer: 'Yes' }, 'intermediate'],
    ['no consent found, 45', { fatherSideProstateCancer: null, motherSideBreastOvarianCancer: null }, 'low'],
    ['no date of birth, no factor', { age: null }, 'low'],
    ['no ethnicity given, 55', { ethnicity: null, age: 55 }, 'intermediate'],
    ['Not stated', { ethnicity: 'Not stated' }, 'low'],
  ])('%s: %s', (_name, given, risk) => {
    expect(recallRisk(facts(given))).toBe(risk);
  });
});

describe('nextTestDue', () => {
  it.each<[PsaBand | null, RecallRisk, number | null, string, string | null]>([
    // band, risk, staff's months, sample date, due
    ['green', 'high', null, '2026-06-20', '2027-06-20'],
    ['green', 'intermediate', null, '2026-06-20', '2028-06-20'],
    ['green', 'low', null, '2026-06-20', '2029-06-20'],
    ['green', 'high', null, '2028-02-29', '2029-02-28'], // a leap day: the last day of February
    ['amber', 'low', null, '2026-06-20', '2026-09-20'],
    ['amber', 'high', null, '2026-11-30', '2027-02-28'], // the end of a short month
    ['red', 'high', null, '2026-06-20', null], // see a GP: no recall
    [null, 'low', null, '2026-06-20', null], // no band (no date of birth): no guessed date
    ['green', 'low', 6, '2026-06-20', '2026-12-20'], // staff's interval wins
    ['red', 'low', 12, '2026-06-20', '2027-06-20'], // even after red, when staff set one
    [null, 'low', 18, '2026-06-20', '2027-12-20'],
  ])('%s, %s risk, override %s, sampled %s: due %s', (band, risk, override, sample, due) => {
    expect(nextTestDue(sample, band, risk, RULE_V1, override)).toBe(due);
  });
});

describe('the recall by another rule version', () => {
  const rule = { ...RULE_V1, green_months: { high: 6, intermediate: 12, low: 24 }, amber_months: 2, red_gp_prompt_days: 28 };

  it.each<[PsaBand, RecallRisk, string | null]>([
    ['green', 'high', '2026-12-20'],
    ['green', 'intermediate', '2027-06-20'],
    ['green', 'low', '2028-06-20'],
    ['amber', 'low', '2026-08-20'],
    ['red', 'low', null],
  ])('%s, %s risk: due %s', (band, risk, due) => {
    expect(nextTestDue('2026-06-20', band, risk, rule)).toBe(due);
  });

  it("asks about the GP after the rule's days", () => {
    expect(gpPromptDate('2026-06-20', RULE_V1)).toBe('2026-08-01');
    expect(gpPromptDate('2026-06-20', rule)).toBe('2026-07-18');
  });
});

describe('what the member reads', () => {
  it.each([
    ['2027-06-20', 'June 2027'],
    ['2027-01-01', 'January 2027'],
    ['2026-12-31', 'December 2026'],
  ])('%s is shown as %s', (date, month) => {
    expect(formatDueMonth(date)).toBe(month);
    expect(nextTestSentence(date)).toBe(`Your next PSA test is due in ${month}.`);
  });

  it('takes the newest result with a value, by sample date', () => {
    const r = (sample_date: string, next_test_due: string | null, test_result: number | null = 1) => ({ result: { test_result, sample_date, next_test_due } });
    expect(memberNextTestDue([r('2025-05-01', '2028-05-01'), r('2026-05-01', '2027-05-01')])).toBe('2027-05-01');
    expect(memberNextTestDue([r('2026-05-01', null), r('2025-05-01', '2028-05-01')])).toBeNull(); // newest red: none
    expect(memberNextTestDue([r('2026-07-01', null, null), r('2026-05-01', '2027-05-01')])).toBe('2027-05-01'); // awaiting a value
    expect(memberNextTestDue([{ result: null }])).toBeNull();
  });
});

describe("staff's interval as typed", () => {
  it.each([
    ['1', { months: 1 }],
    [' 60 ', { months: 60 }],
    ['06', { months: 6 }],
  ])('%j is %j', (text, parsed) => {
    expect(parseRecallMonths(text)).toEqual(parsed);
  });
  it.each(['', '0', '61', '2.5', '-3', 'six', '100'])('%j is refused in words', (text) => {
    expect(parseRecallMonths(text)).toEqual({ error: 'Enter a whole number of months from 1 to 60.' });
  });
});
