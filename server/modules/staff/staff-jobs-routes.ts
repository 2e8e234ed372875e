/**
 * /api/staff/jobs: what the server could not do after a request
 * (docs/decisions/0013), for staff to see and put right.
 * - GET /failures[?before=] -> {failures: [{id, kind, state, tries, last_error,
 *   created_at, next_try_at, recipient?, subject?, amount_pence?, payment_id?,
 *   event_id?}], total, older} (jobFailuresAnswerSchema): emails, refunds and PayPal notifications (event_id:
 *   PayPal's) that failed at least once and have not succeeded since ('retry': will be tried again at next_try_at; 'failed': the tries
 *   are used up), newest first, FAILURES_PAGE a page; `older` is the
 *   `before=` of the next page. An email's body is not sent: only whom and what.
 * - POST /:kind/:id/retry -> {status: 'success', outcome} (retryAnswerSchema): tried again here
 *   and now, answered with how it went: 'done'; 'failed' with reason (plain
 *   words), error (raw), state, tries and next_try_at; or 'running' when the
 *   try outlasts RETRY_WAIT_MS (it finishes by itself and the list shows
 *   how). 404 when that job is not failing (done meanwhile, being tried
 *   already, or no such job). Audited.
 */
import { Hono } from 'hono';
import {
  FAILURES_PAGE,
  jobFailuresAnswerSchema,
  jobFailuresQuerySchema,
  STAFF_JOB_KINDS,
  type JobFailure,
  type JobFailuresAnswer,
  type StaffJobKind,
} from '../../../src/domain/job-failures';
import { plainFailure, retryAnswerSchema, type RetryAnswer } from '../../../src/domain/job-retry';
import { responds } from '../../platform/http/contract';
import type { Database } from '../../platform/db/adapter';
import { col, rowsOf } from '../../platform/db/rows';
import { ApiError } from '../../platform/http/errors';
import { parseOr422 } from '../../platform/http/valid-body';
import type { StaffVariables } from '../auth';
import type { FailedJob, JobKind, Jobs } from '../../platform/jobs/queue';
import type { Logger } from '../../platform/logger';
import { recordAudit } from './staff-audit';
import { UUID } from './staff-attendees-service';
import { actorOf } from '../events';

/** The kinds staff can act on: what a member would miss. */
const SHOWN: readonly (JobKind & StaffJobKind)[] = STAFF_JOB_KINDS;
const isShown = (kind: string): kind is StaffJobKind => (SHOWN as readonly string[]).includes(kind);

/** How long Retry waits for the try it starts: a mail server's connection timeouts are longer, and the page says so. */
export const RETRY_WAIT_MS = 15_000;

/** A refund's payment and its amount (pence). */
const PAYMENT_AMOUNT_ROW = { payment_id: col.text(), amount: col.int() };

async function describe(db: Database, jobs: FailedJob[]): Promise<JobFailure[]> {
  // Only ids of a payment's shape are looked up, by the payments' key (a cast column would read every payment).
  const paymentIds = jobs.flatMap((job) => {
    const id = job.kind === 'refund' ? (job.data as { paymentId?: unknown }).paymentId : undefined;
    return typeof id === 'string' && UUID.test(id) ? [id] : [];
  });
  const amounts = new Map(
    paymentIds.length
      ? (
          await rowsOf(
            db,
            PAYMENT_AMOUNT_ROW,
            'SELECT payment_id::text AS payment_id, amount FROM payment_orders WHERE payment_id = ANY($1::uuid[])',
            [paymentIds],
          )
        ).map((row) => [row.payment_id, row.amount])
      : [],
  );
  return jobs.flatMap((job) => {
    const kind = job.kind;
    if (!isShown(kind)) return [];
    const view: JobFailure = {
      id: job.id,
      kind,
      state: job.state,
      tries: job.tries,
      last_error: job.lastError.slice(0, 500),
      created_at: job.createdAt,
      next_try_at: job.nextTryAt,
    };
    if (job.kind === 'email') {
      const { message, forget } = job.data as { message?: { to?: unknown; subject?: unknown }; forget?: boolean };
      // An erased member's goodbye never shows his address, even while it may still be delivered.
      if (message?.to !== undefined && !forget) view.recipient = String(message.to);
      view.subject = String(message?.subject ?? '');
    } else if (job.kind === 'refund') {
      const paymentId = String((job.data as { paymentId?: unknown }).paymentId ?? '');
      view.payment_id = paymentId;
      const amount = amounts.get(paymentId);
      if (amount !== undefined) view.amount_pence = amount;
    } else if (job.kind === 'paypal_webhook') {
      view.event_id = String((job.data as { eventId?: unknown }).eventId ?? '');
    }
    return view;
  });
}

export function staffJobsRoutes(jobs: Jobs, db: Database, logger: Logger, now: () => Date): Hono<{ Variables: StaffVariables }> {
  const app = new Hono<{ Variables: StaffVariables }>();

  app.get('/failures', responds(jobFailuresAnswerSchema), async (c) => {
    const { before } = parseOr422(jobFailuresQuerySchema, c.req.queries());
    // One more than a page says whether an older page follows.
    const [listed, total] = await Promise.all([jobs.failures(SHOWN, { ...(before ? { before } : {}), limit: FAILURES_PAGE + 1 }), jobs.countFailures(SHOWN)]);
    const page = listed.slice(0, FAILURES_PAGE);
    const older = listed.length > FAILURES_PAGE ? page.at(-1)!.position : null;
    return c.json({ failures: await describe(db, page), total, older } satisfies JobFailuresAnswer);
  });

  app.post('/:kind/:id/retry', responds(retryAnswerSchema), async (c) => {
    const kind = c.req.param('kind');
    const id = c.req.param('id');
    const tried = isShown(kind) ? await jobs.retryNow(kind, id, RETRY_WAIT_MS) : ({ outcome: 'not_waiting' } as const);
    if (tried.outcome === 'not_waiting') {
      throw new ApiError(404, 'not_found', 'That job is not waiting to be retried: it may have succeeded meanwhile, or be under way.');
    }
    await recordAudit(db, actorOf(c), { action: 'job.retry', entity: 'job', entityId: `${kind}:${id}`, before: null, after: null }, now());
    logger.info(`Staff ${c.get('member').userId} retried ${kind} job ${id}: ${tried.outcome}`);
    const answer: RetryAnswer =
      tried.outcome === 'failed'
        ? {
            status: 'success',
            outcome: 'failed',
            reason: plainFailure(kind as StaffJobKind, tried.error),
            error: tried.error.slice(0, 500),
            state: tried.state,
            tries: tried.tries,
            next_try_at: tried.nextTryAt,
          }
        : { status: 'success', outcome: tried.outcome };
    return c.json(answer);
  });

  return app;
}
