/**
 * Cancelling a booking paid by card from My bookings
 * (docs/rules.md#refund-policy): more than 2 business days ahead refunds
 * through PayPal and emails the member; within 2 business days the member must
 * confirm that no refund applies; a refund PayPal does not take at once is
 * retried by the reconciler. Also the page's transaction report and its error
 * log.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Appointment } from '../../../../src/domain/booking';
import { cancelledOutcomeText, NO_REFUND_MESSAGE } from '../../../../src/domain/refund-policy';

import type { Payments } from '..';
import { getJson, testApp, runJobs } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { approveCard, capture, orderFor, testPayments } from '../../../../tests/fixtures/payments';
import { sentMail } from '../../../../tests/fixtures/mail';

// Wednesday 10 June 2026, 10:00 in London.
const NOW = new Date('2026-06-10T09:00:00Z');

describe.each(ENGINES)('refunds, reports and logs on %s', (engine) => {
  let test: TestDatabase;
  let payments: Payments;
  let member: FastMember;
  let other: FastMember;
  const app = () => testApp({ db: test.db, now: NOW, payments });
  // Saturday 20 June: Thursday to Friday of next week are 7 business days away.
  const later = makeEvent({ event_name: 'Later', payment_required: true, price: 2500, event_date: '2026-06-20' });
  // Monday 15 June (booking closes 48 h ahead: still open): Thursday and Friday are 2 business days.
  const soon = makeEvent({ event_name: 'Soon', payment_required: true, price: 2500, event_date: '2026-06-15' });

  async function paidBooking(who: FastMember, eventId: string) {
    const order = await orderFor(app(), who, eventId);
    await approveCard(app(), order.body.id);
    const res = await capture(app(), who, order.body.id);
    expect(res.status).toBe(201);
    return { orderId: order.body.id, appointmentId: order.body.appointmentId };
  }
  const cancel = (who: FastMember, id: string, body?: unknown) =>
    getJson<{ refund: string | null; appointment: Appointment; error?: string; message: string }>(
      app(),
      `/api/appointments/${id}/cancel`,
      body === undefined ? { method: 'POST', headers: { Authorization: `Bearer ${who.token}` } } : sendJson(who.token, body),
    );

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    payments = testPayments(test.db, () => NOW);
    await replaceEvents(test.db, [later, soon]);
  });
  beforeEach(async () => {
    // Whatever an earlier test left queued goes first, then its rows are cleared.
    await runJobs(test.db);
    for (const table of ['payment_transactions', 'payment_page_reports', 'client_error_logs', 'payment_orders', 'member_appointments', 'appointments', 'outbox', 'request_throttles']) {
      await test.db.query(`DELETE FROM ${table}`);
    }
    [member, other] = (await fastMembers(test.db, 2, NOW)) as [FastMember, FastMember];
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('more than 2 business days ahead: refunded in full through PayPal, and emailed', async () => {
    const { orderId, appointmentId } = await paidBooking(member, later.event_id);
    const asked = await getJson(app(), `/api/appointments/${appointmentId}/cancellation`, { headers: { Authorization: `Bearer ${member.token}` } });
    // Wednesday 10 June plus 14 business days: Tuesday 30 June. The dialog and the email state this one outcome.
    const outcome = { refund: 'full', paidPence: 2500, refundPence: 2500, refundBy: '2026-06-30' } as const;
    expect(asked.body).toEqual({ refund: 'full', outcome });
    const res = await cancel(member, appointmentId);
    expect(res.status).toBe(200);
    // The refund is a job queued with the cancellation: the answer comes before PayPal is asked.
    expect(res.body).toMatchObject({ refund: 'full', outcome, appointment: { status: 'cancelled' } });
    expect(await runJobs(test.db)).toBeGreaterThanOrEqual(2);
    expect((await test.db.query('SELECT payment_status FROM appointments WHERE appointment_id = $1', [appointmentId]))[0]).toEqual({ payment_status: 'refunded' });
    const atPayPal = await payments.paypal.getOrder(orderId);
    expect(atPayPal.body).toMatchObject({ purchase_units: [{ payments: { captures: [{ status: 'REFUNDED' }] } }] });
    const subjects = (await sentMail(test.db, 10)).map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining(['Refund: Later', 'Booking cancelled: Later']));
    const refundMail = (await sentMail(test.db, 10)).find((m) => m.subject === 'Refund: Later');
    expect(refundMail?.text).toContain('more than 2 business days before it, so we have refunded £25.00');
    const cancelMail = (await sentMail(test.db, 10)).find((m) => m.subject === 'Booking cancelled: Later')!;
    expect(cancelMail.text).toContain(cancelledOutcomeText(outcome));
    expect(cancelMail.text).toContain('£25.00 will be issued to your card by Tuesday, 30 June 2026 at the latest');
    expect(cancelMail.html).toContain(cancelledOutcomeText(outcome));
  });

  it('within 2 business days: asks for confirmation first, then cancels with no refund', async () => {
    const { orderId, appointmentId } = await paidBooking(member, soon.event_id);
    const asked = await getJson(app(), `/api/appointments/${appointmentId}/cancellation`, { headers: { Authorization: `Bearer ${member.token}` } });
    const outcome = { refund: 'none', paidPence: 2500 } as const;
    expect(asked.body).toEqual({ refund: 'none', outcome });
    const refused = await cancel(member, appointmentId);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'no_refund_confirmation_required', message: NO_REFUND_MESSAGE });
    const res = await cancel(member, appointmentId, { acceptNoRefund: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ refund: 'none', outcome, appointment: { status: 'cancelled', payment_status: 'paid by card' } });
    const cancelMail = (await sentMail(test.db, 10)).find((m) => m.subject === 'Booking cancelled: Soon')!;
    expect(cancelMail.text).toContain('You cancelled within 2 business days of the event, so under our refund policy the £25.00 you paid is not refunded.');
    expect(cancelMail.text).not.toContain('48 hours');
    expect((await payments.paypal.getOrder(orderId)).body).toMatchObject({ purchase_units: [{ payments: { captures: [{ status: 'COMPLETED' }] } }] });
  });

  it('a refund_due order with no job gets one from the reconciler, and is refunded once', async () => {
    const { appointmentId } = await paidBooking(member, later.event_id);
    await runJobs(test.db);
    // The cancellation committed and the process stopped before PayPal was asked.
    await test.db.query(
      "UPDATE appointments SET status = 'cancelled', cancelled_at = $2 WHERE appointment_id = $1",
      [appointmentId, NOW],
    );
    await test.db.query("UPDATE payment_orders SET status = 'refund_due', refund_reason = 'cancelled', updated_at = $1", [new Date(NOW.getTime() - 120_000)]);
    expect((await payments.reconcile()).refundsQueued).toBe(1);
    // Queued again while its job waits: still one job.
    expect((await payments.reconcile()).refundsQueued).toBe(1);
    expect(await runJobs(test.db)).toBe(2);
    expect((await test.db.query('SELECT payment_status FROM appointments'))[0]).toEqual({ payment_status: 'refunded' });
    expect((await payments.reconcile()).refundsQueued).toBe(0);
    expect((await sentMail(test.db, 10)).filter((m) => m.subject.startsWith('Refund'))).toHaveLength(1);
  });

  it('a refund job whose process died after PayPal refunded is tried again and refunds nothing twice', async () => {
    const { orderId, appointmentId } = await paidBooking(member, later.event_id);
    await runJobs(test.db);
    const res = await cancel(member, appointmentId);
    expect(res.status).toBe(200);
    // The worker asked PayPal (with the refund's fixed request id) and was killed before recording the answer.
    const [order] = await test.db.query<{ payment_id: string; capture_id: string }>('SELECT payment_id::text AS payment_id, capture_id FROM payment_orders');
    const reached = await payments.paypal.refundCapture(order!.capture_id, `chaps-refund-${order!.payment_id}`);
    expect([200, 201]).toContain(reached.status);
    // The job is still there (its try never completed): the next try gets PayPal's same refund back.
    await runJobs(test.db);
    await runJobs(test.db);
    const atPayPal = await payments.paypal.getOrder(orderId);
    expect((atPayPal.body.purchase_units as { payments: { refunds?: unknown[] } }[])[0]!.payments.refunds).toHaveLength(1);
    expect((await test.db.query('SELECT payment_status FROM appointments WHERE appointment_id = $1', [appointmentId]))[0]).toEqual({ payment_status: 'refunded' });
    expect((await sentMail(test.db, 10)).filter((m) => m.subject.startsWith('Refund'))).toHaveLength(1);
  });

  it('PUT /api/payments/transactions keeps the page’s own note, for the member’s own orders only', async () => {
    const { orderId } = await paidBooking(member, later.event_id);
    const data = { payer_name: 'A', amount: '25.00', payment_reference: orderId, status: 'COMPLETED' };
    expect((await getJson(app(), '/api/payments/transactions', sendJson(member.token, { data }, 'PUT'))).body).toEqual({ status: 'success' });
    expect((await getJson(app(), '/api/payments/transactions', sendJson(other.token, { data }, 'PUT'))).status).toBe(404);
    expect((await getJson(app(), '/api/payments/transactions', sendJson(member.token, { data: 'x' }, 'PUT'))).status).toBe(422);
    expect((await getJson(app(), '/api/payments/transactions', sendJson(member.token, { data: { big: 'x'.repeat(20_000) } }, 'PUT'))).status).toBe(413);
    expect((await getJson(app(), '/api/payments/transactions', sendJson(null, { data }, 'PUT'))).status).toBe(401);
    const rows = await test.db.query('SELECT order_id, data FROM payment_page_reports');
    expect(rows).toEqual([{ order_id: orderId, data }]);
    // The server's own record is untouched by what the page says.
    expect(await test.db.query('SELECT count(*)::integer AS n FROM payment_transactions')).toEqual([{ n: 1 }]);
  });

  it('POST /api/logs/error always answers 202, keeps signed-in reports cut to size, and throttles', async () => {
    const post = (token: string | null, body: unknown) => getJson(app(), '/api/logs/error', sendJson(token, body));
    expect((await post(member.token, { errorMessage: 'Payment Failure', description: `card\u0000 declined ${'x'.repeat(5000)}` })).status).toBe(202);
    expect((await post(null, { errorMessage: 'anonymous', description: 'x' })).status).toBe(202);
    expect((await post(member.token, 'not json')).status).toBe(202);
    expect((await post(member.token, { errorMessage: 'big', description: 'x'.repeat(20_000) })).status).toBe(202);
    const [row] = await test.db.query<{ error_message: string; description: string }>('SELECT error_message, description FROM client_error_logs');
    expect(row!.error_message).toBe('Payment Failure');
    expect(row!.description.startsWith('card declined')).toBe(true);
    expect(row!.description).toHaveLength(4000);
    for (let i = 0; i < 40; i += 1) expect((await post(member.token, { errorMessage: `m${i}`, description: '' })).status).toBe(202);
    expect(await test.db.query('SELECT count(*)::integer AS n FROM client_error_logs')).toEqual([{ n: 30 }]);
  });
});
