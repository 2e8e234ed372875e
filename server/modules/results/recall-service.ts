/**
 * Stores a result's band and when his next PSA test is due
 * (src/domain/psa-band.ts, src/domain/recall.ts, docs/decisions/0017), in
 * the transaction that saves the result or staff's own interval for it.
 * The facts are read as they are then: the member's date of birth and
 * ethnicity from his profile, family history from the consent filed for
 * this booking (else his newest consent).
 *
 * The rule (docs/rules.md#clinical-rules): a value being saved now
 * ('band') is banded by the current rule version, and the result stores
 * the band and the version's number; staff's interval for a stored result
 * ('keep-band') keeps the band and version it has, and a recall without
 * staff's interval comes from that version's intervals.
 */
import { ageOn } from '../../../src/domain/age';
import { PSA_BANDS, psaBand } from '../../../src/domain/psa-band';
import { gpPromptDate, nextTestDue, recallRisk } from '../../../src/domain/recall';
import type { StoredRecall } from '../../../src/domain/staff-result-answers';
import type { ClinicalRule } from '../../../src/domain/clinical-rule';
import type { PsaBand } from '../../../src/domain/psa-band';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import { currentRule, ruleOfVersion } from './clinical-rules-service';

/**
 * The facts the recall is worked out from: the value as text (numeric cast), the
 * dates as YYYY-MM-DD, and the consent's answers (jsonb) when one is filed.
 */
const RECALL_FACTS_ROW = {
  test_result: col.nullable(col.text()),
  sample_date: col.nullable(col.text()),
  recall_months_override: col.nullable(col.int()),
  psa_band: col.nullable(col.oneOf(PSA_BANDS)),
  rule_version: col.nullable(col.int()),
  event_date: col.nullable(col.text()),
  date_of_birth: col.nullable(col.text()),
  ethnicity: col.nullable(col.text()),
  answers: col.json(),
};

/** The current rule, read once by a writer of many results in one transaction. */
export type CurrentRule = { version: number; rule: ClinicalRule };

/** A result's band and rule version as stored, and its recall (null when it has no sample date). */
export interface BandedResult {
  band: PsaBand | null;
  rule_version: number;
  recall: StoredRecall | null;
}

/**
 * Bands the result ('band': its value was saved now) or keeps its band
 * ('keep-band'), then recomputes and stores its recall; null when the
 * appointment has no result with a value.
 */
export async function storeRecall(tx: Queryable, appointmentId: string, banding: 'band' | 'keep-band'): Promise<StoredRecall | null> {
  return (await bandAndRecall(tx, appointmentId, banding))?.recall ?? null;
}

/**
 * storeRecall, answering the band and version too; `current` is the rule in use when the
 * caller has read it already in this transaction (a results file of many lines).
 */
export async function bandAndRecall(tx: Queryable, appointmentId: string, banding: 'band' | 'keep-band', current?: CurrentRule): Promise<BandedResult | null> {
  const row = await rowOf(
    tx,
    RECALL_FACTS_ROW,
    `SELECT r.test_result::text AS test_result, to_char(r.sample_date, 'YYYY-MM-DD') AS sample_date, r.recall_months_override,
            r.psa_band, r.rule_version, to_char(m.event_date, 'YYYY-MM-DD') AS event_date,
            to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, p.ethnicity,
            COALESCE(
              (SELECT c.answers FROM appointments a JOIN consents c ON c.consent_id = a.consent_id WHERE a.appointment_id = r.appointment_id),
              (SELECT c.answers FROM consents c WHERE c.profile_id = r.profile_id ORDER BY c.created_at DESC LIMIT 1)
            ) AS answers
     FROM member_results r JOIN member_profiles p ON p.profile_id = r.profile_id
     LEFT JOIN member_appointments m ON m.appointment_id = r.appointment_id
     WHERE r.appointment_id = $1::uuid`,
    [appointmentId],
  );
  if (!row || row.test_result === null) return null;
  // His age on the sample's date, else the appointment's (as his results page has always shown it).
  const bandDate = row.sample_date ?? row.event_date;
  const age = row.date_of_birth && bandDate ? ageOn(row.date_of_birth, bandDate) : null;
  let band: PsaBand | null;
  let version: number;
  let rule: ClinicalRule;
  if (banding === 'band' || row.rule_version === null) {
    ({ version, rule } = current ?? (await currentRule(tx)));
    band = psaBand(Number(row.test_result), age, rule);
    await tx.query('UPDATE member_results SET psa_band = $2, rule_version = $3 WHERE appointment_id = $1::uuid', [appointmentId, band, version]);
  } else {
    version = row.rule_version;
    rule = await ruleOfVersion(tx, version);
    band = row.psa_band;
  }
  if (row.sample_date === null) return { band, rule_version: version, recall: null };
  // The answers are a document (jsonb): only a string answer is read, whatever else it holds.
  const answers = (typeof row.answers === 'object' && row.answers !== null ? row.answers : {}) as Record<string, unknown>;
  const answer = (value: unknown) => (typeof value === 'string' ? value : null);
  const risk = recallRisk({
    age,
    ethnicity: row.ethnicity,
    fatherSideProstateCancer: answer(answers.familyHistoryProstateCancer),
    motherSideBreastOvarianCancer: answer(answers.familyHistoryBreastOvarianCancer),
  });
  const due = nextTestDue(row.sample_date, band, risk, rule, row.recall_months_override);
  // A red result's prompt to see a GP (docs/decisions/0020); a value corrected out of red takes it back.
  const gpPrompt = band === 'red' ? gpPromptDate(row.sample_date, rule) : null;
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
  return { band, rule_version: version, recall: { risk, next_test_due: due, recall_months_override: row.recall_months_override } };
}
