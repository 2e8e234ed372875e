/**
 * What happens around a capture: declines (INSTRUMENT_DECLINED keeps the
 * hold and a new card attempt succeeds; a DECLINED capture frees it), a
 * hold that ends mid-payment (confirmed while its place is free, refunded
 * and the member told when it has gone), the sweep, and a crash between
 * PayPal's capture and our confirmation healed by the reconciler of a
 * restarted server.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Payments } from '..';
import { getJson, testApp, runJobs } from '../../../../tests/fixtures/app';
import { fastMembers, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { approveCard, capture, orderFor, testPayments } from '../../../../tests/fixtures/payments';
import { sentMail } from '../../../../tests/fixtures/mail';

// Wednesday 10 June 2026, 10:00 in London.
const START = new Date('2026-06-10T09:00:00Z');
const minutes = (n: number) => new Date(START.getTime() + n * 60_000);

describe.each(ENGINES)('holds, declines and healing on %s', (engine) => {
  let test: TestDatabase;
  let clock: Date;
  let payments: Payments;
  let member: FastMember;
  let other: FastMember;
  const now = () => clock;
  const app = () => testApp({ db: test.db, now, payments });
  const paid = makeEvent({ event_name: 'Paid', payment_required: true, price: 2500, total_spaces: 5 });
  const single = makeEvent({ event_name: 'Single', payment_required: true, price: 1800, total_spaces: 1 });
  const rows = (sql: string) => test.db.query(sql);
  const myBookings = (who: FastMember) =>
    getJson<{ appointments: unknown[] }>(app(), '/api/appointments', { headers: { Authorization: `Bearer ${who.token}` } });
  const status = async (appointmentId: string) =>
    (await test.db.query('SELECT status, payment_status FROM appointments WHERE appointment_id = $1', [appointmentId]))[0];

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [paid, single]);
  });
  beforeEach(async () => {
    // Whatever an earlier test left queued goes first, then its rows are cleared.
    await runJobs(test.db);
    for (const table of ['payment_transactions', 'payment_orders', 'member_appointments', 'appointments', 'outbox']) {
      await test.db.query(`DELETE FROM ${table}`);
    }
    clock = START;
    payments = testPayments(test.db, now);
    [member, other] = (await fastMembers(test.db, 2, START)) as [FastMember, FastMember];
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('CCREJECT-REFUSED: INSTRUMENT_DECLINED is recorded, the hold stays, and a new card attempt books', async () => {
    const first = await orderFor(app(), member, paid.event_id);
    await approveCard(app(), first.body.id, { name: 'CCREJECT-REFUSED' });
    const declined = await capture(app(), member, first.body.id);
    expect(declined.status).toBe(422);
    expect(declined.body).toMatchObject({ details: [{ issue: 'INSTRUMENT_DECLINED' }], appointment: null });
    expect(typeof declined.body.debug_id).toBe('string');
    expect(await status(first.body.appointmentId)).toEqual({ status: 'held', payment_status: 'unpaid' });
    expect(await rows('SELECT status, issue, payment_reference FROM payment_transactions')).toEqual([
      { status: 'INSTRUMENT_DECLINED', issue: 'INSTRUMENT_DECLINED', payment_reference: first.body.id },
    ]);
    // The page restarts the card flow: a new order for the same hold, with the time it had left.
    clock = minutes(3);
    const second = await orderFor(app(), member, paid.event_id);
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.body).toMatchObject({ appointmentId: first.body.appointmentId, holdExpiresAt: first.body.holdExpiresAt });
    await approveCard(app(), second.body.id);
    const booked = await capture(app(), member, second.body.id);
    expect(booked.status).toBe(201);
    expect(booked.body.appointment).toMatchObject({ status: 'confirmed', payment_status: 'paid by card' });
    expect(await rows('SELECT count(*)::integer AS n FROM payment_transactions')).toEqual([{ n: 2 }]);
  });

  it('the checkout is told the seconds its hold has left on the server’s clock, and no hold once a DECLINED capture freed it', async () => {
    const checkout = () =>
      getJson<{ holdExpiresAt: string | null; holdSecondsLeft: number | null }>(app(), `/api/payments/checkout?eventId=${single.event_id}`, {
        headers: { Authorization: `Bearer ${member.token}` },
      });
    const order = await orderFor(app(), member, single.event_id);
    expect(order.body).toMatchObject({ holdExpiresAt: minutes(15).toISOString(), holdSecondsLeft: 15 * 60 });
    clock = new Date(minutes(4).getTime() + 30_000);
    expect((await checkout()).body).toMatchObject({ holdExpiresAt: minutes(15).toISOString(), holdSecondsLeft: 10 * 60 + 30 });
    await approveCard(app(), order.body.id, { name: 'CCREJECT-IF' });
    await capture(app(), member, order.body.id);
    expect((await checkout()).body).toMatchObject({ appointment: null, holdExpiresAt: null, holdSecondsLeft: null });
  });

  it.each([
    ['CCREJECT-IF', '5120'],
    ['CCREJECT-EC', '5400'],
  ])('%s: a DECLINED capture (HTTP 201 at PayPal) is not a booking and frees the place', async (name, code) => {
    const order = await orderFor(app(), member, single.event_id);
    await approveCard(app(), order.body.id, { name });
    const res = await capture(app(), member, order.body.id);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'COMPLETED',
      purchase_units: [{ payments: { captures: [{ status: 'DECLINED', processor_response: { response_code: code } }] } }],
      appointment: null,
    });
    expect(await status(order.body.appointmentId)).toEqual({ status: 'cancelled', payment_status: 'unpaid' });
    const [tx] = await rows('SELECT status, issue FROM payment_transactions');
    expect(tx).toEqual({ status: 'DECLINED', issue: 'CAPTURE_DECLINED' });
    // The only place is free again for someone else, and My bookings shows no booking that never was.
    expect((await orderFor(app(), other, single.event_id)).status).toBe(201);
    expect((await myBookings(member)).body.appointments).toEqual([]);
  });

  it('a hold that ended mid-payment is still confirmed while its place is free', async () => {
    const order = await orderFor(app(), member, single.event_id);
    await approveCard(app(), order.body.id);
    clock = minutes(16);
    const res = await capture(app(), member, order.body.id);
    expect(res.status).toBe(201);
    expect(res.body.appointment).toMatchObject({ status: 'confirmed', payment_status: 'paid by card', price: 1800 });
  });

  it('a hold that ended and lost its place is refunded through PayPal, and the member is told', async () => {
    const late = await orderFor(app(), member, single.event_id);
    await approveCard(app(), late.body.id);
    clock = minutes(16);
    // Expired holds stop counting at once: another member takes the place and pays.
    const quick = await orderFor(app(), other, single.event_id);
    expect(quick.status).toBe(201);
    await approveCard(app(), quick.body.id);
    expect((await capture(app(), other, quick.body.id)).body.appointment).toMatchObject({ status: 'confirmed' });

    const res = await capture(app(), member, late.body.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ details: [{ issue: 'PLACE_NO_LONGER_AVAILABLE' }] });
    // The refund is a job queued with the decision.
    await runJobs(test.db);
    expect(await status(late.body.appointmentId)).toEqual({ status: 'cancelled', payment_status: 'refunded' });
    const atPayPal = await payments.paypal.getOrder(late.body.id);
    expect(atPayPal.body).toMatchObject({ purchase_units: [{ payments: { captures: [{ status: 'REFUNDED' }], refunds: [{ status: 'COMPLETED' }] } }] });
    const mail = (await sentMail(test.db, 10)).find((m) => m.to === member.email);
    expect(mail?.subject).toBe('Refund: Single');
    expect(mail?.text).toContain('We have refunded £18.00 to your card in full.');
    // My bookings shows it, cancelled and refunded.
    expect((await myBookings(member)).body.appointments).toMatchObject([{ status: 'cancelled', payment_status: 'refunded' }]);
    // Asked again: the same answer, no second refund.
    expect((await capture(app(), member, late.body.id)).status).toBe(409);
    expect((await sentMail(test.db, 10)).filter((m) => m.to === member.email)).toHaveLength(1);
  });

  it('a new card after the hold ended, before the sweep: a fresh hold while the place is free, refused uncharged once it has gone', async () => {
    const first = await orderFor(app(), member, single.event_id);
    await approveCard(app(), first.body.id, { name: 'CCREJECT-REFUSED' });
    expect((await capture(app(), member, first.body.id)).status).toBe(422);
    clock = minutes(16);
    const again = await orderFor(app(), member, single.event_id);
    expect(again.status).toBe(201);
    expect(again.body.appointmentId).not.toBe(first.body.appointmentId);
    expect(again.body.holdExpiresAt).toBe(minutes(31).toISOString());
    expect(await status(first.body.appointmentId)).toEqual({ status: 'cancelled', payment_status: 'unpaid' });

    // That hold ends too, and someone else takes the only place: the next card is refused before PayPal is asked.
    clock = minutes(32);
    const quick = await orderFor(app(), other, single.event_id);
    await approveCard(app(), quick.body.id);
    expect((await capture(app(), other, quick.body.id)).status).toBe(201);
    const ordersBefore = await rows('SELECT count(*)::integer AS n FROM dev_paypal_orders');
    const late = await orderFor(app(), member, single.event_id);
    expect(late.status).toBe(409);
    expect(late.body.details![0]!.issue).toMatch(/^(FULLY_BOOKED|SLOT_TAKEN)$/);
    expect(await rows('SELECT count(*)::integer AS n FROM dev_paypal_orders')).toEqual(ordersBefore);
    expect(await status(again.body.appointmentId)).toEqual({ status: 'cancelled', payment_status: 'unpaid' });
  });

  it('the sweep marks ended holds and abandons their unpaid orders', async () => {
    const order = await orderFor(app(), member, paid.event_id);
    clock = minutes(16);
    const report = await payments.reconcile();
    expect(report).toMatchObject({ expiredHolds: 1, abandoned: 1, settled: 0 });
    expect(await status(order.body.appointmentId)).toEqual({ status: 'cancelled', payment_status: 'unpaid' });
    expect(await rows("SELECT status FROM payment_orders")).toEqual([{ status: 'abandoned' }]);
  });

  it('a crash after PayPal captured and before we confirmed is healed when the server starts again', async () => {
    const order = await orderFor(app(), member, paid.event_id);
    await approveCard(app(), order.body.id);
    // The capture reached PayPal; the process died before writing anything.
    const charged = await payments.paypal.captureOrder(order.body.id, 'crashed-request');
    expect(charged.status).toBe(201);
    expect(await status(order.body.appointmentId)).toEqual({ status: 'held', payment_status: 'unpaid' });

    clock = minutes(2);
    const restarted = testPayments(test.db, now);
    const report = await restarted.reconcile();
    expect(report).toMatchObject({ settled: 1 });
    expect(await status(order.body.appointmentId)).toEqual({ status: 'confirmed', payment_status: 'paid by card' });
    expect(await rows('SELECT status, card_last_digits FROM payment_transactions')).toEqual([{ status: 'COMPLETED', card_last_digits: '1111' }]);
    expect((await sentMail(test.db, 5)).map((m) => m.subject)).toEqual(['Booking confirmed: Paid']);
    // The page, back online, asks again and is shown the booking, not charged twice.
    const res = await capture(testApp({ db: test.db, now, payments: restarted }), member, order.body.id);
    expect(res.status).toBe(200);
    expect(res.body.appointment).toMatchObject({ status: 'confirmed' });
    expect((await restarted.reconcile()).settled).toBe(0);
  });

  it('a capture PayPal already made is settled from the order when the page retries with another request', async () => {
    const order = await orderFor(app(), member, paid.event_id);
    await approveCard(app(), order.body.id);
    await payments.paypal.captureOrder(order.body.id, 'lost-answer');
    const res = await capture(app(), member, order.body.id);
    expect(res.status).toBe(201);
    expect(res.body.appointment).toMatchObject({ status: 'confirmed', payment_status: 'paid by card' });
  });
});
