/**
 * /api/payments (docs/decisions/0009-card-payments.md), signed-in members only
 * except the config and PayPal's webhooks:
 * - GET /config -> {clientId, sdkBaseUrl?}: how the page loads PayPal's SDK.
 * - POST /webhooks: PayPal's notifications, checked by PayPal's signature
 *   check (payment-webhooks-routes.ts).
 * - GET /checkout?eventId= -> {amount, appointment, holdExpiresAt,
 *   holdSecondsLeft}: the price and the member's live hold or booking for
 *   the event (a reload of /checkout resumes it, a charged card shows the
 *   booking confirmed). holdSecondsLeft is counted on the server's clock,
 *   so a phone whose clock is off still shows the minutes the server holds.
 * - POST /orders {eventId, appointmentStartTime, consentId, accessGrant?}
 *   -> 201 {id, appointmentId, holdExpiresAt, holdSecondsLeft, amount}. A
 *   cart's amounts are ignored: the price comes from the event.
 * - POST /orders/:id/capture -> the capture shape of docs/rules.md#api-shapes
 *   plus `appointment`.
 * - PUT /transactions {data} -> {status: 'success'}: the page's own note of
 *   a transaction, kept apart from the server's record.
 * Errors carry `details[0] {issue, description}` and `debug_id`.
 */
import { Hono } from 'hono';
import { capturedOrderSchema, createdOrderSchema, transactionNotedSchema, type CreatedOrderAnswer, type TransactionNoted, checkoutStateSchema, type CheckoutState } from '../../../src/domain/payment-order';
import { paymentsConfigSchema } from '../../../src/domain/payments-config';
import { responds } from '../../platform/http/contract';
import { ACCESS_GRANT_HEADER } from '../../../src/domain/booking';
import { bookingRequestSchema } from '../../../src/domain/booking-request';
import { eventPricePence } from '../../../src/domain/event';
import type { MemberVerifier } from '../auth';
import type { Database } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import { once } from '../../../src/domain/once';
import { APPOINTMENT_COLUMNS, APPOINTMENT_ROW, APPOINTMENTS_FROM, toAppointment } from '../booking';
import { EVENT_ROW, eventColumns, toScreeningEvent } from '../events';
import { formBodyLimit, readJsonObject } from '../../platform/http/json-body';
import { parseOr422 } from '../../platform/http/valid-body';
import { requireMember, type MemberVariables } from '../auth';
import type { Logger } from '../../platform/logger';
import type { Payments } from '.';
import { asPaymentError, orderNotFound, PaymentError } from './payment-error';
import { isPayPalId } from './paypal-client';
import { isEventId } from '../events';
import { takeAttempt } from '../../platform/throttle';
import { paymentWebhookRoutes } from './payment-webhooks-routes';

const REPORT_LIMIT = { max: 20, windowMs: 10 * 60_000 };
// Each create may ask PayPal for an order: a member retrying cards needs a few, a script many.
const ORDER_LIMIT = { max: 30, windowMs: 10 * 60_000 };
const secondsUntil = (when: Date, at: Date) => Math.max(0, Math.floor((when.getTime() - at.getTime()) / 1000));
const ACTIVE = `(a.status = 'confirmed' OR (a.status = 'held' AND a.hold_expires_at > $3))`;
/** His live appointment, and its hold's expiry (NULL once confirmed). Made on first use: APPOINTMENT_ROW is the booking module's, across the import cycle. */
const CHECKOUT_ROW = once(() => ({ ...APPOINTMENT_ROW, hold_expires_at: col.nullable(col.instant()) }));

