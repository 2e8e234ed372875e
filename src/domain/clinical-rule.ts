/**
 * The clinical rule (docs/rules.md#clinical-rules): the PSA band thresholds
 * by age band and the recall intervals by band and risk, as one plain
 * object, so the same pure code (src/domain/psa-band.ts,
 * src/domain/recall.ts) bands a result in the browser and on the server.
 * The rule is versioned: the clinical lead saves a new version with a
 * reason (never an update), and each stored result keeps the version that
 * banded it and set its recall (docs/decisions/0029-versioned-clinical-rules.md).
 * Version 1 holds the values the code used before rules were versioned
 * (server/platform/db/migrations/860-clinical-rules.sql).
 *
 * What a version may hold (checkClinicalRule), so that no typo bands every
 * later result wrongly:
 * - amber thresholds: 0.10 to 50 ng/ml, at most two decimals (as the lab
 *   reports), and never lower for an older age band;
 * - the red factor: more than 1 and at most 10, at most two decimals;
 * - green recall months: whole months within the bounds staff may set for
 *   one result (1 to 60), high risk no later than intermediate, and
 *   intermediate no later than low;
 * - amber recall months: 1 to 60, and no later than a high-risk green
 *   result's (an amber result is retested sooner than any green one);
 * - the GP prompt after a red result: 7 to 183 days (follow-up of an
 *   abnormal result within 6 months).
 */
import { z } from './schema-kit';

/** The age bands a threshold is set for; under 40 reads as the 40s, over 80 as 70 and over. */
export const RULE_AGE_BANDS = [
  { key: 'age_40s', fromAge: 0, label: 'Under 50' },
  { key: 'age_50s', fromAge: 50, label: '50 to 59' },
  { key: 'age_60s', fromAge: 60, label: '60 to 69' },
  { key: 'age_70_plus', fromAge: 70, label: '70 and over' },
] as const;
export type RuleAgeBand = (typeof RULE_AGE_BANDS)[number]['key'];

export const RULE_RISKS = ['high', 'intermediate', 'low'] as const;

export interface ClinicalRule {
  /** The value (ng/ml) from which a result is amber, by age band. */
  amber_from: Record<RuleAgeBand, number>;
  /** Red starts at the amber threshold times this. */
  red_factor: number;
  /** Months to the next test after a green result, by risk. */
  green_months: Record<(typeof RULE_RISKS)[number], number>;
  /** Months to the repeat test after an amber result. */
  amber_months: number;
  /** Days after a red result's sample to ask whether he has seen his GP. */
  red_gp_prompt_days: number;
}

/** One saved version, as the console shows it. */
export interface ClinicalRuleVersion {
  version: number;
  rule: ClinicalRule;
  reason: string;
  /** ISO instant. */
  created_at: string;
  /** Who saved it; null for version 1, which the migration seeded. */
  created_by: string | null;
}

export const THRESHOLD_MIN = 0.1;
export const THRESHOLD_MAX = 50;
export const RED_FACTOR_MAX = 10;
/** The bounds staff may set for one result (src/domain/recall.ts) bound the rule's intervals too. */
export const RULE_MONTHS_MIN = 1;
export const RULE_MONTHS_MAX = 60;
export const GP_PROMPT_DAYS_MIN = 7;
export const GP_PROMPT_DAYS_MAX = 183;
export const RULE_REASON_MAX = 2000;

const hundredths = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

const threshold = (label: string) =>
  z.unknown().check(
    z.refine((v) => isNumber(v) && v >= THRESHOLD_MIN && v <= THRESHOLD_MAX && hundredths(v), {
      message: `The amber threshold for ${label} must be a number of ng/ml from ${THRESHOLD_MIN.toFixed(2)} to ${THRESHOLD_MAX}, with at most two decimals.`,
      abort: true,
    }),
  );
const wholeIn = (min: number, max: number, message: string) =>
  z.unknown().check(z.refine((v) => isNumber(v) && Number.isInteger(v) && v >= min && v <= max, { message, abort: true }));
const months = (what: string) => wholeIn(RULE_MONTHS_MIN, RULE_MONTHS_MAX, `${what} must be a whole number of months from ${RULE_MONTHS_MIN} to ${RULE_MONTHS_MAX}.`);

const ruleShape = z.object({
  amber_from: z.object({
    age_40s: threshold('men under 50'),
    age_50s: threshold('men in their 50s'),
    age_60s: threshold('men in their 60s'),
    age_70_plus: threshold('men of 70 and over'),
  }),
  red_factor: z.unknown().check(
    z.refine((v) => isNumber(v) && v > 1 && v <= RED_FACTOR_MAX && hundredths(v), {
      message: `The red factor must be more than 1 and at most ${RED_FACTOR_MAX}, with at most two decimals.`,
      abort: true,
    }),
  ),
  green_months: z.object({
    high: months('The green recall for high risk'),
    intermediate: months('The green recall for intermediate risk'),
    low: months('The green recall for low risk'),
  }),
  amber_months: months('The amber repeat'),
  red_gp_prompt_days: wholeIn(GP_PROMPT_DAYS_MIN, GP_PROMPT_DAYS_MAX, `The GP prompt after a red result must be a whole number of days from ${GP_PROMPT_DAYS_MIN} to ${GP_PROMPT_DAYS_MAX}.`),
});

