/**
 * Card payments that need a person (GET /api/staff/payments): refunds on
 * their way, pending or failed at PayPal, and payments PayPal reported
 * wrong after the fact. Shared by the staff console and the server.
 */
import { APPOINTMENT_STATUSES, PAYMENT_STATUSES } from './booking';
import { z } from './schema-kit';

/**
 * amount_mismatch: PayPal captured another amount or currency than the
 * order's, so nothing was booked and the money goes back. The others come
 * from PayPal after a booking was confirmed, which stays confirmed until
 * staff decide: capture_denied (PayPal now says the payment was denied),
 * capture_reversed (the card's bank took it back), refunded_at_paypal
 * (someone refunded it in PayPal, not through this site).
 */
export const PAYMENT_PROBLEMS = ['amount_mismatch', 'capture_denied', 'capture_reversed', 'refunded_at_paypal'] as const;
export type PaymentProblem = (typeof PAYMENT_PROBLEMS)[number];

export const PAYMENT_PROBLEM_LABELS: Record<PaymentProblem, string> = {
  amount_mismatch: 'Wrong amount taken: not booked, refunded',
  capture_denied: 'Payment denied by PayPal after booking',
  capture_reversed: 'Payment taken back by the card’s bank',
  refunded_at_paypal: 'Refunded in PayPal, booking still confirmed',
};

/** The payment order statuses staff see (server/modules/payments/settle.ts). */
export const PAYMENT_ORDER_STATES = ['refund_due', 'refund_pending', 'refund_failed', 'refunded', 'completed', 'failed', 'declined', 'created', 'creating', 'abandoned'] as const;
export type PaymentOrderState = (typeof PAYMENT_ORDER_STATES)[number];

export const paymentNeedingAttentionSchema = z.strictObject({
  payment_id: z.string(),
  order_id: z.nullable(z.string()),
  capture_id: z.nullable(z.string()),
  refund_id: z.nullable(z.string()),
  status: z.enum(PAYMENT_ORDER_STATES),
  problem: z.nullable(z.enum(PAYMENT_PROBLEMS)),
  problem_detail: z.nullable(z.string()),
  /** Pence ordered. */
  amount: z.number(),
  /** ISO instant of the last change. */
  updated_at: z.string(),
  appointment_id: z.string(),
  appointment_status: z.enum(APPOINTMENT_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  event_id: z.string(),
  event_name: z.string(),
  /** YYYY-MM-DD */
  event_date: z.string(),
  /** The member's; all four null once he erased his account (ADR 0021). */
  profile_id: z.nullable(z.number()),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  email: z.nullable(z.string()),
});

/** GET /api/staff/payments, declared once: those needing action first, then the most recently changed; at most 200. */
export const staffPaymentsAnswerSchema = z.strictObject({ payments: z.array(paymentNeedingAttentionSchema) });

export type PaymentNeedingAttention = z.output<typeof paymentNeedingAttentionSchema>;
export type StaffPaymentsAnswer = z.output<typeof staffPaymentsAnswerSchema>;
