/**
 * Stores when a result's next PSA test is due (src/domain/recall.ts,
 * docs/decisions/0017), in the transaction that saves the result or
 * staff's own interval for it. The facts are read as they are then: the
 * member's date of birth and ethnicity from his profile, family history
 * from the consent filed for this booking (else his newest consent).
 */
import { ageOn } from '../../../src/domain/age';
import { psaBand } from '../../../src/domain/psa-band';
import { gpPromptDate, nextTestDue, recallRisk } from '../../../src/domain/recall';
import type { StoredRecall } from '../../../src/domain/staff-result-answers';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';

/**
 * The facts the recall is worked out from: the value as text (numeric cast), the
 * dates as YYYY-MM-DD, and the consent's answers (jsonb) when one is filed.
 */
const RECALL_FACTS_ROW = {
  test_result: col.nullable(col.text()),
  sample_date: col.nullable(col.text()),
  recall_months_override: col.nullable(col.int()),
  date_of_birth: col.nullable(col.text()),
  ethnicity: col.nullable(col.text()),
  answers: col.json(),
};

/** Recomputes and stores the result's recall; null when the appointment has no result with a value. */
export async function storeRecall(tx: Queryable, appointmentId: string): Promise<StoredRecall | null> {
  const row = await rowOf(
    tx,
    RECALL_FACTS_ROW,
    `SELECT r.test_result::text AS test_result, to_char(r.sample_date, 'YYYY-MM-DD') AS sample_date, r.recall_months_override,
            to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, p.ethnicity,
            COALESCE(
              (SELECT c.answers FROM appointments a JOIN consents c ON c.consent_id = a.consent_id WHERE a.appointment_id = r.appointment_id),
              (SELECT c.answers FROM consents c WHERE c.profile_id = r.profile_id ORDER BY c.created_at DESC LIMIT 1)
            ) AS answers
     FROM member_results r JOIN member_profiles p ON p.profile_id = r.profile_id
     WHERE r.appointment_id = $1::uuid`,
    [appointmentId],
  );
  if (!row || row.test_result === null || row.sample_date === null) return null;
  const age = row.date_of_birth ? ageOn(row.date_of_birth, row.sample_date) : null;
  // The answers are a document (jsonb): only a string answer is read, whatever else it holds.
  const answers = (typeof row.answers === 'object' && row.answers !== null ? row.answers : {}) as Record<string, unknown>;
  const answer = (value: unknown) => (typeof value === 'string' ? value : null);
  const risk = recallRisk({
    age,
    ethnicity: row.ethnicity,
    fatherSideProstateCancer: answer(answers.familyHistoryProstateCancer),
    motherSideBreastOvarianCancer: answer(answers.familyHistoryBreastOvarianCancer),
  });
  const band = psaBand(Number(row.test_result), age);
  const due = nextTestDue(row.sample_date, band, risk, row.recall_months_override);
  // A red result's prompt to see a GP (docs/decisions/0020); a value corrected out of red takes it back.
  const gpPrompt = band === 'red' ? gpPromptDate(row.sample_date) : null;
  // A due date that moves (staff's interval, a corrected value) is a new recall: its invitation and
  // follow-up are still to come, whatever went for the old date. Likewise a GP prompt whose date moves.
  await tx.query(
    `UPDATE member_results SET recall_risk = $2, next_test_due = $3::date, gp_prompt_due = $4::date,
       recall_invited_at = CASE WHEN next_test_due IS DISTINCT FROM $3::date THEN NULL ELSE recall_invited_at END,
       recall_invited_events = CASE WHEN next_test_due IS DISTINCT FROM $3::date THEN NULL ELSE recall_invited_events END,
       recall_follow_up_on = CASE WHEN next_test_due IS DISTINCT FROM $3::date THEN NULL ELSE recall_follow_up_on END,
       recall_followed_up_at = CASE WHEN next_test_due IS DISTINCT FROM $3::date THEN NULL ELSE recall_followed_up_at END,
       recall_follow_up_events = CASE WHEN next_test_due IS DISTINCT FROM $3::date THEN NULL ELSE recall_follow_up_events END,
       gp_prompt_sent_at = CASE WHEN gp_prompt_due IS DISTINCT FROM $4::date THEN NULL ELSE gp_prompt_sent_at END
     WHERE appointment_id = $1::uuid`,
    [appointmentId, risk, due, gpPrompt],
  );
  return { risk, next_test_due: due, recall_months_override: row.recall_months_override };
}
