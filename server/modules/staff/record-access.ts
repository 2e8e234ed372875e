/**
 * Every look at a man's record (docs/rules.md#record-access): a staff read
 * that shows his results, consent answers, NHS number, or his name with his
 * date of birth is written to record_access
 * (server/platform/db/migrations/850-record-access.sql) before the answer
 * leaves, so no look goes unrecorded: if the write fails, the request fails
 * and nothing is shown. A route records its looks only once it has its
 * answer; a read refused (401, 403, 404) records none.
 *
 * What was seen is read from the answer as sent, man by man; the reason is
 * the server's, from the route and, for the attendee list, the event's date
 * and his result. Who: the staff user, the role he holds now (requireStaff)
 * and the first name his account gives (src/domain/record-access.ts
 * staffFirstName), never his address. One INSERT per read however many men
 * it shows; repeated reads of one man by one person for one reason at one
 * event on one UK day add to one row (first and last read, how many).
 */
import { decodeJwt } from 'jose';
import type { Attendee } from '../../../src/domain/attendee-list';
import { takesFollowUp } from '../../../src/domain/follow-up';
import type { LabManifest, SampleLabelsAnswer } from '../../../src/domain/sample-labels';
import type { SampleLookup } from '../../../src/domain/result-holds';
import { londonDate } from '../../../src/domain/london-time';
import { staffFirstName, type AccessReason, type RecordSeen } from '../../../src/domain/record-access';
import type { StaffRole } from '../../../src/domain/staff-roles';
import type { Database } from '../../platform/db/adapter';
import { col, rowOf, rowsOf } from '../../platform/db/rows';
import { menShownByHolds } from '../results';

/** Who looked: from the verified token and the role requireStaff read. */
export interface Viewer {
  userId: string;
  role: StaffRole;
  /** The token's user_metadata: a hosted Supabase project's users are not in this database, so their name is only here. */
  tokenMetadata?: Record<string, unknown>;
}

