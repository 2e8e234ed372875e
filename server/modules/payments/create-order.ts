/**
 * POST /api/payments/orders: every booking rule (the booking service's own
 * checks, in their order), then a 15-minute hold on the slot (a 'held'
 * appointment, which counts against the places), then a PayPal order for
 * the event's price. A member's live hold for the same slot is resumed,
 * not doubled (a reload, a second tab, a new card after a decline), and a
 * hold with an open order gets that order back rather than a second one.
 * PayPal is asked outside the transaction, with a PayPal-Request-Id saved
 * first, so a retried or parallel create returns the same PayPal order.
 * As for a free booking, a refusal already true at a plain first read
 * (a full event, say) is answered from it without the event's lock.
 */
import { eventPricePence, type ScreeningEvent } from '../../../src/domain/event';
import type { CreatedOrderAnswer } from '../../../src/domain/payment-order';
import { formatDayMonthYear } from '../../../src/domain/format';
import { slotEnd } from '../../../src/domain/slots';
import type { Database, Queryable } from '../../platform/db/adapter';
import { col, rowOf, type RowOf } from '../../platform/db/rows';
import type { Logger } from '../../platform/logger';
import type { AccessGrants } from '../events';
import { holdProfile } from '../booking';
import {
  checkBooking,
  checkPlaces,
  leaveOnBooking,
  isDuplicateBooking,
  readBooking,
  refusal,
  refuseWhenFull,
  type BookingInput,
  type CheckedBooking,
} from '../booking';
import { PaymentError, paypalBodyForLog } from './payment-error';
import { isPayPalId, type PayPalApi } from './paypal-client';

/** How long a place is held for its card payment (docs/rules.md#places-and-holds). */
export const HOLD_MINUTES = 15;
/** Live holds one member may have on other events at once. */
export const MAX_LIVE_HOLDS = 3;

const tooManyHolds = () =>
  new PaymentError(429, 'TOO_MANY_HOLDS', 'You are already paying for other bookings. Please finish or wait for those first (a place is held for 15 minutes).');

/** The order made for a hold; the route adds the seconds the hold has left (src/domain/payment-order.ts). */
export type CreatedOrder = Omit<CreatedOrderAnswer, 'holdSecondsLeft'>;

/** An order still open at PayPal: its id NULL until PayPal gives one. */
const OPEN_ORDER_ROW = { payment_id: col.text(), order_id: col.nullable(col.text()), request_id: col.text(), amount: col.int() };
type OpenOrder = RowOf<typeof OPEN_ORDER_ROW>;
/** His held or confirmed appointment at the event; only a held one has an expiry. */
const MINE_ROW = { appointment_id: col.text(), status: col.text(), start: col.text(), hold_expires_at: col.nullable(col.instant()) };
const HELD_ROW = { held: col.int() };
const CREATED_ROW = { appointment_id: col.text() };
const COUNT_ROW = { n: col.int() };

interface Hold {
  appointmentId: string;
  holdExpiresAt: Date;
  event: ScreeningEvent;
  order: OpenOrder;
}

/**
 * The refusals holdFor would give, from the plain first read (no
 * transaction, no lock): the booking rules, a confirmed booking, too many
 * holds elsewhere, then no place left. A member with a live hold here gets
 * no refusal from it: that hold is resumed or moved under the lock.
 */
function refuseHoldEarly(first: CheckedBooking) {
  if (first.mine?.status === 'confirmed') throw refusal('already_booked');
  if (first.mine) return;
  if (first.liveHoldsElsewhere >= MAX_LIVE_HOLDS) throw tooManyHolds();
  refuseWhenFull(first);
}

