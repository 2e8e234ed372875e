/**
 * The checkout's own answers, declared once (docs/decisions/0009-card-payments.md):
 * GET /api/payments/checkout, POST /api/payments/orders (201) and PUT
 * /api/payments/transactions, and POST /api/payments/orders/:id/capture, which
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

const text = () => z.nullable(z.string());

/** One capture as the page is told of it: its id, status, amount and the card checks' codes. */
const pageCaptureSchema = z.strictObject({
  id: text(),
  status: text(),
  amount: z.strictObject({ currency_code: text(), value: text() }),
  processor_response: z.strictObject({ avs_code: text(), cvv_code: text(), response_code: text() }),
});

/**
 * POST /api/payments/orders/:id/capture, 201 for a new capture and 200 for
 * one found again: the part of PayPal's capture answer the page may see (the
 * order's id and status, the card and the capture; no links, no payer
 * e-mail) and the booking it paid for, confirmed, or null. An order settled
 * without the member's own capture (by PayPal's webhook) has only the
 * booking. A decline is not this answer: it keeps PayPal's error shape.
 */
export const capturedOrderSchema = z.strictObject({
  id: z.optional(text()),
  status: z.optional(text()),
  payment_source: z.optional(
    z.strictObject({
      card: z.strictObject({
        name: text(),
        type: text(),
        brand: text(),
        last_digits: text(),
        expiry: text(),
        bin_details: z.strictObject({ issuing_bank: text() }),
      }),
    }),
  ),
  purchase_units: z.optional(z.array(z.strictObject({ payments: z.strictObject({ captures: z.array(pageCaptureSchema) }) }))),
  appointment: z.nullable(appointmentSchema),
});

export type CapturedOrder = z.output<typeof capturedOrderSchema>;
