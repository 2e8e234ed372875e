/**
 * The rules a booking must pass, shared by free bookings (booking-service.ts)
 * and card-payment holds (the payments module) so the two can never
 * disagree: one read of everything a decision needs (BOOKING_FACTS), the
 * checks on it in the order of BOOKING_REFUSALS (a refusal throws, so
 * nothing is written), the event's row lock and the count of places. Apart
 * from booking-service.ts because they are the "may he book?" half; that
 * file is the "write the free booking" half.
 */
import { BOOKING_REFUSAL_MESSAGES, BOOKING_REFUSALS, type BookingRefusal } from '../../../src/domain/booking';
import { once } from '../../../src/domain/once';
import { isEligibleAge } from '../../../src/domain/age';
import { bookingClosesAt, hasEnded } from '../../../src/domain/event-card';
import { eventPricePence, isEsneftEvent, type ScreeningEvent } from '../../../src/domain/event';
import { londonToInstant } from '../../../src/domain/london-time';
import { isValidNhsNumber } from '../../../src/domain/nhs-number';
import { slotTimes } from '../../../src/domain/slots';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf, type RowOf } from '../../platform/db/rows';
import { activeAppointment, EVENT_ROW, eventColumns, isEventId, placesTaken, toScreeningEvent } from '../events';
import { ApiError } from '../../platform/http/errors';
import { profileRequired } from './consent-service';
import { placesRefusal } from './booking-queue';

export interface BookingInput {
  eventId: unknown;
  appointmentStartTime: unknown;
  consentId: unknown;
  accessGrant: unknown;
}

export const refusal = (code: BookingRefusal) => new ApiError(BOOKING_REFUSALS[code], code, BOOKING_REFUSAL_MESSAGES[code]);

/** Whether the event must be paid for by card: payment required and a price above nothing. */
export const needsCardPayment = (event: ScreeningEvent) => event.payment_required && eventPricePence(event) > 0;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ProfileRow {
  profile_id: number;
  first_name: string;
  email: string;
  date_of_birth: string | null;
  nhs_number: string | null;
}

/** A free booking (POST /api/appointments) or a card-paid one (POST /api/payments/orders). */
export type BookingKind = 'free' | 'card';

export const paymentNotRequired = () =>
  new ApiError(422, 'payment_not_required', 'This event is free: it is booked without a card payment.');

function checkTiming(event: ScreeningEvent, start: unknown, at: Date, kind: BookingKind): string {
  if (hasEnded(event, at)) throw refusal('event_passed');
  const closesAt = bookingClosesAt(event);
  if (closesAt && at.getTime() >= closesAt.getTime()) throw refusal('booking_closed');
  if (kind === 'free' && needsCardPayment(event)) throw refusal('payment_required');
  if (kind === 'card' && !needsCardPayment(event)) throw paymentNotRequired();
  const slots = slotTimes(event.start_time, event.end_time, event.session_duration);
  if (typeof start !== 'string' || !slots.includes(start)) throw refusal('invalid_slot');
  // A corporate event books until it ends, but never a slot already begun.
  if (londonToInstant(event.event_date, start).getTime() <= at.getTime()) throw refusal('invalid_slot');
  return start;
}

/** The member's own held or confirmed appointment at the event (an expired hold is none). */
export interface OwnBooking {
  appointment_id: string;
  status: 'held' | 'confirmed';
  start: string;
  hold_expires_at: Date | null;
}

