/**
 * A refund is a job (docs/decisions/0013), queued in the transaction that
 * marks its order refund_due. The job's id is the payment's id, so queuing
 * the same refund twice (a reconciler sweep, a replayed webhook) is one job;
 * PayPal-Request-Id, fixed per payment in refunds.ts, makes a repeated try
 * one refund at PayPal.
 */
import type { Queryable } from '../../platform/db/adapter';
import type { Jobs } from '../../platform/jobs/queue';

export type RefundQueue = (q: Queryable, paymentId: string) => Promise<void>;

export function refundQueue(jobs: Pick<Jobs, 'send'>): RefundQueue {
  return (q, paymentId) => jobs.send(q, 'refund', { paymentId }, { id: paymentId });
}
