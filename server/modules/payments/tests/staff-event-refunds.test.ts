/**
 * Cancelling an event refunds its card payments
 * (docs/decisions/0010-staff-console.md): in full even within 2 business days
 * (the charity's decision), each recorded as a member-cancel refund is, the
 * cancellation email saying the refund is on its way. A PayPal failure leaves
 * the event cancelled and the refund due for the reconciler; double clicks and
 * parallel cancels refund each payment once; a card paid while staff cancel is
 * refunded, not booked.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Payments } from '..';
import { getJson, testApp, runJobs } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { approveCard, capture, orderFor, testPayments } from '../../../../tests/fixtures/payments';
import { auditCount, bookedMembers, makeStaff } from '../../../../tests/fixtures/staff';
import { sentMail } from '../../../../tests/fixtures/mail';

// Wednesday 10 June 2026, 10:00 in London. Friday 12 June is within 2 business days: a member cancelling would get nothing back.
const NOW = new Date('2026-06-10T09:00:00Z');
const TABLES = ['payment_transactions', 'payment_orders', 'check_ins', 'member_appointments', 'appointments', 'consents', 'staff_audit', 'outbox', 'request_throttles'];

interface CancelAnswer {
  members_emailed: number;
  refunds_due: number;

  error?: string;
}

describe.each(ENGINES)('refunds when staff cancel an event on %s', (engine) => {
  let test: TestDatabase;
  let payments: Payments;
  let staff: FastMember;
  let members: FastMember[];
  const event = makeEvent({ event_name: 'Friday Screening', payment_required: true, price: 2500, event_date: '2026-06-12' });
  const app = () => testApp({ db: test.db, now: NOW, payments });
  const cancelEvent = () => getJson<CancelAnswer>(app(), `/api/staff/events/${event.event_id}/cancel`, sendJson(staff.token, {}));

  async function paidBooking(who: FastMember, slot: string) {
    const order = await orderFor(app(), who, event.event_id, slot);
    expect(order.status).toBe(201);
    await approveCard(app(), order.body.id);
    expect((await capture(app(), who, order.body.id)).status).toBe(201);
    // Its confirmation goes now, so what a test runs next is only what the test caused.
    await runJobs(test.db);
    return order.body;
  }
  const orders = () =>
    test.db.query<{ status: string; refund_reason: string | null; refund_id: string | null }>('SELECT status, refund_reason, refund_id FROM payment_orders ORDER BY created_at');
  const captureStatus = async (orderId: string) =>
    ((await payments.paypal.getOrder(orderId)).body as { purchase_units: { payments: { captures: { status: string }[] } }[] }).purchase_units[0]!.payments.captures[0]!.status;
  const subjects = async () => (await sentMail(test.db, 50)).map((m) => m.subject);

  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  beforeEach(async () => {
    // Whatever an earlier test left queued goes first, then its rows are cleared.
    await runJobs(test.db);
    for (const table of TABLES) await test.db.query(`DELETE FROM ${table}`);
    await replaceEvents(test.db, [event]);
    payments = testPayments(test.db, () => NOW);
    staff = await makeStaff(test.db, NOW);
    members = await fastMembers(test.db, 3, NOW);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('refunds every card payment in full, records it, and tells each member the refund is on its way', async () => {
    const first = await paidBooking(members[0]!, '10:00');
    const second = await paidBooking(members[1]!, '10:15');
    const res = await cancelEvent();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ members_emailed: 2, refunds_due: 2 });
    // Emails and refunds are jobs queued with the cancellation.
    expect(await runJobs(test.db)).toBe(6);
    expect(await captureStatus(first.id)).toBe('REFUNDED');
    expect(await captureStatus(second.id)).toBe('REFUNDED');
    const rows = await orders();
    expect(rows.map((r) => [r.status, r.refund_reason])).toEqual([
      ['refunded', 'event_cancelled'],
      ['refunded', 'event_cancelled'],
    ]);
    expect(rows.every((r) => r.refund_id)).toBe(true);
    const booked = await test.db.query<{ status: string; payment_status: string }>('SELECT status, payment_status FROM appointments');
    expect(booked).toEqual([
      { status: 'cancelled', payment_status: 'refunded' },
      { status: 'cancelled', payment_status: 'refunded' },
    ]);
    const mail = await sentMail(test.db, 50);
    const cancelled = mail.filter((m) => m.subject === 'Event cancelled: Friday Screening');
    expect(cancelled).toHaveLength(2);
    expect(cancelled[0]!.text).toContain('Your card payment of £25.00 is being refunded in full: the refund is on its way');
    const refunds = mail.filter((m) => m.subject === 'Refund: Friday Screening');
    expect(refunds.map((m) => m.to).sort()).toEqual([members[0]!.email, members[1]!.email].sort());
    expect(refunds[0]!.text).toContain('The charity cancelled this event, so we have refunded £25.00 to your card in full.');
    const [audit] = await test.db.query<{ after: { payments_refund_due: string[] } }>("SELECT after FROM staff_audit WHERE action = 'event.cancel'");
    expect(audit!.after.payments_refund_due).toHaveLength(2);
  });

  it('a booking with nothing paid is cancelled without a refund line', async () => {
    const free = makeEvent({ event_id: event.event_id, event_name: 'Friday Screening', event_date: '2026-06-12' });
    await replaceEvents(test.db, [free]);
    await bookedMembers(app(), test.db, NOW, free, ['10:00']);
    const res = await cancelEvent();
    expect(res.body).toMatchObject({ members_emailed: 1, refunds_due: 0 });
    const [mail] = (await sentMail(test.db, 10)).filter((m) => m.subject.startsWith('Event cancelled'));
    expect(mail!.text).not.toContain('refund');
  });

  it('PayPal down: the event is cancelled, the refund job fails and is shown to staff, and a retry refunds once', async () => {
    const paid = await paidBooking(members[0]!, '10:00');
    const refundCapture = payments.paypal.refundCapture;
    payments.paypal.refundCapture = async () => ({ status: 503, body: { name: 'SERVICE_UNAVAILABLE', message: 'down' } });
    const res = await cancelEvent();
    await runJobs(test.db);
    payments.paypal.refundCapture = refundCapture;
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ members_emailed: 1, refunds_due: 1 });
    expect((await test.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM events WHERE cancelled_at IS NOT NULL'))[0]!.n).toBe(1);
    expect((await orders()).map((r) => [r.status, r.refund_reason])).toEqual([['refund_due', 'event_cancelled']]);
    expect(await captureStatus(paid.id)).toBe('COMPLETED');
    expect(await subjects()).not.toContain('Refund: Friday Screening');

    const failures = await getJson<{ failures: Array<{ id: string; kind: string; state: string; tries: number; last_error: string; amount_pence: number }> }>(
      app(),
      '/api/staff/jobs/failures',
      { headers: { Authorization: `Bearer ${staff.token}` } },
    );
    expect(failures.status).toBe(200);
    expect(failures.body.failures).toEqual([
      expect.objectContaining({ kind: 'refund', state: 'retry', tries: 1, amount_pence: 2500, last_error: expect.stringMatching(/PayPal did not take the refund/) }),
    ]);
    // A reconciler sweep meanwhile adds no second job; staff press Retry once PayPal is back.
    await testPayments(test.db, () => new Date(NOW.getTime() + 2 * 60_000)).reconcile();
    const [failed] = failures.body.failures;
    const retried = await getJson(app(), `/api/staff/jobs/refund/${failed!.id}/retry`, { method: 'POST', headers: { Authorization: `Bearer ${staff.token}` } });
    expect(retried.status).toBe(200);
    // Retry tries the refund in the request and says how it went; its email is the one job left.
    expect(retried.body).toEqual({ status: 'success', outcome: 'done' });
    expect(await runJobs(test.db)).toBe(1);
    expect(await runJobs(test.db)).toBe(0);
    expect((await getJson(app(), `/api/staff/jobs/refund/${failed!.id}/retry`, { method: 'POST', headers: { Authorization: `Bearer ${staff.token}` } })).status).toBe(404);
    expect(await captureStatus(paid.id)).toBe('REFUNDED');
    expect((await orders()).map((r) => r.status)).toEqual(['refunded']);
    expect((await subjects()).filter((s) => s === 'Refund: Friday Screening')).toHaveLength(1);
  });

  it('one refund PayPal refuses does not hold up the others', async () => {
    await paidBooking(members[0]!, '10:00');
    await paidBooking(members[1]!, '10:15');
    await paidBooking(members[2]!, '10:30');
    const [refused] = await test.db.query<{ capture_id: string }>('SELECT capture_id FROM payment_orders ORDER BY created_at LIMIT 1');
    const refundCapture = payments.paypal.refundCapture;
    payments.paypal.refundCapture = async (captureId, requestId) =>
      captureId === refused!.capture_id ? { status: 0, body: { name: 'UNREACHABLE', message: 'timeout' } } : refundCapture(captureId, requestId);
    const res = await cancelEvent();
    await runJobs(test.db);
    payments.paypal.refundCapture = refundCapture;
    expect(res.body).toMatchObject({ members_emailed: 3, refunds_due: 3 });
    expect((await orders()).map((r) => r.status)).toEqual(['refund_due', 'refunded', 'refunded']);
  });

  it('double clicks and parallel cancels cancel once and refund each payment once', async () => {
    const first = await paidBooking(members[0]!, '10:00');
    await paidBooking(members[1]!, '10:15');
    const answers = await Promise.all(Array.from({ length: 6 }, () => cancelEvent()));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error === 'event_cancelled')).toBe(true);
    expect(await auditCount(test.db, 'event.cancel')).toBe(1);
    await runJobs(test.db);
    expect((await orders()).map((r) => r.status)).toEqual(['refunded', 'refunded']);
    expect((await subjects()).filter((s) => s === 'Refund: Friday Screening')).toHaveLength(2);
    expect((await subjects()).filter((s) => s === 'Event cancelled: Friday Screening')).toHaveLength(2);
    // A later reconciler run finds nothing left to refund.
    expect((await testPayments(test.db, () => new Date(NOW.getTime() + 5 * 60_000)).reconcile()).refundsQueued).toBe(0);
    expect(await captureStatus(first.id)).toBe('REFUNDED');
  });

  it('a card paid while staff cancel is refunded, not booked, and the page is told why', async () => {
    const order = await orderFor(app(), members[2]!, event.event_id, '11:00');
    expect(order.status).toBe(201);
    await approveCard(app(), order.body.id);
    const res = await cancelEvent();
    expect(res.body).toMatchObject({ refunds_due: 0 });
    const captured = await capture(app(), members[2]!, order.body.id);
    expect(captured.status).toBe(409);
    expect(captured.body.details?.[0]?.issue).toBe('EVENT_CANCELLED');
    await runJobs(test.db);
    expect(await captureStatus(order.body.id)).toBe('REFUNDED');
    expect((await orders()).map((r) => [r.status, r.refund_reason])).toEqual([['refunded', 'event_cancelled']]);
    const [booking] = await test.db.query<{ status: string; payment_status: string }>('SELECT status, payment_status FROM appointments');
    expect(booking).toEqual({ status: 'cancelled', payment_status: 'refunded' });
    expect((await subjects()).filter((s) => s.startsWith('Booking confirmed'))).toHaveLength(0);
    expect((await subjects()).filter((s) => s === 'Refund: Friday Screening')).toHaveLength(1);
  });
});

