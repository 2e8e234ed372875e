/**
 * A member's own appointments: the list (upcoming first, soonest first,
 * then past ones, latest first), one by id, and cancelling one before it
 * starts. Another member's appointment is answered exactly like one that
 * does not exist (404), so ids reveal nothing.
 */
import { CANCEL_REFUSAL_MESSAGES, type Appointment, type CancelRefusal } from '../../../src/domain/booking';
import { addDays, londonDate, londonToInstant } from '../../../src/domain/london-time';
import { cancellationOutcome, NO_REFUND_MESSAGE, type CancellationOutcome, type RefundDecision } from '../../../src/domain/refund-policy';
import { bankHolidaysBetween } from '../payments';
import { ORDER_COLUMNS, ORDER_ROW, toOrder, type PaymentOrderRow } from '../payments';
import type { Database, Queryable } from '../../platform/db/adapter';
import { col, rowOf, rowsOf } from '../../platform/db/rows';
import { APPOINTMENT_COLUMNS, APPOINTMENT_ROW, APPOINTMENTS_FROM, toAppointment } from './appointments-table';
import { ApiError } from '../../platform/http/errors';
import type { RefundQueue } from '../payments';
import type { BookingMail } from './booking-mail';
import type { WaitingListOffers } from '../waiting-list';
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

export interface Cancellation extends AppointmentDetail {
  /** For a booking paid by card: docs/rules.md#refund-policy; null when nothing was paid. */
  refund: RefundDecision | null;
  /** What was refunded, or that nothing was, and by when (the dialog and the email state it). */
  outcome: CancellationOutcome;
  /** Card payments now due back (their refund jobs are queued with the cancellation). */
  refundDue: PaymentOrderRow[];
}

/** A paid booking cancelled within 2 business days: the member must confirm that no refund applies. */
export const noRefundConfirmationRequired = () => new ApiError(409, 'no_refund_confirmation_required', NO_REFUND_MESSAGE);

/**
 * What cancelling at `at` gives back (docs/rules.md#refund-policy
 * England-and-Wales bank holidays). Only a card payment is refunded; the
 * bank holidays run far enough ahead to date the refund's latest day.
 */
export function outcomeFor(appointment: Appointment, at: Date): CancellationOutcome {
  const paidPence = appointment.payment_status === 'paid by card' ? appointment.price : 0;
  const today = londonDate(at);
  const horizon = addDays(today, 60);
  const holidays = bankHolidaysBetween(today, appointment.event_date > horizon ? appointment.event_date : horizon);
  return cancellationOutcome(paidPence, appointment.event_date, at, holidays);
}

/** The refund a cancellation at `at` would give: 'full', 'none', or null when nothing was paid by card. */
export function refundFor(appointment: Appointment, at: Date): RefundDecision | null {
  const { refund } = outcomeFor(appointment, at);
  return refund === 'free' ? null : refund;
}

export interface AppointmentsService {
  list(userId: string): Promise<Appointment[]>;
  get(userId: string, id: string): Promise<AppointmentDetail | null>;
  /** `acceptNoRefund`: the member confirmed cancelling a paid booking that no longer qualifies for a refund. */
  cancel(userId: string, id: string, acceptNoRefund?: boolean): Promise<Cancellation>;
  /** Whose appointment `id` is (for logging a member who asks for another's), or null. */
  ownerOf(id: string): Promise<string | null>;
}

/** The appointment and whom to email (member_profiles' names are NOT NULL). */
const DETAIL_ROW = { ...APPOINTMENT_ROW, member_email: col.text(), member_first_name: col.text() };
/** NULL once the member is erased (750-member-erasure.sql). */
const OWNER_ROW = { user_id: col.nullable(col.text()) };

const slotStart = (a: Appointment) => londonToInstant(a.event_date, a.start_time).getTime();

// Own appointments only. A held place whose time ran out, and a hold let go
// unpaid (declined, abandoned, replaced), were never bookings at all; one
// whose payment came back ('refunded') stays listed, so the member sees it.
const OWN = `a.user_id = $1::uuid AND NOT (a.status = 'held' AND a.hold_expires_at <= $2::timestamptz)
  AND NOT (a.status = 'cancelled' AND a.payment_status = 'unpaid')`;

