/**
 * Results staff enter for an event's attendees, one at a time or from the
 * lab's CSV file. A result is saved into member_results linked to the
 * booking's row in member_appointments (same id, docs/decisions/0007), so
 * /medical-results shows it on the member's next load. A file is checked
 * whole first (src/domain/results-csv.ts, then each member against this
 * event's bookings) and written in one transaction: any bad line and
 * nothing is written.
 */
import { PSA_UNIT } from '../../../src/domain/psa-band';
import { parseResultsCsv, type CsvLineError } from '../../../src/domain/results-csv';
import { londonDate } from '../../../src/domain/london-time';
import type { Database, Queryable } from '../../platform/db/adapter';
import { col, rowOf, rowsOf, type RowOf } from '../../platform/db/rows';
import { ApiError, eventNotFound } from '../../platform/http/errors';
import { isEventId } from '../events';
import { UUID } from '../staff';
import { recordAudit, type StaffActor } from '../staff';
import type { MailTo } from '../staff';
import type { StoredRecall } from '../../../src/domain/staff-result-answers';
import { storeRecall } from './recall-service';

export interface ResultInput {
  value: number;
  comment: string | null;
  /** YYYY-MM-DD; the event's date when null. */
  sampleDate: string | null;
}

/** Who to tell that a result is ready, after the write has committed. */
export interface SavedResult {
  appointmentId: string;
  to: MailTo;
  event: { event_name: string; event_date: string };
}

/** Queues the "result ready" email with the transaction that saves the result. */
export type TellMember = (tx: Queryable, saved: SavedResult) => Promise<void>;

export interface StaffResultsService {
  save(actor: StaffActor, eventId: string, appointmentId: string, input: ResultInput, tell: TellMember): Promise<SavedResult>;
  importCsv(actor: StaffActor, eventId: string, csv: string, tell: TellMember): Promise<SavedResult[]>;
  /** Staff's own interval for one result (months), or null for the rule's; the next-due date is set again. */
  setRecallInterval(actor: StaffActor, eventId: string, appointmentId: string, months: number | null): Promise<StoredRecall>;
}

const EVENT_ROW = { event_id: col.text(), event_name: col.text(), product_name: col.text(), event_date: col.text() };
type EventRow = RowOf<typeof EVENT_ROW>;

/** A booking with its member (an inner join: an erased booking, whose profile is gone, is not among them). */
const BOOKING_ROW = { appointment_id: col.text(), profile_id: col.int(), status: col.text(), email: col.text(), first_name: col.text() };
type BookingRow = RowOf<typeof BOOKING_ROW>;

/** A result as the audit records it, before and after a save: the value is numeric (an exact decimal string). */
const RESULT_VALUES_ROW = {
  test_result: col.nullable(col.decimal()),
  test_unit: col.nullable(col.text()),
  comments: col.nullable(col.text()),
  sample_date: col.nullable(col.text()),
};

/** Staff's interval and the due date it gave, the audit's "before". */
const RECALL_INTERVAL_ROW = { recall_months_override: col.nullable(col.int()), next_test_due: col.nullable(col.text()) };

export const csvRefused = (errors: CsvLineError[]) =>
  new ApiError(
    422,
    'invalid_csv',
    `Nothing was saved: ${errors.length === 1 ? '1 line needs' : `${errors.length} lines need`} correcting.`,
    errors.map((e) => ({ path: `line ${e.line}`, message: e.message })),
  );

