/**
 * One check-in of a batch (docs/rules.md#check-in), under the booking's row
 * lock the batch took (staff-attendees-service.ts):
 * - an arrival is recorded only on the event's day, UK time: the phone's tap
 *   when its clock is believable (on that day, and not after the server's
 *   now), else the server's now when that is on the day; otherwise the
 *   check-in is refused, not_event_day, and nothing is written (an arrival
 *   ten days early is no arrival);
 * - two phones that checked one man in offline: the earliest believable tap
 *   is his arrival, whichever phone synced first; his sample id is the one
 *   assigned first and never changes (docs/rules.md#sample-ids), and a
 *   phone's proposal that was not kept is written to the staff audit, so
 *   the tube it labelled can be found, and that phone is told to relabel.
 */
import { londonDate } from '../../../src/domain/london-time';
import type { CheckInResult } from '../../../src/domain/attendee-list';
import type { CheckIn } from '../../../src/domain/staff-attendees';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import { assignSample } from './samples';
import { recordAudit, type StaffActor } from './staff-audit';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The booking checked in, and its event's date (YYYY-MM-DD). */
const CHECK_IN_APPOINTMENT_ROW = { status: col.text(), event_date: col.text() };
const CHECKED_IN_ROW = { checked_in_at: col.instant() };
const SAMPLE_ROW = { sample_id: col.text() };

/** The phone's tap when its clock is believable: on the event's day (UK) and not after the server's now. */
function believableTap(checkIn: CheckIn, eventDate: string, at: Date): Date | null {
  const tapped = new Date(checkIn.checked_in_at);
  return tapped.getTime() <= at.getTime() && londonDate(tapped) === eventDate ? tapped : null;
}

export async function checkInOne(tx: Queryable, actor: StaffActor, eventId: string, checkIn: CheckIn, at: Date): Promise<CheckInResult> {
  const id = checkIn.appointment_id;
  // Another event's appointment id is "not found" here: the list a staff member holds is one event's.
  const appointment = UUID.test(id)
    ? await rowOf(
        tx,
        CHECK_IN_APPOINTMENT_ROW,
        `SELECT a.status, to_char(e.event_date, 'YYYY-MM-DD') AS event_date
         FROM appointments a JOIN events e ON e.event_id = a.event_id
         WHERE a.appointment_id = $1::uuid AND a.event_id = $2::uuid FOR UPDATE OF a`,
        [id, eventId],
      )
    : undefined;
  if (!appointment) return { appointment_id: id, outcome: 'not_found', checked_in_at: null, sample_id: null };
  // A check-in from this version asks for a sample (sample_id present, even null); one queued by an earlier version does not.
  const wantsSample = checkIn.sample_id !== undefined;
  const tap = believableTap(checkIn, appointment.event_date, at);
  const existing = await rowOf(tx, CHECKED_IN_ROW, 'SELECT checked_in_at FROM check_ins WHERE appointment_id = $1::uuid', [id]);
  if (existing) return checkedInAgain(tx, actor, eventId, checkIn, { confirmed: appointment.status === 'confirmed', arrived: existing.checked_in_at, tap, wantsSample }, at);
  if (appointment.status !== 'confirmed') return { appointment_id: id, outcome: 'cancelled', checked_in_at: null, sample_id: null };
  const arrival = tap ?? (londonDate(at) === appointment.event_date ? at : null);
  if (!arrival) return { appointment_id: id, outcome: 'not_event_day', checked_in_at: null, sample_id: null };
  await tx.query(
    `INSERT INTO check_ins (appointment_id, event_id, checked_in_at, recorded_at, staff_user_id)
     VALUES ($1::uuid, $2::uuid, $3, $4, $5::uuid)`,
    [id, eventId, arrival, at, actor.userId],
  );
  const sample = wantsSample ? await sampleFor(tx, actor, eventId, id, checkIn.sample_id ?? null, at, false) : await currentSample(tx, id);
  await recordAudit(
    tx,
    actor,
    {
      action: 'check_in',
      entity: 'check_in',
      entityId: id,
      before: null,
      after: {
        event_id: eventId,
        checked_in_at: arrival.toISOString(),
        sample_id: sample.sample_id,
        ...(wantsSample ? { sample_proposed: checkIn.sample_id ?? null } : {}),
        ...(sample.sample_refused ? { sample_refused: sample.sample_refused } : {}),
      },
    },
    at,
  );
  return { appointment_id: id, outcome: 'recorded', checked_in_at: arrival.toISOString(), ...sample };
}

