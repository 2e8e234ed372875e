/**
 * POST /api/appointments: one booking, decided in one transaction under a
 * lock on the event's row (SELECT ... FOR UPDATE), so concurrent requests
 * for the last places queue and re-count instead of overbooking, on
 * PostgreSQL with any number of processes and on PGlite (whose single
 * connection runs transactions one at a time). The checks run in the order
 * of BOOKING_REFUSALS; a refusal throws, so nothing is written.
 *
 * A rush (hundreds of members for a few places) is answered mostly without
 * the lock: the same checks first run on one plain read of everything the
 * decision needs (readBooking), and a refusal there is the answer. That
 * read sees only committed bookings, so it can be stale only towards
 * "places left" (the locked read then decides); when it says full, the
 * event or slot was full at that moment. Under the lock a free booking is
 * one statement (BOOK_FREE): the same read once more and, when its counts
 * allow, the booking and its history row written; the decision is then
 * made on that read, and a refusal rolls the write back. So the lock is
 * held for that statement and the commit while other attempts wait.
 * Within one process the attempts that get past the first read take turns
 * (booking-queue.ts), so they wait without holding pooled connections.
 */
import { BOOKING_REFUSAL_MESSAGES, BOOKING_REFUSALS, type Appointment, type BookingRefusal } from '../../../src/domain/booking';
import { isEligibleAge } from '../../../src/domain/age';
import { bookingClosesAt, hasEnded } from '../../../src/domain/event-card';
import { eventPricePence, isEsneftEvent, type ScreeningEvent } from '../../../src/domain/event';
import { londonToInstant } from '../../../src/domain/london-time';
import { isValidNhsNumber } from '../../../src/domain/nhs-number';
import { slotEnd, slotTimes } from '../../../src/domain/slots';
import type { Database, Queryable, Row } from '../../platform/db/adapter';
import { APPOINTMENT_COLUMNS, APPOINTMENTS_FROM, toAppointment } from './appointments-table';
import { activeAppointment, eventColumns, placesTaken, toScreeningEvent } from '../events';
import { ApiError } from '../../platform/http/errors';
import type { BookingMail } from './booking-mail';
import type { AccessGrants } from '../events';
import { holdProfile, profileRequired } from './consent-service';
import { createBookingQueue, placesRefusal } from './booking-queue';
import { isEventId } from '../events';

export interface BookingInput {
  eventId: unknown;
  appointmentStartTime: unknown;
  consentId: unknown;
  accessGrant: unknown;
}

/** Who booked, for the confirmation email. */
export interface BookedMember {
  email: string;
  firstName: string;
}

export interface BookingService {
  book(userId: string, input: BookingInput): Promise<{ appointment: Appointment; member: BookedMember }>;
}

export const refusal = (code: BookingRefusal) => new ApiError(BOOKING_REFUSALS[code], code, BOOKING_REFUSAL_MESSAGES[code]);

/** Whether the event must be paid for by card: payment required and a price above nothing. */
export const needsCardPayment = (event: ScreeningEvent) => event.payment_required && eventPricePence(event) > 0;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** PostgreSQL's unique_violation on the one-active-booking index: a parallel duplicate that got past the checks. */
export function isDuplicateBooking(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  return e?.code === '23505' && String(e.constraint ?? e.message ?? '').includes('appointments_one_active_per_member');
}

