/**
 * What every way of entering a result shares (docs/rules.md#results-entry):
 * the event it is for, which must have taken place; the event's bookings
 * with what to check a man by; the tubes labelled on this site; and the one
 * write that saves a result into member_results linked to the booking's row
 * in member_appointments (same id, docs/decisions/0007), bands it and
 * audits it, so /medical-results shows it on the member's next load.
 *
 * Typed entry (result-entry-service.ts), the lab's file
 * (results-file-service.ts) and an attached held line
 * (result-holds-service.ts) each save through writeResult, which saves only
 * over what the caller expects to find (no result, or the one staff are
 * correcting), so two arrivals for one tube at once give it one result.
 */
import { PSA_UNIT } from '../../../src/domain/psa-band';
import { londonDate } from '../../../src/domain/london-time';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf, rowsOf, type RowOf } from '../../platform/db/rows';
import { ApiError, eventNotFound } from '../../platform/http/errors';
import { isEventId } from '../events';
import { recordAudit, type MailTo, type StaffActor } from '../staff';
import { bandAndRecall, type CurrentRule } from './recall-service';

export interface ResultInput {
  value: number;
  comment: string | null;
  /** YYYY-MM-DD; the event's date when null. */
  sampleDate: string | null;
  /** The tube's sample id (normalised, check character proven), required when the booking has a sample. */
  sampleId?: string | null;
  /**
   * The value (ng/ml) of the result this one corrects, as staff saw it; null or absent when none is expected
   * (a line of the lab's file, an attached line, a first typed result).
   */
  replaces?: number | null;
}

/** Who to tell that a result is ready, after the write has committed. */
export interface SavedResult {
  appointmentId: string;
  to: MailTo;
  event: { event_name: string; event_date: string };
}

/** Queues the "result ready" email with the transaction that saves the result. */
export type TellMember = (tx: Queryable, saved: SavedResult) => Promise<void>;

const EVENT_ROW = { event_id: col.text(), event_name: col.text(), product_name: col.text(), event_date: col.text() };
export type EventRow = RowOf<typeof EVENT_ROW>;

/** A booking with its member (an inner join: an erased booking, whose profile is gone, is not among them). */
const BOOKING_ROW = {
  appointment_id: col.text(),
  profile_id: col.int(),
  status: col.text(),
  email: col.text(),
  first_name: col.text(),
  date_of_birth: col.nullable(col.text()),
  nhs_number: col.nullable(col.text()),
  checked_in: col.bool(),
};
export type BookingRow = RowOf<typeof BOOKING_ROW>;

const BOOKINGS = `SELECT a.appointment_id::text AS appointment_id, a.profile_id, a.status, p.email, p.first_name,
    to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, p.nhs_number, c.appointment_id IS NOT NULL AS checked_in
  FROM appointments a JOIN member_profiles p ON p.profile_id = a.profile_id
  LEFT JOIN check_ins c ON c.appointment_id = a.appointment_id WHERE a.event_id = $1::uuid`;

const KNOWN_SAMPLE_ROW = { sample_id: col.text(), appointment_id: col.text(), event_id: col.text(), event_name: col.text(), event_date: col.text() };
export type KnownSampleRow = RowOf<typeof KNOWN_SAMPLE_ROW>;

const KNOWN_SAMPLES = `SELECT s.sample_id, s.appointment_id::text AS appointment_id, s.event_id::text AS event_id, e.event_name,
    to_char(e.event_date, 'YYYY-MM-DD') AS event_date
  FROM samples s JOIN events e ON e.event_id = s.event_id`;

/** A result as the audit records it, before and after a save: the value is numeric (an exact decimal string). */
const RESULT_VALUES_ROW = {
  test_result: col.nullable(col.decimal()),
  test_unit: col.nullable(col.text()),
  comments: col.nullable(col.text()),
  sample_date: col.nullable(col.text()),
};

/** His result's value as it is now, to say what a save not made found. */
const CURRENT_VALUE_ROW = { test_result: col.nullable(col.decimal()) };

export const sampleRefused = (status: 404 | 409 | 422, code: string, message: string) => new ApiError(status, code, message, [{ path: 'sample_id', message }]);

