/**
 * The result_holds table (server/platform/db/migrations/820-result-holds.sql):
 * lines of the lab's file held for a person, how they are written, read
 * and counted, and their answer shape. What decides a hold is
 * sample-matching.ts, and what resolving one does result-holds-service.ts.
 */
import type { ResultsCsvRow } from '../../../src/domain/results-csv';
import { RESULT_HOLD_REASONS, RESULT_HOLD_RESOLUTIONS, type ResultHold, type ResultHoldCounts } from '../../../src/domain/result-holds';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf, rowsOf, type RowOf } from '../../platform/db/rows';
import { recordAudit, UUID, type StaffActor } from '../staff';
import type { Hold } from './sample-matching';

const HOLD_ID_ROW = { hold_id: col.text() };

const HOLD_ROW = {
  hold_id: col.text(),
  file_line: col.int(),
  cells: col.json(),
  /** Null once erased. */
  test_result: col.nullable(col.decimal()),
  comments: col.nullable(col.text()),
  sample_date: col.nullable(col.text()),
  reason: col.oneOf(RESULT_HOLD_REASONS),
  reason_text: col.text(),
  created_at: col.instant(),
  resolution: col.nullable(col.oneOf(RESULT_HOLD_RESOLUTIONS)),
  resolved_at: col.nullable(col.instant()),
  resolved_by: col.nullable(col.text()),
  appointment_id: col.nullable(col.text()),
  discard_reason: col.nullable(col.text()),
  erased: col.bool(),
};
export type HoldRow = RowOf<typeof HOLD_ROW>;

/** A held line's columns, with who resolved it (the staff audit's address of its last resolution). */
const HOLD_COLUMNS = `h.hold_id::text AS hold_id, h.file_line, h.cells, h.test_result, h.comments, to_char(h.sample_date, 'YYYY-MM-DD') AS sample_date,
  h.reason, h.reason_text, h.created_at, h.resolution, h.resolved_at,
  (SELECT a.staff_email FROM staff_audit a WHERE a.entity = 'result_hold' AND a.entity_id = h.hold_id::text AND a.action LIKE 'result_hold.%'
    AND a.action <> 'result_hold.create' ORDER BY a.audit_id DESC LIMIT 1) AS resolved_by,
  h.appointment_id::text AS appointment_id, h.discard_reason, h.erased_at IS NOT NULL AS erased`;

const HOLD_COUNT_ROW = { event_id: col.text(), event_name: col.text(), event_date: col.text(), waiting: col.int() };

export const holdOf = (row: HoldRow): ResultHold => ({
  hold_id: row.hold_id,
  line: row.file_line,
  cells: row.cells as Record<string, string>,
  test_result: row.test_result === null ? null : Number(row.test_result),
  comments: row.comments,
  sample_date: row.sample_date,
  reason: row.reason,
  reason_text: row.reason_text,
  held_at: row.created_at.toISOString(),
  resolution: row.resolution,
  resolved_at: row.resolved_at?.toISOString() ?? null,
  resolved_by: row.resolved_by,
  appointment_id: row.appointment_id,
  discard_reason: row.discard_reason,
  erased: row.erased,
});

/** What an erased line says in place of its reason. */
const ERASED_WORDS = "The details of this line were erased with a member's account.";

/**
 * One lock between the writers of held lines and an erasure: an import of the lab's file takes it shared at
 * its start (imports do not wait on each other), an erasure alone at its start. An erasure so never runs while
 * an import's lines are not yet committed (lines it could not see, naming him, would outlive his account), and
 * neither waits on the other holding a row the other wants. Its key is the schema's, as the migrations' lock is.
 */
const HOLDS_LOCK = "hashtext(current_schema() || ':result_holds')";
export const lockHoldsShared = (tx: Queryable) => tx.query(`SELECT pg_advisory_xact_lock_shared(${HOLDS_LOCK})`);
export const lockHoldsAlone = (tx: Queryable) => tx.query(`SELECT pg_advisory_xact_lock(${HOLDS_LOCK})`);

/**
 * Empties held lines of everything the lab's file said (cells, words, PSA value, comment, sample date): the
 * lines attached to or naming these bookings, and the lines by id. The line keeps what staff did and words
 * saying it was erased; it can no longer be attached. A line erased already keeps its first erasure's time.
 */
