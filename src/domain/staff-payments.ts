/**
 * Card payments that need a person (GET /api/staff/payments): refunds on
 * their way, pending or failed at PayPal, and payments PayPal reported
 * wrong after the fact. Shared by the staff console and the server.
 */
import type { AppointmentStatus, PaymentStatus } from './booking';

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
export type PaymentOrderState = 'refund_due' | 'refund_pending' | 'refund_failed' | 'refunded' | 'completed' | 'failed' | 'declined' | 'created' | 'creating' | 'abandoned';

export interface PaymentNeedingAttention {
  payment_id: string;
  order_id: string | null;
  capture_id: string | null;
  refund_id: string | null;
  status: PaymentOrderState;
  problem: PaymentProblem | null;
  problem_detail: string | null;
  /** Pence ordered. */
  amount: number;
  /** ISO instant of the last change. */
  updated_at: string;
  appointment_id: string;
  appointment_status: AppointmentStatus;
  payment_status: PaymentStatus;
  event_id: string;
  event_name: string;
  /** YYYY-MM-DD */
  event_date: string;
  /** The member's; all four null once he erased his account (ADR 0021). */
  profile_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}
