/**
 * What PayPal says after the answer, and what the member and staff see:
 * a capture of another amount than the order's confirms nothing, is
 * refunded (by the refund job, retried while PayPal refuses) and shown to
 * staff; a refund PayPal leaves PENDING is "refund pending" until PayPal
 * completes it (from its webhook's job: one email) or fails it (read back
 * by the reconciler: "refund failed", for staff); a confirmed booking's
 * payment reversed at PayPal is flagged, not cancelled, even when PayPal
 * shows no refund for the reversal (its capture is read). Refunds, emails
 * and webhooks are jobs: the tests run them (runPayments).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Appointment } from '../../../../src/domain/booking';
import type { AttendeeList } from '../../../../src/domain/staff-attendees';
import type { PaymentNeedingAttention } from '../../../../src/domain/staff-payments-answer';
import { readOutbox } from '../../../platform/mail';
import type { Payments } from '..';
import type { SandboxControl } from '../../../stand-ins/paypal-sandbox/routes';
import { getJson, runJobs, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { approveCard, capture, orderFor, runPayments, testPayments } from '../../../../tests/fixtures/payments';
import { makeStaff } from '../../../../tests/fixtures/staff';

// Wednesday 10 June 2026, 10:00 in London; the event on Saturday 20 June is more than 2 business days away.
const NOW = new Date('2026-06-10T09:00:00Z');
const TABLES = [
  'payment_transactions', 'payment_orders', 'paypal_webhook_events', 'member_appointments', 'appointments', 'outbox', 'request_throttles',
  'dev_paypal_webhooks', 'dev_paypal_tokens', 'dev_paypal_requests', 'dev_paypal_refunds',
];

describe.each(ENGINES)('refund states, the amount check and reversals on %s', (engine) => {
  let test: TestDatabase;
  let payments: Payments;
  let control: SandboxControl;
  let member: FastMember;
  let staff: FastMember;
  let clock: Date;
  const event = makeEvent({ event_name: 'Later', payment_required: true, price: 2500, event_date: '2026-06-20' });
  const app = () => testApp({ db: test.db, now: () => clock, payments });
  const as = (who: FastMember) => ({ headers: { Authorization: `Bearer ${who.token}` } });
  // Runs what is due first (emails are jobs, and may wait on a webhook's job).
  const subjects = async () => {
    await runPayments(test.db, payments);
    return (await readOutbox(test.db, 50)).map((m) => m.subject);
  };
  const settled = () => runPayments(test.db, payments);
  const order = async () => (await test.db.query('SELECT status, refund_reason, refund_id, problem, problem_detail FROM payment_orders'))[0]!;
  const mine = async () => (await getJson<{ appointments: Appointment[] }>(app(), '/api/appointments', as(member))).body.appointments;
  const attendees = async () => (await getJson<AttendeeList>(app(), `/api/staff/events/${event.event_id}/attendees`, as(staff))).body.attendees;
  const attention = async () => {
    const res = await getJson<{ payments: PaymentNeedingAttention[] }>(app(), '/api/staff/payments', as(staff));
    expect(res.status).toBe(200);
    return res.body.payments;
  };

  async function pay(cardholder: string) {
    const made = await orderFor(app(), member, event.event_id);
    expect(made.status).toBe(201);
    await approveCard(app(), made.body.id, { name: cardholder });
    return { made: made.body, captured: await capture(app(), member, made.body.id) };
  }
  const cancel = (id: string) => getJson<{ appointment: Appointment; refund: string }>(app(), `/api/appointments/${id}/cancel`, sendJson(member.token, {}));

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [event]);
  });
  beforeEach(async () => {
    // Whatever an earlier test left queued goes first, then its rows are cleared.
    await runJobs(test.db);
    for (const table of TABLES) await test.db.query(`DELETE FROM ${table}`);
    clock = NOW;
    payments = testPayments(test.db, () => clock, { webhooks: 'auto' });
    control = payments.sandboxControl!;
    [member] = (await fastMembers(test.db, 1, NOW)) as [FastMember];
    staff = await makeStaff(test.db, NOW);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('£0.01 captured on a £25.00 order: not confirmed, refunded, and listed for staff', async () => {
    const { made, captured } = await pay('LOCAL-CAPTURE-1P Member');
    expect(captured.status).toBe(409);
    expect(captured.body.details?.[0]?.issue).toBe('PAYMENT_AMOUNT_MISMATCH');
    // The refund is a job queued with the decision: it runs after the answer.
    expect(await order()).toMatchObject({ status: 'refund_due', refund_reason: 'amount_mismatch', problem: 'amount_mismatch' });
    await settled();
    expect(await order()).toMatchObject({
      status: 'refunded',
      refund_reason: 'amount_mismatch',
      problem: 'amount_mismatch',
      problem_detail: 'PayPal captured GBP 0.01 for an order of GBP 25.00',
    });
    expect(await test.db.query('SELECT status, payment_status FROM appointments')).toEqual([{ status: 'cancelled', payment_status: 'refunded' }]);
    expect(await test.db.query('SELECT amount, status FROM payment_transactions')).toEqual([{ amount: '0.01', status: 'COMPLETED' }]);
    const capture = ((await payments.paypal.getOrder(made.id)).body.purchase_units as { payments: { captures: { status: string }[] } }[])[0]!.payments.captures[0]!;
    expect(capture.status).toBe('REFUNDED');
    // No confirmation; the refund email names what was actually taken and returned.
    expect(await subjects()).toEqual(['Refund: Later']);
    expect((await readOutbox(test.db, 5))[0]!.text).toContain('The amount taken from your card (£0.01) did not match the price of this booking');
    expect((await attention()).map((p) => [p.status, p.problem, p.email])).toEqual([['refunded', 'amount_mismatch', member.email]]);
    // The event still has its place free.
    expect((await attendees()).filter((a) => a.status === 'confirmed')).toEqual([]);
  });

  it('the wrong amount arriving by webhook (the capture call lost) is refused the same way; while PayPal is down the refund job fails and is retried', async () => {
    const made = await orderFor(app(), member, event.event_id);
    await approveCard(app(), made.body.id, { name: 'LOCAL-CAPTURE-1P Member' });
    control.webhooks.setAutoDeliver(false);
    await payments.paypal.captureOrder(made.body.id, 'lost-answer');
    const refundCapture = payments.paypal.refundCapture;
    payments.paypal.refundCapture = async () => ({ status: 503, body: { name: 'SERVICE_UNAVAILABLE', message: 'down' } });
    try {
      expect(await control.webhooks.deliverPending()).toEqual([200]);
      // The webhook's job settles the order and queues its refund; the refund job's try fails.
      expect(await runJobs(test.db)).toBe(2);
    } finally {
      payments.paypal.refundCapture = refundCapture;
    }
    expect(await order()).toMatchObject({ status: 'refund_due', refund_reason: 'amount_mismatch', problem: 'amount_mismatch' });
    expect(await test.db.query('SELECT status, payment_status FROM appointments')).toEqual([{ status: 'cancelled', payment_status: 'unpaid' }]);
    expect((await attention()).map((p) => [p.status, p.problem])).toEqual([['refund_due', 'amount_mismatch']]);
    expect(await subjects()).toEqual([]);
    // Staff see the refund failing, to be tried again.
    const [paymentId] = (await test.db.query<{ payment_id: string }>('SELECT payment_id::text AS payment_id FROM payment_orders')).map((r) => r.payment_id);
    const failures = (await getJson<{ failures: { id: string; kind: string; state: string }[] }>(app(), '/api/staff/jobs/failures', as(staff))).body.failures;
    expect(failures.filter((f) => f.id === paymentId)).toEqual([expect.objectContaining({ kind: 'refund', state: 'retry' })]);
    // The reconciler, a little later, leaves the one job to its retries.
    clock = new Date(NOW.getTime() + 2 * 60_000);
    expect(await payments.reconcile()).toMatchObject({ refundsQueued: 1, refunded: 0 });
    expect(await runJobs(test.db)).toBe(0);
    // Its retry (staff's Retry now, here) returns the money once.
    expect((await getJson(app(), `/api/staff/jobs/refund/${paymentId}/retry`, sendJson(staff.token, {}))).status).toBe(200);
    await settled();
    expect(await order()).toMatchObject({ status: 'refunded' });
    expect(await subjects()).toEqual(['Refund: Later']);
  });

  it('a refund PayPal answers PENDING is "refund pending" until its webhook says COMPLETED; then one email', async () => {
    const { made, captured } = await pay('LOCAL-REFUND-PENDING Member');
    expect(captured.status).toBe(201);
    const cancelled = await cancel(made.appointmentId);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.appointment).toMatchObject({ status: 'cancelled' });
    // The refund job asks PayPal after the answer, and records its PENDING; nothing retries it.
    await settled();
    expect((await mine()).map((a) => [a.status, a.payment_status])).toEqual([['cancelled', 'refund pending']]);
    expect((await getJson<{ failures: unknown[] }>(app(), '/api/staff/jobs/failures', as(staff))).body.failures).toEqual([]);
    const pending = await order();
    expect(pending).toMatchObject({ status: 'refund_pending', refund_reason: 'cancelled' });
    expect(pending.refund_id).toMatch(/^[A-Z0-9]{17}$/);
    expect((await mine()).map((a) => [a.status, a.payment_status])).toEqual([['cancelled', 'refund pending']]);
    expect((await attendees()).map((a) => a.payment_status)).toEqual(['refund pending']);
    expect((await attention()).map((p) => p.status)).toEqual(['refund_pending']);
    // Cancelled before its confirmation left the queue: the confirmation's reason (this booking, confirmed) is gone, so it is dropped.
    expect((await subjects()).sort()).toEqual(['Booking cancelled: Later']);
    expect((await test.db.query<{ kind: string; reason: string }>('SELECT kind, reason FROM dropped_emails')).map((d) => [d.kind, d.reason])).toContainEqual([
      'booking_confirmed',
      'booking_at',
    ]);
    // The reconciler asks PayPal meanwhile and finds it still pending.
    clock = new Date(NOW.getTime() + 2 * 60_000);
    expect(await payments.reconcile()).toMatchObject({ refunded: 0, refundsFailed: 0 });

    expect((await control.completeRefund(String(pending.refund_id))).status).toBe(200);
    await settled();
    const refunded = (await control.webhooks.sent()).filter((s) => s.event_type === 'PAYMENT.CAPTURE.REFUNDED');
    expect(refunded.map((s) => s.last_status)).toEqual([200]);
    expect(await order()).toMatchObject({ status: 'refunded' });
    expect((await mine()).map((a) => a.payment_status)).toEqual(['refunded']);
    expect((await attendees()).map((a) => a.payment_status)).toEqual(['refunded']);
    expect(await attention()).toEqual([]);
    // Redelivered, and the reconciler again: still one refund email.
    expect(await control.webhooks.resend(refunded[0]!.transmission_id)).toBe(200);
    expect((await payments.reconcile()).refunded).toBe(0);
    expect((await subjects()).filter((s) => s.startsWith('Refund'))).toEqual(['Refund: Later']);
  });

  it('a refund PENDING then FAILED is found by the reconciler and shown to staff as "refund failed"; no refund email', async () => {
    const { made } = await pay('LOCAL-REFUND-PENDING Member');
    await cancel(made.appointmentId);
    await settled();
    const { refund_id: refundId } = await order();
    expect((await control.failRefund(String(refundId))).body).toMatchObject({ status: 'FAILED' });
    clock = new Date(NOW.getTime() + 2 * 60_000);
    expect(await payments.reconcile()).toMatchObject({ refunded: 0, refundsFailed: 1 });
    expect(await order()).toMatchObject({ status: 'refund_failed', refund_id: refundId });
    expect((await mine()).map((a) => a.payment_status)).toEqual(['refund failed']);
    expect((await attendees()).map((a) => a.payment_status)).toEqual(['refund failed']);
    expect((await attention()).map((p) => [p.status, p.refund_id, p.first_name])).toEqual([['refund_failed', refundId, 'Alan']]);
    expect((await subjects()).filter((s) => s.startsWith('Refund'))).toEqual([]);
    // Not retried by itself: the same request id would only get the same FAILED answer.
    expect(await payments.reconcile()).toMatchObject({ refunded: 0, refundsFailed: 0 });
  });

  it('a confirmed booking whose payment PayPal reverses is flagged for staff, not cancelled', async () => {
    const { made } = await pay('Alan Member');
    await settled();
    const [paidOrder] = await test.db.query<{ capture_id: string }>('SELECT capture_id FROM payment_orders');
    const captureId = paidOrder!.capture_id;
    expect((await control.reverseCapture(captureId)).status).toBe(200);
    await settled();
    expect(await order()).toMatchObject({ status: 'completed', problem: 'capture_reversed' });
    expect((await order()).problem_detail).toContain('CHARGEBACK');
    expect((await mine()).map((a) => [a.appointment_id, a.status, a.payment_status])).toEqual([[made.appointmentId, 'confirmed', 'paid by card']]);
    expect((await attendees()).map((a) => [a.status, a.payment_status, a.payment_problem])).toEqual([['confirmed', 'paid by card', 'capture_reversed']]);
    expect((await attention()).map((p) => [p.status, p.problem, p.appointment_status])).toEqual([['completed', 'capture_reversed', 'confirmed']]);
    expect(await subjects()).toEqual(['Booking confirmed: Later']);
  });

  it('a reversal PayPal does not show as a refund (GET refund 404) is read from the capture its event links up to', async () => {
    const { made } = await pay('Alan Member');
    await settled();
    const [paidOrder] = await test.db.query<{ capture_id: string }>('SELECT capture_id FROM payment_orders');
    const captureId = paidOrder!.capture_id;
    const getRefund = payments.paypal.getRefund;
    const asked: string[] = [];
    payments.paypal.getRefund = async (id) => {
      asked.push(id);
      return { status: 404, body: { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.', details: [{ issue: 'INVALID_RESOURCE_ID' }] } };
    };
    try {
      expect((await control.reverseCapture(captureId)).status).toBe(200);
      await settled();
    } finally {
      payments.paypal.getRefund = getRefund;
    }
    const [reversal] = (await control.webhooks.sent()).filter((w) => w.event_type === 'PAYMENT.CAPTURE.REVERSED');
    expect(asked).toEqual([reversal!.resource_id]);
    expect(await test.db.query('SELECT event_type, outcome FROM paypal_webhook_events WHERE event_id = $1', [reversal!.event_id])).toEqual([
      { event_type: 'PAYMENT.CAPTURE.REVERSED', outcome: 'flagged_capture_reversed' },
    ]);
    expect(await order()).toMatchObject({ status: 'completed', problem: 'capture_reversed' });
    expect((await order()).problem_detail).toContain(captureId);
    expect((await mine()).map((a) => [a.appointment_id, a.status, a.payment_status])).toEqual([[made.appointmentId, 'confirmed', 'paid by card']]);
  });

  it('the payments list is for staff only', async () => {
    expect((await getJson(app(), '/api/staff/payments', as(member))).status).toBe(403);
    expect((await getJson(app(), '/api/staff/payments')).status).toBe(401);
  });
});
