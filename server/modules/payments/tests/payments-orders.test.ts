/**
 * POST /api/payments/orders and /capture against the local PayPal sandbox:
 * the hold and its price from the event (a tampered cart is ignored), the
 * booking rules in the payment error shape, one order per hold however
 * often it is asked for, capture confirming with 'paid by card' and one
 * transaction and one email however many captures race, another member's
 * order answering 404.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ScreeningEvent } from '../../../../src/domain/event';
import { CANCELLATION_POLICY } from '../../../../src/domain/booking';

import type { Payments } from '..';
import { getJson, testApp, runJobs } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, takePlaces, type FastMember } from '../../../../tests/fixtures/bookings';
import { insertEvents } from '../../events/events-table';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { approveCard, capture, orderFor, testPayments } from '../../../../tests/fixtures/payments';
import { sentMail } from '../../../../tests/fixtures/mail';

// Wednesday 10 June 2026, 10:00 in London.
const NOW = new Date('2026-06-10T09:00:00Z');

describe.each(ENGINES)('card payment orders on %s', (engine) => {
  let test: TestDatabase;
  let payments: Payments;
  let member: FastMember;
  let other: FastMember;
  const app = () => testApp({ db: test.db, now: NOW, payments });
  const paid = makeEvent({ event_name: 'Paid', payment_required: true, price: 2500, total_spaces: 3 });
  const full = makeEvent({ event_name: 'Full', payment_required: true, price: 2500, total_spaces: 1 });
  const free = makeEvent({ event_name: 'Free' });
  const count = async (table: string, where = 'true') =>
    (await test.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${table} WHERE ${where}`))[0]!.n;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    payments = testPayments(test.db, () => NOW);
    await replaceEvents(test.db, [paid, full, free]);
  });
  beforeEach(async () => {
    // Whatever an earlier test left queued goes first, then its rows are cleared.
    await runJobs(test.db);
    for (const table of ['payment_transactions', 'payment_page_reports', 'payment_orders', 'member_appointments', 'appointments', 'outbox']) {
      await test.db.query(`DELETE FROM ${table}`);
    }
    [member, other] = (await fastMembers(test.db, 2, NOW)) as [FastMember, FastMember];
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('holds the slot for 15 minutes and orders the event’s price, ignoring a tampered cart', async () => {
    const cart = [{ description: 'PSA', amount: '0.01', shippingPreference: 'NO_SHIPPING' }];
    const res = await orderFor(app(), member, paid.event_id, '10:15', { cart, eventPrice: 1, amount: '0.01' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: 2500, holdExpiresAt: '2026-06-10T09:15:00.000Z' });
    expect(res.body.id).toMatch(/^[A-Z0-9]{17}$/);
    const order = await payments.paypal.getOrder(res.body.id);
    expect(order.body).toMatchObject({ intent: 'CAPTURE', status: 'CREATED' });
    expect((order.body.purchase_units as unknown[])[0]).toMatchObject({
      amount: { currency_code: 'GBP', value: '25.00' },
      custom_id: res.body.appointmentId,
      description: `PSA Blood Test 20/06/2026 ${paid.event_id}`,
    });
    const [hold] = await test.db.query('SELECT status, payment_status, price FROM appointments');
    expect(hold).toEqual({ status: 'held', payment_status: 'unpaid', price: 2500 });
    const event = await getJson<{ event: ScreeningEvent }>(app(), `/api/events/${paid.event_id}`);
    expect(event.body.event.booked_spaces).toBe(1);
  });

  it('gives the same order back for the same hold, even to parallel requests, and resumes the hold', async () => {
    const first = await orderFor(app(), member, paid.event_id);
    const again = await Promise.all(Array.from({ length: 5 }, () => orderFor(app(), member, paid.event_id)));
    for (const res of again) expect(res.body).toMatchObject({ id: first.body.id, appointmentId: first.body.appointmentId, holdExpiresAt: first.body.holdExpiresAt });
    expect(await count('payment_orders')).toBe(1);
    expect(await count('appointments')).toBe(1);
    expect(await count('dev_paypal_orders', `order_id = '${first.body.id}'`)).toBe(1);
    const checkout = await getJson<{ amount: number; holdExpiresAt: string }>(app(), `/api/payments/checkout?eventId=${paid.event_id}`, { headers: { Authorization: `Bearer ${member.token}` } });
    expect(checkout.body).toMatchObject({ amount: 2500, holdExpiresAt: first.body.holdExpiresAt, appointment: { status: 'held' } });
  });

  it('refuses by the booking rules, in PayPal’s error shape', async () => {
    expect((await getJson(app(), '/api/payments/orders', sendJson(null, { eventId: paid.event_id }))).status).toBe(401);
    const freeOrder = await orderFor(app(), member, free.event_id);
    expect(freeOrder.status).toBe(422);
    expect(freeOrder.body.details![0]!.issue).toBe('PAYMENT_NOT_REQUIRED');
    await takePlaces(test.db, full, ['10:00']);
    const fullOrder = await orderFor(app(), member, full.event_id, '10:15');
    expect(fullOrder.status).toBe(409);
    expect(fullOrder.body).toMatchObject({
      error: 'fully_booked',
      details: [{ issue: 'FULLY_BOOKED', description: 'Sorry, this event has just become fully booked.' }],
    });
    expect(fullOrder.body.debug_id).toMatch(/^[0-9a-f]{14}$/);
    const badSlot = await orderFor(app(), member, paid.event_id, '10:07');
    expect(badSlot.body.details![0]!.issue).toBe('INVALID_SLOT');
    // A missing or mistyped field is a 422 naming it, as on every form; an id of no event is still 404.
    const order = (body: Record<string, unknown>) => getJson<{ error: string; issues?: { path: string }[] }>(app(), '/api/payments/orders', sendJson(member.token, body));
    for (const eventId of [undefined, 42]) {
      const res = await order({ eventId, appointmentStartTime: '10:00' });
      expect([res.status, res.body.error, res.body.issues?.map((i) => i.path)]).toEqual([422, 'validation_failed', ['eventId']]);
    }
    for (const appointmentStartTime of [undefined, 1000]) {
      const res = await order({ eventId: paid.event_id, appointmentStartTime });
      expect([res.status, res.body.error, res.body.issues?.map((i) => i.path)]).toEqual([422, 'validation_failed', ['appointmentStartTime']]);
    }
    expect((await order({ eventId: '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e', appointmentStartTime: '10:00' })).status).toBe(404);
    expect(await count('payment_orders')).toBe(0);
  });

  it('one member may hold places on at most 3 other events while paying', async () => {
    const more = [1, 2, 3, 4].map((n) => makeEvent({ event_name: `More ${n}`, payment_required: true, price: 1000 }));
    await test.db.query('DELETE FROM request_throttles');
    await insertEvents(test.db, more);
    for (const event of more.slice(0, 3)) expect((await orderFor(app(), member, event.event_id)).status).toBe(201);
    const fourth = await orderFor(app(), member, more[3]!.event_id);
    expect(fourth.status).toBe(429);
    expect(fourth.body.details![0]!.issue).toBe('TOO_MANY_HOLDS');
    await test.db.query('DELETE FROM payment_orders');
    await test.db.query('DELETE FROM appointments');
    await test.db.query('DELETE FROM events WHERE event_id = ANY($1::uuid[])', [more.map((e) => e.event_id)]);
  });

  it('captures once: confirmed and paid by card, the transaction recorded, the email sent', async () => {
    const order = await orderFor(app(), member, paid.event_id, '10:30');
    await approveCard(app(), order.body.id);
    const res = await capture(app(), member, order.body.id);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: order.body.id,
      status: 'COMPLETED',
      payment_source: { card: { name: 'Alan Member', brand: 'VISA', last_digits: '1111', expiry: '2030-12' } },
      purchase_units: [{ payments: { captures: [{ status: 'COMPLETED', amount: { value: '25.00' }, processor_response: { avs_code: 'Y', cvv_code: 'M' } }] } }],
      appointment: { status: 'confirmed', payment_status: 'paid by card', price: 2500, start_time: '10:30' },
    });
    const [row] = await test.db.query(
      'SELECT payer_name, amount, payment_reference, status, payment_method, card_brand, card_last_digits, card_expiry, issuing_bank, avs_code, cvv_code FROM payment_transactions',
    );
    expect(row).toEqual({
      payer_name: 'Alan Member', amount: '25.00', payment_reference: order.body.id, status: 'COMPLETED', payment_method: 'card',
      card_brand: 'VISA', card_last_digits: '1111', card_expiry: '2030-12', issuing_bank: 'CHAPS Local Sandbox Bank', avs_code: 'Y', cvv_code: 'M',
    });
    const [mail] = await sentMail(test.db, 1);
    expect(mail).toMatchObject({ to: member.email, subject: 'Booking confirmed: Paid' });
    expect(mail!.text).toContain('Paid: £25.00 by card');
    // A booking with a price keeps the published policy's fee, and the refund rule.
    expect(mail!.text).toContain(CANCELLATION_POLICY);
    expect(mail!.text).toContain('the £25.00 you paid is refunded to your card in full');
    expect(mail!.attachments[0]!.filename).toMatch(/\.ics$/);
    expect(await count('member_appointments')).toBe(1);
    // Replayed: the same answer, nothing new.
    const replay = await capture(app(), member, order.body.id);
    expect(replay.status).toBe(200);
    expect(replay.body.appointment).toMatchObject({ status: 'confirmed' });
    expect(await count('payment_transactions')).toBe(1);
    await runJobs(test.db);
    expect(await count('outbox')).toBe(1);
  });

  it('20 captures of one order at once: one capture, one transaction, one booking, one email', async () => {
    const order = await orderFor(app(), member, paid.event_id);
    await approveCard(app(), order.body.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => capture(app(), member, order.body.id)));
    const captureIds = new Set<unknown>();
    for (const res of answers) {
      expect([200, 201]).toContain(res.status);
      expect(res.body.appointment).toMatchObject({ status: 'confirmed', payment_status: 'paid by card' });
      captureIds.add((res.body.purchase_units as { payments: { captures: { id: string }[] } }[])[0]!.payments.captures[0]!.id);
    }
    expect(captureIds.size).toBe(1);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await count('payment_transactions')).toBe(1);
    expect(await count('appointments', "status = 'confirmed'")).toBe(1);
    await runJobs(test.db);
    expect(await count('outbox')).toBe(1);
    const atPayPal = await payments.paypal.getOrder(order.body.id);
    expect((atPayPal.body.purchase_units as { payments: { captures: unknown[] } }[])[0]!.payments.captures).toHaveLength(1);
  });

  it('answers 404 for another member’s order or a made-up id, and captures nothing', async () => {
    const order = await orderFor(app(), member, paid.event_id);
    await approveCard(app(), order.body.id);
    for (const id of [order.body.id, 'NOSUCHORDER123456', 'x%27%20OR%201%3D1']) {
      const res = await capture(app(), other, id);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ details: [{ issue: 'ORDER_NOT_FOUND' }] });
    }
    expect(await count('payment_transactions')).toBe(0);
    expect((await payments.paypal.getOrder(order.body.id)).body.status).toBe('APPROVED');
  });

  it('an order no card has approved is not captured, and the failure frees its hold', async () => {
    const order = await orderFor(app(), member, paid.event_id);
    const res = await capture(app(), member, order.body.id);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ details: [{ issue: 'ORDER_NOT_APPROVED' }], appointment: null });
    expect(await count('appointments', "status = 'cancelled'")).toBe(1);
  });
});
