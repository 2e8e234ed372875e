/**
 * What the staff console's result writes answer, declared once
 * (docs/architecture.md#contract): a result typed for one attendee, staff's
 * recall interval for it, and the lab's CSV file. Apart from recall.ts and
 * results-csv.ts, which member pages load, so those carry no zod.
 */
import { RECALL_RISKS } from './recall';
import { z } from './schema-kit';

/** PUT /api/staff/events/{id}/attendees/{appointmentId}/result: saved (the member is emailed after the commit). */
export const resultSavedAnswerSchema = z.strictObject({ status: z.literal('success') });

/** A result's recall as stored (docs/decisions/0017), after staff's interval is set or cleared. */
export const storedRecallSchema = z.strictObject({
  /** The risk group the rule used, from his age, ethnicity and family history. */
  risk: z.enum(RECALL_RISKS),
  /** YYYY-MM-DD; null when none is due (a red result goes to a GP instead). */
  next_test_due: z.nullable(z.string()),
  /** Staff's own interval in months; null for the rule's. */
  recall_months_override: z.nullable(z.number()),
});

/** PUT /api/staff/events/{id}/attendees/{appointmentId}/recall. */
export const recallAnswerSchema = z.strictObject({ recall: storedRecallSchema });

/**
 * POST /api/staff/events/{id}/results.csv: results saved (and their members
 * emailed) and lines held for staff to check (result-holds.ts); a file with
 * any error saves nothing and answers 422.
 */
export const resultsCsvAnswerSchema = z.strictObject({ saved: z.number(), held: z.number() });

export type ResultSavedAnswer = z.output<typeof resultSavedAnswerSchema>;
export type StoredRecall = z.output<typeof storedRecallSchema>;
export type RecallAnswer = z.output<typeof recallAnswerSchema>;
export type ResultsCsvAnswer = z.output<typeof resultsCsvAnswerSchema>;
