/**
 * GET /api/appointments/{id}/cancellation and POST /api/appointments/{id}/cancel,
 * declared once (docs/architecture.md#contract): what cancelling would
 * refund, asked before the dialog confirms, and the booking as cancelled.
 */
import { appointmentSchema } from './booking-answers';
import { z } from './schema-kit';

export const refundDecisionSchema = z.enum(['full', 'none']);

export const cancellationOutcomeSchema = z.discriminatedUnion('refund', [
  z.strictObject({ refund: z.literal('free') }),
  z.strictObject({ refund: z.literal('none'), paidPence: z.number() }),
  z.strictObject({
    refund: z.literal('full'),
    paidPence: z.number(),
    refundPence: z.number(),
    /** YYYY-MM-DD, UK date, the latest day the refund is issued. */
    refundBy: z.string(),
  }),
]);


/** What cancelling now would refund: 'full', 'none', or null when nothing was paid by card; `outcome` carries the amount and by when. */
export const cancellationQuoteSchema = z.strictObject({
  refund: z.nullable(refundDecisionSchema),
  outcome: cancellationOutcomeSchema,
});

/** The booking as cancelled, with what was refunded, or that nothing was, and by when: the server's words for the dialog. */
export const cancelAnswerSchema = z.strictObject({
  status: z.literal('success'),
  appointment: appointmentSchema,
  refund: z.nullable(refundDecisionSchema),
  outcome: cancellationOutcomeSchema,
});

export type CancellationQuote = z.output<typeof cancellationQuoteSchema>;
export type CancelAnswer = z.output<typeof cancelAnswerSchema>;
