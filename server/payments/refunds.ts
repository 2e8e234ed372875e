/**
 * Returning a captured payment through PayPal's refund call: for a capture
 * that arrived after its place had gone, and for a paid booking cancelled
 * in time (SPEC.md section 9). The order is marked refund_due in the same
 * transaction that decided it, before PayPal is asked, so a crash or a
 * PayPal outage leaves it for the reconciler to retry; the refund's
 * PayPal-Request-Id is fixed per order, so a retry never refunds twice.
 */
import type { Database } from '../db/adapter';
import type { Logger } from '../logger';
import { readAppointment, type BookedMember } from '../services/booking-service';
import type { BookingMail } from '../services/booking-mail';
import { issueOf } from './capture-answer';
import type { PayPalApi } from './paypal-client';
import type { PaymentOrderRow } from './settle';

export function createRefunds(db: Database, paypal: PayPalApi, mail: BookingMail, now: () => Date, logger: Logger) {
  /** Resolves to true once the money is back (or PayPal says it already is). */
  return async function refund(order: PaymentOrderRow): Promise<boolean> {
    if (order.status !== 'refund_due' || !order.capture_id) return order.status === 'refunded';
    const answer = await paypal.refundCapture(order.capture_id, `chaps-refund-${order.payment_id}`);
    const already = issueOf(answer.body)?.issue === 'CAPTURE_FULLY_REFUNDED';
    const refundId = typeof answer.body.id === 'string' ? answer.body.id : null;
    const done = already || ((answer.status === 200 || answer.status === 201) && ['COMPLETED', 'PENDING'].includes(String(answer.body.status)));
    if (!done) {
      logger.error(`The refund of PayPal capture ${order.capture_id} (order ${order.order_id}) failed; it will be retried`, {
        status: answer.status,
        body: answer.body,
      });
      return false;
    }
    const at = now();
    const changed = await db.transaction(async (tx) => {
      const [row] = await tx.query(
        `UPDATE payment_orders SET status = 'refunded', refund_id = $2, updated_at = $3
         WHERE payment_id = $1::uuid AND status = 'refund_due' RETURNING 1`,
        [order.payment_id, refundId, at],
      );
      if (!row) return null;
      await tx.query(
        "UPDATE appointments SET payment_status = 'refunded', updated_at = $2 WHERE appointment_id = $1::uuid AND status = 'cancelled'",
        [order.appointment_id, at],
      );
      const appointment = await readAppointment(tx, order.appointment_id);
      const [member] = await tx.query<{ email: string; first_name: string }>(
        'SELECT p.email, p.first_name FROM appointments a JOIN member_profiles p ON p.profile_id = a.profile_id WHERE a.appointment_id = $1::uuid',
        [order.appointment_id],
      );
      return member ? { appointment, member: { email: member.email, firstName: member.first_name } satisfies BookedMember } : null;
    });
    // Only the call that marked it refunded tells the member, so one refund sends one email.
    if (changed) await mail.refunded(changed.appointment, changed.member, order.amount, order.refund_reason ?? 'cancelled');
    return true;
  };
}