export function paymentsRoutes(payments: Payments, db: Database, verify: MemberVerifier, now: () => Date, logger: Logger) {
  const app = new Hono<{ Variables: MemberVariables }>();
  app.get('/config', responds(paymentsConfigSchema), (c) => c.json(payments.config));
  app.route('/webhooks', paymentWebhookRoutes(payments.webhooks, payments.queueWebhook, db, now, logger));
  app.use('*', requireMember(verify));

  app.get('/checkout', responds(checkoutStateSchema), async (c) => {
    const eventId = c.req.query('eventId') ?? '';
    const at = now();
    const row = isEventId(eventId) ? await rowOf(db, EVENT_ROW, `SELECT ${eventColumns('$2')} FROM events WHERE event_id = $1::uuid`, [eventId, at]) : undefined;
    if (!row) throw new PaymentError(404, 'EVENT_NOT_FOUND', 'Event not found');
    const mine = await rowOf(
      db,
      CHECKOUT_ROW(),
      `SELECT ${APPOINTMENT_COLUMNS}, a.hold_expires_at FROM ${APPOINTMENTS_FROM}
       WHERE a.event_id = $1::uuid AND a.user_id = $2::uuid AND ${ACTIVE}`,
      [eventId, c.get('member').userId, at],
    );
    const appointment = mine ? toAppointment(mine) : null;
    const holdExpiresAt = appointment?.status === 'held' ? mine!.hold_expires_at : null;
    return c.json({
      amount: eventPricePence(toScreeningEvent(row)),
      appointment,
      holdExpiresAt: holdExpiresAt?.toISOString() ?? null,
      holdSecondsLeft: holdExpiresAt ? secondsUntil(holdExpiresAt, at) : null,
    } satisfies CheckoutState);
  });

  app.post('/orders', responds(createdOrderSchema, { status: 201 }), formBodyLimit(), async (c) => {
    const throttle = await takeAttempt(db, `payment-order:${c.get('member').userId}`, now(), ORDER_LIMIT);
    if (!throttle.allowed) {
      c.header('Retry-After', String(throttle.retryAfterSeconds));
      throw new PaymentError(429, 'RATE_LIMITED', 'Too many payment attempts. Please wait a few minutes and try again.');
    }
    // Read after the throttle, which answers first.
    const body = parseOr422(bookingRequestSchema, await readJsonObject(c));
    try {
      const order = await payments.createOrder(c.get('member').userId, {
        eventId: body.eventId,
        appointmentStartTime: body.appointmentStartTime,
        consentId: body.consentId,
        accessGrant: body.accessGrant ?? c.req.header(ACCESS_GRANT_HEADER),
      });
      return c.json({ ...order, holdSecondsLeft: secondsUntil(new Date(order.holdExpiresAt), now()) } satisfies CreatedOrderAnswer, 201);
    } catch (error) {
      throw asPaymentError(error);
    }
  });

  app.post('/orders/:id/capture', responds(capturedOrderSchema, { status: [201, 200] }), async (c) => {
    const userId = c.get('member').userId;
    const orderId = c.req.param('id');
    try {
      const reply = await payments.capture(userId, orderId);
      return c.json(reply.body, reply.status);
    } catch (error) {
      if (error instanceof PaymentError && error.status === 404) {
        const owner = await payments.ownerOf(orderId);
        if (owner && owner !== userId) logger.warn(`Member ${userId} tried to capture order ${orderId}, which is not theirs`);
      }
      throw asPaymentError(error);
    }
  });

  app.put('/transactions', responds(transactionNotedSchema), formBodyLimit(), async (c) => {
    const userId = c.get('member').userId;
    const throttle = await takeAttempt(db, `payment-report:${userId}`, now(), REPORT_LIMIT);
    if (!throttle.allowed) {
      c.header('Retry-After', String(throttle.retryAfterSeconds));
      throw new PaymentError(429, 'RATE_LIMITED', 'Too many reports. Please wait a moment.');
    }
    const { data } = await readJsonObject(c);
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw new PaymentError(422, 'INVALID_REQUEST', 'data must be a transaction record.');
    const reference = (data as Record<string, unknown>).payment_reference;
    if (reference !== undefined && reference !== null) {
      if (!isPayPalId(reference) || (await payments.ownerOf(reference)) !== userId) throw orderNotFound();
    }
    await db.query('INSERT INTO payment_page_reports (user_id, order_id, data, created_at) VALUES ($1, $2, $3, $4)', [
      userId,
      typeof reference === 'string' ? reference : null,
      data,
      now(),
    ]);
    return c.json({ status: 'success' } satisfies TransactionNoted);
  });

  return app;
}