/**
 * Checked in already (a replay, or another phone first). His arrival becomes this tap when it is believable
 * and earlier. His sample id as it stands, or one assigned now if the first check-in made none, so the tube
 * this phone labelled is named; a booking cancelled since its arrival gets no new sample id (its tube can be
 * no one's now). A proposal not kept is audited with the id he has, for the tube it is written on.
 */
async function checkedInAgain(
  tx: Queryable,
  actor: StaffActor,
  eventId: string,
  checkIn: CheckIn,
  state: { confirmed: boolean; arrived: Date; tap: Date | null; wantsSample: boolean },
  at: Date,
): Promise<CheckInResult> {
  const id = checkIn.appointment_id;
  let arrived = state.arrived;
  if (state.tap && state.tap.getTime() < arrived.getTime()) {
    await tx.query('UPDATE check_ins SET checked_in_at = $2 WHERE appointment_id = $1::uuid', [id, state.tap]);
    await recordAudit(
      tx,
      actor,
      { action: 'check_in.earlier_tap', entity: 'check_in', entityId: id, before: { checked_in_at: arrived.toISOString() }, after: { event_id: eventId, checked_in_at: state.tap.toISOString() } },
      at,
    );
    arrived = state.tap;
  }
  const sample = state.wantsSample && state.confirmed ? await sampleFor(tx, actor, eventId, id, checkIn.sample_id ?? null, at) : await currentSample(tx, id);
  const proposed = checkIn.sample_id ?? null;
  if (proposed !== null && proposed !== sample.sample_id) {
    await recordAudit(
      tx,
      actor,
      {
        action: 'check_in.sample_not_kept',
        entity: 'check_in',
        entityId: id,
        before: null,
        after: { event_id: eventId, sample_proposed: proposed, sample_id: sample.sample_id, tapped_at: checkIn.checked_in_at },
      },
      at,
    );
  }
  return { appointment_id: id, outcome: 'already', checked_in_at: arrived.toISOString(), ...sample };
}

type SampleAnswer = Pick<CheckInResult, 'sample_id' | 'sample_refused'>;

async function currentSample(tx: Queryable, appointmentId: string): Promise<SampleAnswer> {
  const row = await rowOf(tx, SAMPLE_ROW, 'SELECT sample_id FROM samples WHERE appointment_id = $1::uuid', [appointmentId]);
  return { sample_id: row?.sample_id ?? null };
}

/**
 * His sample id for a confirmed check-in: the one he has, else the phone's
 * proposal when valid and unused, else a new one (the caller holds the
 * booking's row lock). A sample assigned here by a check-in that was
 * already recorded is audited on its own; a new check-in's audit row names it.
 */
async function sampleFor(tx: Queryable, actor: StaffActor, eventId: string, appointmentId: string, proposed: string | null, at: Date, auditAlone = true): Promise<SampleAnswer> {
  const assignment = await assignSample(tx, { appointmentId, eventId, proposed, staffUserId: actor.userId, step: 'check_in', at });
  if (assignment.sampleId === null) return { sample_id: null, sample_refused: assignment.refused };
  if (assignment.assigned && auditAlone) {
    await recordAudit(
      tx,
      actor,
      { action: 'assign_sample', entity: 'check_in', entityId: appointmentId, before: null, after: { event_id: eventId, sample_id: assignment.sampleId, sample_proposed: proposed } },
      at,
    );
  }
  return { sample_id: assignment.sampleId };
}
