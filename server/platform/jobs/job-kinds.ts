/**
 * What jobs there are (JobData), what a handler is given and may throw, and
 * how each kind is retried and scheduled: the queue's table of kinds, apart
 * from queue.ts so that adding a kind of job is an edit here, not in the
 * pg-boss plumbing. queue.ts re-exports all of it.
 */
import type { EmailReason, MailMessage } from '../mail/types';

/** What each kind of job carries. Names are pg-boss queue names (letters and underscores). */
export interface JobData {
  /**
   * One email, rendered when the change was made; `messageId` is its Message-ID on every try. `kind` says what
   * it is; `reason` is the fact it depends on, read again just before it is sent (server/modules/members/email-reasons.ts).
   * Once sent or dropped the job keeps only `messageId` and `kind` (no `message`). `forget`: an erased member's
   * goodbye (docs/decisions/0021-member-record-export-and-erasure.md), whose address is not shown to staff and goes from the job if it cannot be delivered.
   */
  email: { message?: MailMessage; messageId: string; kind?: string; reason?: EmailReason; forget?: boolean };
  /** Return a card payment already marked refund_due (server/modules/payments/refunds.ts). */
  refund: { paymentId: string };
  /** Settle unsettled card payments and lapse old holds (server/modules/payments/reconcile.ts). */
  reconcile_payments: Record<string, never>;
  /** Act on one stored PayPal webhook event. */
  paypal_webhook: { eventId: string };
  /** Queue the reminders due now, the day before each appointment (server/modules/booking/reminders-service.ts). */
  appointment_reminders: Record<string, never>;
  /** Queue the recall invitations, follow-ups and GP prompts due now (server/modules/results/recall-emails-service.ts). */
  recall_emails: Record<string, never>;
  /** Pass lapsed waiting-list offers on and offer freed places (server/modules/waiting-list/waiting-list-offers.ts). */
  waiting_list_offers: Record<string, never>;
  /** Compute again the staff figures kept for a year that has changed since (server/modules/statistics/year-figures-kept.ts). */
  statistics_refresh: Record<string, never>;
}

export type JobKind = keyof JobData;

export const JOB_KINDS: readonly JobKind[] = [
  'email',
  'refund',
  'reconcile_payments',
  'paypal_webhook',
  'appointment_reminders',
  'recall_emails',
  'waiting_list_offers',
  'statistics_refresh',
];

export interface JobInfo {
  id: string;
  /** Tries made before this one. */
  retryCount: number;
  /** No try is left after this one: a failure now is final. */
  lastTry: boolean;
}

/**
 * Thrown by a handler when another try would meet the same answer (a mail server's 550): the job fails at
 * once, with no retries, and waits for staff on the failures page.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export type JobHandler<K extends JobKind> = (data: JobData[K], job: JobInfo) => Promise<void>;
export type JobHandlers = { [K in JobKind]?: JobHandler<K> };

/** How long each kind may run before pg-boss counts the try as lost (a killed process), and how it retries. */
export interface QueuePolicy<K extends JobKind = JobKind> {
  expireInSeconds: number;
  retryLimit: number;
  /**
   * A kind that may run several jobs at once (JobsOptions.inFlight) says which must still run in turn:
   * jobs with the same key, in the order they were queued.
   */
  laneOf?: (data: JobData[K]) => string;
}

export const QUEUE_POLICY: { [K in JobKind]: QueuePolicy<K> } = {
  // Twelve retries, doubling from about a minute: the last one lands 1.5 to 3 days after the first try.
  // One man's emails go in the order they were queued (his booking's confirmation before its cancellation).
  email: { expireInSeconds: 120, retryLimit: 12, laneOf: (data) => data.message?.to.toLowerCase() ?? data.messageId },
  refund: { expireInSeconds: 120, retryLimit: 12 },
  // Runs every minute anyway: a failed run is simply the next minute's.
  reconcile_payments: { expireInSeconds: 300, retryLimit: 0 },
  paypal_webhook: { expireInSeconds: 120, retryLimit: 12 },
  // As the reconciler: a failed sweep is simply the next minute's, and nothing it would have sent is lost.
  appointment_reminders: { expireInSeconds: 300, retryLimit: 0 },
  recall_emails: { expireInSeconds: 300, retryLimit: 0 },
  // The same: the state is in rows, so the next minute's sweep does what a failed one did not.
  waiting_list_offers: { expireInSeconds: 300, retryLimit: 0 },
  // A failed refresh leaves the figures to the next read or the next minute's run.
  statistics_refresh: { expireInSeconds: 300, retryLimit: 0 },
};

/** Scheduled jobs: cron in UTC, run once per period across every process. */
export const SCHEDULES: ReadonlyArray<{ kind: JobKind; cron: string }> = [
  { kind: 'reconcile_payments', cron: '* * * * *' },
  { kind: 'appointment_reminders', cron: '* * * * *' },
  { kind: 'recall_emails', cron: '* * * * *' },
  { kind: 'waiting_list_offers', cron: '* * * * *' },
  { kind: 'statistics_refresh', cron: '* * * * *' },
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A job's id is a UUID (pg-boss's own, or one given to make sending idempotent). */
export const isJobId = (id: string) => UUID.test(id);
