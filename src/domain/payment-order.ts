/**
 * The checkout's own answers, declared once (docs/decisions/0009-card-payments.md):
 * GET /api/payments/checkout, POST /api/payments/orders (201) and PUT
 * /api/payments/transactions. The capture's answer is not declared yet: it
 * answers 201 for a new capture and 200 for one found again.
 */
import { appointmentSchema } from './booking-answers';
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

/** GET /api/payments/checkout?eventId=: the price and the member's hold or booking for the event, which a reload of /checkout resumes. */
export const checkoutStateSchema = z.strictObject({
  /** Pence, from the event row. */
  amount: z.number(),
  /** The member's live hold or confirmed booking for the event, if any. */
  appointment: z.nullable(appointmentSchema),
  /** ISO instant the hold ends; null without a live hold. */
  holdExpiresAt: z.nullable(z.string()),
  /** Seconds the hold has left, on the server's clock (a phone's own clock may be off). */
  holdSecondsLeft: z.nullable(z.number()),
});

export type CheckoutState = z.output<typeof checkoutStateSchema>;
