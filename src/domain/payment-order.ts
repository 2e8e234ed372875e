/**
 * The checkout's own answers, declared once (docs/decisions/0009-card-payments.md):
 * POST /api/payments/orders (201) and PUT /api/payments/transactions. The
 * capture's answer and GET /api/payments/checkout carry an Appointment and
 * are declared with it.
 */
import { z } from './schema-kit';

/** POST /api/payments/orders, 201: the PayPal order made (or found again) for the member's hold. */
export const createdOrderSchema = z.strictObject({
  /** PayPal's order id, which the card fields capture. */
  id: z.string(),
  /** The held appointment the order pays for. */
  appointmentId: z.string(),
  /** ISO instant the hold ends. */
  holdExpiresAt: z.string(),
  /** Pence, from the event row (a cart's amounts are ignored). */
  amount: z.number(),
  /** Seconds the hold has left, on the server's clock (a phone's own clock may be off). */
  holdSecondsLeft: z.number(),
});

export type CreatedOrderAnswer = z.output<typeof createdOrderSchema>;

/** PUT /api/payments/transactions: the page's note of a transaction is kept. */
export const transactionNotedSchema = z.strictObject({ status: z.literal('success') });

export type TransactionNoted = z.output<typeof transactionNotedSchema>;