async function holdFor(tx: Queryable, userId: string, input: BookingInput, at: Date, grantValid: boolean): Promise<Hold> {
  const { event, start, profile, consentId } = await checkBooking(tx, userId, input, at, grantValid, 'card');
  // As a free booking: a parallel "Delete my account" waits for this hold, or has taken the profile (401, not a 500).
  await holdProfile(tx, profile.profile_id);
  const mine = await rowOf(
    tx,
    MINE_ROW,
    `SELECT appointment_id::text AS appointment_id, status, to_char(slot_start, 'HH24:MI') AS start, hold_expires_at
     FROM appointments WHERE event_id = $1::uuid AND profile_id = $2 AND status IN ('held', 'confirmed') FOR UPDATE`,
    [event.event_id, profile.profile_id],
  );
  if (mine?.status === 'confirmed') throw refusal('already_booked');
  // His live hold for this time is resumed (a held appointment always has its expiry: appointments_hold_expires).
  const resumed = mine?.start === start && mine.hold_expires_at !== null ? mine : null;
  let appointmentId = resumed?.appointment_id ?? null;
  const holdExpiresAt = resumed?.hold_expires_at ?? new Date(at.getTime() + HOLD_MINUTES * 60_000);
  if (!appointmentId) {
    // One member cannot sit on places across many events while never paying.
    const holds = await rowOf(
      tx,
      HELD_ROW,
      `SELECT count(*)::integer AS held FROM appointments
       WHERE user_id = $1::uuid AND event_id <> $2::uuid AND status = 'held' AND hold_expires_at > $3`,
      [userId, event.event_id, at],
    );
    if ((holds?.held ?? 0) >= MAX_LIVE_HOLDS) throw tooManyHolds();
    // Another slot chosen: the old hold is let go (a payment still arriving for it is settled by settle.ts).
    if (mine) {
      await tx.query("UPDATE appointments SET status = 'cancelled', cancelled_at = $2, updated_at = $2 WHERE appointment_id = $1::uuid", [
        mine.appointment_id,
        at,
      ]);
    }
    // A place held for him from the waiting list is his to take: his own offer is not counted against him.
    await checkPlaces(tx, event, start, at, null, profile.profile_id);
    const created = await rowOf(
      tx,
      CREATED_ROW,
      `INSERT INTO appointments (profile_id, user_id, event_id, consent_id, slot_start, slot_end, status, payment_status,
         price, hold_expires_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'held', 'unpaid', $7, $8, $9, $9) RETURNING appointment_id::text AS appointment_id`,
      [profile.profile_id, userId, event.event_id, consentId, start, slotEnd(start, event.session_duration), eventPricePence(event), holdExpiresAt, at],
    );
    if (!created) throw new Error('INSERT INTO appointments returned no row');
    // The checkout hold now keeps the place (an offer's becomes this hold): he leaves the waiting list.
    await leaveOnBooking(tx, event.event_id, profile.profile_id, at);
    appointmentId = created.appointment_id;
  }
  const open = await rowOf(
    tx,
    OPEN_ORDER_ROW,
    `SELECT payment_id::text AS payment_id, order_id, request_id, amount FROM payment_orders
     WHERE appointment_id = $1::uuid AND status IN ('creating', 'created') ORDER BY created_at DESC LIMIT 1`,
    [appointmentId],
  );
  if (open) return { appointmentId, holdExpiresAt, event, order: open };
  const orders = await rowOf(tx, COUNT_ROW, 'SELECT count(*)::integer AS n FROM payment_orders WHERE appointment_id = $1::uuid', [appointmentId]);
  const order = await rowOf(
    tx,
    OPEN_ORDER_ROW,
    `INSERT INTO payment_orders (appointment_id, user_id, event_id, amount, request_id, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'creating', $6, $6)
     RETURNING payment_id::text AS payment_id, order_id, request_id, amount`,
    [appointmentId, userId, event.event_id, eventPricePence(event), `chaps-order-${appointmentId}-${(orders?.n ?? 0) + 1}`, at],
  );
  if (!order) throw new Error('INSERT INTO payment_orders returned no row');
  return { appointmentId, holdExpiresAt, event, order };
}

export function createOrderService(db: Database, paypal: PayPalApi, grants: AccessGrants, now: () => Date, logger: Logger) {
  return async function createOrder(userId: string, input: BookingInput): Promise<CreatedOrder> {
    const at = now();
    // Before the transaction, as the booking service does (PGlite has one connection).
    const grantValid = typeof input.eventId === 'string' && (await grants.isValid(input.accessGrant, input.eventId));
    // The cheap first look (as a free booking's): a refusal true at this read is the answer, with no lock.
    refuseHoldEarly(await readBooking(db, userId, input, at, grantValid, 'card'));
    let hold: Hold;
    try {
      hold = await db.transaction((tx) => holdFor(tx, userId, input, at, grantValid));
    } catch (error) {
      if (isDuplicateBooking(error)) throw refusal('already_booked');
      throw error;
    }
    const answer = (id: string): CreatedOrder => ({
      id,
      appointmentId: hold.appointmentId,
      holdExpiresAt: hold.holdExpiresAt.toISOString(),
      amount: hold.order.amount,
    });
    if (hold.order.order_id) return answer(hold.order.order_id);

    const { event } = hold;
    const made = await paypal.createOrder({
      amountPence: hold.order.amount,
      // The order description of docs/rules.md#card-payment: product name, date DD/MM/YYYY and event id.
      description: `${event.product_name} ${formatDayMonthYear(event.event_date)} ${event.event_id}`,
      customId: hold.appointmentId,
      requestId: hold.order.request_id,
    });
    const orderId = made.body.id;
    if ((made.status !== 200 && made.status !== 201) || !isPayPalId(orderId)) {
      const detail = (Array.isArray(made.body.details) ? made.body.details[0] : null) as { issue?: string; description?: string } | null;
      const failure = new PaymentError(
        502,
        typeof detail?.issue === 'string' ? detail.issue : 'PAYPAL_ORDER_NOT_CREATED',
        'The card payment could not be started. Please try again in a moment.',
        typeof made.body.debug_id === 'string' ? made.body.debug_id : undefined,
      );
      logger.error(`PayPal did not create an order for hold ${hold.appointmentId} (debug id ${failure.debugId})`, { status: made.status, body: paypalBodyForLog(made.body) });
      throw failure;
    }
    await db.query(
      `UPDATE payment_orders SET order_id = $2, status = 'created', updated_at = $3 WHERE payment_id = $1::uuid AND status IN ('creating', 'created')`,
      [hold.order.payment_id, orderId, now()],
    );
    return answer(orderId);
  };
}
