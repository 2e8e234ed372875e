/**
 * What GET /api/staff/jobs/failures answers for each email, refund or
 * PayPal notification the server could not deal with (docs/decisions/0013),
 * declared once: the route answers with it and the staff page reads it
 * (docs/architecture.md#contract).
 */
import { z } from './schema-kit';

/** The kinds of job staff see and can try again: what a member would miss. */
export const STAFF_JOB_KINDS = ['email', 'refund', 'paypal_webhook'] as const;
export type StaffJobKind = (typeof STAFF_JOB_KINDS)[number];

export const jobFailureSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(STAFF_JOB_KINDS),
  /** 'retry': will be tried again at next_try_at; 'failed': the tries are used up. */
  state: z.enum(['retry', 'failed']),
  tries: z.number(),
  /** The raw error of the last try, at most 500 characters. */
  last_error: z.string(),
  created_at: z.string(),
  next_try_at: z.nullable(z.string()),
  /** An email's address; absent once the member erased his account. */
  recipient: z.optional(z.string()),
  /** An email's subject (its body is never sent). */
  subject: z.optional(z.string()),
  /** A refund's payment. */
  payment_id: z.optional(z.string()),
  /** A refund's amount in pence, when its payment order is still there. */
  amount_pence: z.optional(z.number()),
  /** PayPal's event id, for a paypal_webhook job. */
  event_id: z.optional(z.string()),
});

/** GET /api/staff/jobs/failures: newest first. */
export const jobFailuresAnswerSchema = z.strictObject({ failures: z.array(jobFailureSchema) });

export type JobFailure = z.output<typeof jobFailureSchema>;
export type JobFailuresAnswer = z.output<typeof jobFailuresAnswerSchema>;
