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
import { APPOINTMENT_STATUSES, PAYMENT_STATUSES } from '../../../src/domain/booking';
import { PAYMENT_ORDER_STATES, PAYMENT_PROBLEMS } from '../../../src/domain/staff-payments';
import { staffPaymentsAnswerSchema, type PaymentNeedingAttention, type StaffPaymentsAnswer } from '../../../src/domain/staff-payments-answer';
import { responds } from '../../platform/http/contract';
import type { Database } from '../../platform/db/adapter';
import { col, rowsOf } from '../../platform/db/rows';
import type { StaffVariables } from '../auth';

const LIMIT = 200;

/** A payment needing attention, its booking and event, and its member: LEFT JOINed, NULL once he is erased (ADR 0021). */
const ATTENTION_ROW = {
  payment_id: col.text(),
  order_id: col.nullable(col.text()),
  capture_id: col.nullable(col.text()),
  refund_id: col.nullable(col.text()),
  status: col.oneOf(PAYMENT_ORDER_STATES),
  problem: col.nullable(col.oneOf(PAYMENT_PROBLEMS)),
  problem_detail: col.nullable(col.text()),
  amount: col.int(),
  updated_at: col.instant(),
  appointment_id: col.text(),
  appointment_status: col.oneOf(APPOINTMENT_STATUSES),
  payment_status: col.oneOf(PAYMENT_STATUSES),
  event_id: col.text(),
  event_name: col.text(),
  event_date: col.text(),
  profile_id: col.nullable(col.int()),
  first_name: col.nullable(col.text()),
  last_name: col.nullable(col.text()),
  email: col.nullable(col.text()),
};

export function staffPaymentsRoutes(db: Database) {
  const app = new Hono<{ Variables: StaffVariables }>();
  app.get('/', responds(staffPaymentsAnswerSchema), async (c) => {
    const rows = await rowsOf(
      db,
      ATTENTION_ROW,
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
    // The row's columns are the answer's fields; only the instant changes form.
    const payments: PaymentNeedingAttention[] = rows.map((r) => ({ ...r, updated_at: r.updated_at.toISOString() }));
    return c.json({ payments } satisfies StaffPaymentsAnswer);
  });
  return app;
}
