/**
 * POST /api/payments/orders/{id}/capture, the member's own order only.
 * PayPal is asked with a PayPal-Request-Id fixed per order, so parallel or
 * repeated calls get PayPal's one answer; settle.ts then decides once. A
 * settled order is answered from what was decided, without asking PayPal.
 * When PayPal's answer decides nothing (unreachable, already captured by a
 * call that crashed), the order is read back from PayPal and settled from
 * that; failing that, the reconciler finishes it later.
 */
import type { Appointment } from '../../../src/domain/booking';
import type { Database, Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import type { Logger } from '../../platform/logger';
import { readAppointment, type BookedMember } from '../booking';
import type { BookingMail } from '../booking';
import { captureAnswerForPage } from './capture-answer';
import { orderNotFound, PaymentError, paypalBodyForLog } from './payment-error';
import { isPayPalId, type PayPalAnswer, type PayPalApi } from './paypal-client';
import type { RefundQueue } from './refund-jobs';
import { isSettled, ORDER_COLUMNS, ORDER_ROW, REFUNDING, settle, toOrder, type AfterDecision, type PaymentOrderRow, type Settlement } from './settle';

export interface CaptureReply {
  status: 200 | 201 | 422;
  body: Record<string, unknown> & { appointment: Appointment | null };
}

export const PLACE_GONE_MESSAGE =
  'Your 15-minute hold ended before your payment arrived and the place has since been taken, so we have refunded your payment in full. Please choose another time or event.';
export const EVENT_CANCELLED_MESSAGE =
  'The charity has cancelled this event, so we have refunded your payment in full. Please choose another event.';
export const AMOUNT_MISMATCH_MESSAGE =
  'PayPal took a different amount from the price of this booking, so we could not confirm it and are refunding the payment in full. Please try again, or contact us if it happens again.';
export const NOT_CONFIRMED_MESSAGE =
  'We could not confirm your payment with PayPal just now. If your card was charged, your booking is confirmed or refunded automatically within a few minutes: please check My bookings before paying again.';

export interface CaptureDeps {
  db: Database;
  paypal: PayPalApi;
  mail: BookingMail;
  queueRefund: RefundQueue;
  now: () => Date;
  logger: Logger;
}

/** Whom to email (member_profiles' names are NOT NULL). */
const MEMBER_ROW = { email: col.text(), first_name: col.text() };
/** NULL once the member is erased (750-member-erasure.sql). */
const OWNER_ROW = { user_id: col.nullable(col.text()) };

async function memberOf(db: Queryable, appointmentId: string): Promise<BookedMember | null> {
  const row = await rowOf(
    db,
    MEMBER_ROW,
    'SELECT p.email, p.first_name FROM appointments a JOIN member_profiles p ON p.profile_id = a.profile_id WHERE a.appointment_id = $1::uuid',
    [appointmentId],
  );
  return row ? { email: row.email, firstName: row.first_name } : null;
}

export function createCapture({ db, paypal, mail, queueRefund, now, logger }: CaptureDeps) {
  /** The email or refund that follows a decision, queued in the transaction that made it (so exactly once). */
  const follow: AfterDecision = async (tx, order) => {
    if (order.status === 'completed') {
      const member = await memberOf(tx, order.appointment_id);
      if (member) await mail.confirmed(tx, await readAppointment(tx, order.appointment_id), member);
    } else if (order.status === 'refund_due') {
      if (order.refund_reason === 'amount_mismatch') {
        logger.error(`Card payment ${order.order_id} for hold ${order.appointment_id}: PayPal captured another amount than the order's; not confirmed, refunding`);
      }
      await queueRefund(tx, order.payment_id);
    } else {
      logger.warn(`Card payment ${order.order_id} for hold ${order.appointment_id} ended ${order.status}`);
    }
  };

  /** Settles from PayPal's capture answer, or from the order read back when that answer decides nothing. */
  async function settleFrom(order: PaymentOrderRow, answer: PayPalAnswer): Promise<Settlement | null> {
    // The confirmation email signs his ticket inside the deciding transaction: its key is read before it.
    await mail.prepare();
    const at = now();
    let settlement = await settle(db, order.payment_id, answer, captureAnswerForPage(answer), at, follow);
    if (!settlement && order.order_id) {
      const current = await paypal.getOrder(order.order_id);
      if (current.status === 200 && current.body.status === 'COMPLETED') {
        settlement = await settle(db, order.payment_id, current, captureAnswerForPage(current), at, follow);
      }
    }
    return settlement;
  }

  async function reply(order: PaymentOrderRow, fresh: boolean): Promise<CaptureReply> {
    const appointment = await readAppointment(db, order.appointment_id);
    if ((REFUNDING as readonly string[]).includes(order.status) || order.status === 'refunded') {
      if (order.refund_reason === 'place_gone') throw new PaymentError(409, 'PLACE_NO_LONGER_AVAILABLE', PLACE_GONE_MESSAGE);
      if (order.refund_reason === 'event_cancelled') throw new PaymentError(409, 'EVENT_CANCELLED', EVENT_CANCELLED_MESSAGE);
      if (order.refund_reason === 'amount_mismatch') throw new PaymentError(409, 'PAYMENT_AMOUNT_MISMATCH', AMOUNT_MISMATCH_MESSAGE);
    }
    const answer = order.capture_answer ?? {};
    if (Array.isArray(answer.details)) {
      const issue = String((answer.details[0] as { issue?: unknown } | undefined)?.issue ?? 'PAYMENT_FAILED');
      return { status: 422, body: { ...answer, error: issue.toLowerCase(), appointment: null } };
    }
    return { status: fresh ? 201 : 200, body: { ...answer, appointment: order.status === 'completed' || appointment.status === 'confirmed' ? appointment : null } };
  }

  return {
    /** Whose order `orderId` is, for logging a member who asks for another's. */
    async ownerOf(orderId: string): Promise<string | null> {
      if (!isPayPalId(orderId)) return null;
      const row = await rowOf(db, OWNER_ROW, 'SELECT user_id::text AS user_id FROM payment_orders WHERE order_id = $1', [orderId]);
      return row?.user_id ?? null;
    },

    follow,
    settleFrom,

    async capture(userId: string, orderId: string): Promise<CaptureReply> {
      if (!isPayPalId(orderId)) throw orderNotFound();
      const row = await rowOf(db, ORDER_ROW, `SELECT ${ORDER_COLUMNS} FROM payment_orders WHERE order_id = $1 AND user_id = $2::uuid`, [
        orderId,
        userId,
      ]);
      if (!row) throw orderNotFound();
      const order = toOrder(row);
      if (isSettled(order.status)) return reply(order, false);
      const answer = await paypal.captureOrder(orderId, `chaps-capture-${order.payment_id}`);
      const settlement = await settleFrom(order, answer);
      if (!settlement) {
        const failure = new PaymentError(502, 'PAYMENT_NOT_CONFIRMED', NOT_CONFIRMED_MESSAGE);
        logger.error(`Capture of order ${orderId} not decided (debug id ${failure.debugId})`, { status: answer.status, body: paypalBodyForLog(answer.body) });
        throw failure;
      }
      return reply(settlement.order, settlement.decidedNow);
    },
  };
}