/** The event a result is for; refused when there is none, or when it has not yet taken place. */
export async function eventForResults(q: Queryable, eventId: string, now: () => Date): Promise<EventRow> {
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

/** One booking of the event, locked for the write; undefined when the event has no such booking. */
export const lockedBooking = (tx: Queryable, eventId: string, appointmentId: string): Promise<BookingRow | undefined> =>
  rowOf(tx, BOOKING_ROW, `${BOOKINGS} AND a.appointment_id = $2::uuid FOR UPDATE OF a`, [eventId, appointmentId]);

/**
 * Every booking of the event, locked: a cancellation cannot slip between a match and its write.
 * In appointment-id order, as every writer locking several bookings takes them (staff-attendees-service.ts).
 */
export const lockedBookings = (tx: Queryable, eventId: string): Promise<BookingRow[]> =>
  rowsOf(tx, BOOKING_ROW, `${BOOKINGS} ORDER BY a.appointment_id FOR UPDATE OF a`, [eventId]);

/** The tube labelled with this id on this site, with its event. */
export const knownSample = (q: Queryable, sampleId: string): Promise<KnownSampleRow | undefined> =>
  rowOf(q, KNOWN_SAMPLE_ROW, `${KNOWN_SAMPLES} WHERE s.sample_id = $1`, [sampleId]);

/** The tubes labelled with any of these ids on this site, with their events. */
export const knownSamples = (q: Queryable, sampleIds: string[]): Promise<KnownSampleRow[]> =>
  rowsOf(q, KNOWN_SAMPLE_ROW, `${KNOWN_SAMPLES} WHERE s.sample_id = ANY($1::text[])`, [sampleIds]);

/** The result a save would have replaced, when it found one other than the caller expected. */
export interface NotSaved {
  /** What is saved now (ng/ml, an exact decimal string), or null when there is none. */
  current: string | null;
}

/**
 * The save itself, written only over what the caller expects: with no value to replace, only where his
 * booking has no result (INSERT, or a row of his without a value); with one, only where his result is still
 * that value. Whether it wrote is read from the row RETURNING gives, never from an earlier read.
 *
 * Why this holds under READ COMMITTED, with the saves of other processes at the same moment: the bookings
 * are locked FOR UPDATE first (lockedBooking(s)), but a SELECT that waits on that lock re-reads only the
 * locked row once it is free, not the rest of its statement, so a check of member_results made there (an
 * EXISTS beside the lock) still sees the snapshot from before the other save committed. These statements
 * are each decided on the newest committed row instead: INSERT ... ON CONFLICT (appointment_id) waits for
 * an insert of the same booking in progress elsewhere, then locks the row now there and tests the DO UPDATE's
 * WHERE against it (no row returned when it fails); an UPDATE whose row another transaction changed waits
 * for it and tests its WHERE again on the new version. The unique key on member_results.appointment_id
 * (migration 102) is what makes a second result for one booking impossible, whatever was read before.
 */
const SAVE_NEW = `INSERT INTO member_results (profile_id, appointment_id, test_result, test_unit, comments, sample_date)
  VALUES ($1, $2::uuid, $3, $4, $5, $6)
  ON CONFLICT (appointment_id) DO UPDATE SET test_result = EXCLUDED.test_result, test_unit = EXCLUDED.test_unit,
    comments = EXCLUDED.comments, sample_date = EXCLUDED.sample_date
  WHERE member_results.test_result IS NULL
  RETURNING test_result, test_unit, comments, to_char(sample_date, 'YYYY-MM-DD') AS sample_date`;

const SAVE_CORRECTION = `UPDATE member_results SET test_result = $3, test_unit = $4, comments = $5, sample_date = $6
  WHERE appointment_id = $2::uuid AND profile_id = $1 AND test_result = $7::numeric
  RETURNING test_result, test_unit, comments, to_char(sample_date, 'YYYY-MM-DD') AS sample_date`;

/**
 * Saves the booking's result at `at`, banded and with his next test due, and audits it; or, when his
 * booking's result is not what `input.replaces` expects (one saved meanwhile, or changed since staff saw
 * it), saves nothing and says what is there.
 * `current`: the rule in use, when the caller read it once for many results in this transaction.
 */
export async function writeResult(
  tx: Queryable,
  actor: StaffActor,
  at: Date,
  event: EventRow,
  booking: BookingRow,
  input: ResultInput,
  current?: CurrentRule,
): Promise<SavedResult | NotSaved> {
  // The history row exists for every confirmed booking; made here too so a result never lacks its appointment.
  await tx.query(
    `INSERT INTO member_appointments (appointment_id, profile_id, event_id, event_name, product_name, event_date)
     VALUES ($1::uuid, $2, $3::uuid, $4, $5, $6) ON CONFLICT (appointment_id) DO NOTHING`,
    [booking.appointment_id, booking.profile_id, event.event_id, event.event_name, event.product_name, event.event_date],
  );
  // What the audit records as before, and what a rebanding compares with; locked, so it stays so until commit.
  const before = await rowOf(
    tx,
    RESULT_VALUES_ROW,
    `SELECT test_result, test_unit, comments, to_char(sample_date, 'YYYY-MM-DD') AS sample_date
     FROM member_results WHERE appointment_id = $1::uuid FOR UPDATE`,
    [booking.appointment_id],
  );
  const values = [booking.profile_id, booking.appointment_id, input.value.toFixed(2), PSA_UNIT, input.comment, input.sampleDate ?? event.event_date];
  const replaces = input.replaces ?? null;
  const after = await rowOf(tx, RESULT_VALUES_ROW, replaces === null ? SAVE_NEW : SAVE_CORRECTION, replaces === null ? values : [...values, String(replaces)]);
  if (!after) {
    const now = await rowOf(tx, CURRENT_VALUE_ROW, 'SELECT test_result FROM member_results WHERE appointment_id = $1::uuid', [booking.appointment_id]);
    return { current: now?.test_result ?? null };
  }
  // A new value (or sample date) is banded by the current rule version (docs/rules.md#clinical-rules);
  // a change of the comments alone keeps the band and version the result has. When his next test is
  // due follows the band (and his risk), in the same transaction.
  const rebanded = !before || before.test_result !== after.test_result || before.sample_date !== after.sample_date;
  const banded = await bandAndRecall(tx, booking.appointment_id, rebanded ? 'band' : 'keep-band', current);
  await recordAudit(
    tx,
    actor,
    {
      action: before ? 'result.update' : 'result.create',
      entity: 'result',
      entityId: booking.appointment_id,
      before: before ?? null,
      after: { ...after, next_test_due: banded?.recall?.next_test_due ?? null, psa_band: banded?.band ?? null, rule_version: banded?.rule_version ?? null },
    },
    at,
  );
  return { appointmentId: booking.appointment_id, to: { email: booking.email, firstName: booking.first_name }, event };
}

/** Whether writeResult saved. */
export const wasSaved = (outcome: SavedResult | NotSaved): outcome is SavedResult => 'appointmentId' in outcome;
