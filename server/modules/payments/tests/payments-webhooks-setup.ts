/**
 * The setup the PayPal webhook tests share: one paid event, the tables a
 * test leaves cleared before the next, a fresh local sandbox and member
 * for each test, and the readers and senders the tests use. Called inside
 * a describe (it registers the hooks); apart so payments-webhooks.test.ts
 * (what a webhook's job does) and payments-webhook-signatures.test.ts
 * (what the route refuses) start from the same state.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Payments } from '..';
import type { SandboxControl } from '../../../stand-ins/paypal-sandbox/routes';
import type { Engine } from '../../../../tests/fixtures/db';
import { getJson, jobsFor, runJobs, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { sentMail } from '../../../../tests/fixtures/mail';
import { approveCard, orderFor, testPayments } from '../../../../tests/fixtures/payments';

// Wednesday 10 June 2026, 10:00 in London.
export const NOW = new Date('2026-06-10T09:00:00Z');
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

export function webhookSuite(engine: Engine) {
  // Set in beforeAll and beforeEach: read them in a test, not when the describe is made.
  const suite = {} as { test: TestDatabase; payments: Payments; control: SandboxControl; member: FastMember };
  const paid = makeEvent({ event_name: 'Paid', payment_required: true, price: 2500, total_spaces: 3 });
  const app = () => testApp({ db: suite.test.db, now: NOW, payments: suite.payments });
  const count = async (table: string, where = 'true') =>
    (await suite.test.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${table} WHERE ${where}`))[0]!.n;
  // Runs the due jobs first: every email is one.
  const subjects = async () => (await sentMail(suite.test.db, 50)).map((m) => m.subject);
  const appointment = async (id: string) =>
    (await suite.test.db.query('SELECT status, payment_status FROM appointments WHERE appointment_id = $1', [id]))[0];
  const order = async () => (await suite.test.db.query('SELECT status, refund_reason, problem FROM payment_orders'))[0];
  const outcomes = () => suite.test.db.query<{ event_type: string; outcome: string | null }>('SELECT event_type, outcome FROM paypal_webhook_events ORDER BY event_type');
  /** The paypal_webhook jobs of PayPal event `eventId` (the job queue's own table). */
  const webhookJobs = (eventId: string) =>
    suite.test.db.query<{ id: string; state: string }>(`SELECT id::text AS id, state::text AS state FROM ${jobsFor(suite.test.db).schema}.job WHERE name = 'paypal_webhook' AND data->>'eventId' = $1`, [eventId]);
  const kept = (where = 'true') =>
    suite.test.db.query<Kept>(`SELECT transmission_id, event, transmission_time, signature FROM dev_paypal_webhooks WHERE ${where} ORDER BY seq`);
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
    const made = await orderFor(app(), suite.member, paid.event_id);
    await approveCard(app(), made.body.id);
    const charged = await suite.payments.paypal.captureOrder(made.body.id, `lost-${made.body.id}`);
    expect(charged.status).toBe(201);
    const captureId = ((charged.body.purchase_units as { payments: { captures: { id: string }[] } }[])[0]!.payments.captures[0]!).id;
    return { orderId: made.body.id, appointmentId: made.body.appointmentId, captureId };
  }

  beforeAll(async () => {
    suite.test = await createTestDatabase(engine);
    await replaceEvents(suite.test.db, [paid]);
  });
  beforeEach(async () => {
    // Whatever an earlier test left queued goes first, then its rows are cleared.
    await runJobs(suite.test.db);
    for (const table of TABLES) await suite.test.db.query(`DELETE FROM ${table}`);
    suite.payments = testPayments(suite.test.db, () => NOW);
    suite.control = suite.payments.sandboxControl!;
    [suite.member] = (await fastMembers(suite.test.db, 1, NOW)) as [FastMember];
  });
  afterAll(async () => {
    await suite.test?.dispose();
  });

  return { suite, paid, app, count, subjects, appointment, order, outcomes, webhookJobs, kept, headersOf, post, capturedAtPayPalOnly };
}
