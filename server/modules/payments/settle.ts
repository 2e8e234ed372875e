/**
 * Settling one PayPal order from PayPal's answer, in one transaction under
 * the event's row lock (the same lock bookings take, taken first so the two
 * cannot deadlock) and then the order's row lock. The first caller records
 * the transaction and decides; every later or parallel caller finds the
 * order settled and gets the same decision back. So however many captures
 * and reconciliations race, there is one transaction row per PayPal capture
 * (capture_id is unique too) and one confirmed appointment.
 *
 * A completed capture confirms the hold with 'paid by card'. If the hold
 * had ended, it still confirms when the place is free; otherwise the
 * money is due back (refund_due, refunded by refunds.ts). A completed
 * capture of another amount or currency than the order's confirms nothing:
 * its money is due back too, and the order is flagged for staff. No outcome
 * leaves a card charged with no booking and no refund on its way.
 */
import { hasEnded } from '../../../src/domain/event-card';
import { PAYMENT_ORDER_STATES, PAYMENT_PROBLEMS, type PaymentOrderState, type PaymentProblem } from '../../../src/domain/staff-payments';
import type { Database, Queryable } from '../../platform/db/adapter';
import { col, rowOf, type RowOf } from '../../platform/db/rows';
import { EVENT_ROW, eventColumns, toScreeningEvent } from '../events';
import { addToHistory, checkPlaces } from '../booking';
import type { RefundReason } from '../booking';
import { amountMismatch, captureOutcome, transactionRecord, type CaptureOutcome } from './capture-answer';
import type { PayPalAnswer } from './paypal-client';

/** An order's status: the values the column's CHECK allows, listed once in src/domain/staff-payments.ts. */
export type PaymentOrderStatus = PaymentOrderState;
export const SETTLED = ['completed', 'declined', 'failed', 'refund_due', 'refund_pending', 'refunded', 'refund_failed'] as const satisfies readonly PaymentOrderStatus[];


/** What staff must look at on a payment (610-paypal-webhooks.sql, src/domain/staff-payments.ts). */
export type { PaymentProblem };

/** Money on its way back, or meant to be: the statuses refunds.ts moves between. */
export const REFUNDING = ['refund_due', 'refund_pending', 'refund_failed'] as const;

export const ORDER_COLUMNS = `payment_id::text AS payment_id, order_id, appointment_id::text AS appointment_id, user_id::text AS user_id,
  event_id::text AS event_id, amount, status, capture_id, capture_answer, refund_reason, refund_id, problem`;

/**
 * A row of ORDER_COLUMNS (400-payments.sql, 610-paypal-webhooks.sql): the
 * PayPal ids NULL until PayPal gives them, the user id NULL once the member
 * is erased (750-member-erasure.sql), the capture's answer the jsonb the
 * member was shown.
 */
export const ORDER_ROW = {
  payment_id: col.text(),
  order_id: col.nullable(col.text()),
  appointment_id: col.text(),
  user_id: col.nullable(col.text()),
  event_id: col.text(),
  amount: col.int(),
  status: col.oneOf(PAYMENT_ORDER_STATES),
  capture_id: col.nullable(col.text()),
  capture_answer: col.json(),
  refund_reason: col.nullable(col.text()),
  refund_id: col.nullable(col.text()),
  problem: col.nullable(col.oneOf(PAYMENT_PROBLEMS)),
};

/** A payment order as the payments module works with it: its capture answer as the object it is written as, its refund reason as the values the CHECK allows. */
export type PaymentOrderRow = Omit<RowOf<typeof ORDER_ROW>, 'capture_answer' | 'refund_reason'> & {
  capture_answer: Record<string, unknown> | null;
  refund_reason: RefundReason | null;
};

/** An order as read by ORDER_ROW (its status and problem proved by the row's shape). */
export function toOrder(row: RowOf<typeof ORDER_ROW>): PaymentOrderRow {
  return {
    ...row,
    // Only ever written from captureAnswerForPage (capture-answer.ts): an object.
    capture_answer: row.capture_answer as Record<string, unknown> | null,
    refund_reason: row.refund_reason as RefundReason | null,
  };
}