export interface ProfileRow {
  [column: string]: unknown;
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
 * Written on first use: it is made from the events module's SQL, which a
 * module loaded in the middle of an import cycle may not have yet.
 */
let bookingFactsSql: string | undefined;
const BOOKING_FACTS = () => (bookingFactsSql ??= `
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
  const [row] = await q.query(BOOKING_FACTS(), factsParams(userId, input, at, kind));
  return decideBooking(row, input, at, grantValid, kind);
}

const askedConsent = (input: BookingInput) => (typeof input.consentId === 'string' && UUID.test(input.consentId) ? input.consentId : null);

/** BOOKING_FACTS' parameters; an event id that is not one is refused before any query. */
function factsParams(userId: string, input: BookingInput, at: Date, kind: BookingKind): unknown[] {
  if (typeof input.eventId !== 'string' || !isEventId(input.eventId)) throw refusal('event_not_found');
  const askedStart = typeof input.appointmentStartTime === 'string' && TIME.test(input.appointmentStartTime) ? input.appointmentStartTime : null;
  return [input.eventId, at, userId, askedConsent(input), askedStart, kind === 'card'];
}

/** readBooking's checks, in BOOKING_REFUSALS' order, on a row of BOOKING_FACTS (none: the event is not there). */
function decideBooking(row: Row | undefined, input: BookingInput, at: Date, grantValid: boolean, kind: BookingKind): CheckedBooking {
  if (!row) throw refusal('event_not_found');
  const event = toScreeningEvent(row);
  const start = checkTiming(event, input.appointmentStartTime, at, kind);
  // A member offered a place from the waiting list showed the code when he joined it.
  if (event.is_private && !grantValid && row.holds_offer !== true) throw refusal('access_code_required');

  if (row.member_profile_id === null || row.member_profile_id === undefined) throw profileRequired();
  const profile: ProfileRow = {
    profile_id: Number(row.member_profile_id),
    first_name: String(row.member_first_name),
    email: String(row.member_email),
    date_of_birth: row.member_date_of_birth === null ? null : String(row.member_date_of_birth),
    nhs_number: row.member_nhs_number === null ? null : String(row.member_nhs_number),
  };
  if (!profile.date_of_birth || !isEligibleAge(profile.date_of_birth, event.event_date)) throw refusal('age_restricted');
  if (isEsneftEvent(event) && !(profile.nhs_number && isValidNhsNumber(profile.nhs_number))) {
    throw refusal('nhs_number_required');
  }
  const consentId = askedConsent(input);
  if (!consentId || row.consent_found !== true) throw refusal('consent_required');

  const mine: OwnBooking | null =
    typeof row.mine_id === 'string'
      ? {
          appointment_id: row.mine_id,
          status: row.mine_status === 'confirmed' ? 'confirmed' : 'held',
          start: String(row.mine_start),
          hold_expires_at: row.mine_expires instanceof Date ? row.mine_expires : null,
        }
      : null;
  return {
    event,
    start,
    profile,
    consentId,
    mine,
    takenInSlot: Number(row.taken_in_slot),
    expiredHolds: Number(row.expired_holds),
    liveHoldsElsewhere: Number(row.live_holds_elsewhere),
    holdsOffer: row.holds_offer === true,
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
async function lockEvent(tx: Queryable, input: BookingInput) {
  if (typeof input.eventId !== 'string' || !isEventId(input.eventId)) throw refusal('event_not_found');
  const locked = await tx.query('SELECT event_id FROM events WHERE event_id = $1::uuid AND cancelled_at IS NULL FOR UPDATE', [input.eventId]);
  if (locked.length === 0) throw refusal('event_not_found');
}

/** Holds past their expiry stop blocking their member (one active booking each) and their slot for good. */
async function cancelLapsedHolds(tx: Queryable, eventId: string, at: Date) {
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

/** A free booking's own refusals after the shared rules: one active booking per member, then the places. */
function refuseTaken(checked: CheckedBooking) {
  if (checked.mine) throw refusal('already_booked');
  refuseWhenFull(checked);
}

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
  const [taken] = await tx.query<{ total: number; in_slot: number }>(
    `SELECT count(*)::integer AS total, count(*) FILTER (WHERE t.slot_start = $3::time)::integer AS in_slot
     FROM ${placesTaken('$2', '$5::integer')} t WHERE t.event_id = $1::uuid
       AND ($4::uuid IS NULL OR t.appointment_id IS NULL OR t.appointment_id <> $4::uuid)`,
    [event.event_id, at, start, except, offeredTo],
  );
  if ((taken?.total ?? 0) >= event.total_spaces) throw refusal('fully_booked');
  if ((taken?.in_slot ?? 0) >= event.places_per_slot) throw refusal('slot_taken');
}

/** A member who books an event leaves its waiting list; a place held for him becomes his booking. */
export async function leaveOnBooking(tx: Queryable, eventId: string, profileId: number, at: Date) {
  await tx.query(
    `UPDATE waiting_list SET status = 'booked', ended_at = $3 WHERE event_id = $1::uuid AND profile_id = $2 AND status IN ('waiting', 'offered')`,
    [eventId, profileId, at],
  );
}

/** The member's screening history (/medical-results) lists a confirmed booking under the same id (docs/decisions/0007). */
export async function addToHistory(tx: Queryable, appointmentId: string, profileId: number, event: ScreeningEvent) {
  await tx.query(
    `INSERT INTO member_appointments (appointment_id, profile_id, event_id, event_name, product_name, event_date)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (appointment_id) DO NOTHING`,
    [appointmentId, profileId, event.event_id, event.event_name, event.product_name, event.event_date],
  );
}

export async function readAppointment(tx: Queryable, appointmentId: string): Promise<Appointment> {
  const [row] = await tx.query(`SELECT ${APPOINTMENT_COLUMNS} FROM ${APPOINTMENTS_FROM} WHERE a.appointment_id = $1`, [appointmentId]);
  if (!row) throw new Error(`Appointment ${appointmentId} could not be read back`);
  return toAppointment(row);
}

/**
 * Writes the confirmed free booking, its history row (docs/decisions/0007)
 * and reads it back as the API sends it, in one statement.
 */
async function insertFreeBooking(tx: Queryable, userId: string, checked: CheckedBooking, at: Date): Promise<Appointment> {
  const { event, start, profile, consentId } = checked;
  const [row] = await tx.query(
    `WITH a AS (
       INSERT INTO appointments (profile_id, user_id, event_id, consent_id, slot_start, slot_end, status, payment_status,
         price, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'confirmed', 'paid', 0, $7, $7) RETURNING *
     ), history AS (
       INSERT INTO member_appointments (appointment_id, profile_id, event_id, event_name, product_name, event_date)
       SELECT a.appointment_id, a.profile_id, a.event_id, e.event_name, e.product_name, e.event_date
       FROM a JOIN events e ON e.event_id = a.event_id
       ON CONFLICT (appointment_id) DO NOTHING
     )
     SELECT ${APPOINTMENT_COLUMNS} FROM a JOIN events e ON e.event_id = a.event_id`,
    [profile.profile_id, userId, event.event_id, consentId, start, slotEnd(start, event.session_duration), at],
  );
  if (!row) throw new Error('INSERT INTO appointments returned no row');
  return toAppointment(row);
}

/**
 * BOOKING_FACTS and, when its counts and the member's rows allow, the
 * confirmed free booking with its history row, in one statement: under the
 * lock, a booking costs this statement and the commit. The insert's
 * conditions are a subset of decideBooking's, which then decides on the
 * same row; a refusal rolls the insert back.
 */
let bookFreeSql: string | undefined;
const BOOK_FREE = () => (bookFreeSql ??= `
  WITH f AS (
    SELECT facts.*, EXISTS (SELECT 1 FROM appointments l WHERE l.event_id = facts.event_id::uuid AND l.profile_id = facts.member_profile_id
      AND l.status = 'held' AND l.hold_expires_at <= $2::timestamptz) AS member_lapsed_hold
    FROM (${BOOKING_FACTS()}) facts
  ),
  a AS (
    INSERT INTO appointments (profile_id, user_id, event_id, consent_id, slot_start, slot_end, status, payment_status,
      price, created_at, updated_at)
    SELECT f.member_profile_id, $3::uuid, f.event_id::uuid, $4::uuid, $5::time,
      -- time + interval wraps at midnight (23:45 + 15 minutes is 00:00): the day's last slot ends at 24:00, as slotEnd says.
      CASE WHEN $5::time + make_interval(mins => f.session_duration) > $5::time THEN $5::time + make_interval(mins => f.session_duration) ELSE '24:00'::time END,
      'confirmed', 'paid', 0, $2, $2
    FROM f
    WHERE $5::time IS NOT NULL AND f.member_profile_id IS NOT NULL AND f.consent_found AND f.mine_id IS NULL
      AND NOT f.member_lapsed_hold AND f.booked_spaces < f.total_spaces AND f.taken_in_slot < f.places_per_slot
    RETURNING appointment_id, profile_id, event_id, slot_start, slot_end, price, status, payment_status, created_at
  ),
  history AS (
    INSERT INTO member_appointments (appointment_id, profile_id, event_id, event_name, product_name, event_date)
    SELECT a.appointment_id, a.profile_id, a.event_id, e.event_name, e.product_name, e.event_date
    FROM a JOIN events e ON e.event_id = a.event_id
    ON CONFLICT (appointment_id) DO NOTHING
  )
  SELECT f.*, a.appointment_id::text AS booked_id, to_char(a.slot_start, 'HH24:MI') AS booked_start,
    to_char(a.slot_end, 'HH24:MI') AS booked_end, a.price AS booked_price, a.status AS booked_status,
    a.payment_status AS booked_payment_status, a.created_at AS booked_created_at
  FROM f LEFT JOIN a ON true`);

/** The appointment BOOK_FREE wrote, as the API sends it (the columns of APPOINTMENT_COLUMNS, from the same row). */
function bookedAppointment(row: Row): Appointment {
  return toAppointment({
    ...row,
    appointment_id: row.booked_id,
    start_time: row.booked_start,
    end_time: row.booked_end,
    price: row.booked_price,
    status: row.booked_status,
    payment_status: row.booked_payment_status,
    created_at: row.booked_created_at,
    cancelled_at: null,
    calendar_sequence: 0,
  });
}

/** A free booking inside its turn's transaction: the row lock, then BOOK_FREE. */
async function bookFree(tx: Queryable, userId: string, input: BookingInput, at: Date, grantValid: boolean, first: CheckedBooking) {
  // A "Delete my account" running now either waits for this booking (then refuses: an upcoming booking) or has
  // taken the profile: the answer is then 401, not a foreign-key failure.
  await holdProfile(tx, first.profile.profile_id);
  await lockEvent(tx, input);
  // Holds lapsed at `at` can only have become fewer since the first look (a new hold lapses after its own request's moment).
  if (first.expiredHolds > 0) await cancelLapsedHolds(tx, first.event.event_id, at);
  const [row] = await tx.query(BOOK_FREE(), factsParams(userId, input, at, 'free'));
  const checked = decideBooking(row, input, at, grantValid, 'free');
  refuseTaken(checked);
  // Booked, through an offer or any other way: he leaves the event's waiting list.
  await leaveOnBooking(tx, checked.event.event_id, checked.profile.profile_id, at);
  let appointment: Appointment;
  if (row?.booked_id) {
    appointment = bookedAppointment(row);
  } else {
    // Every rule passed yet nothing was written: a lapsed hold of this member's appeared after the first look.
    await cancelLapsedHolds(tx, checked.event.event_id, at);
    appointment = await insertFreeBooking(tx, userId, checked, at);
  }
  return { appointment, member: { email: checked.profile.email, firstName: checked.profile.first_name } };
}

export function createBookingService(db: Database, grants: AccessGrants, now: () => Date, mail: BookingMail): BookingService {
  const queue = createBookingQueue(db, now, refusal);
  return {
    async book(userId, input) {
      const at = now();
      // Checked before the transaction: verifying may read the signing secret, and PGlite's
      // single connection cannot run another query while a transaction holds it.
      const grantValid = typeof input.eventId === 'string' && (await grants.isValid(input.accessGrant, input.eventId));
      // The cheap first look: a refusal true at this read is the answer, with no transaction or lock.
      const first = await readBooking(db, userId, input, at, grantValid, 'free');
      refuseTaken(first);
      try {
        return await queue.inTurn(first.event.event_id, first.start, at, async (tx) => {
          const booked = await bookFree(tx, userId, input, at, grantValid, first);
          // Queued with the booking: it goes if and only if the booking commits.
          await mail.confirmed(tx, booked.appointment, booked.member);
          return booked;
        }, first.holdsOffer);
      } catch (error) {
        if (isDuplicateBooking(error)) throw refusal('already_booked');
        throw error;
      }
    },
  };
}