export async function eraseHolds(tx: Queryable, bookingIds: readonly string[], holdIds: readonly string[], at: Date): Promise<void> {
  await tx.query(
    `UPDATE result_holds SET cells = '{"erased": "true"}'::jsonb, test_result = NULL, comments = NULL, sample_date = NULL,
            reason_text = $4, erased_at = coalesce(erased_at, $3)
     WHERE appointment_id = ANY($1::uuid[]) OR named_appointment_id = ANY($1::uuid[]) OR hold_id = ANY($2::uuid[])`,
    [bookingIds, holdIds, at, ERASED_WORDS],
  );
}

/**
 * Keeps a line attached to nobody, audited; nothing is emailed. A line whose id names a booking of an
 * erased account (his tube reached the lab after he deleted it) is kept already erased.
 */
export async function insertHold(tx: Queryable, actor: StaffActor, eventId: string, row: ResultsCsvRow, why: Hold, at: Date): Promise<void> {
  const held = await rowOf(
    tx,
    HOLD_ID_ROW,
    `INSERT INTO result_holds (event_id, file_line, cells, test_result, comments, sample_date, reason, reason_text, named_appointment_id, created_at, created_by, erased_at)
     SELECT $1::uuid, $2, CASE WHEN gone.at IS NULL THEN $3::jsonb ELSE '{"erased": "true"}'::jsonb END,
            CASE WHEN gone.at IS NULL THEN $4::numeric END, CASE WHEN gone.at IS NULL THEN $5 END, CASE WHEN gone.at IS NULL THEN $6::date END,
            $7, CASE WHEN gone.at IS NULL THEN $8 ELSE $12 END, $9::uuid, $10, $11::uuid, CASE WHEN gone.at IS NULL THEN NULL ELSE $10::timestamptz END
     FROM (SELECT (SELECT erased_at FROM appointments WHERE appointment_id = $9::uuid) AS at) gone
     RETURNING hold_id::text AS hold_id`,
    [eventId, row.line, JSON.stringify(row.cells), row.value.toFixed(2), row.comment, row.sampleDate, why.reason, why.words, why.named, at, actor.userId, ERASED_WORDS],
  );
  await recordAudit(
    tx,
    actor,
    { action: 'result_hold.create', entity: 'result_hold', entityId: held!.hold_id, before: null, after: { event_id: eventId, line: row.line, reason: why.reason, sample_id: row.sampleId } },
    at,
  );
}

/** One held line of this event, locked for a resolution when `lock`; undefined for another event's or an unknown id. */
export async function holdIn(q: Queryable, eventId: string, holdId: string, lock = false): Promise<HoldRow | undefined> {
  if (!UUID.test(holdId)) return undefined;
  return rowOf(q, HOLD_ROW, `SELECT ${HOLD_COLUMNS} FROM result_holds h WHERE h.hold_id = $1::uuid AND h.event_id = $2::uuid${lock ? ' FOR UPDATE' : ''}`, [holdId, eventId]);
}

/** An event's held lines: waiting ones first, then resolved, newest first. */
export async function eventHolds(q: Queryable, eventId: string): Promise<ResultHold[]> {
  const rows = await rowsOf(
    q,
    HOLD_ROW,
    `SELECT ${HOLD_COLUMNS} FROM result_holds h WHERE h.event_id = $1::uuid
     ORDER BY h.resolved_at IS NOT NULL, h.resolved_at DESC, h.created_at, h.file_line`,
    [eventId],
  );
  return rows.map(holdOf);
}

/** The lines waiting for a person, counted per event, for the console's home. */
export function waitingHoldCounts(q: Queryable): Promise<ResultHoldCounts['events']> {
  return rowsOf(
    q,
    HOLD_COUNT_ROW,
    `SELECT e.event_id::text AS event_id, e.event_name, to_char(e.event_date, 'YYYY-MM-DD') AS event_date, count(*)::integer AS waiting
     FROM result_holds h JOIN events e ON e.event_id = h.event_id WHERE h.resolved_at IS NULL
     GROUP BY e.event_id, e.event_name, e.event_date ORDER BY e.event_date DESC, e.event_name`,
    [],
  );
}
