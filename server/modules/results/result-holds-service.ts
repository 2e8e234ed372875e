/**
 * Lines of the lab's file held for a person (results-file-service.ts), and
 * how staff resolve one (docs/rules.md#results-entry): attached to the
 * booking whose tube it is, by scanning or typing the tube's sample id,
 * and the member then told; or discarded. One person wins when two resolve
 * a line at once. The table itself is result-holds-table.ts.
 */
import type { ResolveHoldBody, ResultHold, ResultHoldCounts, SampleLookup } from '../../../src/domain/result-holds';
import { formatSampleId, normaliseSampleId } from '../../../src/domain/sample-id';
import type { Database, Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import { ApiError, eventNotFound } from '../../platform/http/errors';
import { isEventId } from '../events';
import { recordAudit, type StaffActor } from '../staff';
import { eventHolds, holdIn, holdOf, waitingHoldCounts } from './result-holds-table';
import { eventForResults, knownSample, lockedBooking, sampleRefused, wasSaved, writeResult, type BookingRow, type SavedResult, type TellMember } from './result-write';

export interface ResultHoldsService {
  /** The event's held lines, waiting ones first. */
  holds(eventId: string): Promise<ResultHold[]>;
  /** Every event with lines waiting to be checked. */
  holdCounts(): Promise<ResultHoldCounts['events']>;
  /** Attaches a held line to the booking whose tube this is (the member is then told), or discards it; one person wins. */
  resolveHold(actor: StaffActor, eventId: string, holdId: string, body: ResolveHoldBody, tell: TellMember): Promise<ResultHold>;
  /** The booking of this event a tube belongs to, with what to check him by. */
  lookupSample(eventId: string, sampleId: string): Promise<SampleLookup['sample']>;
}

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

/** The sample of this event a typed or scanned id names, with his booking locked; refused in words otherwise. */
async function bookingOfSample(tx: Queryable, eventId: string, sampleId: string): Promise<BookingRow> {
  const sample = await knownSample(tx, sampleId);
  if (!sample) throw sampleRefused(422, 'unknown_sample', `No tube was labelled ${formatSampleId(sampleId)} on this site: scan or type it again.`);
  if (sample.event_id !== eventId) throw sampleRefused(409, 'sample_other_event', `Sample ${formatSampleId(sampleId)} belongs to another event (${sample.event_name}), not this one.`);
  const booking = await lockedBooking(tx, eventId, sample.appointment_id);
  if (!booking || booking.status !== 'confirmed') throw sampleRefused(409, 'appointment_cancelled', `Sample ${formatSampleId(sampleId)} is of a booking that is no longer confirmed.`);
  return booking;
}

export function createResultHoldsService(db: Database, now: () => Date): ResultHoldsService {
  return {
    async holds(eventId) {
      if (!isEventId(eventId)) throw eventNotFound();
      const exists = await db.query('SELECT 1 FROM events WHERE event_id = $1::uuid', [eventId]);
      if (exists.length === 0) throw eventNotFound();
      return eventHolds(db, eventId);
    },

    holdCounts: () => waitingHoldCounts(db),

    resolveHold(actor, eventId, holdId, body, tell) {
      return db.transaction(async (tx) => {
        const event = await eventForResults(tx, eventId, now);
        const before = await holdIn(tx, eventId, holdId, true);
        if (!before) throw new ApiError(404, 'not_found', 'No such held result at this event.');
        // The row lock decides between two people resolving at once: the second finds it resolved.
        if (before.resolution) throw new ApiError(409, 'hold_resolved', `This line was already ${before.resolution} by ${before.resolved_by ?? 'another member of staff'}.`);
        const at = now();
        let saved: SavedResult | null = null;
        if (body.action === 'attach') {
          // Its value went with the man's account: nothing is left to attach, and the line is his no longer to give anyone.
          if (before.erased || before.test_result === null) {
            throw new ApiError(409, 'hold_erased', "The details of this line were erased with a member's account, so it cannot be attached to anyone: discard it.");
          }
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
          const outcome = await writeResult(tx, actor, now(), event, booking, { value: Number(before.test_result), comment: before.comments, sampleDate: before.sample_date });
          // He has a result (saved before, or by a file or a colleague at this very moment): nothing is saved, the line waits.
          if (!wasSaved(outcome)) {
            throw sampleRefused(409, 'result_exists', `${booking.first_name} already has a result for this event: change it from the attendee list if this line replaces it, or discard the line.`);
          }
          saved = outcome;
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
