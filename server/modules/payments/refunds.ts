/**
 * Returning a captured payment through PayPal's refund call: for a capture
 * that arrived after its place had gone (or of the wrong amount), and for a
 * paid booking cancelled in time (docs/rules.md#refund-policy). The order is
 * marked refund_due in the same transaction that decided it, and its refund job
 * queued there (refund-jobs.ts), so a crash or a PayPal outage leaves the job
 * to retry; the refund's PayPal-Request-Id is fixed per order, so a retry never
 * refunds twice.
 *
 * PayPal's refund has its own status (docs/decisions/0009-card-payments.md,
 * "Refund states": "pending" until PayPal says it completed). COMPLETED marks
 * the order refunded and queues the member's email in that same transaction,
 * once; PENDING marks it refund_pending (the member and staff see "Refund
 * pending"), completed later from a webhook's job or the reconciler's GET of
 * the refund; FAILED or CANCELLED marks it refund_failed, for staff. The same
 * recordRefund applies PayPal's word wherever it comes from, each change a
 * conditional UPDATE, so however many answers, webhooks and reconciler runs
 * race, one email is queued.
 */
import type { Database } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import type { Logger } from '../../platform/logger';
import { readAppointment, type BookedMember } from '../booking';
import type { BookingMail } from '../booking';
import { firstCapture, issueOf, moneyInPence } from './capture-answer';
import type { PayPalApi } from './paypal-client';
import { ORDER_COLUMNS, ORDER_ROW, toOrder, type PaymentOrderRow, type PaymentOrderStatus } from './settle';

/** What each PayPal refund status makes of our order, and from which statuses (never backwards). */
const REFUND_MOVES: Record<string, { to: PaymentOrderStatus; from: PaymentOrderStatus[]; appointment: string }> = {
  COMPLETED: { to: 'refunded', from: ['refund_due', 'refund_pending', 'refund_failed'], appointment: 'refunded' },
  PENDING: { to: 'refund_pending', from: ['refund_due'], appointment: 'refund pending' },
  FAILED: { to: 'refund_failed', from: ['refund_due', 'refund_pending'], appointment: 'refund failed' },
  CANCELLED: { to: 'refund_failed', from: ['refund_due', 'refund_pending'], appointment: 'refund failed' },
};

/** Whom to email (member_profiles' names are NOT NULL). */
const MEMBER_ROW = { email: col.text(), first_name: col.text() };
const STATUS_ROW = { status: col.text() };

/** The PayPal-Request-Id of an order's refund: one per order, so a retry is never a second refund. */
export const refundRequestId = (paymentId: string) => `chaps-refund-${paymentId}`;

export interface RefundWord {
  /** PayPal's refund id, when known. */
  refundId: string | null;
  /** PayPal's refund status: COMPLETED, PENDING, FAILED or CANCELLED. */
  status: string;
  /** The refund's own amount (pence), when PayPal stated it in pounds. */
  amountPence: number | null;
}

/** PayPal's refund resource (the refund call's answer, GET /v2/payments/refunds/{id}, a webhook's resource). */
export function refundWord(body: Record<string, unknown>): RefundWord {
  const money = moneyInPence(body.amount);
  return {
    refundId: typeof body.id === 'string' ? body.id.slice(0, 64) : null,
    status: typeof body.status === 'string' ? body.status : '',
    amountPence: money?.currency === 'GBP' ? money.pence : null,
  };
}

export function createRefunds(db: Database, paypal: PayPalApi, mail: BookingMail, now: () => Date, logger: Logger) {
  /**
   * Applies PayPal's word on the refund of `order`; resolves to the order's
   * status after it (unchanged when the word moves nothing, e.g. PENDING
   * after COMPLETED, or a status PayPal does not define).
   */
  async function recordRefund(order: PaymentOrderRow, word: RefundWord): Promise<PaymentOrderStatus> {
    const move = REFUND_MOVES[word.status];
    if (!move) return order.status;
    const at = now();
    const changed = await db.transaction(async (tx) => {
      const moved = await rowOf(
        tx,
        ORDER_ROW,
        `UPDATE payment_orders SET status = $2, refund_id = COALESCE($3, refund_id), updated_at = $4
         WHERE payment_id = $1::uuid AND status = ANY($5::text[]) RETURNING ${ORDER_COLUMNS}`,
        [order.payment_id, move.to, word.refundId, at, move.from],
      );
      if (!moved) return null;
      const row = toOrder(moved);
      await tx.query("UPDATE appointments SET payment_status = $2, updated_at = $3 WHERE appointment_id = $1::uuid AND status = 'cancelled'", [
        row.appointment_id,
        move.appointment,
        at,
      ]);
      if (move.to !== 'refunded') return row;
      const appointment = await readAppointment(tx, row.appointment_id);
      const member = await rowOf(
        tx,
        MEMBER_ROW,
        'SELECT p.email, p.first_name FROM appointments a JOIN member_profiles p ON p.profile_id = a.profile_id WHERE a.appointment_id = $1::uuid',
        [row.appointment_id],
      );
      // Queued by the one transaction that marked it refunded, so one refund sends one email.
      if (member) {
        // A full refund returns what was captured, which is not the price when the amounts differed.
        const captured = moneyInPence(firstCapture(row.capture_answer ?? {}).amount);
        const amount = word.amountPence ?? (captured?.currency === 'GBP' ? captured.pence : row.amount);
        const to: BookedMember = { email: member.email, firstName: member.first_name };
        await mail.refunded(tx, appointment, to, amount, row.refund_reason ?? 'cancelled');
      }
      return row;
    });
    if (!changed) {
      const current = await rowOf(db, STATUS_ROW, 'SELECT status FROM payment_orders WHERE payment_id = $1::uuid', [order.payment_id]);
      return (current?.status as PaymentOrderStatus | undefined) ?? order.status;
    }
    if (move.to === 'refund_failed') {
      logger.error(`PayPal's refund ${word.refundId ?? ''} of capture ${order.capture_id} (order ${order.order_id}) ${word.status}: staff must return the money`);
    }
    return changed.status;
  }

  /**
   * The refund job's work: asks PayPal to refund a refund_due order and
   * records its answer. Resolves to the order's status after it: refunded
   * (the email queued), refund_pending (PayPal has it; a webhook or the
   * reconciler completes it), refund_failed (staff), or still refund_due
   * when PayPal did not take the request, which the job retries.
   */
  async function refund(order: PaymentOrderRow): Promise<PaymentOrderStatus> {
    if (order.status !== 'refund_due' || !order.capture_id) return order.status;
    const answer = await paypal.refundCapture(order.capture_id, refundRequestId(order.payment_id));
    const already = issueOf(answer.body)?.issue === 'CAPTURE_FULLY_REFUNDED';
    const word = already ? { refundId: null, status: 'COMPLETED', amountPence: null } : refundWord(answer.body);
    if (!already && ((answer.status !== 200 && answer.status !== 201) || !REFUND_MOVES[word.status])) {
      logger.error(`The refund of PayPal capture ${order.capture_id} (order ${order.order_id}) failed; it will be retried`, {
        status: answer.status,
        body: answer.body,
      });
      return order.status;
    }
    return recordRefund(order, word);
  }

  return { refund, recordRefund };
}
