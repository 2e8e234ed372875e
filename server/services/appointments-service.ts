/**
 * A member's own appointments: the list (upcoming first, soonest first,
 * then past ones, latest first), one by id, and cancelling one before it
 * starts. Another member's appointment is answered exactly like one that
 * does not exist (404), so ids reveal nothing.
 */
import { CANCEL_REFUSAL_MESSAGES, type Appointment, type CancelRefusal } from '../../src/domain/booking';
import { londonToInstant } from '../../src/domain/london-time';
import type { Database, Queryable } from '../db/adapter';
import { APPOINTMENT_COLUMNS, APPOINTMENTS_FROM, toAppointment } from '../db/appointments-table';
import { ApiError } from '../http/errors';
import type { BookedMember } from './booking-service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const CANCEL_STATUS: Record<CancelRefusal, 404 | 409 | 422> = {
  appointment_not_found: 404,
  already_cancelled: 409,
  appointment_started: 422,
};

export const cancelRefusal = (code: CancelRefusal) => new ApiError(CANCEL_STATUS[code], code, CANCEL_REFUSAL_MESSAGES[code]);

export interface AppointmentDetail {
  appointment: Appointment;
  member: BookedMember;
}

export interface AppointmentsService {
  list(userId: string): Promise<Appointment[]>;
  get(userId: string, id: string): Promise<AppointmentDetail | null>;
  cancel(userId: string, id: string): Promise<AppointmentDetail>;
  /** Whose appointment `id` is (for logging a member who asks for another's), or null. */
  ownerOf(id: string): Promise<string | null>;
}

const slotStart = (a: Appointment) => londonToInstant(a.event_date, a.start_time).getTime();

// Own appointments only; a held place whose time ran out is no booking at all.
const OWN = `a.user_id = $1::uuid AND NOT (a.status = 'held' AND a.hold_expires_at <= $2::timestamptz)`;

export function createAppointmentsService(db: Database, now: () => Date): AppointmentsService {
  async function detail(q: Queryable, userId: string, id: string, lock = false): Promise<AppointmentDetail | null> {
    if (!UUID.test(id)) return null;
    const at = now();
    const [row] = await q.query(
      `SELECT ${APPOINTMENT_COLUMNS}, p.email AS member_email, p.first_name AS member_first_name
       FROM ${APPOINTMENTS_FROM} JOIN member_profiles p ON p.profile_id = a.profile_id
       WHERE a.appointment_id = $3::uuid AND ${OWN}${lock ? ' FOR UPDATE OF a' : ''}`,
      [userId, at, id],
    );
    if (!row) return null;
    return {
      appointment: toAppointment(row),
      member: { email: String(row.member_email), firstName: String(row.member_first_name) },
    };
  }

  return {
    async list(userId) {
      const at = now();
      const rows = await db.query(`SELECT ${APPOINTMENT_COLUMNS} FROM ${APPOINTMENTS_FROM} WHERE ${OWN}`, [userId, at]);
      const all = rows.map(toAppointment);
      const upcoming = all.filter((a) => slotStart(a) > at.getTime()).sort((x, y) => slotStart(x) - slotStart(y));
      const past = all.filter((a) => slotStart(a) <= at.getTime()).sort((x, y) => slotStart(y) - slotStart(x));
      return [...upcoming, ...past];
    },

    get: (userId, id) => detail(db, userId, id),

    async ownerOf(id) {
      if (!UUID.test(id)) return null;
      const [row] = await db.query<{ user_id: string }>('SELECT user_id::text AS user_id FROM appointments WHERE appointment_id = $1::uuid', [id]);
      return row?.user_id ?? null;
    },

    cancel(userId, id) {
      return db.transaction(async (tx) => {
        const found = await detail(tx, userId, id, true);
        if (!found) throw cancelRefusal('appointment_not_found');
        if (found.appointment.status === 'cancelled') throw cancelRefusal('already_cancelled');
        const at = now();
        if (slotStart(found.appointment) <= at.getTime()) throw cancelRefusal('appointment_started');
        await tx.query(
          `UPDATE appointments SET status = 'cancelled', cancelled_at = $2, updated_at = $2 WHERE appointment_id = $1::uuid`,
          [id, at],
        );
        // No longer part of the member's screening history (docs/decisions/0007).
        await tx.query('DELETE FROM member_appointments WHERE appointment_id = $1::uuid', [id]);
        const cancelled = await detail(tx, userId, id);
        if (!cancelled) throw new Error('The cancelled appointment could not be read back');
        return cancelled;
      });
    },
  };
}
