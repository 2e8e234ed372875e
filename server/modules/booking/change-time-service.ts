/**
 * POST /api/appointments/{id}/change: "Change time", the member's own
 * confirmed booking moved to another free slot of the same event.
 *
 * Decided in one transaction under the event's row lock, the lock every
 * booking and hold of the event takes (booking-service.ts), so a change
 * and a booking for the same slot queue and re-count instead of both
 * getting it; then the appointment's own row lock. The move is one UPDATE
 * of the appointment's slot: no moment exists, in this transaction or any
 * other, where the member holds both places or neither. The new place is
 * counted (and taken) before the old one is let go, and the appointment
 * keeps its id, so a card payment (payment_orders.appointment_id), the
 * consent and the screening history stay with it. The calendar SEQUENCE
 * goes up by one, and the email with the calendar file that moves the
 * entry is queued in the same transaction (docs/decisions/0013).
 *
 * Not through the booking queue (booking-queue.ts): its shared read refuses
 * a waiting attempt when the whole event is full, which is right for a new
 * booking and wrong for a move (the member already holds a place). Changes
 * are rare; the row lock is what decides, in the queue or not.
 *
 * Parallel changes of one booking: `fromStartTime` is the time the member
 * saw it at; the first change to commit moves it, and every other one,
 * reading after the lock, finds another time there and is refused
 * (booking_changed), so one request is one move and one email.
 *
 * GET /api/appointments/{id}/change-slots (`slots`): the times this booking
 * could move to now, counted without its own place. The public /slots
 * offers nothing once the event is full, yet a member already booked on a
 * full event may still move to a time with room.
 */
import { CHANGE_REFUSAL_MESSAGES, CHANGE_REFUSALS, type Appointment, type ChangeRefusal } from '../../../src/domain/booking';
import { bookingClosesAt, hasEnded } from '../../../src/domain/event-card';
import { londonToInstant } from '../../../src/domain/london-time';
import { availableSlots, slotEnd, slotTimes, type SlotsByDate } from '../../../src/domain/slots';
import type { ScreeningEvent } from '../../../src/domain/event';
import type { Database, Queryable } from '../../platform/db/adapter';
import { col, rowOf, rowsOf } from '../../platform/db/rows';
import { APPOINTMENT_COLUMNS, APPOINTMENT_ROW, APPOINTMENTS_FROM, toAppointment } from './appointments-table';
import { EVENT_ROW, eventColumns, placesTaken, toScreeningEvent } from '../events';
import { ApiError } from '../../platform/http/errors';
import type { BookingMail } from './booking-mail';
import type { BookedMember } from './booking-service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const changeRefusal = (code: ChangeRefusal) => new ApiError(CHANGE_REFUSALS[code], code, CHANGE_REFUSAL_MESSAGES[code]);

export interface ChangeTimeInput {
  appointmentStartTime: unknown;
  fromStartTime: unknown;
}

export interface ChangedBooking {
  appointment: Appointment;
  previousStart: string;
}

export interface ChangeTimeService {
  change(userId: string, appointmentId: string, input: ChangeTimeInput): Promise<ChangedBooking>;
  /** The free times the member's booking could move to at this moment (not its own); refused as a change would be. */
  slots(userId: string, appointmentId: string): Promise<SlotsByDate>;
}

/** The appointment and whom to email (member_profiles' names are NOT NULL); its hold_expires_at is selected, not read. */
const OWN_APPOINTMENT_ROW = { ...APPOINTMENT_ROW, member_email: col.text(), member_first_name: col.text() };
const EVENT_ID_ROW = { event_id: col.text() };
const COUNT_ROW = { n: col.int() };
const SLOT_TAKEN_ROW = { slot: col.text(), taken: col.int() };

/** A booking whose time cannot be changed, whatever time is asked for. */
function statusRefusal(appointment: Appointment): ChangeRefusal | null {
  if (appointment.status === 'cancelled') return 'already_cancelled';
  if (appointment.status !== 'confirmed') return 'booking_not_confirmed';
  return null;
}

/** The booking window, as for a new booking: no change once booking has closed, the event has ended or the appointment begun. */
function windowRefusal(event: ScreeningEvent, appointment: Appointment, at: Date): ChangeRefusal | null {
  if (hasEnded(event, at)) return 'event_passed';
  if (londonToInstant(event.event_date, appointment.start_time).getTime() <= at.getTime()) return 'appointment_started';
  const closesAt = bookingClosesAt(event);
  if (closesAt && at.getTime() >= closesAt.getTime()) return 'booking_closed';
  return null;
}

/** The member's own appointment and who to email, locked for this transaction; null when it is not theirs or not there. */
async function lockOwnAppointment(tx: Queryable, userId: string, id: string): Promise<{ appointment: Appointment; member: BookedMember } | null> {
  const row = await rowOf(
    tx,
    OWN_APPOINTMENT_ROW,
    `SELECT ${APPOINTMENT_COLUMNS}, p.email AS member_email, p.first_name AS member_first_name, a.hold_expires_at
     FROM ${APPOINTMENTS_FROM} JOIN member_profiles p ON p.profile_id = a.profile_id
     WHERE a.appointment_id = $1::uuid AND a.user_id = $2::uuid FOR UPDATE OF a`,
    [id, userId],
  );
  if (!row) return null;
  return { appointment: toAppointment(row), member: { email: row.member_email, firstName: row.member_first_name } };
}