/** The user_metadata claim of a token requireStaff has already verified; none when it cannot be read. */
function tokenMetadataOf(authorization: string | undefined): Record<string, unknown> | undefined {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!token) return undefined;
  try {
    const metadata = decodeJwt(token).user_metadata;
    return typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata) ? (metadata as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The viewer of a staff request (after requireStaff). */
export const viewerOf = (c: {
  get(key: 'member'): { userId: string };
  get(key: 'staffRole'): StaffRole;
  req: { header(name: string): string | undefined };
}): Viewer => ({
  userId: c.get('member').userId,
  role: c.get('staffRole'),
  tokenMetadata: tokenMetadataOf(c.req.header('Authorization')),
});

/** A look at one booking's man, of the event the request names. */
export interface Look {
  appointmentId: string;
  reason: AccessReason;
  seen: readonly RecordSeen[];
}

export interface RecordAccess {
  /** Records looks at the men of these bookings of the event (bookings of other events, or of erased men, are skipped). */
  record(viewer: Viewer, eventId: string, looks: readonly Look[]): Promise<void>;
  /** The attendee list as sent: each man whose identity, NHS number or result it showed, for why the list is open for him. */
  attendeeList(viewer: Viewer, eventId: string, attendees: readonly Attendee[]): Promise<void>;
  /** A staff member's look at one man's consent answers. */
  consent(viewer: Viewer, eventId: string, appointmentId: string): Promise<void>;
  /** The labels made: each labelled man's name, date of birth and NHS number. */
  labels(viewer: Viewer, eventId: string, answer: Pick<SampleLabelsAnswer, 'labels'>): Promise<void>;
  /** The lab's manifest, page or CSV: each line's man, found by his sample id. */
  manifest(viewer: Viewer, eventId: string, manifest: Pick<LabManifest, 'samples'>): Promise<void>;
  /** The event's held result lines: every man a line names (by booking, NHS number, sample id or date of birth), whatever its reason. */
  holds(viewer: Viewer, eventId: string): Promise<void>;
  /** The man a tube's sample id names, looked up to enter or attach his result. */
  sample(viewer: Viewer, eventId: string, sample: SampleLookup['sample']): Promise<void>;
}

/**
 * Why the attendee list is open for one man: his result's follow-up when it
 * is amber or red, result entry once he has a result or the event's day has
 * passed, and check-in until then (the list is saved on the phone for the door).
 */
export function attendeeReason(attendee: Pick<Attendee, 'slot_start' | 'result'>, today: string): AccessReason {
  if (attendee.result) return takesFollowUp(attendee.result.band ?? null) ? 'follow_up' : 'result_entry';
  return londonDate(new Date(attendee.slot_start)) < today ? 'result_entry' : 'check_in';
}

/** What the list showed of one man: a confirmed booking's name with his date of birth; a cancelled one's name alone is no look. */
export function attendeeSeen(attendee: Pick<Attendee, 'status' | 'nhs_number' | 'result'>): RecordSeen[] {
  const seen: RecordSeen[] = [];
  if (attendee.status === 'confirmed') seen.push('identity');
  if (attendee.nhs_number !== null) seen.push('nhs_number');
  if (attendee.result !== null) seen.push('results');
  return seen;
}

const NAME_ROW = { metadata: col.nullable(col.json()), profile_first_name: col.nullable(col.text()) };
const APPOINTMENT_ROW = { appointment_id: col.text() };

export function createRecordAccess(db: Database, now: () => Date): RecordAccess {
  /**
   * The first name the staff account gives: its user_metadata as the stand-in holds it now (else as the
   * token carries it, for a hosted project's users), else his member profile's.
   */
  async function firstNameOf(viewer: Viewer): Promise<string | null> {
    const row = await rowOf(
      db,
      NAME_ROW,
      `SELECT (SELECT user_metadata FROM auth_users WHERE id = $1::uuid) AS metadata,
              (SELECT first_name FROM member_profiles WHERE user_id = $1::uuid) AS profile_first_name`,
      [viewer.userId],
    );
    const stored = typeof row?.metadata === 'object' && row.metadata !== null ? (row.metadata as Record<string, unknown>) : null;
    const meta = stored ?? viewer.tokenMetadata ?? {};
    return staffFirstName([meta.first_name, row?.profile_first_name, meta.display_name, meta.full_name, meta.name]);
  }

  /** The looks by booking of the event (a booking of another event, or of an erased man, is none). */
  const BY_BOOKING = `SELECT a.profile_id, l.reason, s.seen
         FROM unnest($1::uuid[], $2::text[], $3::text[]) AS l(appointment_id, reason, seen)
         JOIN appointments a ON a.appointment_id = l.appointment_id AND a.event_id = $4::uuid
         CROSS JOIN LATERAL unnest(string_to_array(l.seen, ',')) AS s(seen)
         WHERE a.profile_id IS NOT NULL`;
  /** The looks by man, whichever event his bookings are at (a profile gone since is none). */
  const BY_MAN = `SELECT p.profile_id, l.reason, s.seen
         FROM unnest($1::integer[], $2::text[], $3::text[]) AS l(profile_id, reason, seen)
         JOIN member_profiles p ON p.profile_id = l.profile_id
         CROSS JOIN LATERAL unnest(string_to_array(l.seen, ',')) AS s(seen)`;

  function record(viewer: Viewer, eventId: string, looks: readonly Look[]): Promise<void> {
    return write(viewer, eventId, BY_BOOKING, looks.map((look) => ({ ...look, key: look.appointmentId })));
  }

  async function write(viewer: Viewer, eventId: string, looksSql: string, looks: readonly (Omit<Look, 'appointmentId'> & { key: string | number })[]): Promise<void> {
    const shown = looks.filter((look) => look.seen.length > 0);
    if (shown.length === 0) return;
    const at = now();
    // One statement for the whole read: the looks by booking (joined to his profile) or by man, one row per man
    // and reason (a man with two bookings on the list is one look), taken in profile order so two reads at once
    // by the same person never wait on each other in a circle.
    await db.query(
      `WITH looks AS (${looksSql}), per_man AS (
         SELECT profile_id, reason, array_agg(DISTINCT seen ORDER BY seen) AS seen FROM looks GROUP BY profile_id, reason
       )
       INSERT INTO record_access (profile_id, event_id, staff_user_id, staff_role, staff_first_name, reason, seen, london_day, first_at, last_at)
       SELECT profile_id, $4::uuid, $5::uuid, $6, $7, reason, seen, $8::date, $9, $9 FROM per_man ORDER BY profile_id, reason
       ON CONFLICT (staff_user_id, profile_id, event_id, staff_role, reason, london_day) DO UPDATE
         SET last_at = GREATEST(record_access.last_at, EXCLUDED.last_at),
             reads = record_access.reads + 1,
             seen = ARRAY(SELECT DISTINCT s FROM unnest(record_access.seen || EXCLUDED.seen) AS s ORDER BY s)`,
      [
        shown.map((look) => look.key),
        shown.map((look) => look.reason),
        shown.map((look) => look.seen.join(',')),
        eventId,
        viewer.userId,
        viewer.role,
        await firstNameOf(viewer),
        londonDate(at),
        at,
      ],
    );
  }

  return {
    record,

    attendeeList(viewer, eventId, attendees) {
      const today = londonDate(now());
      return record(
        viewer,
        eventId,
        attendees.map((a) => ({ appointmentId: a.appointment_id, reason: attendeeReason(a, today), seen: attendeeSeen(a) })),
      );
    },

    consent: (viewer, eventId, appointmentId) => record(viewer, eventId, [{ appointmentId, reason: 'consent', seen: ['consent_answers'] }]),

    labels: (viewer, eventId, answer) =>
      record(
        viewer,
        eventId,
        answer.labels.map((label) => ({ appointmentId: label.appointment_id, reason: 'labels', seen: ['identity', 'nhs_number'] })),
      ),

    async manifest(viewer, eventId, manifest) {
      if (manifest.samples.length === 0) return;
      const rows = await rowsOf(
        db,
        APPOINTMENT_ROW,
        'SELECT appointment_id::text AS appointment_id FROM samples WHERE event_id = $1::uuid AND sample_id = ANY($2::text[])',
        [eventId, manifest.samples.map((line) => line.sample_id)],
      );
      await record(
        viewer,
        eventId,
        rows.map((row) => ({ appointmentId: row.appointment_id, reason: 'lab_manifest', seen: ['identity', 'nhs_number'] })),
      );
    },

    async holds(viewer, eventId) {
      // Each man a line names, by its booking, NHS number, sample id or date of birth, whatever the line's reason:
      // what it quotes of him (his NHS number, his date of birth) and his result when it was attached to him or
      // given for his tube. An erased line shows nothing (results/held-line-owner.ts).
      const men = await menShownByHolds(db, eventId);
      await write(
        viewer,
        eventId,
        BY_MAN,
        men.map((man) => ({ key: man.profileId, reason: 'result_checking' as const, seen: man.seen })),
      );
    },

    sample(viewer, eventId, sample) {
      const seen: RecordSeen[] = ['identity'];
      if (sample.nhs_number !== null) seen.push('nhs_number');
      if (sample.test_result !== null) seen.push('results');
      return record(viewer, eventId, [{ appointmentId: sample.appointment_id, reason: 'result_entry', seen }]);
    },
  };
}
