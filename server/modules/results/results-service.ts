/**
 * A member's screening history for /medical-results: each appointment with
 * its lab result when there is one, and results that arrived without a
 * linked appointment. Newest first.
 */
import type { MedicalResultItem } from '../../../src/domain/medical-results';
import type { Queryable } from '../../platform/db/adapter';

interface ResultRow {
  appointment_id: string | null;
  event_name: string | null;
  product_name: string | null;
  event_date: string | null;
  lab_name: string | null;
  result_id: string | null;
  test_result: string | null;
  test_unit: string | null;
  comments: string | null;
  sample_date: string | null;
  next_test_due: string | null;
  [column: string]: unknown;
}

export async function resultsForProfile(db: Queryable, profileId: number): Promise<MedicalResultItem[]> {
  const rows = await db.query<ResultRow>(
    `SELECT a.appointment_id, a.event_name, a.product_name, a.event_date, e.lab_name,
            r.result_id, r.test_result, r.test_unit, r.comments, r.sample_date,
            to_char(r.next_test_due, 'YYYY-MM-DD') AS next_test_due
     FROM member_appointments a
     FULL JOIN member_results r ON r.appointment_id = a.appointment_id
     LEFT JOIN events e ON e.event_id = a.event_id
     WHERE a.profile_id = $1 OR r.profile_id = $1
     ORDER BY COALESCE(a.event_date, r.sample_date) DESC NULLS LAST, a.event_name`,
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
        }
      : null,
  }));
}
