/**
 * What POST /api/staff/jobs/{kind}/{id}/retry answers, and the plain words
 * for why a try failed: staff read "The mail server could not be reached",
 * and the raw error stays with it for whoever puts the cause right.
 */
import type { StaffJobKind } from './job-failures';
import { z } from './schema-kit';

/** POST /api/staff/jobs/{kind}/{id}/retry, declared once: how the try made there and then went. */
export const retryAnswerSchema = z.discriminatedUnion('outcome', [
  /** Tried again at once, and it worked. */
  z.strictObject({ status: z.literal('success'), outcome: z.literal('done') }),
  /** Tried again at once, and it failed again: 'retry' will be tried again at next_try_at, 'failed' waits for staff. */
  z.strictObject({
    status: z.literal('success'),
    outcome: z.literal('failed'),
    /** Why, in plain words (plainFailure). */
    reason: z.string(),
    /** The raw error, at most 500 characters. */
    error: z.string(),
    state: z.enum(['retry', 'failed']),
    tries: z.number(),
    next_try_at: z.nullable(z.string()),
  }),
  /** Still being tried when the answer was due: the list shows how it ends. */
  z.strictObject({ status: z.literal('success'), outcome: z.literal('running') }),
]);

export type RetryAnswer = z.output<typeof retryAnswerSchema>;

const UNREACHABLE = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT|ECONNRESET|ESOCKET|timed? ?out|greeting never received|socket hang up|fetch failed/i;
const SIGN_IN = /EAUTH|invalid login|authentication|\b535\b|\b401\b|\b403\b|invalid_client/i;
/** An SMTP reply code or enhanced status code: 4xx asks to try later, 5xx refuses. */
const SMTP_CODE = /(?:^|[\s:=(])([45])(?:\d\d|\.\d{1,3}\.\d{1,3})(?=$|[\s).,-])/;
const HTTP_CODE = /\b([45])\d\d\b/;

/** Why a job's last try failed, in words for staff; the raw error is shown beside it. */
export function plainFailure(kind: StaffJobKind, error: string): string {
  const mail = kind === 'email';
  const service = mail ? 'The mail server' : 'PayPal';
  if (UNREACHABLE.test(error)) return `${service} could not be reached.`;
  if (SIGN_IN.test(error)) return `${service} did not accept the site's sign-in details.`;
  const code = (mail ? SMTP_CODE : HTTP_CODE).exec(error)?.[1];
  if (mail && code === '4') return 'The mail server was busy and turned the email away for now.';
  if (mail && code === '5') return 'The mail server refused the email.';
  if (!mail && code === '5') return 'PayPal was not working properly.';
  if (!mail && code === '4') return 'PayPal refused the request.';
  if (mail) return 'The email could not be sent.';
  return kind === 'refund' ? 'The refund could not be made.' : 'The PayPal notification could not be dealt with.';
}
