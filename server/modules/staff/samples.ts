/**
 * Assigning a booking its sample id (docs/rules.md#sample-ids), shared by
 * the two places one is made: labels printed for an event ahead of the day,
 * and a check-in confirmed at the door. Once a booking has a sample id it
 * keeps it; a second call answers the same id. An id proposed by a staff
 * phone (made offline at check-in, and already written on the tube) is kept
 * when it is valid and unused; otherwise the booking's own id stands, or a
 * new one is drawn, and the caller tells staff to relabel.
 *
 * ESNEFT's laboratory refuses a request without a valid NHS number
 * (docs/rules.md#esneft), so no sample is labelled for a man without one:
 * the answer says so and nothing is written.
 */
import { isValidNhsNumber } from '../../../src/domain/nhs-number';
import { hasForeignSampleChar, isValidSampleId, newSampleId } from '../../../src/domain/sample-id';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';

export type SampleStep = 'labels' | 'check_in';

export type SampleAssignment =
  | { sampleId: string; assigned: boolean }
  /** His NHS number is missing or fails its check digit: no sample id until staff record a valid one. */
  | { sampleId: null; refused: 'nhs_number' };

const SAMPLE_ROW = { sample_id: col.text() };
const NHS_ROW = { nhs_number: col.nullable(col.text()) };

/** The booking's sample id, already there or assigned now; the caller holds the appointment's row lock. */
export async function assignSample(
  tx: Queryable,
  input: { appointmentId: string; eventId: string; proposed?: string | null; staffUserId: string; step: SampleStep; at: Date },
): Promise<SampleAssignment> {
  const existing = await rowOf(tx, SAMPLE_ROW, 'SELECT sample_id FROM samples WHERE appointment_id = $1::uuid', [input.appointmentId]);
  if (existing) return { sampleId: existing.sample_id, assigned: false };
  const member = await rowOf(
    tx,
    NHS_ROW,
    `SELECT p.nhs_number FROM appointments a JOIN member_profiles p ON p.profile_id = a.profile_id WHERE a.appointment_id = $1::uuid`,
    [input.appointmentId],
  );
  if (!member?.nhs_number || !isValidNhsNumber(member.nhs_number)) return { sampleId: null, refused: 'nhs_number' };
  // Only an id the site could have made: valid, and without I, O or * (docs/rules.md#sample-ids).
  let candidate = input.proposed && isValidSampleId(input.proposed) && !hasForeignSampleChar(input.proposed) ? input.proposed : newSampleId();
  // An id drawn twice is one chance in 10^10 per pair; the primary key decides, and another is drawn.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const inserted = await rowOf(
      tx,
      SAMPLE_ROW,
      `INSERT INTO samples (sample_id, appointment_id, event_id, assigned_at, assigned_during, staff_user_id)
       VALUES ($1, $2::uuid, $3::uuid, $4, $5, $6::uuid) ON CONFLICT (sample_id) DO NOTHING RETURNING sample_id`,
      [candidate, input.appointmentId, input.eventId, input.at, input.step, input.staffUserId],
    );
    if (inserted) return { sampleId: inserted.sample_id, assigned: true };
    candidate = newSampleId();
  }
  throw new Error('Could not draw an unused sample id');
}
