/**
 * POST /api/payments/webhooks against the local sandbox, which signs and
 * sends PayPal's webhooks and answers PayPal's signature check. The route
 * answers 200 once the event is stored and its paypal_webhook job queued;
 * the job acts on it (tests run it with runJobs). Its own webhooks arrive
 * after the capture and change nothing twice; a replayed event is one job
 * and acted on once; events out of order end in the state PayPal holds
 * (the resource is read back, not the event trusted); a capture the server
 * never heard of is settled from its webhook; a job that cannot read
 * PayPal is retried, shown to staff meanwhile; a token PayPal revokes
 * mid-life is renewed with one retry. What the route refuses (forged,
 * altered, not UTF-8) and exact-bytes verification are
 * payments-webhook-signatures.test.ts; the shared setup is
 * payments-webhooks-setup.ts.
 */
import { describe, expect, it } from 'vitest';
import { webhookJobId } from '../webhook-jobs';
import { getJson, runJobs } from '../../../../tests/fixtures/app';
import { ENGINES } from '../../../../tests/fixtures/db';
import { approveCard, capture, orderFor, runPayments } from '../../../../tests/fixtures/payments';
import { makeStaff } from '../../../../tests/fixtures/staff';
import { NOW, webhookSuite } from './payments-webhooks-setup';