export interface CheckedBooking {
  event: ScreeningEvent;
  start: string;
  profile: ProfileRow;
  consentId: string;
  mine: OwnBooking | null;
  /** Places taken at `at` in the chosen slot (the event's total is event.booked_spaces). */
  takenInSlot: number;
  /** Holds on this event past their expiry but still marked held. */
  expiredHolds: number;
  /** The member's live holds on other events (counted for card bookings only, else 0). */
  liveHoldsElsewhere: number;
  /** A place is held for him from the waiting list (not counted in the places above). */
  holdsOffer: boolean;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * One statement reading all a booking decision needs at `at`: the event
 * (not cancelled) with its places counted, the member's profile, whether
 * the named consent is theirs for this event, their own active booking,
 * the places taken in the slot, and expired holds still marked held.
 */
// Written on first use: it is made from the events module's SQL, which a
// module loaded in the middle of the booking-events import cycle may not have yet.
export const BOOKING_FACTS = once((): string => `
  SELECT ${eventColumns('$2', 'p.profile_id')},
    (SELECT count(*) FROM ${placesTaken('$2', 'p.profile_id')} t
      WHERE t.event_id = events.event_id AND t.slot_start = $5::time)::integer AS taken_in_slot,
    EXISTS (SELECT 1 FROM waiting_list w WHERE w.event_id = events.event_id AND w.profile_id = p.profile_id
      AND w.status = 'offered' AND w.offer_expires_at > $2::timestamptz) AS holds_offer,
    (SELECT count(*) FROM appointments a
      WHERE a.event_id = events.event_id AND a.status = 'held' AND a.hold_expires_at <= $2::timestamptz)::integer AS expired_holds,
    p.profile_id AS member_profile_id, p.first_name AS member_first_name, p.email AS member_email,
    to_char(p.date_of_birth, 'YYYY-MM-DD') AS member_date_of_birth, p.nhs_number AS member_nhs_number,
    EXISTS (SELECT 1 FROM consents c WHERE c.consent_id = $4::uuid AND c.profile_id = p.profile_id AND c.event_id = events.event_id)
      AS consent_found,
    m.appointment_id::text AS mine_id, m.status AS mine_status, to_char(m.slot_start, 'HH24:MI') AS mine_start,
    m.hold_expires_at AS mine_expires,
    CASE WHEN $6::boolean THEN (SELECT count(*) FROM appointments h
      WHERE h.user_id = $3::uuid AND h.event_id <> events.event_id AND h.status = 'held' AND h.hold_expires_at > $2::timestamptz)::integer
    ELSE 0 END AS live_holds_elsewhere
  FROM events
  LEFT JOIN member_profiles p ON p.user_id = $3::uuid
  LEFT JOIN LATERAL (
    SELECT o.appointment_id, o.status, o.slot_start, o.hold_expires_at FROM appointments o
    WHERE o.event_id = events.event_id AND o.profile_id = p.profile_id AND ${activeAppointment('o', '$2')}
    LIMIT 1
  ) m ON true
  WHERE events.event_id = $1::uuid AND events.cancelled_at IS NULL`);

/**
 * A row of BOOKING_FACTS: the event, counts (count(*)::integer, never NULL),
 * and, through LEFT JOINs, the member's profile and his own active booking,
 * each NULL when there is none. Made on first use, as BOOKING_FACTS is.
 */
export const FACTS_ROW = once(() => ({
  ...EVENT_ROW,
  taken_in_slot: col.int(),
  holds_offer: col.bool(),
  expired_holds: col.int(),
  member_profile_id: col.nullable(col.int()),
  member_first_name: col.nullable(col.text()),
  member_email: col.nullable(col.text()),
  member_date_of_birth: col.nullable(col.text()),
  member_nhs_number: col.nullable(col.text()),
  consent_found: col.bool(),
  mine_id: col.nullable(col.text()),
  mine_status: col.nullable(col.text()),
  mine_start: col.nullable(col.text()),
  mine_expires: col.nullable(col.instant()),
  live_holds_elsewhere: col.int(),
}));
export type FactsRow = RowOf<ReturnType<typeof FACTS_ROW>>;

/**
 * Every booking rule up to (not including) the member's own active booking
 * and the count of places, in BOOKING_REFUSALS' order, on one read of
 * `q` at `at` (BOOKING_FACTS). With no lock it is the cheap first look
 * (its refusals were true when it read); under the event's lock it is
 * the decision.
 */
export async function readBooking(
  q: Queryable,
  userId: string,
  input: BookingInput,
  at: Date,
  grantValid: boolean,
  kind: BookingKind,
): Promise<CheckedBooking> {
  const row = await rowOf(q, FACTS_ROW(), BOOKING_FACTS(), factsParams(userId, input, at, kind));
  return decideBooking(row, input, at, grantValid, kind);
}

const askedConsent = (input: BookingInput) => (typeof input.consentId === 'string' && UUID.test(input.consentId) ? input.consentId : null);

/** BOOKING_FACTS' parameters; an event id that is not one is refused before any query. */
export function factsParams(userId: string, input: BookingInput, at: Date, kind: BookingKind): unknown[] {
  if (typeof input.eventId !== 'string' || !isEventId(input.eventId)) throw refusal('event_not_found');
  const askedStart = typeof input.appointmentStartTime === 'string' && TIME.test(input.appointmentStartTime) ? input.appointmentStartTime : null;
  return [input.eventId, at, userId, askedConsent(input), askedStart, kind === 'card'];
}

/** readBooking's checks, in BOOKING_REFUSALS' order, on a row of BOOKING_FACTS (none: the event is not there). */
export function decideBooking(row: FactsRow | undefined, input: BookingInput, at: Date, grantValid: boolean, kind: BookingKind): CheckedBooking {
  if (!row) throw refusal('event_not_found');
  const event = toScreeningEvent(row);
  const start = checkTiming(event, input.appointmentStartTime, at, kind);
  // A member offered a place from the waiting list showed the code when he joined it.
  if (event.is_private && !grantValid && !row.holds_offer) throw refusal('access_code_required');

  // No profile joined, no name or email either (member_profiles keeps both NOT NULL).
  const { member_profile_id: profileId, member_first_name: firstName, member_email: email } = row;
  if (profileId === null || firstName === null || email === null) throw profileRequired();
  const profile: ProfileRow = { profile_id: profileId, first_name: firstName, email, date_of_birth: row.member_date_of_birth, nhs_number: row.member_nhs_number };
  if (!profile.date_of_birth || !isEligibleAge(profile.date_of_birth, event.event_date)) throw refusal('age_restricted');
  if (isEsneftEvent(event) && !(profile.nhs_number && isValidNhsNumber(profile.nhs_number))) {
    throw refusal('nhs_number_required');
  }
  const consentId = askedConsent(input);
  if (!consentId || row.consent_found !== true) throw refusal('consent_required');

  // His own booking, through a LEFT JOIN: its id and start (NOT NULL columns) are there together or not at all.
  const { mine_id: mineId, mine_start: mineStart } = row;
  const mine: OwnBooking | null =
    mineId !== null && mineStart !== null
      ? {
          appointment_id: mineId,
          status: row.mine_status === 'confirmed' ? 'confirmed' : 'held',
          start: mineStart,
          hold_expires_at: row.mine_expires,
        }
      : null;
  return {
    event,
    start,
    profile,
    consentId,
    mine,
    takenInSlot: row.taken_in_slot,
    expiredHolds: row.expired_holds,
    liveHoldsElsewhere: row.live_holds_elsewhere,
    holdsOffer: row.holds_offer,
  };
}

/**
 * readBooking under the event's row lock, inside the caller's transaction:
 * every booking rule up to the member's own active booking and the places.
 * Expired holds are cancelled under the same lock, so they stop blocking
 * their member (one active booking each) and their slot for good. Shared
 * by free bookings and card-payment holds so the two can never disagree.
 */
export async function checkBooking(
  tx: Queryable,
  userId: string,
  input: BookingInput,
  at: Date,
  grantValid: boolean,
  kind: BookingKind,
): Promise<CheckedBooking> {
  await lockEvent(tx, input);
  // Read after the lock (READ COMMITTED: a new snapshot per statement), so the counts include every booking committed before this one.
  const checked = await readBooking(tx, userId, input, at, grantValid, kind);
  if (checked.expiredHolds > 0) await cancelLapsedHolds(tx, checked.event.event_id, at);
  return checked;
}

/** Takes the event's row lock for the caller's transaction; a cancelled or unknown event is refused. */
export async function lockEvent(tx: Queryable, input: BookingInput) {
  if (typeof input.eventId !== 'string' || !isEventId(input.eventId)) throw refusal('event_not_found');
  const locked = await tx.query('SELECT event_id FROM events WHERE event_id = $1::uuid AND cancelled_at IS NULL FOR UPDATE', [input.eventId]);
  if (locked.length === 0) throw refusal('event_not_found');
}

/** Holds past their expiry stop blocking their member (one active booking each) and their slot for good. */
export async function cancelLapsedHolds(tx: Queryable, eventId: string, at: Date) {
  await tx.query(
    `UPDATE appointments SET status = 'cancelled', cancelled_at = $2, updated_at = $2
     WHERE event_id = $1::uuid AND status = 'held' AND hold_expires_at <= $2`,
    [eventId, at],
  );
}

/** Refuses when the event or the slot had no place left at the read `checked` came from. */
export function refuseWhenFull({ event, takenInSlot }: Pick<CheckedBooking, 'event' | 'takenInSlot'>) {
  const code = placesRefusal(event.booked_spaces, event.total_spaces, takenInSlot, event.places_per_slot);
  if (code) throw refusal(code);
}

/** The places taken at a moment: in all, and in one slot (count(*)::integer, never NULL). */
const PLACES_ROW = { total: col.int(), in_slot: col.int() };

/**
 * Refuses when the event or the slot has no place left at `at`, not
 * counting `except` (an appointment about to take the place itself) nor
 * the live waiting-list offer of `offeredTo` (a profile id: the member
 * booking the place held for him).
 */
export async function checkPlaces(
  tx: Queryable,
  event: ScreeningEvent,
  start: string,
  at: Date,
  except: string | null = null,
  offeredTo: number | null = null,
) {
  const taken = await rowOf(
    tx,
    PLACES_ROW,
    `SELECT count(*)::integer AS total, count(*) FILTER (WHERE t.slot_start = $3::time)::integer AS in_slot
     FROM ${placesTaken('$2', '$5::integer')} t WHERE t.event_id = $1::uuid
       AND ($4::uuid IS NULL OR t.appointment_id IS NULL OR t.appointment_id <> $4::uuid)`,
    [event.event_id, at, start, except, offeredTo],
  );
  if ((taken?.total ?? 0) >= event.total_spaces) throw refusal('fully_booked');
  if ((taken?.in_slot ?? 0) >= event.places_per_slot) throw refusal('slot_taken');
}
