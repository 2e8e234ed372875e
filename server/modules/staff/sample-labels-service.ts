/**
 * Sample labels for an event, and the laboratory's manifest
 * (docs/rules.md#sample-labels).
 *
 * Labels: every confirmed booking of the event (or the ones staff name, one
 * at the desk) gets its sample id through assignSample, in one transaction
 * holding each booking's row lock, taken in appointment id order so two
 * staff printing at once wait for each other rather than deadlock; the
 * second finds the ids the first assigned, so no booking gets two. A man
 * without a valid NHS number gets no label and is named in the answer, so
 * staff fix his profile before the day instead of the lab refusing his
 * tube (docs/rules.md#esneft). Each new id is audited, and so is each
 * printing, since labels carry NHS numbers.
 *
 * The manifest: one line per sample of a man checked in, with the check-in
 * time as the collection time (UK time). Reading it is audited too.
 */
import { isValidNhsNumber } from '../../../src/domain/nhs-number';
import { londonDate, londonTime } from '../../../src/domain/london-time';
import { MANIFEST_SEX, type LabManifest, type ManifestLine, type SampleLabel, type SampleLabelsAnswer, type Unlabelled } from '../../../src/domain/sample-labels';
import type { Database, Queryable } from '../../platform/db/adapter';
import { col, rowOf, rowsOf } from '../../platform/db/rows';
import { ApiError, fieldIssue } from '../../platform/http/errors';
import { isEventId } from '../events';
import { assignSample } from './samples';
import { UUID } from './staff-attendees-service';
import { recordAudit, type StaffActor } from './staff-audit';

export interface SampleLabelsService {
  /** null when the event does not exist; a 422 ApiError when a listed id is not a confirmed booking of this event. */
  labels(actor: StaffActor, eventId: string, appointmentIds?: readonly string[]): Promise<SampleLabelsAnswer | null>;
  /** null when the event does not exist. */
  manifest(actor: StaffActor, eventId: string, format: 'csv' | 'page'): Promise<LabManifest | null>;
}

const EVENT_ROW = {
  event_name: col.text(),
  event_date: col.text(),
  address_line_1: col.text(),
  address_line_2: col.nullable(col.text()),
  city: col.text(),
  postcode: col.text(),
  lab_name: col.nullable(col.text()),
};
const BOOKING_ID_ROW = { appointment_id: col.text() };
const LABEL_ROW = {
  appointment_id: col.text(),
  profile_id: col.int(),
  first_name: col.text(),
  last_name: col.text(),
  date_of_birth: col.nullable(col.text()),
  nhs_number: col.nullable(col.text()),
  start_time: col.text(),
  checked_in_at: col.nullable(col.instant()),
  sample_id: col.nullable(col.text()),
};
const MANIFEST_ROW = {
  sample_id: col.text(),
  first_name: col.text(),
  last_name: col.text(),
  date_of_birth: col.nullable(col.text()),
  nhs_number: col.nullable(col.text()),
  checked_in_at: col.instant(),
};

const fullName = (row: { first_name: string; last_name: string }) => `${row.first_name} ${row.last_name}`.trim();

function readEvent(db: Queryable, eventId: string) {
  return rowOf(
    db,
    EVENT_ROW,
    `SELECT event_name, to_char(event_date, 'YYYY-MM-DD') AS event_date, address_line_1, address_line_2, city, postcode, lab_name
     FROM events WHERE event_id = $1::uuid`,
    [eventId],
  );
}

/** Locks and answers the bookings to label: all the event's confirmed ones, or exactly those listed (else 422, nothing written). */
async function lockBookings(tx: Queryable, eventId: string, listed: readonly string[] | undefined): Promise<string[]> {
  const ids = listed ? [...new Set(listed)] : undefined;
  const malformed = ids?.filter((id) => !UUID.test(id)) ?? [];
  const rows =
    malformed.length > 0
      ? []
      : await rowsOf(
          tx,
          BOOKING_ID_ROW,
          `SELECT appointment_id::text AS appointment_id FROM appointments
           WHERE event_id = $1::uuid AND status = 'confirmed' AND ($2::uuid[] IS NULL OR appointment_id = ANY($2::uuid[]))
           ORDER BY appointment_id FOR UPDATE`,
          [eventId, ids ?? null],
        );
  if (ids) {
    const found = new Set(rows.map((r) => r.appointment_id.toLowerCase()));
    const refused = ids.filter((id) => !found.has(id.toLowerCase()));
    if (refused.length > 0) {
      const message = 'Only confirmed bookings of this event can have labels.';
      throw new ApiError(422, 'not_a_booking', message, refused.map((id) => fieldIssue('appointment_ids', `${id}: ${message}`)));
    }
  }
  return rows.map((r) => r.appointment_id);
}