export function createStaffResultsService(db: Database, now: () => Date): StaffResultsService {
  async function eventFor(q: Queryable, eventId: string): Promise<EventRow> {
    if (!isEventId(eventId)) throw eventNotFound();
    const event = await rowOf(
      q,
      EVENT_ROW,
      `SELECT event_id::text AS event_id, event_name, product_name, to_char(event_date, 'YYYY-MM-DD') AS event_date
       FROM events WHERE event_id = $1::uuid`,
      [eventId],
    );
    if (!event) throw eventNotFound();
    // A result before the screening is a mistake (wrong event chosen), whatever the screen allowed.
    if (event.event_date > londonDate(now())) throw new ApiError(409, 'event_not_held', 'This event has not taken place yet: results come after the screening.');
    return event;
  }

  async function write(tx: Queryable, actor: StaffActor, event: EventRow, booking: BookingRow, input: ResultInput): Promise<SavedResult> {
    const at = now();
    // The history row exists for every confirmed booking; made here too so a result never lacks its appointment.
    await tx.query(
      `INSERT INTO member_appointments (appointment_id, profile_id, event_id, event_name, product_name, event_date)
       VALUES ($1::uuid, $2, $3::uuid, $4, $5, $6) ON CONFLICT (appointment_id) DO NOTHING`,
      [booking.appointment_id, booking.profile_id, event.event_id, event.event_name, event.product_name, event.event_date],
    );
    const before = await rowOf(
      tx,
      RESULT_VALUES_ROW,
      `SELECT test_result, test_unit, comments, to_char(sample_date, 'YYYY-MM-DD') AS sample_date
       FROM member_results WHERE appointment_id = $1::uuid FOR UPDATE`,
      [booking.appointment_id],
    );
    const after = await rowOf(
      tx,
      RESULT_VALUES_ROW,
      `INSERT INTO member_results (profile_id, appointment_id, test_result, test_unit, comments, sample_date)
       VALUES ($1, $2::uuid, $3, $4, $5, $6)
       ON CONFLICT (appointment_id) DO UPDATE SET test_result = EXCLUDED.test_result, test_unit = EXCLUDED.test_unit,
         comments = EXCLUDED.comments, sample_date = EXCLUDED.sample_date
       RETURNING test_result, test_unit, comments, to_char(sample_date, 'YYYY-MM-DD') AS sample_date`,
      [booking.profile_id, booking.appointment_id, input.value.toFixed(2), PSA_UNIT, input.comment, input.sampleDate ?? event.event_date],
    );
    // When his next test is due follows the value (and his risk), in the same transaction.
    const recall = await storeRecall(tx, booking.appointment_id);
    await recordAudit(
      tx,
      actor,
      { action: before ? 'result.update' : 'result.create', entity: 'result', entityId: booking.appointment_id, before: before ?? null, after: { ...after, next_test_due: recall?.next_test_due ?? null } },
      at,
    );
    return { appointmentId: booking.appointment_id, to: { email: booking.email, firstName: booking.first_name }, event };
  }

  const BOOKINGS = `SELECT a.appointment_id::text AS appointment_id, a.profile_id, a.status, p.email, p.first_name
    FROM appointments a JOIN member_profiles p ON p.profile_id = a.profile_id WHERE a.event_id = $1::uuid`;

  return {
    save(actor, eventId, appointmentId, input, tell) {
      return db.transaction(async (tx) => {
        const event = await eventFor(tx, eventId);
        const booking = UUID.test(appointmentId)
          ? await rowOf(tx, BOOKING_ROW, `${BOOKINGS} AND a.appointment_id = $2::uuid FOR UPDATE OF a`, [eventId, appointmentId])
          : undefined;
        if (!booking) throw new ApiError(404, 'not_found', 'No such booking at this event.');
        if (booking.status !== 'confirmed') throw new ApiError(409, 'appointment_cancelled', 'This booking was cancelled: a result cannot be saved for it.');
        if (input.sampleDate && input.sampleDate > londonDate(now())) throw new ApiError(422, 'validation_failed', 'The sample date is in the future.');
        const saved = await write(tx, actor, event, booking, input);
        await tell(tx, saved);
        return saved;
      });
    },

    setRecallInterval(actor, eventId, appointmentId, months) {
      return db.transaction(async (tx) => {
        await eventFor(tx, eventId);
        const before = UUID.test(appointmentId)
          ? await rowOf(
              tx,
              RECALL_INTERVAL_ROW,
              `SELECT r.recall_months_override, to_char(r.next_test_due, 'YYYY-MM-DD') AS next_test_due
               FROM member_results r JOIN appointments a ON a.appointment_id = r.appointment_id
               WHERE r.appointment_id = $1::uuid AND a.event_id = $2::uuid AND r.test_result IS NOT NULL FOR UPDATE OF r`,
              [appointmentId, eventId],
            )
          : undefined;
        if (!before) throw new ApiError(404, 'not_found', 'No result for this booking at this event yet.');
        await tx.query('UPDATE member_results SET recall_months_override = $2 WHERE appointment_id = $1::uuid', [appointmentId, months]);
        const recall = (await storeRecall(tx, appointmentId))!;
        await recordAudit(
          tx,
          actor,
          { action: 'result.recall', entity: 'result', entityId: appointmentId, before, after: { recall_months_override: months, next_test_due: recall.next_test_due } },
          now(),
        );
        return recall;
      });
    },

    importCsv(actor, eventId, csv, tell) {
      return db.transaction(async (tx) => {
        const event = await eventFor(tx, eventId);
        const parsed = parseResultsCsv(csv, londonDate(now()));
        if (parsed.errors.length > 0) throw csvRefused(parsed.errors);
        const bookings = await rowsOf(tx, BOOKING_ROW, `${BOOKINGS} AND a.status = 'confirmed' FOR UPDATE OF a`, [eventId]);
        const byProfile = new Map(bookings.map((b) => [b.profile_id, b]));
        const errors = parsed.rows
          .filter((row) => !byProfile.has(row.profileId))
          .map((row) => ({ line: row.line, message: `CHAPS${row.profileId} has no confirmed booking at this event.` }));
        if (errors.length > 0) throw csvRefused(errors);
        const saved: SavedResult[] = [];
        for (const row of parsed.rows) {
          saved.push(await write(tx, actor, event, byProfile.get(row.profileId)!, { value: row.value, comment: row.comment, sampleDate: row.sampleDate }));
        }
        for (const result of saved) await tell(tx, result);
        return saved;
      });
    },
  };
}
