/**
 * Events as staff manage them: every event (private, past and cancelled
 * too) a page at a time (staff-events-list.ts), create, edit, cancel, and a private event's access code set or
 * regenerated. Each write locks the event's row, so it cannot interleave
 * with a booking (which takes the same lock), and is audited in the same
 * transaction. An access code is returned once and stored only hashed.
 *
 * Cancelling marks every card payment of the bookings it cancels
 * refund_due (reason event_cancelled: in full, whatever the date) in the
 * same transaction, so the need to refund survives a crash or a PayPal
 * outage; the caller asks PayPal after the commit and the reconciler
 * retries what PayPal did not take. A second cancel finds the event
 * cancelled (409) under the same row lock, so each payment is due once.
 */
import type { StaffEvent, StaffEventsPage } from '../../../src/domain/staff-event-answers';
import type { StaffEventInput } from '../../../src/domain/staff-event';
import type { StaffEventsWindow } from '../../../src/domain/staff-events-query';
import type { Database, Queryable } from '../../platform/db/adapter';
import { col, rowOf, rowsOf } from '../../platform/db/rows';
import { activeAppointment, insertEvent } from './events-table';
import { STAFF_EVENT_ROW, staffEventColumns, staffEventsByIds, staffEventsPage, toStaffEvent } from './staff-events-list';
import { ApiError, eventNotFound } from '../../platform/http/errors';
import { ORDER_COLUMNS, ORDER_ROW, toOrder, type PaymentOrderRow } from '../payments';
import { generateAccessCode, hashAccessCode } from './access-code';
import { isEventId } from './events-service';
import type { WaitingListOffers } from '../waiting-list';
import type { RefundQueue } from '../payments';
import { recordAudit, type StaffActor } from '../staff';
import type { StaffMail } from '../staff';

/** An event as staff see it, declared once in src/domain/staff-event-answers.ts. */
export type { StaffEvent } from '../../../src/domain/staff-event-answers';

export interface CancelledBooking {
  email: string;
  firstName: string;
  start_time: string;
  /** Pence paid by card and now being refunded; null for a booking with nothing to refund. */
  refundPence: number | null;
}

export interface StaffEventsService {
  /** A page of events by date (src/domain/staff-events-query.ts). */
  list(window: StaffEventsWindow): Promise<StaffEventsPage>;
  /** The events of these ids (a volunteer's of today), in the console's order. */
  byIds(ids: readonly string[]): Promise<StaffEvent[]>;
  get(id: string): Promise<StaffEvent | null>;
  /** `accessCode`: the code staff chose for a private event; one is generated when absent. */
  create(actor: StaffActor, input: StaffEventInput, accessCode?: string): Promise<{ event: StaffEvent; accessCode: string | null }>;
  update(actor: StaffActor, id: string, input: StaffEventInput, accessCode?: string): Promise<{ event: StaffEvent; accessCode: string | null }>;
  /** `refundsDue`: the card payments to return, already marked refund_due. */
  cancel(actor: StaffActor, id: string): Promise<{ event: StaffEvent; bookings: CancelledBooking[]; refundsDue: PaymentOrderRow[] }>;
  setAccessCode(actor: StaffActor, id: string, accessCode?: string): Promise<{ event: StaffEvent; accessCode: string }>;
}

// Changing these under existing bookings would move members' slots without telling them.
const SLOT_FIELDS = ['event_date', 'start_time', 'end_time', 'session_duration'] as const;

const conflict = (code: string, message: string) => new ApiError(409, code, message);

const ACCESS_CODE_ROW = { access_code_hash: col.nullable(col.text()) };
/** A booking the cancellation cancelled, with whom to tell (member_profiles' names are NOT NULL). */
const CANCELLED_BOOKING_ROW = { appointment_id: col.text(), email: col.text(), first_name: col.text(), start_time: col.text() };
const CLOSED_ENTRY_ROW = { email: col.text(), first_name: col.text() };

