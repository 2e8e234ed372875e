/**
 * The lab's results file for one event (docs/rules.md#results-entry).
 *
 * A file is checked whole first (src/domain/results-csv.ts): any error of
 * the file and nothing is written. Its lines are then matched by sample id
 * (sample-matching.ts) in one transaction with every write: a line that
 * names one man safely, and finds no result of his saved (before, or at
 * this very moment by another file or person: the save itself decides,
 * result-write.ts), is saved and he is emailed; any other is held in
 * result_holds, attached to nobody and emailed to nobody, until staff
 * attach it by the tube's sample id or discard it
 * (result-holds-service.ts). A file keyed by member id (profile_id, no
 * check character) is taken only when staff confirm.
 */
import { PROFILE_ID_WARNING } from '../../../src/domain/result-holds';
import { parseResultsCsv, type CsvLineError, type ResultsCsvRow } from '../../../src/domain/results-csv';
import { londonDate } from '../../../src/domain/london-time';
import type { Database } from '../../platform/db/adapter';
import { ApiError } from '../../platform/http/errors';
import { recordAudit, type StaffActor } from '../staff';
import { currentRule } from './clinical-rules-service';
import { insertHold, lockHoldsShared } from './result-holds-table';
import { eventForResults, knownSamples, lockedBookings, wasSaved, writeResult, type BookingRow, type SavedResult, type TellMember } from './result-write';
import { matchByProfile, matchBySample, resultExists, type Candidate, type Hold, type KnownSample } from './sample-matching';

/** What an imported file did: results saved (each member told) and lines held for checking. */
export interface ImportOutcome {
  saved: SavedResult[];
  held: number;
}

export interface ResultsFileService {
  /** `confirmProfileIds`: staff have seen the warning that a member id has no check character. */
  importCsv(actor: StaffActor, eventId: string, csv: string, tell: TellMember, options?: { confirmProfileIds?: boolean }): Promise<ImportOutcome>;
}

const csvRefused = (errors: CsvLineError[]) =>
  new ApiError(
    422,
    'invalid_csv',
    `Nothing was saved: ${errors.length === 1 ? '1 line needs' : `${errors.length} lines need`} correcting.`,
    errors.map((e) => ({ path: `line ${e.line}`, message: e.message })),
  );

export function createResultsFileService(db: Database, now: () => Date): ResultsFileService {
  return {
    importCsv(actor, eventId, csv, tell, options = {}) {
      return db.transaction(async (tx) => {
        // Before any row: an erasure waits for the lines held here (held-line-owner.ts), or this waits for it.
        await lockHoldsShared(tx);
        const event = await eventForResults(tx, eventId, now);
        const at = now();
        const parsed = parseResultsCsv(csv, londonDate(at));
        if (parsed.errors.length > 0) throw csvRefused(parsed.errors);
        const byProfileId = parsed.key === 'profile_id';
        if (byProfileId && !options.confirmProfileIds) throw new ApiError(409, 'profile_id_needs_confirmation', PROFILE_ID_WARNING);
        const bookings = await lockedBookings(tx, eventId);
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
          const known = await knownSamples(tx, parsed.rows.map((row) => row.sampleId!));
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
          const outcome = await writeResult(tx, actor, now(), event, booking, { value: row.value, comment: row.comment, sampleDate: row.sampleDate }, rule);
          // He has a result already (saved before, or by another file or person at this very moment): held, never replaced.
          if (!wasSaved(outcome)) {
            held.push({ row, why: resultExists(row, booking) });
            continue;
          }
          saved.push(outcome);
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
  };
}
