/**
 * /api/staff/payments: card payments that need a person (docs/decisions/0009-card-payments.md).
 * - GET / -> {payments: PaymentNeedingAttention[]} (staffPaymentsAnswerSchema): refunds due, pending or
 *   failed at PayPal, and payments PayPal reported wrong (a captured amount
 *   not the order's; a confirmed booking's payment denied, reversed or
 *   refunded at PayPal). Those needing action first (a failed refund, a
 *   problem), then the most recently changed; at most 200.
 * One query and no rule to apply, so no service: the route reads the
 * database itself (docs/architecture.md#modules).
 */
import { Hono } from 'hono';
import type { AppointmentStatus, PaymentStatus } from '../../../src/domain/booking';
import type { PaymentOrderState, PaymentProblem } from '../../../src/domain/staff-payments';
import { staffPaymentsAnswerSchema, type PaymentNeedingAttention, type StaffPaymentsAnswer } from '../../../src/domain/staff-payments-answer';
import { responds } from '../../platform/http/contract';
import type { Database } from '../../platform/db/adapter';
import type { StaffVariables } from '../auth';

const LIMIT = 200;

export function staffPaymentsRoutes(db: Database) {
  const app = new Hono<{ Variables: StaffVariables }>();
  app.get('/', responds(staffPaymentsAnswerSchema), async (c) => {
    const rows = await db.query(
      `SELECT o.payment_id::text AS payment_id, o.order_id, o.capture_id, o.refund_id, o.status, o.problem, o.problem_detail, o.amount, o.updated_at,
              o.appointment_id::text AS appointment_id, a.status AS appointment_status, a.payment_status,
              e.event_id::text AS event_id, e.event_name, to_char(e.event_date, 'YYYY-MM-DD') AS event_date,
              p.profile_id, p.first_name, p.last_name, p.email
       FROM payment_orders o
       JOIN appointments a ON a.appointment_id = o.appointment_id
       LEFT JOIN member_profiles p ON p.profile_id = a.profile_id
       JOIN events e ON e.event_id = o.event_id
       WHERE o.problem IS NOT NULL OR o.status IN ('refund_due', 'refund_pending', 'refund_failed')
       ORDER BY (o.status = 'refund_failed' OR o.problem IS NOT NULL) DESC, o.updated_at DESC, o.payment_id
       LIMIT ${LIMIT}`,
    );
    const payments: PaymentNeedingAttention[] = rows.map((r) => ({
      payment_id: String(r.payment_id),
      order_id: (r.order_id as string | null) ?? null,
      capture_id: (r.capture_id as string | null) ?? null,
      refund_id: (r.refund_id as string | null) ?? null,
      status: r.status as PaymentOrderState,
      problem: (r.problem as PaymentProblem | null) ?? null,
      problem_detail: (r.problem_detail as string | null) ?? null,
      amount: Number(r.amount),
      updated_at: (r.updated_at as Date).toISOString(),
      appointment_id: String(r.appointment_id),
      appointment_status: r.appointment_status as AppointmentStatus,
      payment_status: r.payment_status as PaymentStatus,
      event_id: String(r.event_id),
      event_name: String(r.event_name),
      event_date: String(r.event_date),
      // None once the member erased his account: the payment still needs its refund seen to (ADR 0021).
      profile_id: r.profile_id === null ? null : Number(r.profile_id),
      first_name: (r.first_name as string | null) ?? null,
      last_name: (r.last_name as string | null) ?? null,
      email: (r.email as string | null) ?? null,
    }));
    return c.json({ payments } satisfies StaffPaymentsAnswer);
  });
  return app;
}
