/**
 * A member's screening history for /medical-results: each appointment with
 * its lab result when there is one, and results that arrived without a
 * linked appointment. Newest first. Each result carries the band it was
 * given when saved and its rule version (docs/rules.md#clinical-rules).
 */
import type { MedicalResultItem } from '../../../src/domain/medical-results';
import { PSA_BANDS } from '../../../src/domain/psa-band';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowsOf } from '../../platform/db/rows';

/** Every column may be NULL: a FULL JOIN of the appointment and its result, each possibly without the other. */
const RESULT_ROW = {
  appointment_id: col.nullable(col.text()),
  event_name: col.nullable(col.text()),
  product_name: col.nullable(col.text()),
  event_date: col.nullable(col.text()),
  lab_name: col.nullable(col.text()),
  result_id: col.nullable(col.text()),
  test_result: col.nullable(col.decimal()),
  test_unit: col.nullable(col.text()),
  comments: col.nullable(col.text()),
  sample_date: col.nullable(col.text()),
  next_test_due: col.nullable(col.text()),
  psa_band: col.nullable(col.oneOf(PSA_BANDS)),
  rule_version: col.nullable(col.int()),
};

const HISTORY_COLUMNS = `a.appointment_id, a.event_name, a.product_name, a.event_date, e.lab_name,
  r.result_id, r.test_result, r.test_unit, r.comments, r.sample_date,
  to_char(r.next_test_due, 'YYYY-MM-DD') AS next_test_due, r.psa_band, r.rule_version`;

export async function resultsForProfile(db: Queryable, profileId: number): Promise<MedicalResultItem[]> {
  const rows = await rowsOf(
    db,
    RESULT_ROW,
    // His appointments with their results, then his results of no appointment of his: two lookups by
    // profile on their indexes. (One FULL JOIN filtered by either side read both tables whole.)
    `SELECT h.* FROM (
       SELECT ${HISTORY_COLUMNS}
       FROM member_appointments a
       LEFT JOIN member_results r ON r.appointment_id = a.appointment_id
       LEFT JOIN events e ON e.event_id = a.event_id
       WHERE a.profile_id = $1
       UNION ALL
       SELECT ${HISTORY_COLUMNS}
       FROM member_results r
       LEFT JOIN member_appointments a ON a.appointment_id = r.appointment_id
       LEFT JOIN events e ON e.event_id = a.event_id
       WHERE r.profile_id = $1 AND (a.appointment_id IS NULL OR a.profile_id IS DISTINCT FROM $1)
     ) h
     ORDER BY COALESCE(h.event_date, h.sample_date) DESC NULLS LAST, h.event_name`,
    [profileId],
  );
  return rows.map((row) => ({
    appointment: row.appointment_id
      ? { event_name: row.event_name ?? '', product_name: row.product_name, event_date: row.event_date, lab_name: row.lab_name }
      : null,
    result: row.result_id
      ? {
          test_result: row.test_result === null ? null : Number(row.test_result),
          test_unit: row.test_unit,
          comments: row.comments,
          sample_date: row.sample_date,
          next_test_due: row.next_test_due,
          band: row.psa_band,
          rule_version: row.rule_version,
        }
      : null,
  }));
}
