/**
 * Results staff enter for an event's attendees, one at a time or from the
 * lab's CSV file (docs/rules.md#results-entry). A result is saved into
 * member_results linked to the booking's row in member_appointments (same
 * id, docs/decisions/0007), so /medical-results shows it on the member's
 * next load.
 *
 * A file is checked whole first (src/domain/results-csv.ts): any error of
 * the file and nothing is written. Its lines are then matched by sample id
 * (sample-matching.ts) in one transaction with every write: a line that
 * names one man safely is saved and he is emailed; any other is held in
 * result_holds, attached to nobody and emailed to nobody, until staff
 * attach it by the tube's sample id or discard it. A file keyed by member
 * id (profile_id, no check character) is taken only when staff confirm.
 * A result typed for one booking that has a sample must carry that
 * sample's id.
 */
import { PSA_UNIT } from '../../../src/domain/psa-band';
import { parseResultsCsv, type CsvLineError, type ResultsCsvRow } from '../../../src/domain/results-csv';
import { PROFILE_ID_WARNING, type ResolveHoldBody, type ResultHold, type ResultHoldCounts, type SampleLookup } from '../../../src/domain/result-holds';
import { formatSampleId, normaliseSampleId } from '../../../src/domain/sample-id';
import { londonDate } from '../../../src/domain/london-time';
import type { Database, Queryable } from '../../platform/db/adapter';
import { col, rowOf, rowsOf, type RowOf } from '../../platform/db/rows';
import { ApiError, eventNotFound } from '../../platform/http/errors';
import { isEventId } from '../events';
import { UUID } from '../staff';
import { recordAudit, type StaffActor } from '../staff';
import type { MailTo } from '../staff';
import type { StoredRecall } from '../../../src/domain/staff-result-answers';
import { bandAndRecall, storeRecall, type CurrentRule } from './recall-service';
import { currentRule } from './clinical-rules-service';
import { eventHolds, holdIn, holdOf, insertHold, waitingHoldCounts } from './result-holds-table';
import { matchByProfile, matchBySample, type Candidate, type Hold, type KnownSample } from './sample-matching';

export interface ResultInput {
  value: number;
  comment: string | null;
  /** YYYY-MM-DD; the event's date when null. */
  sampleDate: string | null;
  /** The tube's sample id (normalised, check character proven), required when the booking has a sample. */
  sampleId?: string | null;
}

/** What an imported file did: results saved (each member told) and lines held for checking. */
export interface ImportOutcome {
  saved: SavedResult[];
  held: number;
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
  /** `confirmProfileIds`: staff have seen the warning that a member id has no check character. */
  importCsv(actor: StaffActor, eventId: string, csv: string, tell: TellMember, options?: { confirmProfileIds?: boolean }): Promise<ImportOutcome>;
  /** The event's held lines, waiting ones first. */
  holds(eventId: string): Promise<ResultHold[]>;
  /** Every event with lines waiting to be checked. */
  holdCounts(): Promise<ResultHoldCounts['events']>;
  /** Attaches a held line to the booking whose tube this is (the member is then told), or discards it; one person wins. */
  resolveHold(actor: StaffActor, eventId: string, holdId: string, body: ResolveHoldBody, tell: TellMember): Promise<ResultHold>;
  /** The booking of this event a tube belongs to, with what to check him by. */
  lookupSample(eventId: string, sampleId: string): Promise<SampleLookup['sample']>;
  /** Staff's own interval for one result (months), or null for the rule's; the next-due date is set again. */
  setRecallInterval(actor: StaffActor, eventId: string, appointmentId: string, months: number | null): Promise<StoredRecall>;
}

const EVENT_ROW = { event_id: col.text(), event_name: col.text(), product_name: col.text(), event_date: col.text() };
type EventRow = RowOf<typeof EVENT_ROW>;

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
  has_result: col.bool(),
};
type BookingRow = RowOf<typeof BOOKING_ROW>;

const KNOWN_SAMPLE_ROW = { sample_id: col.text(), appointment_id: col.text(), event_id: col.text(), event_name: col.text(), event_date: col.text() };
const SAMPLE_OF_ROW = { sample_id: col.text() };
const LOOKUP_ROW = {
  sample_id: col.text(),
  event_id: col.text(),
  appointment_id: col.text(),
  status: col.text(),
  first_name: col.nullable(col.text()),
  last_name: col.nullable(col.text()),
  date_of_birth: col.nullable(col.text()),
  nhs_number: col.nullable(col.text()),
  test_result: col.nullable(col.decimal()),
};