export const isSettled = (status: PaymentOrderStatus) => (SETTLED as readonly string[]).includes(status);

export interface Settlement {
  order: PaymentOrderRow;
  /** True when this call made the decision (send emails, refund); false when it was made before. */
  decidedNow: boolean;
}

async function recordTransaction(tx: Queryable, order: PaymentOrderRow, answer: PayPalAnswer, outcome: CaptureOutcome, at: Date) {
  const record = transactionRecord(order.order_id ?? '', answer);
  const captureId = outcome.kind === 'unknown' ? null : outcome.captureId;
  const issue = outcome.kind === 'recoverable' || outcome.kind === 'failed' ? outcome.issue : null;
  await tx.query(
    `INSERT INTO payment_transactions (payment_id, capture_id, payer_name, amount, payment_reference, status, payment_method,
       card_brand, card_last_digits, card_expiry, issuing_bank, avs_code, cvv_code, issue, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT (capture_id) DO NOTHING`,
    [
      order.payment_id, captureId, record.payer_name, record.amount, record.payment_reference, record.status, record.payment_method,
      record.card_brand, record.card_last_digits, record.card_expiry, record.issuing_bank, record.avs_code, record.cvv_code, issue, at,
    ],
  );
}

/**
 * Whether the captured money can become the booking: the hold is live, or
 * its place is still free; never on an event the charity has cancelled
 * (a member paying while staff cancel gets the money back).
 */
/** The hold the payment is for; its member is NULL once erased (750-member-erasure.sql). */
const HOLD_ROW = { status: col.text(), expires: col.nullable(col.instant()), start: col.text(), profile_id: col.nullable(col.int()) };
const PROFILE_ROW = { profile_id: col.nullable(col.int()) };
const EVENT_ID_ROW = { event_id: col.text() };

async function canConfirm(tx: Queryable, order: PaymentOrderRow, at: Date): Promise<true | RefundReason> {
  const [cancelled] = await tx.query('SELECT 1 FROM events WHERE event_id = $1::uuid AND cancelled_at IS NOT NULL', [order.event_id]);
  if (cancelled) return 'event_cancelled';
  const appointment = await rowOf(
    tx,
    HOLD_ROW,
    `SELECT status, hold_expires_at AS expires, to_char(slot_start, 'HH24:MI') AS start, profile_id
     FROM appointments WHERE appointment_id = $1::uuid FOR UPDATE`,
    [order.appointment_id],
  );
  if (!appointment || appointment.status === 'confirmed') return 'place_gone';
  if (appointment.status === 'held' && appointment.expires && appointment.expires.getTime() > at.getTime()) return true;
  const row = await rowOf(tx, EVENT_ROW, `SELECT ${eventColumns('$2')} FROM events WHERE event_id = $1::uuid`, [order.event_id, at]);
  if (!row) return 'place_gone';
  const event = toScreeningEvent(row);
  if (hasEnded(event, at)) return 'place_gone';
  const other = await tx.query(
    `SELECT 1 FROM appointments WHERE event_id = $1::uuid AND profile_id = $2 AND appointment_id <> $3::uuid
       AND (status = 'confirmed' OR (status = 'held' AND hold_expires_at > $4))`,
    [order.event_id, appointment.profile_id, order.appointment_id, at],
  );
  if (other.length > 0) return 'place_gone';
  try {
    await checkPlaces(tx, event, appointment.start, at, order.appointment_id);
    return true;
  } catch {
    return 'place_gone';
  }
}