export function createStaffEventsService(
  db: Database,
  now: () => Date,
  mail: StaffMail,
  queueRefund: RefundQueue,
  waitingList?: Pick<WaitingListOffers, 'prepare' | 'offerFreedPlaces'>,
): StaffEventsService {
  async function read(q: Queryable, id: string, lock = false): Promise<StaffEvent | null> {
    if (!isEventId(id)) return null;
    if (lock) await q.query('SELECT event_id FROM events WHERE event_id = $1::uuid FOR UPDATE', [id]);
    const row = await rowOf(
      q,
      STAFF_EVENT_ROW,
      `SELECT ${staffEventColumns('$2')} FROM events WHERE event_id = $1::uuid`,
      [id, now()],
    );
    return row ? toStaffEvent(row) : null;
  }

  async function mustRead(q: Queryable, id: string): Promise<StaffEvent> {
    const event = await read(q, id, true);
    if (!event) throw eventNotFound();
    if (event.cancelled_at) throw conflict('event_cancelled', 'This event has been cancelled and can no longer be changed.');
    return event;
  }

  return {
    list: (window) => staffEventsPage(db, now(), window),

    byIds: (ids) => staffEventsByIds(db, now(), ids),

    get: (id) => read(db, id),

    async create(actor, input, accessCode) {
      const code = input.is_private ? (accessCode ?? generateAccessCode()) : null;
      const hash = code ? await hashAccessCode(code) : null;
      return db.transaction(async (tx) => {
        const id = await insertEvent(tx, { ...input, access_code_hash: hash });
        const event = (await read(tx, id))!;
        await recordAudit(tx, actor, { action: 'event.create', entity: 'event', entityId: id, before: null, after: auditable(event, code) }, now());
        return { event, accessCode: code };
      });
    },

    async update(actor, id, input, accessCode) {
      const newHash = input.is_private && accessCode ? await hashAccessCode(accessCode) : undefined;
      await waitingList?.prepare();
      return db.transaction(async (tx) => {
        const before = await mustRead(tx, id);
        if (before.booked_spaces > 0) {
          const moved = SLOT_FIELDS.filter((field) => before[field] !== input[field]);
          if (moved.length > 0) {
            throw conflict('event_has_bookings', 'Members have booked times at this event: cancel it and create a new one to change its date, times or session length.');
          }
          if (input.total_spaces < before.booked_spaces) {
            throw new ApiError(422, 'validation_failed', `${before.booked_spaces} places are booked or held for the waiting list: the event needs at least that many.`, [
              { path: 'total_spaces', field: 'total_spaces', message: `At least ${before.booked_spaces} (the places already booked or held).` },
            ]);
          }
        }
        // A private event keeps its code unless staff give a new one; one turned private gets a fresh code.
        const stored = await rowOf(tx, ACCESS_CODE_ROW, 'SELECT access_code_hash FROM events WHERE event_id = $1::uuid', [id]);
        let code: string | null = null;
        let hash: string | null = null;
        if (input.is_private) {
          if (newHash) [code, hash] = [accessCode!, newHash];
          else if (stored?.access_code_hash && before.is_private) hash = stored.access_code_hash;
          else {
            code = generateAccessCode();
            hash = await hashAccessCode(code);
          }
        }
        const columns = Object.keys(input) as (keyof StaffEventInput)[];
        await tx.query(
          `UPDATE events SET ${columns.map((column, i) => `${column} = $${i + 2}`).join(', ')},
             access_code_hash = $${columns.length + 2}, updated_at = $${columns.length + 3}
           WHERE event_id = $1::uuid`,
          [id, ...columns.map((column) => input[column]), hash, now()],
        );
        // Places added (more in all, or per slot): held for the event's waiting list first, in this transaction.
        await waitingList?.offerFreedPlaces(tx, id, now());
        const after = (await read(tx, id))!;
        await recordAudit(tx, actor, { action: 'event.update', entity: 'event', entityId: id, before: auditable(before, null), after: auditable(after, code) }, now());
        return { event: after, accessCode: code };
      });
    },

    async cancel(actor, id) {
      return db.transaction(async (tx) => {
        const before = await mustRead(tx, id);
        const at = now();
        const bookings = await rowsOf(
          tx,
          CANCELLED_BOOKING_ROW,
          `UPDATE appointments a SET status = 'cancelled', cancelled_at = $2, updated_at = $2
           FROM member_profiles p
           WHERE a.event_id = $1::uuid AND p.profile_id = a.profile_id AND ${activeAppointment('a', '$2')}
           RETURNING a.appointment_id::text AS appointment_id, p.email, p.first_name, to_char(a.slot_start, 'HH24:MI') AS start_time`,
          [id, at],
        );
        // The charity's decision: every captured payment of these bookings goes back in full.
        const marked = await rowsOf(
          tx,
          ORDER_ROW,
          `UPDATE payment_orders SET status = 'refund_due', refund_reason = 'event_cancelled', updated_at = $2
           WHERE appointment_id = ANY($1::uuid[]) AND status = 'completed' RETURNING ${ORDER_COLUMNS}`,
          [bookings.map((b) => b.appointment_id), at],
        );
        const refundsDue = marked.map(toOrder);
        const refundOf = new Map(refundsDue.map((order) => [order.appointment_id, order.amount]));
        // Held places past their time are no booking: close them too, silently.
        await tx.query(
          `UPDATE appointments SET status = 'cancelled', cancelled_at = $2, updated_at = $2 WHERE event_id = $1::uuid AND status = 'held'`,
          [id, at],
        );
        // Its waiting list closes: an offer's held place goes with the event, and each member still waiting is told.
        const waiting = await rowsOf(
          tx,
          CLOSED_ENTRY_ROW,
          `UPDATE waiting_list w SET status = 'closed', ended_at = $2
           FROM member_profiles p
           WHERE w.event_id = $1::uuid AND w.status IN ('waiting', 'offered') AND p.profile_id = w.profile_id
           RETURNING p.email, p.first_name`,
          [id, at],
        );
        // A cancelled booking is not screening history (docs/decisions/0007).
        await tx.query('DELETE FROM member_appointments WHERE appointment_id = ANY($1::uuid[])', [bookings.map((b) => b.appointment_id)]);
        await tx.query('UPDATE events SET cancelled_at = $2, updated_at = $2 WHERE event_id = $1::uuid', [id, at]);
        const after = (await read(tx, id))!;
        await recordAudit(
          tx,
          actor,
          {
            action: 'event.cancel',
            entity: 'event',
            entityId: id,
            before: auditable(before, null),
            after: { ...auditable(after, null), appointments_cancelled: bookings.map((b) => b.appointment_id), payments_refund_due: refundsDue.map((o) => o.payment_id) },
          },
          at,
        );
        const cancelled = bookings.map((b) => ({ email: b.email, firstName: b.first_name, start_time: b.start_time, refundPence: refundOf.get(b.appointment_id) ?? null }));
        // Emails and refunds are jobs queued with the cancellation: all of them go, or none if it rolls back.
        for (const booking of cancelled) await mail.eventCancelled(tx, booking, { ...after, start_time: booking.start_time }, booking.refundPence);
        for (const member of waiting) await mail.waitingListClosed(tx, { email: member.email, firstName: member.first_name }, after);
        for (const order of refundsDue) await queueRefund(tx, order.payment_id);
        return { event: after, bookings: cancelled, refundsDue };
      });
    },

    async setAccessCode(actor, id, accessCode) {
      const code = accessCode ?? generateAccessCode();
      const hash = await hashAccessCode(code);
      return db.transaction(async (tx) => {
        const before = await mustRead(tx, id);
        if (!before.is_private) throw conflict('event_not_private', 'Only a private event has an access code: make the event private first.');
        await tx.query('UPDATE events SET access_code_hash = $2, updated_at = $3 WHERE event_id = $1::uuid', [id, hash, now()]);
        await recordAudit(tx, actor, { action: 'event.access_code', entity: 'event', entityId: id, before: { access_code: 'set' }, after: { access_code: 'replaced' } }, now());
        return { event: before, accessCode: code };
      });
    },
  };
}

// The audit keeps the event's fields, and only whether a code was set: never the code.
function auditable(event: StaffEvent, newCode: string | null): Record<string, unknown> {
  const { booked_spaces: _counted, checked_in: _counted2, ...fields } = event;
  return newCode ? { ...fields, access_code: 'set' } : fields;
}