/** A rule's shape and bounds, then the rules across its fields (each problem named by its field). */
export const clinicalRuleSchema = z.pipe(
  ruleShape,
  z.transform((input, ctx): ClinicalRule => {
    const rule = input as unknown as ClinicalRule;
    const issue = (path: string[], message: string) => ctx.issues.push({ code: 'custom', path, message, input: rule });
    RULE_AGE_BANDS.forEach((band, i) => {
      const younger = RULE_AGE_BANDS[i - 1];
      if (younger && rule.amber_from[band.key] < rule.amber_from[younger.key]) {
        issue(['amber_from', band.key], `The amber threshold for ${band.label} must not be lower than for ${younger.label.toLowerCase()}.`);
      }
    });
    const green = rule.green_months;
    if (green.high > green.intermediate) issue(['green_months', 'high'], 'High risk must be recalled no later than intermediate risk.');
    if (green.intermediate > green.low) issue(['green_months', 'intermediate'], 'Intermediate risk must be recalled no later than low risk.');
    if (rule.amber_months > green.high) issue(['amber_months'], 'An amber result must be repeated no later than a green result of high risk is recalled.');
    return {
      amber_from: { ...rule.amber_from },
      red_factor: rule.red_factor,
      green_months: { ...green },
      amber_months: rule.amber_months,
      red_gp_prompt_days: rule.red_gp_prompt_days,
    };
  }),
);

const REASON_MESSAGE = `Give the reason for this change (at most ${RULE_REASON_MAX} characters).`;
const BASED_ON_MESSAGE = 'based_on_version must be the version number the change was made from.';

/**
 * POST /api/staff/clinical-rules: {based_on_version, rule, reason}. The
 * reason is required; based_on_version is the version the form showed, so a
 * save made from a version no longer current is refused (409) rather than
 * silently undoing a colleague's change.
 */
export const newRuleBodySchema = z.object({
  based_on_version: z.unknown().check(z.refine((v) => isNumber(v) && Number.isInteger(v) && v >= 1, { message: BASED_ON_MESSAGE, abort: true })),
  rule: clinicalRuleSchema,
  reason: z.pipe(
    z.unknown().check(z.refine((v) => typeof v === 'string' && v.trim() !== '' && v.trim().length <= RULE_REASON_MAX, { message: REASON_MESSAGE, abort: true })),
    z.transform((v) => (v as string).trim()),
  ),
});
export type NewRuleBody = { based_on_version: number; rule: ClinicalRule; reason: string };

const ruleAnswerSchema = z.strictObject({
  amber_from: z.strictObject({ age_40s: z.number(), age_50s: z.number(), age_60s: z.number(), age_70_plus: z.number() }),
  red_factor: z.number(),
  green_months: z.strictObject({ high: z.number(), intermediate: z.number(), low: z.number() }),
  amber_months: z.number(),
  red_gp_prompt_days: z.number(),
});

export const clinicalRuleVersionSchema = z.strictObject({
  version: z.number(),
  rule: ruleAnswerSchema,
  reason: z.string(),
  created_at: z.string(),
  created_by: z.nullable(z.string()),
});

/** GET /api/staff/clinical-rules: the current version and every version, newest first (the current is the first). */
export const clinicalRulesAnswerSchema = z.strictObject({ current: clinicalRuleVersionSchema, history: z.array(clinicalRuleVersionSchema) });
export type ClinicalRulesAnswer = z.output<typeof clinicalRulesAnswerSchema>;

/** POST /api/staff/clinical-rules -> 201: the version saved. */
export const savedRuleAnswerSchema = z.strictObject({ saved: clinicalRuleVersionSchema });
export type SavedRuleAnswer = z.output<typeof savedRuleAnswerSchema>;

/** GET /api/medical/rule: the current rule, for a member's chart and GP letter (his results carry their own band). */
export const currentRuleAnswerSchema = z.strictObject({ version: z.number(), rule: ruleAnswerSchema });
export type CurrentRuleAnswer = z.output<typeof currentRuleAnswerSchema>;

/** The age band a whole-years age falls in. */
export function ageBandOf(age: number): (typeof RULE_AGE_BANDS)[number] {
  return [...RULE_AGE_BANDS].reverse().find((band) => age >= band.fromAge) ?? RULE_AGE_BANDS[0];
}