const sampleRefused = (status: 404 | 409 | 422, code: string, message: string) => new ApiError(status, code, message, [{ path: 'sample_id', message }]);

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

  /** `current`: the rule in use, when the caller read it once for many results in this transaction. */
  async function write(tx: Queryable, actor: StaffActor, event: EventRow, booking: BookingRow, input: ResultInput, current?: CurrentRule): Promise<SavedResult> {
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
    // A new value (or sample date) is banded by the current rule version (docs/rules.md#clinical-rules);
    // a change of the comments alone keeps the band and version the result has. When his next test is
    // due follows the band (and his risk), in the same transaction.
    const rebanded = !before || before.test_result !== after!.test_result || before.sample_date !== after!.sample_date;
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

  const BOOKINGS = `SELECT a.appointment_id::text AS appointment_id, a.profile_id, a.status, p.email, p.first_name,
      to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, p.nhs_number, c.appointment_id IS NOT NULL AS checked_in,
      EXISTS (SELECT 1 FROM member_results r WHERE r.appointment_id = a.appointment_id AND r.test_result IS NOT NULL) AS has_result
    FROM appointments a JOIN member_profiles p ON p.profile_id = a.profile_id
    LEFT JOIN check_ins c ON c.appointment_id = a.appointment_id WHERE a.event_id = $1::uuid`;

  /** The sample of this event a typed or scanned id names, with his booking locked; refused in words otherwise. */
  async function bookingOfSample(tx: Queryable, eventId: string, sampleId: string): Promise<BookingRow> {
    const sample = await rowOf(tx, KNOWN_SAMPLE_ROW, `${KNOWN_SAMPLES} WHERE s.sample_id = $1`, [sampleId]);
    if (!sample) throw sampleRefused(422, 'unknown_sample', `No tube was labelled ${formatSampleId(sampleId)} on this site: scan or type it again.`);
    if (sample.event_id !== eventId) throw sampleRefused(409, 'sample_other_event', `Sample ${formatSampleId(sampleId)} belongs to another event (${sample.event_name}), not this one.`);
    const booking = await rowOf(tx, BOOKING_ROW, `${BOOKINGS} AND a.appointment_id = $2::uuid FOR UPDATE OF a`, [eventId, sample.appointment_id]);
    if (!booking || booking.status !== 'confirmed') throw sampleRefused(409, 'appointment_cancelled', `Sample ${formatSampleId(sampleId)} is of a booking that is no longer confirmed.`);
    return booking;
  }

  const KNOWN_SAMPLES = `SELECT s.sample_id, s.appointment_id::text AS appointment_id, s.event_id::text AS event_id, e.event_name,
      to_char(e.event_date, 'YYYY-MM-DD') AS event_date
    FROM samples s JOIN events e ON e.event_id = s.event_id`;

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
        // A man with a labelled tube is found by it: the typed id must be his, so a result typed against the wrong name is refused.
        const his = await rowOf(tx, SAMPLE_OF_ROW, 'SELECT sample_id FROM samples WHERE appointment_id = $1::uuid', [booking.appointment_id]);
        if (input.sampleId && input.sampleId !== his?.sample_id) {
          throw sampleRefused(409, 'sample_mismatch', `Sample ${formatSampleId(input.sampleId)} is not this man's tube: scan his tube again, or open the result of the man it belongs to.`);
        }
        if (his && !input.sampleId) throw sampleRefused(422, 'sample_id_required', "This man's blood was labelled with a sample id: scan or type the tube's sample id to enter his result.");
        // Labels are printed for everyone booked: a labelled man never checked in may not have given blood, and his
        // label may be on another man's tube. The file holds such a line; a typed one is refused until he is checked in.
        if (his && !booking.checked_in) {
          throw sampleRefused(
            409,
            'not_checked_in',
            `${booking.first_name} was not checked in at this event, so his label may be on another man's tube. If he did give blood, check him in from the attendee list first, then enter his result.`,
          );
        }
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
        // Staff's interval changes the recall only: the band and its rule version stay as the result was given them.
        const recall = (await storeRecall(tx, appointmentId, 'keep-band'))!;
        await recordAudit(
          tx,
          actor,
          { action: 'result.recall', entity: 'result', entityId: appointmentId, before, after: { recall_months_override: months, next_test_due: recall.next_test_due } },
          now(),
        );
        return recall;
      });
    },

    importCsv(actor, eventId, csv, tell, options = {}) {
      return db.transaction(async (tx) => {
        const event = await eventFor(tx, eventId);
        const at = now();
        const parsed = parseResultsCsv(csv, londonDate(at));
        if (parsed.errors.length > 0) throw csvRefused(parsed.errors);
        const byProfileId = parsed.key === 'profile_id';
        if (byProfileId && !options.confirmProfileIds) throw new ApiError(409, 'profile_id_needs_confirmation', PROFILE_ID_WARNING);
        // Every booking of the event, locked: a cancellation cannot slip between the match and the write.
        // In appointment-id order, as every writer locking several bookings takes them (staff-attendees-service.ts).
        const bookings = await rowsOf(tx, BOOKING_ROW, `${BOOKINGS} ORDER BY a.appointment_id FOR UPDATE OF a`, [eventId]);
        const byAppointment = new Map(bookings.map((b) => [b.appointment_id, b as Candidate]));
        const matches: { row: ResultsCsvRow; booking: BookingRow }[] = [];
        const held: { row: ResultsCsvRow; why: Hold }[] = [];
        if (byProfileId) {
          // Files already in use: a member with no confirmed booking here refuses the file, as before sample ids.
          const byProfile = new Map(bookings.filter((b) => b.status === 'confirmed').map((b) => [b.profile_id, b]));
          const errors = parsed.rows
            .filter((row) => !byProfile.has(row.profileId!))
            .map((row) => ({ line: row.line, message: `CHAPS${row.profileId} has no confirmed booking at this event.` }));
          if (errors.length > 0) throw csvRefused(errors);
          for (const row of parsed.rows) {
            const match = matchByProfile(row, byProfile.get(row.profileId!)!);
            if ('booking' in match) matches.push({ row, booking: match.booking });
            else held.push({ row, why: match.hold });
          }
        } else {
          const ids = parsed.rows.map((row) => row.sampleId!);
          const known = await rowsOf(tx, KNOWN_SAMPLE_ROW, `${KNOWN_SAMPLES} WHERE s.sample_id = ANY($1::text[])`, [ids]);
          const samples = new Map<string, KnownSample>(known.map((k) => [k.sample_id, k]));
          for (const row of parsed.rows) {
            const match = matchBySample(row as ResultsCsvRow & { sampleId: string }, eventId, samples, byAppointment);
            if ('booking' in match) matches.push({ row, booking: match.booking });
            else held.push({ row, why: match.hold });
          }
        }
        const saved: SavedResult[] = [];
        // Every line of the file is banded by the rule in use as the file is saved, read once.
        const rule = matches.length > 0 ? await currentRule(tx) : undefined;
        for (const { row, booking } of matches) {
          saved.push(await write(tx, actor, event, booking, { value: row.value, comment: row.comment, sampleDate: row.sampleDate }, rule));
          await recordAudit(
            tx,
            actor,
            {
              action: 'result.match',
              entity: 'result',
              entityId: booking.appointment_id,
              before: null,
              after: { line: row.line, ...(byProfileId ? { profile_id: row.profileId } : { sample_id: row.sampleId }) },
            },
            at,
          );
        }
        for (const { row, why } of held) await insertHold(tx, actor, eventId, row, why, at);
        await recordAudit(
          tx,
          actor,
          {
            action: 'results.import',
            entity: 'event',
            entityId: eventId,
            before: null,
            after: { key: parsed.key, profile_ids_confirmed: byProfileId, lines: parsed.rows.length, saved: saved.length, held: held.length },
          },
          at,
        );
        for (const result of saved) await tell(tx, result);
        return { saved, held: held.length };
      });
    },

    async holds(eventId) {
      if (!isEventId(eventId)) throw eventNotFound();
      const exists = await db.query('SELECT 1 FROM events WHERE event_id = $1::uuid', [eventId]);
      if (exists.length === 0) throw eventNotFound();
      return eventHolds(db, eventId);
    },

    holdCounts: () => waitingHoldCounts(db),

    resolveHold(actor, eventId, holdId, body, tell) {
      return db.transaction(async (tx) => {
        const event = await eventFor(tx, eventId);
        const before = await holdIn(tx, eventId, holdId, true);
        if (!before) throw new ApiError(404, 'not_found', 'No such held result at this event.');
        // The row lock decides between two people resolving at once: the second finds it resolved.
        if (before.resolution) throw new ApiError(409, 'hold_resolved', `This line was already ${before.resolution} by ${before.resolved_by ?? 'another member of staff'}.`);
        const at = now();
        let saved: SavedResult | null = null;
        if (body.action === 'attach') {
          const booking = await bookingOfSample(tx, eventId, body.sampleId);
          // A man never checked in takes only the line held for that very reason, from his own tube, once staff have checked.
          const ownLine = before.reason === 'not_checked_in' && normaliseSampleId(holdOf(before).cells.sample_id ?? '') === body.sampleId;
          if (!booking.checked_in && !ownLine) {
            throw sampleRefused(
              409,
              'not_checked_in',
              `Sample ${formatSampleId(body.sampleId)} is labelled for ${booking.first_name}, who was not checked in at this event, so his label may be on another man's tube: attach this line to a man who was checked in, or discard it.`,
            );
          }
          if (booking.has_result) {
            throw sampleRefused(409, 'result_exists', `${booking.first_name} already has a result for this event: change it from the attendee list if this line replaces it, or discard the line.`);
          }
          saved = await write(tx, actor, event, booking, { value: Number(before.test_result), comment: before.comments, sampleDate: before.sample_date });
          await tx.query(
            `UPDATE result_holds SET resolution = 'attached', resolved_at = $2, resolved_by = $3::uuid, appointment_id = $4::uuid WHERE hold_id = $1::uuid`,
            [holdId, at, actor.userId, booking.appointment_id],
          );
        } else {
          await tx.query(`UPDATE result_holds SET resolution = 'discarded', resolved_at = $2, resolved_by = $3::uuid, discard_reason = $4 WHERE hold_id = $1::uuid`, [
            holdId,
            at,
            actor.userId,
            body.reason,
          ]);
        }
        await recordAudit(
          tx,
          actor,
          {
            action: body.action === 'attach' ? 'result_hold.attach' : 'result_hold.discard',
            entity: 'result_hold',
            entityId: holdId,
            before: { resolution: null, reason: before.reason, line: before.file_line },
            after:
              body.action === 'attach'
                ? { resolution: 'attached', appointment_id: saved!.appointmentId, sample_id: body.sampleId }
                : { resolution: 'discarded', discard_reason: body.reason },
          },
          at,
        );
        if (saved) await tell(tx, saved);
        return holdOf((await holdIn(tx, eventId, holdId))!);
      });
    },

    async lookupSample(eventId, sampleId) {
      if (!isEventId(eventId)) throw eventNotFound();
      const row = await rowOf(
        db,
        LOOKUP_ROW,
        `SELECT s.sample_id, s.event_id::text AS event_id, s.appointment_id::text AS appointment_id, a.status, p.first_name, p.last_name,
                to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, p.nhs_number, r.test_result
         FROM samples s JOIN appointments a ON a.appointment_id = s.appointment_id
         LEFT JOIN member_profiles p ON p.profile_id = a.profile_id
         LEFT JOIN member_results r ON r.appointment_id = s.appointment_id
         WHERE s.sample_id = $1`,
        [sampleId],
      );
      if (!row) throw sampleRefused(404, 'unknown_sample', `No tube was labelled ${formatSampleId(sampleId)} on this site: scan or type it again.`);
      if (row.event_id !== eventId) throw sampleRefused(409, 'sample_other_event', `Sample ${formatSampleId(sampleId)} belongs to another event, not this one.`);
      if (row.status !== 'confirmed' || row.first_name === null) throw sampleRefused(409, 'appointment_cancelled', `Sample ${formatSampleId(sampleId)} is of a booking that is no longer confirmed.`);
      return {
        sample_id: row.sample_id,
        appointment_id: row.appointment_id,
        first_name: row.first_name,
        last_name: row.last_name ?? '',
        date_of_birth: row.date_of_birth,
        nhs_number: row.nhs_number,
        test_result: row.test_result === null ? null : Number(row.test_result),
      };
    },
  };
}
