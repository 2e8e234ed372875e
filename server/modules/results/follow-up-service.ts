/**
 * What followed an amber or red result
 * (docs/decisions/0022-screening-statistics.md): staff record it on the
 * attendee list when they learn it. The band is the one the result was given
 * when saved (its rule version's, docs/rules.md#clinical-rules), read here,
 * never taken from the screen: a green result takes no outcome. Audited as result.follow_up
 * with the outcome before and after.
 */
import { takesFollowUp, type FollowUpOutcome, type RecordedFollowUp } from '../../../src/domain/follow-up';
import { PSA_BANDS } from '../../../src/domain/psa-band';
import type { Database } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import { ApiError, eventNotFound } from '../../platform/http/errors';
import { isEventId } from '../events';
import { UUID } from '../staff';
import { recordAudit, type StaffActor } from '../staff';

/** The result to follow up, locked: the band it was given, and the outcome so far (the audit's "before"). */
const FOLLOWED_RESULT_ROW = {
  psa_band: col.nullable(col.oneOf(PSA_BANDS)),
  follow_up_outcome: col.nullable(col.text()),
};

export function createFollowUpService(db: Database, now: () => Date) {
  return {
    record(actor: StaffActor, eventId: string, appointmentId: string, outcome: FollowUpOutcome | null): Promise<RecordedFollowUp> {
      if (!isEventId(eventId)) throw eventNotFound();
      return db.transaction(async (tx) => {
        const row = UUID.test(appointmentId)
          ? await rowOf(
              tx,
              FOLLOWED_RESULT_ROW,
              `SELECT r.psa_band, r.follow_up_outcome
               FROM member_results r
               JOIN appointments a ON a.appointment_id = r.appointment_id
               WHERE r.appointment_id = $1::uuid AND a.event_id = $2::uuid AND r.test_result IS NOT NULL
               FOR UPDATE OF r`,
              [appointmentId, eventId],
            )
          : undefined;
        if (!row) throw new ApiError(404, 'not_found', 'No result for this booking at this event yet.');
        if (!takesFollowUp(row.psa_band)) {
          throw new ApiError(409, 'not_abnormal', 'Only an amber or red result is followed up: this result is not one.');
        }
        const at = now();
        await tx.query('UPDATE member_results SET follow_up_outcome = $2, follow_up_recorded_at = $3 WHERE appointment_id = $1::uuid', [
          appointmentId,
          outcome,
          outcome === null ? null : at,
        ]);
        await recordAudit(
          tx,
          actor,
          { action: 'result.follow_up', entity: 'result', entityId: appointmentId, before: { follow_up_outcome: row.follow_up_outcome }, after: { follow_up_outcome: outcome } },
          at,
        );
        return { outcome, recorded_at: outcome === null ? null : at.toISOString() };
      });
    },
  };
}

export type FollowUpService = ReturnType<typeof createFollowUpService>;
