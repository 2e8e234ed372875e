/**
 * When a man's next PSA test is due (docs/decisions/0017-recall-intervals.md),
 * from his result's band and his risk. One rule, used by the server when a
 * result is saved (the date is stored with the result) and by the portal and
 * /medical-results.
 *
 * Intervals (docs/rules.md#recall-intervals) come from the clinical rule
 * (src/domain/clinical-rule.ts, docs/rules.md#clinical-rules), passed in:
 * in version 1 green is retested in 1, 2 or 3 years by high, intermediate
 * or low risk; amber is repeated in 3 months; red means see a GP: no
 * recall, but a prompt after 6 weeks asking whether he has (follow-up of
 * abnormal results within 6 months). The server sets a result's recall
 * with the rule version that banded it. Staff may set another interval
 * for one result (1 to 60 months).
 *
 * Risk, from what the site already knows
 * (docs/decisions/0017-recall-intervals.md):
 * - high: Black heritage (the charity's information hub: Black men "should
 *   start by the age of 45"; Prostate Cancer UK counts men of mixed Black
 *   ethnicity too), or prostate cancer on the father's side of the family
 *   (the consent form's "Yes"; a father or brother doubles the risk);
 * - intermediate: aged 50 or more when the sample was taken (the hub:
 *   "consider screening from 50"; the amber line rises at 50,
 *   docs/rules.md#psa-bands), or breast or ovarian cancer on the mother's side
 *   (BRCA2 raises prostate risk);
 * - low: neither: a man in his 40s with no known risk.
 * "Don't know" raises nothing: an unknown is not a risk found.
 */
import { addDays, addMonths } from './london-time';
import type { ClinicalRule } from './clinical-rule';
import { once } from './once';
import type { PsaBand } from './psa-band';

export const RECALL_RISKS = ['high', 'intermediate', 'low'] as const;
export type RecallRisk = (typeof RECALL_RISKS)[number];

/** The part of the clinical rule that sets a recall. */
export type RecallRule = Pick<ClinicalRule, 'green_months' | 'amber_months' | 'red_gp_prompt_days'>;

/** What staff may set for one result instead (and the bounds of the rule's own intervals). */
export const RECALL_OVERRIDE_MIN_MONTHS = 1;
export const RECALL_OVERRIDE_MAX_MONTHS = 60;

export const RECALL_RISK_AGE = 50;

/** Staff's interval as typed in the console: whole months in range, or what is wrong in words. */
export function parseRecallMonths(text: string): { months: number } | { error: string } {
  const trimmed = text.trim();
  const months = /^\d{1,2}$/.test(trimmed) ? Number(trimmed) : NaN;
  return months >= RECALL_OVERRIDE_MIN_MONTHS && months <= RECALL_OVERRIDE_MAX_MONTHS
    ? { months }
    : { error: `Enter a whole number of months from ${RECALL_OVERRIDE_MIN_MONTHS} to ${RECALL_OVERRIDE_MAX_MONTHS}.` };
}

/** Ethnicities (src/domain/member-profile.ts ETHNICITIES) of Black heritage. */
export function isBlackHeritage(ethnicity: string | null | undefined): boolean {
  return !!ethnicity && /\bBlack\b/.test(ethnicity);
}

export interface RiskFacts {
  /** Whole years when the sample was taken; null when the date of birth is unknown. */
  age: number | null;
  ethnicity: string | null;
  /** The consent form's answers, null when no consent was found. */
  fatherSideProstateCancer: string | null;
  motherSideBreastOvarianCancer: string | null;
}

export function recallRisk(facts: RiskFacts): RecallRisk {
  if (isBlackHeritage(facts.ethnicity) || facts.fatherSideProstateCancer === 'Yes') return 'high';
  if ((facts.age !== null && facts.age >= RECALL_RISK_AGE) || facts.motherSideBreastOvarianCancer === 'Yes') return 'intermediate';
  return 'low';
}

/** Months to the next test, or null when there is none to set (red: see a GP). */
export function recallMonths(band: PsaBand, risk: RecallRisk, rule: RecallRule, overrideMonths: number | null = null): number | null {
  if (overrideMonths !== null) return overrideMonths;
  if (band === 'green') return rule.green_months[risk];
  if (band === 'amber') return rule.amber_months;
  return null;
}

/** The date (YYYY-MM-DD) the next test is due, counted in calendar months from the sample date; null for none. */
export function nextTestDue(sampleDate: string, band: PsaBand | null, risk: RecallRisk, rule: RecallRule, overrideMonths: number | null = null): string | null {
  if (overrideMonths !== null) return addMonths(sampleDate, overrideMonths);
  if (!band) return null;
  const months = recallMonths(band, risk, rule);
  return months === null ? null : addMonths(sampleDate, months);
}

/** When a red result's GP prompt goes: the rule's days after the sample (6 weeks in version 1). */
export function gpPromptDate(sampleDate: string, rule: RecallRule): string {
  return addDays(sampleDate, rule.red_gp_prompt_days);
}

const monthYear = once(() => new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }));

/** "March 2027": a calendar date's month, read as a date, not an instant, so no zone moves it. */
export function formatDueMonth(date: string): string {
  const [y, m] = date.split('-').map(Number);
  return monthYear().format(new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, 15)));
}

export const nextTestSentence = (date: string) => `Your next PSA test is due in ${formatDueMonth(date)}.`;

interface ResultWithDue {
  result: { test_result: number | null; sample_date: string | null; next_test_due?: string | null } | null;
}

/**
 * The member's next test: the due date of his newest result with a value
 * (by sample date). Null when that result sets none (red, or no band).
 */
export function memberNextTestDue(items: readonly ResultWithDue[]): string | null {
  const newest = items
    .map((item) => item.result)
    .filter((r): r is NonNullable<ResultWithDue['result']> => r !== null && r.test_result !== null && r.sample_date !== null)
    .sort((a, b) => (a.sample_date! < b.sample_date! ? 1 : a.sample_date! > b.sample_date! ? -1 : 0))[0];
  return newest?.next_test_due ?? null;
}