describe.each(ENGINES)('PayPal webhooks on %s', (engine) => {
  const { suite, paid, app, count, subjects, appointment, order, outcomes, webhookJobs, kept, headersOf, post, capturedAtPayPalOnly } = webhookSuite(engine);

  it('the sandbox sends its signed webhook after the capture’s answer; acting on it changes nothing twice', async () => {
    const { test, payments, control, member } = suite;
    control.webhooks.setAutoDeliver(true);
    const made = await orderFor(app(), member, paid.event_id);
    await approveCard(app(), made.body.id);
    expect((await capture(app(), member, made.body.id)).status).toBe(201);
    await control.webhooks.settled();
    const sent = await control.webhooks.sent();
    expect(sent.map((s) => [s.event_type, s.last_status])).toEqual([['PAYMENT.CAPTURE.COMPLETED', 200]]);
    // Answered once stored: its job has not run yet.
    expect(await test.db.query('SELECT event_type, resource_type, outcome FROM paypal_webhook_events')).toEqual([
      { event_type: 'PAYMENT.CAPTURE.COMPLETED', resource_type: 'capture', outcome: null },
    ]);
    expect(await webhookJobs(sent[0]!.event_id)).toEqual([{ id: webhookJobId(sent[0]!.event_id), state: 'created' }]);
    await runPayments(test.db, payments);
    expect(await test.db.query('SELECT event_type, resource_type, outcome FROM paypal_webhook_events')).toEqual([
      { event_type: 'PAYMENT.CAPTURE.COMPLETED', resource_type: 'capture', outcome: 'no_change' },
    ]);
    expect(await appointment(made.body.appointmentId)).toEqual({ status: 'confirmed', payment_status: 'paid by card' });
    expect(await subjects()).toEqual(['Booking confirmed: Paid']);
  });

  it('a capture the server never heard of is confirmed by its webhook’s job; replays, even in parallel, are one job', async () => {
    const { test } = suite;
    const { appointmentId } = await capturedAtPayPalOnly();
    const [completed] = await kept();
    const eventId = (JSON.parse(completed!.event) as { id: string }).id;
    const replies = await Promise.all([1, 2, 3].map(() => post(completed!.event, headersOf(completed!))));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await post(completed!.event, headersOf(completed!))).body).toEqual({ status: 'received' });
    // The answers came before anything was acted on: one event stored, one job queued.
    expect(await appointment(appointmentId)).toEqual({ status: 'held', payment_status: 'unpaid' });
    expect(await webhookJobs(eventId)).toEqual([{ id: webhookJobId(eventId), state: 'created' }]);
    expect(await runJobs(test.db)).toBeGreaterThanOrEqual(1);
    expect(await appointment(appointmentId)).toEqual({ status: 'confirmed', payment_status: 'paid by card' });
    // Replayed once acted on: answered 200, no second job.
    expect((await post(completed!.event, headersOf(completed!))).status).toBe(200);
    expect(await webhookJobs(eventId)).toEqual([{ id: webhookJobId(eventId), state: 'completed' }]);
    expect(await order()).toMatchObject({ status: 'completed' });
    expect(await count('paypal_webhook_events')).toBe(1);
    expect(await count('payment_transactions')).toBe(1);
    expect(await subjects()).toEqual(['Booking confirmed: Paid']);
  });

  it('out of order: the refund’s webhook before the capture’s still ends with no booking and nothing charged', async () => {
    const { test, payments, control } = suite;
    const { appointmentId, captureId } = await capturedAtPayPalOnly();
    // Refunded at PayPal before the server heard anything (as from PayPal's own dashboard).
    expect((await payments.paypal.refundCapture(captureId, 'dashboard-refund')).body).toMatchObject({ status: 'COMPLETED' });
    const sent = await control.webhooks.sent();
    expect(sent.map((s) => s.event_type)).toEqual(['PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.REFUNDED']);

    // The refund's event arrives, and its job runs, before the capture's event arrives.
    expect(await control.webhooks.resend(sent[1]!.transmission_id)).toBe(200);
    await runJobs(test.db);
    expect(await control.webhooks.deliverPending()).toEqual([200]);
    await runJobs(test.db);
    // Had the COMPLETED event been believed, the booking would be confirmed with its money gone.
    expect(await appointment(appointmentId)).toEqual({ status: 'cancelled', payment_status: 'unpaid' });
    expect(await order()).toMatchObject({ status: 'failed' });
    expect(await outcomes()).toEqual([
      { event_type: 'PAYMENT.CAPTURE.COMPLETED', outcome: 'no_change' },
      { event_type: 'PAYMENT.CAPTURE.REFUNDED', outcome: 'settled_failed' },
    ]);
    expect(await test.db.query('SELECT status FROM payment_transactions')).toEqual([{ status: 'REFUNDED' }]);
    expect(await subjects()).toEqual([]);
  });

  it('in order but late: a capture completed and then refunded at PayPal is not confirmed by the first event', async () => {
    const { test, payments, control } = suite;
    const { appointmentId, captureId } = await capturedAtPayPalOnly();
    await payments.paypal.refundCapture(captureId, 'dashboard-refund');
    expect(await control.webhooks.deliverPending('oldest')).toEqual([200, 200]);
    await runJobs(test.db);
    expect(await appointment(appointmentId)).toEqual({ status: 'cancelled', payment_status: 'unpaid' });
    expect(await order()).toMatchObject({ status: 'failed' });
    expect(await subjects()).toEqual([]);
  });

  it('a token PayPal revokes mid-life is dropped and the call made once more: the capture goes through once', async () => {
    const { payments, control, member } = suite;
    const made = await orderFor(app(), member, paid.event_id);
    await approveCard(app(), made.body.id);
    // The server's token, and the one the SDK script carried to confirm the card.
    expect(await count('dev_paypal_tokens', 'revoked_at IS NULL')).toBe(2);
    expect(await control.revokeTokens()).toBe(2);
    const res = await capture(app(), member, made.body.id);
    expect(res.status).toBe(201);
    expect(res.body.appointment).toMatchObject({ status: 'confirmed', payment_status: 'paid by card' });
    expect(await count('dev_paypal_tokens')).toBe(3);
    expect(await count('dev_paypal_requests', "request_key LIKE 'capture:%'")).toBe(1);
    expect(await subjects()).toEqual(['Booking confirmed: Paid']);
    // The new token serves the calls after it.
    expect((await payments.paypal.getOrder(made.body.id)).status).toBe(200);
    expect(await count('dev_paypal_tokens')).toBe(3);
  });

  it('a verified event about a payment that is not ours is stored once and answered 200', async () => {
    const { test } = suite;
    const { captureId } = await capturedAtPayPalOnly();
    await test.db.query('DELETE FROM payment_transactions');
    await test.db.query('DELETE FROM payment_orders');
    const [real] = await kept();
    expect((await post(real!.event, headersOf(real!))).status).toBe(200);
    await runJobs(test.db);
    expect(await test.db.query('SELECT resource_id, outcome FROM paypal_webhook_events')).toEqual([{ resource_id: captureId, outcome: 'not_ours' }]);
  });

  it('PayPal unreadable when the job runs: the route has answered 200; the job fails, staff see it, and a retry acts once', async () => {
    const { test, payments } = suite;
    const staff = await makeStaff(test.db, NOW);
    const { appointmentId } = await capturedAtPayPalOnly();
    const [real] = await kept();
    const eventId = (JSON.parse(real!.event) as { id: string }).id;
    const getCapture = payments.paypal.getCapture;
    payments.paypal.getCapture = async () => ({ status: 503, body: { name: 'SERVICE_UNAVAILABLE', message: 'down' } });
    try {
      expect((await post(real!.event, headersOf(real!))).status).toBe(200);
      expect(await runJobs(test.db)).toBe(1);
    } finally {
      payments.paypal.getCapture = getCapture;
    }
    expect(await test.db.query('SELECT processed_at, outcome FROM paypal_webhook_events')).toEqual([{ processed_at: null, outcome: null }]);
    expect(await appointment(appointmentId)).toEqual({ status: 'held', payment_status: 'unpaid' });
    const failures = await getJson<{ failures: { id: string; kind: string; state: string; tries: number; last_error: string }[] }>(app(), '/api/staff/jobs/failures', {
      headers: { Authorization: `Bearer ${staff.token}` },
    });
    const failure = failures.body.failures.find((f) => f.kind === 'paypal_webhook');
    expect(failure).toMatchObject({ id: webhookJobId(eventId), state: 'retry', tries: 1, event_id: eventId });
    expect(failure!.last_error).toContain('503');
    // PayPal sending it again meanwhile changes nothing: still the one job, waiting for its retry.
    expect((await post(real!.event, headersOf(real!))).status).toBe(200);
    expect(await runJobs(test.db)).toBe(0);
    // Staff's Retry now: acted on once.
    const retried = await getJson(app(), `/api/staff/jobs/paypal_webhook/${failure!.id}/retry`, { method: 'POST', headers: { Authorization: `Bearer ${staff.token}` } });
    expect(retried.status).toBe(200);
    expect(await runJobs(test.db)).toBeGreaterThanOrEqual(1);
    expect(await appointment(appointmentId)).toEqual({ status: 'confirmed', payment_status: 'paid by card' });
    expect(await outcomes()).toEqual([{ event_type: 'PAYMENT.CAPTURE.COMPLETED', outcome: 'settled_completed' }]);
    expect(await subjects()).toEqual(['Booking confirmed: Paid']);
  });
});
