/**
 * Card payments that need a person (GET /api/staff/payments): refunds on
 * their way, pending or failed at PayPal, and payments PayPal reported
 * wrong after the fact. Shared by the staff console and the server; the
 * answer's schema is in staff-payments-answer.ts, so the attendee list,
 * which shows these labels, does not load zod for it.
 */
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
