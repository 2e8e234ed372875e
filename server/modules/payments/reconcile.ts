/**
 * Healing, at start and on a timer (docs/decisions/0009):
 * - holds whose 15 minutes have passed are marked cancelled (they already
 *   stopped counting against the places the moment they expired);
 * - orders not settled are asked about at PayPal: one captured while the
 *   server crashed before confirming is settled now (confirmed, or
 *   refunded if its place has gone); one never paid whose hold is over is
 *   marked abandoned;
 * - a refund_due order with no refund job (one marked before the job queue,
 *   or whose job was cleared away) gets one; a job already there, even a
 *   failed one waiting for staff, is left as it is;
 * - refunds PayPal left pending are read back (GET refund), in case the
 *   webhook that says they completed or failed never came.
 * Settling is idempotent (settle.ts), so a capture racing the reconciler is
 * harmless; orders touched in the last minute are left to their request.
 */
import type { Database } from '../../platform/db/adapter';
import { col, rowsOf } from '../../platform/db/rows';
import { once } from '../../../src/domain/once';
import type { Logger } from '../../platform/logger';
import type { PayPalApi } from './paypal-client';
import { HOLD_MINUTES } from './create-order';
import type { RefundQueue } from './refund-jobs';
import { ORDER_COLUMNS, ORDER_ROW, toOrder, type PaymentOrderRow, type PaymentOrderStatus, type Settlement } from './settle';
import type { PayPalAnswer } from './paypal-client';
import { refundWord, type RefundWord } from './refunds';

const GRACE_MS = 60_000;
// PayPal keeps an approved order capturable for hours; look at abandoned ones that long.
const ABANDONED_WATCH_MS = 3 * 60 * 60_000;
const BATCH = 100;

/** Made on first use: settle.ts, whose ORDER_ROW it extends, may still be loading in the payments-events-booking import cycle. */
const UNSETTLED_ROW = once(() => ({ ...ORDER_ROW, created_at: col.instant() }));

export interface ReconcileDeps {
  db: Database;
  paypal: PayPalApi;
  settleFrom: (order: PaymentOrderRow, answer: PayPalAnswer) => Promise<Settlement | null>;
  queueRefund: RefundQueue;
  recordRefund: (order: PaymentOrderRow, word: RefundWord) => Promise<PaymentOrderStatus>;
  now: () => Date;
  logger: Logger;
}

export interface ReconcileReport {
  expiredHolds: number;
  settled: number;
  refundsQueued: number;
  /** Pending refunds PayPal now says COMPLETED (the email queued with each). */
  refunded: number;
  /** Refunds PayPal now says FAILED or CANCELLED (staff must act). */
  refundsFailed: number;
  abandoned: number;
}

/** Ends every hold lapsed at $1 (found by the live holds' own index, a few rows whatever the bookings kept). */
export const LAPSE_HOLDS_SQL =
  "UPDATE appointments SET status = 'cancelled', cancelled_at = hold_expires_at, updated_at = $1 WHERE status = 'held' AND hold_expires_at <= $1 RETURNING 1";

export function createReconciler({ db, paypal, settleFrom, queueRefund, recordRefund, now, logger }: ReconcileDeps) {
  const abandon = (paymentId: string, at: Date) =>
    db.query("UPDATE payment_orders SET status = 'abandoned', updated_at = $2 WHERE payment_id = $1::uuid AND status IN ('creating', 'created')", [
      paymentId,
      at,
    ]);

  async function holdLive(appointmentId: string, at: Date): Promise<boolean> {
    const rows = await db.query("SELECT 1 FROM appointments WHERE appointment_id = $1::uuid AND status = 'held' AND hold_expires_at > $2", [
      appointmentId,
      at,
    ]);
    return rows.length > 0;
  }

  return async function reconcile(): Promise<ReconcileReport> {
    const at = now();
    const report: ReconcileReport = { expiredHolds: 0, settled: 0, refundsQueued: 0, refunded: 0, refundsFailed: 0, abandoned: 0 };
    const expired = await db.query(LAPSE_HOLDS_SQL, [at]);
    report.expiredHolds = expired.length;

    const rows = await rowsOf(
      db,
      UNSETTLED_ROW(),
      `SELECT ${ORDER_COLUMNS}, created_at FROM payment_orders
       WHERE (status IN ('creating', 'created', 'refund_due', 'refund_pending') OR (status = 'abandoned' AND created_at > $2))
         AND updated_at <= $1
       ORDER BY created_at LIMIT ${BATCH}`,
      [new Date(at.getTime() - GRACE_MS), new Date(at.getTime() - ABANDONED_WATCH_MS)],
    );
    for (const row of rows) {
      const order = toOrder(row);
      try {
        if (order.status === 'refund_due') {
          // The job's id is the payment's: this is a no-op while its job exists.
          await queueRefund(db, order.payment_id);
          report.refundsQueued += 1;
          continue;
        }
        if (order.status === 'refund_pending') {
          if (!order.refund_id) continue;
          const answer = await paypal.getRefund(order.refund_id);
          if (answer.status !== 200) throw new Error(`PayPal answered ${answer.status} to GET refund ${order.refund_id}`);
          const after = await recordRefund(order, refundWord(answer.body));
          if (after === 'refunded') report.refunded += 1;
          if (after === 'refund_failed') report.refundsFailed += 1;
          continue;
        }
        if (!order.order_id) {
          // PayPal never told us an id, so no page could have approved it.
          if (row.created_at.getTime() <= at.getTime() - HOLD_MINUTES * 60_000) {
            await abandon(order.payment_id, at);
            report.abandoned += 1;
          }
          continue;
        }
        const answer = await paypal.getOrder(order.order_id);
        if (answer.status === 200 && answer.body.status === 'COMPLETED') {
          const settlement = await settleFrom(order, answer);
          if (settlement?.decidedNow) {
            report.settled += 1;
            logger.warn(`Reconciled card payment ${order.order_id}: ${settlement.order.status}`);
          }
        } else if (order.status !== 'abandoned' && !(await holdLive(order.appointment_id, at))) {
          await abandon(order.payment_id, at);
          report.abandoned += 1;
        }
      } catch (error) {
        logger.error(`Reconciling card payment ${order.order_id ?? order.payment_id} failed; it will be tried again`, error);
      }
    }
    return report;
  };
}
