/**
 * What GET /api/staff/jobs/failures answers for each email, refund or
 * PayPal notification the server could not deal with (docs/decisions/0013),
 * declared once: the route answers with it and the staff page reads it
 * (docs/architecture.md#contract).
 */
import { isIsoDate } from './london-time';
import { textRule, z } from './schema-kit';

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

/** Failures a page lists (docs/decisions/0033-staff-and-member-reads-at-scale.md). */
export const FAILURES_PAGE = 100;

/**
 * GET /api/staff/jobs/failures[?before=]: a page of failures, newest first; `total`, how many there are
 * in all; `older`, the `before=` for the next page (the last one's position), or null on the last page.
 */
export const jobFailuresAnswerSchema = z.strictObject({ failures: z.array(jobFailureSchema), total: z.int(), older: z.nullable(z.string()) });

/** A failure's position: when the job was made, to the microsecond in UTC, and its id. */
const POSITION = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BEFORE_MESSAGE = 'before must be the older value of the page before.';

/** The query of GET /api/staff/jobs/failures (Hono's queries(): each parameter a list); others are ignored. */
export const jobFailuresQuerySchema = z.object({
  before: z.optional(
    z.pipe(
      z.array(z.string()).check(textRule<string[]>((list) => list.length === 1, 'before must be given once.')),
      z.pipe(
        z.transform((list: string[]) => list[0]!),
        z.string().check(textRule<string>((text) => POSITION.test(text) && isIsoDate(POSITION.exec(text)![1]!), BEFORE_MESSAGE)),
      ),
    ),
  ),
});

export type JobFailure = z.output<typeof jobFailureSchema>;
export type JobFailuresAnswer = z.output<typeof jobFailuresAnswerSchema>;
