/**
 * What followed an amber or red result
 * (docs/decisions/0022-screening-statistics.md): staff record it on the
 * attendee list when they learn it. The band is worked out here, from the value
 * and the member's age on the sample date (src/domain/psa-band.ts), never taken
 * from the screen: a green result takes no outcome. Audited as result.follow_up
 * with the outcome before and after.
 */
import { ageOn } from '../../../src/domain/age';
import { takesFollowUp, type FollowUpOutcome, type RecordedFollowUp } from '../../../src/domain/follow-up';
import { psaBand } from '../../../src/domain/psa-band';
import type { Database } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import { ApiError, eventNotFound } from '../../platform/http/errors';
import { isEventId } from '../events';
import { UUID } from '../staff';
import { recordAudit, type StaffActor } from '../staff';

/** The result to follow up, locked; its value is kept as text (numeric cast), and the outcome so far is the audit's "before". */
const FOLLOWED_RESULT_ROW = {
  test_result: col.text(),
  sample_date: col.nullable(col.text()),
  date_of_birth: col.nullable(col.text()),
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
              `SELECT r.test_result::text AS test_result, to_char(r.sample_date, 'YYYY-MM-DD') AS sample_date,
                      to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, r.follow_up_outcome
               FROM member_results r
               JOIN appointments a ON a.appointment_id = r.appointment_id
               JOIN member_profiles p ON p.profile_id = r.profile_id
               WHERE r.appointment_id = $1::uuid AND a.event_id = $2::uuid AND r.test_result IS NOT NULL
               FOR UPDATE OF r`,
              [appointmentId, eventId],
            )
          : undefined;
        if (!row) throw new ApiError(404, 'not_found', 'No result for this booking at this event yet.');
        const age = row.date_of_birth && row.sample_date ? ageOn(row.date_of_birth, row.sample_date) : null;
        if (!takesFollowUp(psaBand(Number(row.test_result), age))) {
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
