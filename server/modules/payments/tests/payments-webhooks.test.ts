/**
 * POST /api/payments/webhooks against the local sandbox, which signs and
 * sends PayPal's webhooks and answers PayPal's signature check. The route
 * answers 200 once the event is stored and its paypal_webhook job queued;
 * the job acts on it (tests run it with runJobs). Its own webhooks arrive
 * after the capture and change nothing twice; a replayed event is one job
 * and acted on once; a forged or altered one is refused with 400 and
 * changes nothing; an event PayPal wrote unlike JSON.stringify would is
 * verified over its exact bytes, at the route and at the sandbox; events out
 * of order end in the state PayPal holds (the
 * resource is read back, not the event trusted); a capture the server
 * never heard of is settled from its webhook; a job that cannot read PayPal
 * is retried, shown to staff meanwhile; a token PayPal revokes mid-life is
 * renewed with one retry.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Payments } from '..';
import type { SandboxControl } from '../../../stand-ins/paypal-sandbox/routes';
import { webhookJobId } from '../webhook-jobs';
import { getJson, jobsFor, runJobs, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { sentMail } from '../../../../tests/fixtures/mail';
import { approveCard, capture, orderFor, runPayments, testPayments } from '../../../../tests/fixtures/payments';
import { makeStaff } from '../../../../tests/fixtures/staff';

// Wednesday 10 June 2026, 10:00 in London.
const NOW = new Date('2026-06-10T09:00:00Z');
const TABLES = [
  'payment_transactions', 'payment_orders', 'paypal_webhook_events', 'member_appointments', 'appointments', 'outbox',
  'dev_paypal_webhooks', 'dev_paypal_tokens', 'dev_paypal_requests', 'dev_paypal_refunds',
];

interface Kept {
  [column: string]: unknown;
  transmission_id: string;
  event: string;
  transmission_time: string;
  signature: string;
}

describe.each(ENGINES)('PayPal webhooks on %s', (engine) => {
  let test: TestDatabase;
  let payments: Payments;
  let control: SandboxControl;
  let member: FastMember;
  const paid = makeEvent({ event_name: 'Paid', payment_required: true, price: 2500, total_spaces: 3 });
  const app = () => testApp({ db: test.db, now: NOW, payments });
  const count = async (table: string, where = 'true') =>
    (await test.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${table} WHERE ${where}`))[0]!.n;
  // Runs the due jobs first: every email is one.
  const subjects = async () => (await sentMail(test.db, 50)).map((m) => m.subject);
  const appointment = async (id: string) =>
    (await test.db.query('SELECT status, payment_status FROM appointments WHERE appointment_id = $1', [id]))[0];
  const order = async () => (await test.db.query('SELECT status, refund_reason, problem FROM payment_orders'))[0];
  const outcomes = () => test.db.query<{ event_type: string; outcome: string | null }>('SELECT event_type, outcome FROM paypal_webhook_events ORDER BY event_type');
  /** The paypal_webhook jobs of PayPal event `eventId` (the job queue's own table). */
  const webhookJobs = (eventId: string) =>
    test.db.query<{ id: string; state: string }>(`SELECT id::text AS id, state::text AS state FROM ${jobsFor(test.db).schema}.job WHERE name = 'paypal_webhook' AND data->>'eventId' = $1`, [eventId]);
  const kept = (where = 'true') =>
    test.db.query<Kept>(`SELECT transmission_id, event, transmission_time, signature FROM dev_paypal_webhooks WHERE ${where} ORDER BY seq`);
  const headersOf = (k: Kept) => ({
    'Content-Type': 'application/json',
    'PAYPAL-TRANSMISSION-ID': k.transmission_id,
    'PAYPAL-TRANSMISSION-TIME': k.transmission_time,
    'PAYPAL-TRANSMISSION-SIG': k.signature,
    'PAYPAL-CERT-URL': 'http://paypal-sandbox.local/v1/notifications/certs/CERT-LOCAL-SANDBOX',
    'PAYPAL-AUTH-ALGO': 'HMACSHA256',
  });
  const post = (body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string>) =>
    getJson<{ status?: string; error?: string; details?: { issue: string }[] }>(app(), '/api/payments/webhooks', { method: 'POST', headers, body });

  /** A card approved and captured at PayPal, but the server never heard the answer (it crashed). */
  async function capturedAtPayPalOnly() {
    const made = await orderFor(app(), member, paid.event_id);
    await approveCard(app(), made.body.id);
    const charged = await payments.paypal.captureOrder(made.body.id, `lost-${made.body.id}`);
    expect(charged.status).toBe(201);
    const captureId = ((charged.body.purchase_units as { payments: { captures: { id: string }[] } }[])[0]!.payments.captures[0]!).id;
    return { orderId: made.body.id, appointmentId: made.body.appointmentId, captureId };
  }

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [paid]);
  });
  beforeEach(async () => {
    // Whatever an earlier test left queued goes first, then its rows are cleared.
    await runJobs(test.db);
    for (const table of TABLES) await test.db.query(`DELETE FROM ${table}`);
    payments = testPayments(test.db, () => NOW);
    control = payments.sandboxControl!;
    [member] = (await fastMembers(test.db, 1, NOW)) as [FastMember];
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('the sandbox sends its signed webhook after the capture’s answer; acting on it changes nothing twice', async () => {
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

  it('a forged or altered notification is refused with 400 and changes nothing', async () => {
    const { appointmentId, captureId } = await capturedAtPayPalOnly();
    const [real] = await kept();
    const event = JSON.parse(real!.event) as Record<string, unknown>;
    const forged = JSON.stringify({ ...event, id: 'WH-FORGED-0001' });
    const refusals = [
      // Made up from nothing, with headers that look right.
      await post(forged, { ...headersOf(real!), 'PAYPAL-TRANSMISSION-ID': '8d2f0a4e-0000-4000-8000-000000000000', 'PAYPAL-TRANSMISSION-SIG': 'bm90IGEgc2lnbmF0dXJl' }),
      // A real transmission's headers on another body.
      await post(forged, headersOf(real!)),
      await post(JSON.stringify({ ...event, event_type: 'PAYMENT.CAPTURE.REVERSED' }), headersOf(real!)),
      // The real body, signature altered, or signed at another time.
      await post(real!.event, { ...headersOf(real!), 'PAYPAL-TRANSMISSION-SIG': `${real!.signature.slice(0, -4)}AAA=` }),
      await post(real!.event, { ...headersOf(real!), 'PAYPAL-TRANSMISSION-TIME': new Date(NOW.getTime() + 1000).toISOString() }),
      // No PayPal headers at all.
      await post(real!.event, { 'Content-Type': 'application/json' }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(400);
      expect(res.body.details?.[0]?.issue).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    expect((await post('not json', headersOf(real!))).status).toBe(400);
    expect((await post(JSON.stringify({ nothing: 'here' }), headersOf(real!))).status).toBe(400);
    expect((await post(JSON.stringify({ ...event, padding: 'x'.repeat(70_000) }), headersOf(real!))).status).toBe(413);
    expect(await count('paypal_webhook_events')).toBe(0);
    expect(await appointment(appointmentId)).toEqual({ status: 'held', payment_status: 'unpaid' });
    expect(await order()).toMatchObject({ status: 'created' });
    expect(await webhookJobs((JSON.parse(forged) as { id: string }).id)).toEqual([]);
    // The real one, unaltered, is still taken.
    expect((await post(real!.event, headersOf(real!))).status).toBe(200);
    await runJobs(test.db);
    expect(await appointment(appointmentId)).toEqual({ status: 'confirmed', payment_status: 'paid by card' });
    expect(captureId).toMatch(/^[A-Z0-9]{17}$/);
  });

  it('an event PayPal wrote unlike JSON.stringify (\\u00a3, \\/, spacing, key order) is verified over its exact bytes and acted on', async () => {
    const { appointmentId } = await capturedAtPayPalOnly();
    const [real] = await kept();
    const event = JSON.parse(real!.event) as Record<string, unknown> & { id: string; resource: Record<string, unknown> };
    const reversed = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).reverse());
    const spellings = {
      // PayPal's own escapes: the pound sign as \u00a3 and every / in the links as \/.
      escaped: JSON.stringify({ ...event, id: `${event.id}-E`, summary: 'Payment completed for £25.00 GBP' }).replace(/£/g, '\\u00a3').replace(/\//g, '\\/'),
      spaced: `${JSON.stringify({ ...event, id: `${event.id}-S` }, null, 2).replace(/\n/g, '\r\n')}\n`,
      // Keys in another order, one of them integer-like, which JSON.parse moves to the front when it is written again.
      reordered: JSON.stringify(reversed({ ...event, id: `${event.id}-R`, resource: reversed(event.resource) })).replace(/}$/, ',"0":"last"}'),
    };
    for (const [name, text] of Object.entries(spellings)) {
      // Parsed and written again, each is other bytes: what a re-serialising receiver would send PayPal.
      expect(JSON.stringify(JSON.parse(text)), name).not.toBe(text);
      const transmissionId = await control.webhooks.signText(text);
      const [signed] = await kept(`transmission_id = '${transmissionId}'`);
      // The same transmission with its event parsed and written again is not what was signed.
      expect((await post(JSON.stringify(JSON.parse(text)), headersOf(signed!))).status, name).toBe(400);
      expect(await control.webhooks.resend(transmissionId), name).toBe(200);
    }
    expect((await test.db.query<{ event_id: string }>('SELECT event_id FROM paypal_webhook_events ORDER BY event_id')).map((r) => r.event_id)).toEqual(
      [`${event.id}-E`, `${event.id}-R`, `${event.id}-S`],
    );
    await runJobs(test.db);
    expect(await appointment(appointmentId)).toEqual({ status: 'confirmed', payment_status: 'paid by card' });
    expect(await count('payment_transactions')).toBe(1);
    expect(await subjects()).toEqual(['Booking confirmed: Paid']);
  });

  it('a body that is not UTF-8, or starts with a byte order mark, is refused: its text could not be passed on as sent', async () => {
    await capturedAtPayPalOnly();
    const [real] = await kept();
    const bytes = Buffer.from(real!.event, 'utf8');
    const notUtf8 = Buffer.concat([bytes.subarray(0, -2), Buffer.from([0x22, 0xff, 0x22]), bytes.subarray(-2)]);
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
    for (const body of [notUtf8, withBom]) {
      const res = await post(new Uint8Array(body), headersOf(real!));
      expect(res.status).toBe(400);
      expect(res.body.details?.[0]?.issue).toBe('INVALID_EVENT');
    }
    expect(await count('paypal_webhook_events')).toBe(0);
    expect((await post(real!.event, headersOf(real!))).status).toBe(200);
  });

  it('out of order: the refund’s webhook before the capture’s still ends with no booking and nothing charged', async () => {
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
    const { appointmentId, captureId } = await capturedAtPayPalOnly();
    await payments.paypal.refundCapture(captureId, 'dashboard-refund');
    expect(await control.webhooks.deliverPending('oldest')).toEqual([200, 200]);
    await runJobs(test.db);
    expect(await appointment(appointmentId)).toEqual({ status: 'cancelled', payment_status: 'unpaid' });
    expect(await order()).toMatchObject({ status: 'failed' });
    expect(await subjects()).toEqual([]);
  });

  it('a token PayPal revokes mid-life is dropped and the call made once more: the capture goes through once', async () => {
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
    const { captureId } = await capturedAtPayPalOnly();
    await test.db.query('DELETE FROM payment_transactions');
    await test.db.query('DELETE FROM payment_orders');
    const [real] = await kept();
    expect((await post(real!.event, headersOf(real!))).status).toBe(200);
    await runJobs(test.db);
    expect(await test.db.query('SELECT resource_id, outcome FROM paypal_webhook_events')).toEqual([{ resource_id: captureId, outcome: 'not_ours' }]);
  });

  it('PayPal unreadable when the job runs: the route has answered 200; the job fails, staff see it, and a retry acts once', async () => {
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
