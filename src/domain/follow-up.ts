/**
 * What followed an amber or red screening result
 * (docs/decisions/0022-screening-statistics.md): staff record it when they
 * learn it, and the yearly statistics count cancers found from it as the
 * charity's typed-in 2023 figures do (26 cancers: 20 radical treatment, 6
 * surveillance). Green results need no follow-up and take none.
 */
import type { PsaBand } from './psa-band';
import { textRule, z } from './schema-kit';

export const FOLLOW_UP_OUTCOMES = [
  'seen_gp',
  'referred',
  'biopsy',
  'cancer_radical',
  'cancer_surveillance',
  'no_cancer',
  'not_known',
] as const;
export type FollowUpOutcome = (typeof FOLLOW_UP_OUTCOMES)[number];

export const FOLLOW_UP_LABELS: Record<FollowUpOutcome, string> = {
  seen_gp: 'Seen GP',
  referred: 'Referred',
  biopsy: 'Biopsy',
  cancer_radical: 'Cancer diagnosed: radical treatment',
  cancer_surveillance: 'Cancer diagnosed: surveillance',
  no_cancer: 'No cancer',
  not_known: 'Not known',
};

/** The outcomes that are a cancer found by screening. */
export const CANCER_OUTCOMES: readonly FollowUpOutcome[] = ['cancer_radical', 'cancer_surveillance'];

export const isFollowUpOutcome = (value: unknown): value is FollowUpOutcome =>
  typeof value === 'string' && (FOLLOW_UP_OUTCOMES as readonly string[]).includes(value);

/**
 * The outcomes that answer the GP prompt ("Have you seen your GP?" six
 * weeks after a red result): each says he has been seen, by his GP or
 * beyond, so the prompt would only tell a man under a hospital's care to
 * book with his GP. 'Not known' answers nothing: the prompt still goes.
 */
export const GP_PROMPT_ANSWERED_BY: readonly FollowUpOutcome[] = ['seen_gp', 'referred', 'biopsy', 'cancer_radical', 'cancer_surveillance', 'no_cancer'];

export const answersGpPrompt = (outcome: FollowUpOutcome | null): boolean => outcome !== null && GP_PROMPT_ANSWERED_BY.includes(outcome);

/** Only an abnormal result (amber or red) is followed up. */
export const takesFollowUp = (band: PsaBand | null): boolean => band === 'amber' || band === 'red';

const OUTCOME_MESSAGE = `outcome must be one of ${FOLLOW_UP_OUTCOMES.join(', ')}, or null to clear it.`;

/** PUT /api/staff/events/{id}/attendees/{appointmentId}/follow-up: {outcome}, or null to clear what was recorded. */
export const followUpBodySchema = z.object({
  outcome: z.pipe(
    z.unknown().check(textRule<unknown>((v) => v === null || isFollowUpOutcome(v), OUTCOME_MESSAGE)),
    z.transform((v) => v as FollowUpOutcome | null),
  ),
});

/** What was recorded: the outcome, and when (ISO instant); both null once cleared. */
export const recordedFollowUpSchema = z.strictObject({
  outcome: z.nullable(z.enum(FOLLOW_UP_OUTCOMES)),
  recorded_at: z.nullable(z.string()),
});

/** PUT .../follow-up's answer. */
export const followUpAnswerSchema = z.strictObject({ follow_up: recordedFollowUpSchema });

export type RecordedFollowUp = z.output<typeof recordedFollowUpSchema>;
export type FollowUpAnswer = z.output<typeof followUpAnswerSchema>;