export function createChangeTimeService(db: Database, now: () => Date, mail: BookingMail): ChangeTimeService {
  return {
    async change(userId, id, input) {
      if (!UUID.test(id)) throw changeRefusal('appointment_not_found');
      // Which event to lock: a plain read, checked again under the locks.
      const owned = await rowOf(db, EVENT_ID_ROW, 'SELECT event_id::text AS event_id FROM appointments WHERE appointment_id = $1::uuid AND user_id = $2::uuid', [
        id,
        userId,
      ]);
      if (!owned) throw changeRefusal('appointment_not_found');
      const at = now();
      // The new ticket's signing key, read before the transaction (BookingMail.prepare).
      await mail.prepare();
      return db.transaction(async (tx) => {
        const locked = await tx.query('SELECT event_id FROM events WHERE event_id = $1::uuid AND cancelled_at IS NULL FOR UPDATE', [owned.event_id]);
        if (locked.length === 0) throw changeRefusal('event_not_found');
        const eventRow = await rowOf(tx, EVENT_ROW, `SELECT ${eventColumns('$2')} FROM events WHERE event_id = $1::uuid`, [owned.event_id, at]);
        if (!eventRow) throw changeRefusal('event_not_found');
        const event = toScreeningEvent(eventRow);

        const own = await lockOwnAppointment(tx, userId, id);
        if (!own) throw changeRefusal('appointment_not_found');
        const { appointment, member } = own;
        const blocked = statusRefusal(appointment);
        if (blocked) throw changeRefusal(blocked);
        if (input.fromStartTime !== appointment.start_time) throw changeRefusal('booking_changed');
        const closed = windowRefusal(event, appointment, at);
        if (closed) throw changeRefusal(closed);
        const start = input.appointmentStartTime;
        if (typeof start !== 'string' || !slotTimes(event.start_time, event.end_time, event.session_duration).includes(start)) {
          throw changeRefusal('invalid_slot');
        }
        if (londonToInstant(event.event_date, start).getTime() <= at.getTime()) throw changeRefusal('invalid_slot');
        if (start === appointment.start_time) throw changeRefusal('same_time');

        // The new slot's places at `at`, held ones (checkout holds, waiting-list offers) included; this booking is not in it, so it is not counted.
        const taken = await rowOf(
          tx,
          COUNT_ROW,
          `SELECT count(*)::integer AS n FROM ${placesTaken('$2')} t
           WHERE t.event_id = $1::uuid AND t.slot_start = $3::time`,
          [event.event_id, at, start],
        );
        if ((taken?.n ?? 0) >= event.places_per_slot) throw changeRefusal('slot_taken');

        const moved = await rowOf(
          tx,
          APPOINTMENT_ROW,
          `WITH moved AS (
             UPDATE appointments SET slot_start = $2::time, slot_end = $3::time, updated_at = $4, calendar_sequence = calendar_sequence + 1
             WHERE appointment_id = $1::uuid RETURNING *
           )
           SELECT ${APPOINTMENT_COLUMNS} FROM moved a JOIN events e ON e.event_id = a.event_id`,
          [id, start, slotEnd(start, event.session_duration), at],
        );
        if (!moved) throw new Error(`Appointment ${id} could not be moved`);
        const changed = toAppointment(moved);
        await mail.changed(tx, changed, member, appointment.start_time);
        return { appointment: changed, previousStart: appointment.start_time };
      });
    },

    async slots(userId, id) {
      if (!UUID.test(id)) throw changeRefusal('appointment_not_found');
      const at = now();
      const row = await rowOf(db, APPOINTMENT_ROW, `SELECT ${APPOINTMENT_COLUMNS} FROM ${APPOINTMENTS_FROM} WHERE a.appointment_id = $1::uuid AND a.user_id = $2::uuid`, [
        id,
        userId,
      ]);
      if (!row) throw changeRefusal('appointment_not_found');
      const appointment = toAppointment(row);
      const eventRow = await rowOf(db, EVENT_ROW, `SELECT ${eventColumns('$2')} FROM events WHERE event_id = $1::uuid AND cancelled_at IS NULL`, [
        appointment.event_id,
        at,
      ]);
      if (!eventRow) throw changeRefusal('event_not_found');
      const event = toScreeningEvent(eventRow);
      const blocked = statusRefusal(appointment) ?? windowRefusal(event, appointment, at);
      if (blocked) throw changeRefusal(blocked);
      // Every other live place per time: this booking's own is the one it would move.
      const rows = await rowsOf(
        db,
        SLOT_TAKEN_ROW,
        `SELECT to_char(t.slot_start, 'HH24:MI') AS slot, count(*)::integer AS taken FROM ${placesTaken('$2')} t
         WHERE t.event_id = $1::uuid AND (t.appointment_id IS NULL OR t.appointment_id <> $3::uuid)
         GROUP BY t.slot_start`,
        [event.event_id, at, id],
      );
      const open = availableSlots(event, Object.fromEntries(rows.map((r) => [r.slot, r.taken])), at);
      const day = open[event.event_date];
      return { [event.event_date]: { availableTimeSlots: (day?.availableTimeSlots ?? []).filter((time) => time !== appointment.start_time) } };
    },
  };
}
