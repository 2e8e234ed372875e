/**
 * The refund job: returns one card payment marked refund_due, through
 * PayPal's refund call (server/modules/payments/refunds.ts, idempotent by a
 * PayPal-Request-Id fixed per payment), and records PayPal's answer:
 * - COMPLETED: the order is refunded and the member's email queued, in one
 *   transaction; the job is done;
 * - PENDING: the order is refund_pending and the job is done (asking again
 *   would only get the same answer): PayPal's webhook, or the reconciler's
 *   read-back of the refund, completes it later;
 * - FAILED or CANCELLED: the order is refund_failed, listed for staff at
 *   GET /api/staff/payments; the job is done for the same reason;
 * - PayPal not taking the request (unreachable, an error, an answer it does
 *   not define): the try fails, to be tried again with backoff and shown to
 *   staff at /staff/failures while it fails.
 * An order no longer refund_due (refunded, pending or failed already) is done.
 */
import type { Queryable } from '../../platform/db/adapter';
import { rowOf } from '../../platform/db/rows';
import { ORDER_COLUMNS, ORDER_ROW, toOrder, type PaymentOrderRow, type PaymentOrderStatus } from './settle';
import type { JobHandler } from '../../platform/jobs/queue';

export function refundJob(db: Queryable, refund: (order: PaymentOrderRow) => Promise<PaymentOrderStatus>): JobHandler<'refund'> {
  return async ({ paymentId }) => {
    const row = await rowOf(db, ORDER_ROW, `SELECT ${ORDER_COLUMNS} FROM payment_orders WHERE payment_id = $1::uuid`, [paymentId]);
    if (!row) throw new Error(`Payment ${paymentId} does not exist`);
    const order = toOrder(row);
    if (order.status !== 'refund_due') return;
    if ((await refund(order)) === 'refund_due') throw new Error(`PayPal did not take the refund of capture ${order.capture_id ?? '(none)'}`);
  };
}