export function createSampleLabelsService(db: Database, now: () => Date): SampleLabelsService {
  return {
    labels(actor, eventId, appointmentIds) {
      if (!isEventId(eventId)) return Promise.resolve(null);
      return db.transaction(async (tx) => {
        const event = await readEvent(tx, eventId);
        if (!event) return null;
        const at = now();
        const ids = await lockBookings(tx, eventId, appointmentIds);
        for (const appointmentId of ids) {
          const sample = await assignSample(tx, { appointmentId, eventId, staffUserId: actor.userId, step: 'labels', at });
          if ('assigned' in sample && sample.assigned) {
            await recordAudit(
              tx,
              actor,
              { action: 'sample.assign', entity: 'sample', entityId: sample.sampleId, before: null, after: { appointment_id: appointmentId, event_id: eventId, step: 'labels' } },
              at,
            );
          }
        }
        const rows = await rowsOf(
          tx,
          LABEL_ROW,
          `SELECT a.appointment_id::text AS appointment_id, p.profile_id, p.first_name, p.last_name,
                  to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, p.nhs_number,
                  to_char(a.slot_start, 'HH24:MI') AS start_time, c.checked_in_at, s.sample_id
           FROM appointments a
           JOIN member_profiles p ON p.profile_id = a.profile_id
           LEFT JOIN check_ins c ON c.appointment_id = a.appointment_id
           LEFT JOIN samples s ON s.appointment_id = a.appointment_id
           WHERE a.appointment_id = ANY($1::uuid[])
           ORDER BY a.slot_start, p.last_name, p.first_name, a.appointment_id`,
          [ids],
        );
        const labels: SampleLabel[] = [];
        const unlabelled: Unlabelled[] = [];
        for (const row of rows) {
          // A sample assigned earlier to a man whose number has since been removed is not labelled either: the lab would refuse it.
          if (row.sample_id && row.nhs_number && isValidNhsNumber(row.nhs_number)) {
            labels.push({
              appointment_id: row.appointment_id,
              sample_id: row.sample_id,
              full_name: fullName(row),
              date_of_birth: row.date_of_birth,
              nhs_number: row.nhs_number.replace(/\s/g, ''),
              collection_date: row.checked_in_at ? londonDate(row.checked_in_at) : event.event_date,
              start_time: row.start_time,
            });
          } else {
            unlabelled.push({ appointment_id: row.appointment_id, profile_id: row.profile_id, full_name: fullName(row), start_time: row.start_time, reason: 'nhs_number' });
          }
        }
        await recordAudit(
          tx,
          actor,
          { action: 'sample.labels', entity: 'event', entityId: eventId, before: null, after: { labels: labels.map((l) => l.sample_id), unlabelled: unlabelled.length } },
          at,
        );
        return { event_id: eventId, event_name: event.event_name, event_date: event.event_date, labels, unlabelled };
      });
    },

    manifest(actor, eventId, format) {
      if (!isEventId(eventId)) return Promise.resolve(null);
      return db.transaction(async (tx) => {
        const event = await readEvent(tx, eventId);
        if (!event) return null;
        const rows = await rowsOf(
          tx,
          MANIFEST_ROW,
          `SELECT s.sample_id, p.first_name, p.last_name, to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, p.nhs_number, c.checked_in_at
           FROM samples s
           JOIN appointments a ON a.appointment_id = s.appointment_id
           JOIN member_profiles p ON p.profile_id = a.profile_id
           JOIN check_ins c ON c.appointment_id = s.appointment_id
           WHERE s.event_id = $1::uuid AND a.status = 'confirmed'
           ORDER BY c.checked_in_at, s.sample_id`,
          [eventId],
        );
        const samples = rows.map((row): ManifestLine => ({
          sample_id: row.sample_id,
          full_name: fullName(row),
          date_of_birth: row.date_of_birth,
          nhs_number: (row.nhs_number ?? '').replace(/\s/g, ''),
          sex: MANIFEST_SEX,
          collection_date: londonDate(row.checked_in_at),
          collection_time: londonTime(row.checked_in_at),
        }));
        const venue = [event.address_line_1, event.address_line_2, event.city, event.postcode].filter((part) => part && part.trim()).join(', ');
        await recordAudit(tx, actor, { action: 'sample.manifest', entity: 'event', entityId: eventId, before: null, after: { format, count: samples.length } }, now());
        return { event_id: eventId, event_name: event.event_name, event_date: event.event_date, venue, lab: event.lab_name, count: samples.length, samples };
      });
    },
  };
}