async function confirm(tx: Queryable, order: PaymentOrderRow, at: Date) {
  await tx.query(
    `UPDATE appointments SET status = 'confirmed', payment_status = 'paid by card', price = $2, cancelled_at = NULL, updated_at = $3
     WHERE appointment_id = $1::uuid`,
    [order.appointment_id, order.amount, at],
  );
  const row = await rowOf(tx, EVENT_ROW, `SELECT ${eventColumns('$2')} FROM events WHERE event_id = $1::uuid`, [order.event_id, at]);
  const who = await rowOf(tx, PROFILE_ROW, 'SELECT profile_id FROM appointments WHERE appointment_id = $1::uuid', [order.appointment_id]);
  // An erased member has no history to add to.
  if (row && who && who.profile_id !== null) await addToHistory(tx, order.appointment_id, who.profile_id, toScreeningEvent(row));
}

const freeHold = (tx: Queryable, appointmentId: string, at: Date) =>
  tx.query(
    "UPDATE appointments SET status = 'cancelled', cancelled_at = $2, updated_at = $2 WHERE appointment_id = $1::uuid AND status = 'held'",
    [appointmentId, at],
  );

/** What follows a decision (the confirmation email, the refund job), queued in its transaction. */
export type AfterDecision = (tx: Queryable, order: PaymentOrderRow) => Promise<void>;

/**
 * Applies PayPal's capture (or get-order) answer to our order `paymentId`.
 * `pageAnswer` is what the member is shown, kept for replays. Resolves to
 * null when PayPal's answer decides nothing (unreachable, pending).
 * `afterDecision` runs in the deciding transaction only, so what follows a
 * decision is queued exactly once.
 */
export async function settle(
  db: Database,
  paymentId: string,
  answer: PayPalAnswer,
  pageAnswer: Record<string, unknown>,
  at: Date,
  afterDecision: AfterDecision = async () => {},
): Promise<Settlement | null> {
  const outcome = captureOutcome(answer);
  const known = await rowOf(db, EVENT_ID_ROW, 'SELECT event_id::text AS event_id FROM payment_orders WHERE payment_id = $1::uuid', [paymentId]);
  if (!known) throw new Error(`Payment ${paymentId} does not exist`);
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM events WHERE event_id = $1::uuid FOR UPDATE', [known.event_id]);
    const locked = await rowOf(tx, ORDER_ROW, `SELECT ${ORDER_COLUMNS} FROM payment_orders WHERE payment_id = $1::uuid FOR UPDATE`, [paymentId]);
    if (!locked) throw new Error(`Payment ${paymentId} vanished`);
    const order = toOrder(locked);
    if (isSettled(order.status)) return { order, decidedNow: false };
    if (outcome.kind === 'unknown') return null;

    await recordTransaction(tx, order, answer, outcome, at);
    let status: PaymentOrderStatus;
    let reason: RefundReason | null = null;
    const mismatch = outcome.kind === 'completed' ? amountMismatch(answer, order.amount) : null;
    if (mismatch) {
      status = 'refund_due';
      reason = 'amount_mismatch';
      await freeHold(tx, order.appointment_id, at);
    } else if (outcome.kind === 'completed') {
      const decision = await canConfirm(tx, order, at);
      status = decision === true ? 'completed' : 'refund_due';
      if (decision !== true) reason = decision;
      if (status === 'completed') await confirm(tx, order, at);
      else await freeHold(tx, order.appointment_id, at);
    } else if (outcome.kind === 'recoverable') {
      status = 'declined';
    } else {
      status = 'failed';
      await freeHold(tx, order.appointment_id, at);
    }
    const settled = await rowOf(
      tx,
      ORDER_ROW,
      `UPDATE payment_orders SET status = $2, capture_id = $3, capture_answer = $4, updated_at = $5,
         refund_reason = $6, problem = $7, problem_detail = $8, problem_at = CASE WHEN $7::text IS NULL THEN NULL ELSE $5::timestamptz END
       WHERE payment_id = $1::uuid RETURNING ${ORDER_COLUMNS}`,
      [paymentId, status, outcome.captureId, pageAnswer, at, reason, mismatch ? 'amount_mismatch' : null, mismatch],
    );
    const decided = toOrder(settled!);
    await afterDecision(tx, decided);
    return { order: decided, decidedNow: true };
  });
}