export function createAppointmentsService(
  db: Database,
  now: () => Date,
  mail: BookingMail,
  queueRefund: RefundQueue,
  waitingList?: Pick<WaitingListOffers, 'prepare' | 'offerFreedPlaces'>,
): AppointmentsService {
  async function detail(q: Queryable, userId: string, id: string, lock = false): Promise<AppointmentDetail | null> {
    if (!UUID.test(id)) return null;
    const at = now();
    const row = await rowOf(
      q,
      DETAIL_ROW,
      `SELECT ${APPOINTMENT_COLUMNS}, p.email AS member_email, p.first_name AS member_first_name
       FROM ${APPOINTMENTS_FROM} JOIN member_profiles p ON p.profile_id = a.profile_id
       WHERE a.appointment_id = $3::uuid AND ${OWN}${lock ? ' FOR UPDATE OF a' : ''}`,
      [userId, at, id],
    );
    if (!row) return null;
    return {
      appointment: toAppointment(row),
      member: { email: row.member_email, firstName: row.member_first_name },
    };
  }

  return {
    async list(userId) {
      const at = now();
      const rows = await rowsOf(db, APPOINTMENT_ROW, `SELECT ${APPOINTMENT_COLUMNS} FROM ${APPOINTMENTS_FROM} WHERE ${OWN}`, [userId, at]);
      const all = rows.map(toAppointment);
      const upcoming = all.filter((a) => slotStart(a) > at.getTime()).sort((x, y) => slotStart(x) - slotStart(y));
      const past = all.filter((a) => slotStart(a) <= at.getTime()).sort((x, y) => slotStart(y) - slotStart(x));
      return [...upcoming, ...past];
    },

    get: (userId, id) => detail(db, userId, id),

    async ownerOf(id) {
      if (!UUID.test(id)) return null;
      const row = await rowOf(db, OWNER_ROW, 'SELECT user_id::text AS user_id FROM appointments WHERE appointment_id = $1::uuid', [id]);
      return row?.user_id ?? null;
    },

    async cancel(userId, id, acceptNoRefund = false) {
      await waitingList?.prepare();
      return db.transaction(async (tx) => {
        // The event's row first, as bookings and changes of time take it, so the freed place can be offered under it.
        if (UUID.test(id)) {
          await tx.query('SELECT e.event_id FROM events e JOIN appointments a ON a.event_id = e.event_id WHERE a.appointment_id = $1::uuid FOR UPDATE OF e', [id]);
        }
        const found = await detail(tx, userId, id, true);
        if (!found) throw cancelRefusal('appointment_not_found');
        if (found.appointment.status === 'cancelled') throw cancelRefusal('already_cancelled');
        const at = now();
        if (slotStart(found.appointment) <= at.getTime()) throw cancelRefusal('appointment_started');
        const outcome = outcomeFor(found.appointment, at);
        const refund = outcome.refund === 'free' ? null : outcome.refund;
        if (refund === 'none' && !acceptNoRefund) throw noRefundConfirmationRequired();
        // Marked, and the refund queued, in this transaction: PayPal is asked by the refund job.
        const marked =
          refund === 'full'
            ? await rowsOf(
                tx,
                ORDER_ROW,
                `UPDATE payment_orders SET status = 'refund_due', refund_reason = 'cancelled', updated_at = $2
                 WHERE appointment_id = $1::uuid AND status = 'completed' RETURNING ${ORDER_COLUMNS}`,
                [id, at],
              )
            : [];
        const refundDue = marked.map(toOrder);
        await tx.query(
          // A higher SEQUENCE: the cancellation's calendar file replaces the entry the last file made.
          `UPDATE appointments SET status = 'cancelled', cancelled_at = $2, updated_at = $2, calendar_sequence = calendar_sequence + 1
           WHERE appointment_id = $1::uuid`,
          [id, at],
        );
        // No longer part of the member's screening history (docs/decisions/0007).
        await tx.query('DELETE FROM member_appointments WHERE appointment_id = $1::uuid', [id]);
        const cancelled = await detail(tx, userId, id);
        if (!cancelled) throw new Error('The cancelled appointment could not be read back');
        await mail.cancelled(tx, cancelled.appointment, cancelled.member, outcome);
        for (const order of refundDue) await queueRefund(tx, order.payment_id);
        // The place freed is held for the first member on the event's waiting list before anyone else can see it.
        await waitingList?.offerFreedPlaces(tx, cancelled.appointment.event_id, at);
        return { ...cancelled, refund, outcome, refundDue };
      });
    },
  };
}
