/**
 * POST /api/appointments: one free booking, decided in one transaction
 * under a lock on the event's row (SELECT ... FOR UPDATE), so concurrent
 * requests for the last places queue and re-count instead of overbooking,
 * on PostgreSQL with any number of processes and on PGlite (whose single
 * connection runs transactions one at a time). The rules it checks are
 * booking-rules.ts, shared with card-payment holds; the rows every booking
 * writes (history, leaving the waiting list) are here.
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
import { APPOINTMENT_STATUSES, PAYMENT_STATUSES, type Appointment } from '../../../src/domain/booking';
import { once } from '../../../src/domain/once';
import type { ScreeningEvent } from '../../../src/domain/event';
import { slotEnd } from '../../../src/domain/slots';
import type { Database, Queryable } from '../../platform/db/adapter';
import { col, rowOf, type RowOf } from '../../platform/db/rows';
import { APPOINTMENT_COLUMNS, APPOINTMENT_ROW, APPOINTMENTS_FROM, toAppointment } from './appointments-table';
import {
  BOOKING_FACTS,
  cancelLapsedHolds,
  decideBooking,
  FACTS_ROW,
  factsParams,
  lockEvent,
  readBooking,
  refusal,
  refuseWhenFull,
  type BookingInput,
  type CheckedBooking,
} from './booking-rules';
import type { BookingMail } from './booking-mail';
import type { AccessGrants } from '../events';
import { holdProfile } from './consent-service';
import { createBookingQueue } from './booking-queue';

/** Who booked, for the confirmation email. */
export interface BookedMember {
  email: string;
  firstName: string;
}

export interface BookingService {
  book(userId: string, input: BookingInput): Promise<{ appointment: Appointment; member: BookedMember }>;
}

/** PostgreSQL's unique_violation on the one-active-booking index: a parallel duplicate that got past the checks. */
export function isDuplicateBooking(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  return e?.code === '23505' && String(e.constraint ?? e.message ?? '').includes('appointments_one_active_per_member');
}

/** A free booking's own refusals after the shared rules: one active booking per member, then the places. */
function refuseTaken(checked: CheckedBooking) {
  if (checked.mine) throw refusal('already_booked');
  refuseWhenFull(checked);
}

/** A member who books an event leaves its waiting list; a place held for him becomes his booking. */
export async function leaveOnBooking(tx: Queryable, eventId: string, profileId: number, at: Date) {
  await tx.query(
    `UPDATE waiting_list SET status = 'booked', ended_at = $3 WHERE event_id = $1::uuid AND profile_id = $2 AND status IN ('waiting', 'offered')`,
    [eventId, profileId, at],
  );
}

/** The member's screening history (/medical-results) lists a confirmed booking under the same id (docs/decisions/0007-bookings-appointments-and-history.md). */
export async function addToHistory(tx: Queryable, appointmentId: string, profileId: number, event: ScreeningEvent) {
  await tx.query(
    `INSERT INTO member_appointments (appointment_id, profile_id, event_id, event_name, product_name, event_date)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (appointment_id) DO NOTHING`,
    [appointmentId, profileId, event.event_id, event.event_name, event.product_name, event.event_date],
  );
}

export async function readAppointment(tx: Queryable, appointmentId: string): Promise<Appointment> {
  const row = await rowOf(tx, APPOINTMENT_ROW, `SELECT ${APPOINTMENT_COLUMNS} FROM ${APPOINTMENTS_FROM} WHERE a.appointment_id = $1`, [appointmentId]);
  if (!row) throw new Error(`Appointment ${appointmentId} could not be read back`);
  return toAppointment(row);
}

/**
 * Writes the confirmed free booking, its history row
 * (docs/decisions/0007-bookings-appointments-and-history.md) and reads it
 * back as the API sends it, in one statement.
 */
async function insertFreeBooking(tx: Queryable, userId: string, checked: CheckedBooking, at: Date): Promise<Appointment> {
  const { event, start, profile, consentId } = checked;
  const row = await rowOf(
    tx,
    APPOINTMENT_ROW,
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
const BOOK_FREE = once((): string => `
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

/**
 * A row of BOOK_FREE: BOOKING_FACTS' row, whether the member has a lapsed
 * hold, and the appointment written (LEFT JOINed: every column NULL when
 * the insert wrote nothing). Made on first use, as FACTS_ROW is.
 */
const BOOK_FREE_ROW = once(() => ({
  ...FACTS_ROW(),
  member_lapsed_hold: col.bool(),
  booked_id: col.nullable(col.text()),
  booked_start: col.nullable(col.text()),
  booked_end: col.nullable(col.text()),
  booked_price: col.nullable(col.int()),
  booked_status: col.nullable(col.oneOf(APPOINTMENT_STATUSES)),
  booked_payment_status: col.nullable(col.oneOf(PAYMENT_STATUSES)),
  booked_created_at: col.nullable(col.instant()),
}));

/** The appointment BOOK_FREE wrote, as the API sends it (the columns of APPOINTMENT_COLUMNS, from the same row); null when it wrote none. */
function bookedAppointment(row: RowOf<ReturnType<typeof BOOK_FREE_ROW>>): Appointment | null {
  const { booked_id, booked_start, booked_end, booked_price, booked_status, booked_payment_status, booked_created_at } = row;
  if (booked_id === null || booked_start === null || booked_end === null || booked_price === null) return null;
  if (booked_status === null || booked_payment_status === null || booked_created_at === null) return null;
  return toAppointment({
    ...row,
    appointment_id: booked_id,
    start_time: booked_start,
    end_time: booked_end,
    price: booked_price,
    status: booked_status,
    payment_status: booked_payment_status,
    created_at: booked_created_at,
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
  const row = await rowOf(tx, BOOK_FREE_ROW(), BOOK_FREE(), factsParams(userId, input, at, 'free'));
  const checked = decideBooking(row, input, at, grantValid, 'free');
  refuseTaken(checked);
  // Booked, through an offer or any other way: he leaves the event's waiting list.
  await leaveOnBooking(tx, checked.event.event_id, checked.profile.profile_id, at);
  let appointment = row && bookedAppointment(row);
  if (!appointment) {
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
      // Likewise the ticket's signing key, for the confirmation email.
      await mail.prepare();
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
