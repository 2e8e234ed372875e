/**
 * POST /api/appointments: one booking, decided in one transaction under a
 * lock on the event's row (SELECT ... FOR UPDATE), so concurrent requests
 * for the last places queue and re-count instead of overbooking, on
 * PostgreSQL with any number of processes and on PGlite (whose single
 * connection runs transactions one at a time). The checks run in the order
 * of BOOKING_REFUSALS; a refusal throws, so nothing is written.
 */
import { BOOKING_REFUSAL_MESSAGES, BOOKING_REFUSALS, type Appointment, type BookingRefusal } from '../../src/domain/booking';
import { isEligibleAge } from '../../src/domain/age';
import { bookingClosesAt, hasEnded } from '../../src/domain/event-card';
import { eventPricePence, isEsneftEvent, type ScreeningEvent } from '../../src/domain/event';
import { londonToInstant } from '../../src/domain/london-time';
import { isValidNhsNumber } from '../../src/domain/nhs-number';
import { slotEnd, slotTimes } from '../../src/domain/slots';
import type { Database, Queryable } from '../db/adapter';
import { APPOINTMENT_COLUMNS, APPOINTMENTS_FROM, toAppointment } from '../db/appointments-table';
import { activeAppointment, eventColumns, toScreeningEvent } from '../db/events-table';
import { ApiError } from '../http/errors';
import type { AccessGrants } from './access-grants';
import { profileRequired } from './consent-service';
import { isEventId } from './events-service';

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

async function lockedEvent(tx: Queryable, eventId: unknown, at: Date): Promise<ScreeningEvent> {
  if (typeof eventId !== 'string' || !isEventId(eventId)) throw refusal('event_not_found');
  const locked = await tx.query('SELECT event_id FROM events WHERE event_id = $1::uuid AND cancelled_at IS NULL FOR UPDATE', [eventId]);
  if (locked.length === 0) throw refusal('event_not_found');
  // Read after the lock: booked_spaces counts every booking committed before this one.
  const [row] = await tx.query(`SELECT ${eventColumns('$2')} FROM events WHERE event_id = $1::uuid`, [eventId, at]);
  if (!row) throw refusal('event_not_found');
  return toScreeningEvent(row);
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

export interface CheckedBooking {
  event: ScreeningEvent;
  start: string;
  profile: ProfileRow;
  consentId: string;
}

/**
 * Every booking rule up to (not including) the member's own active booking
 * and the count of places, in BOOKING_REFUSALS' order, inside the caller's
 * transaction and under the event's row lock it takes. Shared by free
 * bookings and card-payment holds so the two can never disagree.
 */
export async function checkBooking(
  tx: Queryable,
  userId: string,
  input: BookingInput,
  at: Date,
  grantValid: boolean,
  kind: BookingKind,
): Promise<CheckedBooking> {
  const event = await lockedEvent(tx, input.eventId, at);
  const start = checkTiming(event, input.appointmentStartTime, at, kind);
  if (event.is_private && !grantValid) throw refusal('access_code_required');

  const [profile] = await tx.query<ProfileRow>(
    `SELECT profile_id, first_name, email, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, nhs_number
     FROM member_profiles WHERE user_id = $1`,
    [userId],
  );
  if (!profile) throw profileRequired();
  if (!profile.date_of_birth || !isEligibleAge(profile.date_of_birth, event.event_date)) throw refusal('age_restricted');
  if (isEsneftEvent(event) && !(profile.nhs_number && isValidNhsNumber(profile.nhs_number))) {
    throw refusal('nhs_number_required');
  }
  const consentId = typeof input.consentId === 'string' && UUID.test(input.consentId) ? input.consentId : null;
  const consent = consentId
    ? await tx.query('SELECT 1 FROM consents WHERE consent_id = $1::uuid AND profile_id = $2 AND event_id = $3::uuid', [
        consentId,
        profile.profile_id,
        event.event_id,
      ])
    : [];
  if (!consentId || consent.length === 0) throw refusal('consent_required');

  // Expired holds stop blocking their member and their slot for good.
  await tx.query(
    `UPDATE appointments SET status = 'cancelled', cancelled_at = $2, updated_at = $2
     WHERE event_id = $1::uuid AND status = 'held' AND hold_expires_at <= $2`,
    [event.event_id, at],
  );
  return { event, start, profile, consentId };
}

/**
 * Refuses when the event or the slot has no place left at `at`, not
 * counting `except` (an appointment about to take the place itself).
 */
export async function checkPlaces(tx: Queryable, event: ScreeningEvent, start: string, at: Date, except: string | null = null) {
  const [taken] = await tx.query<{ total: number; in_slot: number }>(
    `SELECT count(*)::integer AS total, count(*) FILTER (WHERE a.slot_start = $3::time)::integer AS in_slot
     FROM appointments a WHERE a.event_id = $1::uuid AND ${activeAppointment('a', '$2')}
       AND ($4::uuid IS NULL OR a.appointment_id <> $4::uuid)`,
    [event.event_id, at, start, except],
  );
  if ((taken?.total ?? 0) >= event.total_spaces) throw refusal('fully_booked');
  if ((taken?.in_slot ?? 0) >= event.places_per_slot) throw refusal('slot_taken');
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

export function createBookingService(db: Database, grants: AccessGrants, now: () => Date): BookingService {
  return {
    async book(userId, input) {
      const at = now();
      // Checked before the transaction: verifying may read the signing secret, and PGlite's
      // single connection cannot run another query while a transaction holds it.
      const grantValid = typeof input.eventId === 'string' && (await grants.isValid(input.accessGrant, input.eventId));
      try {
        return await db.transaction(async (tx) => {
          const { event, start, profile, consentId } = await checkBooking(tx, userId, input, at, grantValid, 'free');
          const mine = await tx.query(
            "SELECT 1 FROM appointments WHERE event_id = $1::uuid AND profile_id = $2 AND status IN ('held', 'confirmed')",
            [event.event_id, profile.profile_id],
          );
          if (mine.length > 0) throw refusal('already_booked');
          await checkPlaces(tx, event, start, at);

          const [created] = await tx.query<{ appointment_id: string }>(
            `INSERT INTO appointments (profile_id, user_id, event_id, consent_id, slot_start, slot_end, status, payment_status,
               price, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, 'confirmed', 'paid', 0, $7, $7) RETURNING appointment_id::text AS appointment_id`,
            [profile.profile_id, userId, event.event_id, consentId, start, slotEnd(start, event.session_duration), at],
          );
          if (!created) throw new Error('INSERT INTO appointments returned no row');
          await addToHistory(tx, created.appointment_id, profile.profile_id, event);
          const appointment = await readAppointment(tx, created.appointment_id);
          return { appointment, member: { email: profile.email, firstName: profile.first_name } };
        });
      } catch (error) {
        if (isDuplicateBooking(error)) throw refusal('already_booked');
        throw error;
      }
    },
  };
}
