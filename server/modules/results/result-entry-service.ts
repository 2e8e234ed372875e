/**
 * A result staff type for one attendee, and staff's own recall interval for
 * it (docs/rules.md#results-entry). A result typed for a booking that has a
 * sample must carry that sample's id, and the man must have been checked
 * in: the tube, not the name on the screen, decides whose result it is.
 * Typing over his result corrects it, but only the result the form showed:
 * one saved or changed meanwhile (a file, an attached line, a colleague)
 * refuses the save. The lab's file is results-file-service.ts.
 */
import type { StoredRecall } from '../../../src/domain/staff-result-answers';
import { formatSampleId } from '../../../src/domain/sample-id';
import { londonDate } from '../../../src/domain/london-time';
import type { Database } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import { ApiError } from '../../platform/http/errors';
import { recordAudit, UUID, type StaffActor } from '../staff';
import { storeRecall } from './recall-service';
import { eventForResults, lockedBooking, sampleRefused, wasSaved, writeResult, type ResultInput, type SavedResult, type TellMember } from './result-write';

export interface ResultEntryService {
  save(actor: StaffActor, eventId: string, appointmentId: string, input: ResultInput, tell: TellMember): Promise<SavedResult>;
  /** Staff's own interval for one result (months), or null for the rule's; the next-due date is set again. */
  setRecallInterval(actor: StaffActor, eventId: string, appointmentId: string, months: number | null): Promise<StoredRecall>;
}

const SAMPLE_OF_ROW = { sample_id: col.text() };

/** Staff's interval and the due date it gave, the audit's "before". */
const RECALL_INTERVAL_ROW = { recall_months_override: col.nullable(col.int()), next_test_due: col.nullable(col.text()) };

/** A typed result not saved: his result is not the one the form showed (docs/rules.md#results-entry). */
function resultChanged(firstName: string, showed: number | null, current: string | null): ApiError {
  const message =
    current === null
      ? `${firstName} has no result saved now, though the form showed ${showed} ng/ml, so yours was not saved: open his result again and enter it.`
      : `A result of ${Number(current)} ng/ml was saved for ${firstName} while this form was open${showed === null ? '' : ` (it showed ${showed} ng/ml)`}, so yours was not saved: check his result, and save yours again only if it replaces that one.`;
  return new ApiError(409, 'result_changed', message, [{ path: 'test_result', message }]);
}

export function createResultEntryService(db: Database, now: () => Date): ResultEntryService {
  return {
    save(actor, eventId, appointmentId, input, tell) {
      return db.transaction(async (tx) => {
        const event = await eventForResults(tx, eventId, now);
        const booking = UUID.test(appointmentId) ? await lockedBooking(tx, eventId, appointmentId) : undefined;
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
        // A correction is allowed, of the result staff saw: one saved or changed by anyone else since is never replaced unseen.
        const saved = await writeResult(tx, actor, now(), event, booking, input);
        if (!wasSaved(saved)) throw resultChanged(booking.first_name, input.replaces ?? null, saved.current);
        await tell(tx, saved);
        return saved;
      });
    },

    setRecallInterval(actor, eventId, appointmentId, months) {
      return db.transaction(async (tx) => {
        await eventForResults(tx, eventId, now);
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
  };
}
