/**
 * GET /api/medical/results/{profileId}, declared once
 * (docs/architecture.md#contract): a member's screening history, each
 * appointment with its lab result when there is one, and results that
 * arrived without a linked appointment. Newest first.
 */
import { PSA_BANDS } from './psa-band';
import { z } from './schema-kit';

export const medicalResultItemSchema = z.strictObject({
  /**
   * lab_name: the laboratory that tested the sample, from the event (for
   * the GP letter); null when not recorded. A copy saved on a phone by an
   * older version of the site may lack it: readers take `?? null`.
   */
  appointment: z.nullable(
    z.strictObject({
      event_name: z.string(),
      product_name: z.nullable(z.string()),
      /** YYYY-MM-DD. */
      event_date: z.nullable(z.string()),
      lab_name: z.nullable(z.string()),
    }),
  ),
  result: z.nullable(
    z.strictObject({
      /** PSA, in test_unit. */
      test_result: z.nullable(z.number()),
      test_unit: z.nullable(z.string()),
      comments: z.nullable(z.string()),
      /** YYYY-MM-DD. */
      sample_date: z.nullable(z.string()),
      /**
       * When the next test is due after this result (./recall.ts), YYYY-MM-DD;
       * null for none. A copy saved before results carried it may lack it.
       */
      next_test_due: z.nullable(z.string()),
      /**
       * The band the result was given when it was saved, and the version of
       * the clinical rule that gave it (docs/rules.md#clinical-rules): shown
       * as given, whatever the rule is now. Null when it has no band (no date
       * of birth, no value). A copy saved before results carried them lacks
       * them: readers take `?? null`.
       */
      band: z.optional(z.nullable(z.enum(PSA_BANDS))),
      rule_version: z.optional(z.nullable(z.number())),
    }),
  ),
});

export const medicalResultsAnswerSchema = z.strictObject({ data: z.array(medicalResultItemSchema) });

export type MedicalResultItem = z.output<typeof medicalResultItemSchema>;
export type MedicalResultsAnswer = z.output<typeof medicalResultsAnswerSchema>;
