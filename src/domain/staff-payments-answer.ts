/**
 * GET /api/staff/payments, declared once (docs/architecture.md#contract):
 * each card payment that needs a person, as the route answers it.
 */
import { APPOINTMENT_STATUSES, PAYMENT_STATUSES } from './booking';
import { z } from './schema-kit';
import { PAYMENT_ORDER_STATES, PAYMENT_PROBLEMS } from './staff-payments';

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
