/**
 * Whose identifiers a held line of the lab's file carries
 * (docs/rules.md#account-erasure, docs/rules.md#record-access). A line
 * holds what the lab wrote: a sample id, perhaps an NHS number and a date
 * of birth, never a name (src/domain/results-csv.ts). It names a man when:
 * - it was attached to one of his bookings, or its id named one
 *   (named_appointment_id, set at import);
 * - its NHS number is his: ten digits with a check digit are one person's;
 * - its sample id is one of his tubes';
 * - its date of birth is his, it gives no NHS number (one it gave would be
 *   another man's), and its sample id is one typing slip from one of his
 *   tubes' (one character changed, or two neighbours swapped): the
 *   mistyped line of his own tube.
 * A date of birth alone names nobody: many men share one, and the file
 * gives no name to go with it. So a line with a date of birth, no NHS number
 * and a sample id further than one slip from his tubes is not his.
 */
import { normaliseSampleId } from '../../../src/domain/sample-id';
import { isIsoDate } from '../../../src/domain/london-time';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowsOf } from '../../platform/db/rows';
import { eraseHolds } from './result-holds-table';

/** What identifies a man to a held line. */
export interface ManIdentifiers {
  appointmentIds: readonly string[];
  /** Ten digits, as member_profiles keeps it. */
  nhsNumber: string | null;
  /** YYYY-MM-DD. */
  dateOfBirth: string | null;
  /** His tubes' sample ids, normalised. */
  sampleIds: readonly string[];
}

/** A held line as far as whose it is goes. */
export interface LineIdentifiers {
  appointment_id: string | null;
  named_appointment_id: string | null;
  cells: Record<string, string>;
}

const UK_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** The line's NHS number as digits, or null. */
export const lineNhsNumber = (cells: Record<string, string>): string | null => {
  const digits = (cells.nhs_number ?? '').replace(/[\s-]/g, '');
  return /^\d{10}$/.test(digits) ? digits : null;
};

/** The line's date of birth as YYYY-MM-DD (the file writes it so or as DD/MM/YYYY), or null. */
export const lineDateOfBirth = (cells: Record<string, string>): string | null => {
  const text = (cells.date_of_birth ?? '').trim();
  const uk = UK_DATE.exec(text);
  const iso = uk ? `${uk[3]}-${uk[2]}-${uk[1]}` : text;
  return isIsoDate(iso) ? iso : null;
};

/** Whether `typed` is `real` with one character changed or two neighbours swapped. */
export function oneSlipFrom(typed: string, real: string): boolean {
  if (typed.length !== real.length || typed === real) return false;
  const diff: number[] = [];
  for (let i = 0; i < typed.length; i += 1) if (typed[i] !== real[i]) diff.push(i);
  if (diff.length === 1) return true;
  const [a, b] = diff;
  return diff.length === 2 && b === a! + 1 && typed[a!] === real[b] && typed[b] === real[a!];
}

/** Whether the line names this man (the rule above). */
export function lineNamesMan(line: LineIdentifiers, man: ManIdentifiers): boolean {
  if (line.appointment_id && man.appointmentIds.includes(line.appointment_id)) return true;
  if (line.named_appointment_id && man.appointmentIds.includes(line.named_appointment_id)) return true;
  const nhs = lineNhsNumber(line.cells);
  if (nhs !== null && nhs === man.nhsNumber) return true;
  const sample = normaliseSampleId(line.cells.sample_id ?? '');
  if (sample !== '' && man.sampleIds.includes(sample)) return true;
  const born = lineDateOfBirth(line.cells);
  return nhs === null && born !== null && born === man.dateOfBirth && man.sampleIds.some((id) => oneSlipFrom(sample, id));
}

const LINE_ROW = { hold_id: col.text(), appointment_id: col.nullable(col.text()), named_appointment_id: col.nullable(col.text()), cells: col.json() };

/**
 * The lines not yet erased that name this man, by the rule above. The database narrows them to the lines
 * sharing a booking, NHS number, sample id or date of birth with him; the rule then decides each.
 */
export async function heldLinesNaming(q: Queryable, man: ManIdentifiers): Promise<string[]> {
  const born = man.dateOfBirth ? [man.dateOfBirth, man.dateOfBirth.split('-').reverse().join('/')] : [];
  const rows = await rowsOf(
    q,
    LINE_ROW,
    `SELECT hold_id::text AS hold_id, appointment_id::text AS appointment_id, named_appointment_id::text AS named_appointment_id, cells
     FROM result_holds
     WHERE erased_at IS NULL AND (appointment_id = ANY($1::uuid[]) OR named_appointment_id = ANY($1::uuid[])
       OR regexp_replace(cells->>'nhs_number', '[[:space:]-]', '', 'g') = $2
       OR upper(regexp_replace(cells->>'sample_id', '[[:space:]-]', '', 'g')) = ANY($3::text[])
       OR btrim(cells->>'date_of_birth') = ANY($4::text[]))`,
    [man.appointmentIds, man.nhsNumber, man.sampleIds, born],
  );
  return rows.filter((row) => lineNamesMan({ ...row, cells: row.cells as Record<string, string> }, man)).map((row) => row.hold_id);
}


/** Erases every held line that names this man: his bookings' (erased already or not) and those his identifiers name. */
export async function eraseHeldLinesOf(tx: Queryable, man: ManIdentifiers, at: Date): Promise<void> {
  await eraseHolds(tx, man.appointmentIds, await heldLinesNaming(tx, man), at);
}

/** What a held line shows of a man it names (docs/rules.md#record-access). */
export type LineSeen = 'identity' | 'nhs_number' | 'results';

const EVENT_LINE_ROW = { ...LINE_ROW, reason: col.text() };
const MAN_ROW = {
  profile_id: col.int(),
  nhs_number: col.nullable(col.text()),
  date_of_birth: col.nullable(col.text()),
  appointment_ids: col.texts(),
  sample_ids: col.texts(),
};

/**
 * What a line shows of a man it names: his NHS number or date of birth when its cells carry his, or when it
 * was held because his differed (its words then quote his); his result when it was attached to him or is the
 * value given for his tube. Empty when the line does not name him.
 */
export function lineShows(line: LineIdentifiers & { reason: string }, man: ManIdentifiers): LineSeen[] {
  if (!lineNamesMan(line, man)) return [];
  const seen = new Set<LineSeen>();
  const nhs = lineNhsNumber(line.cells);
  const born = lineDateOfBirth(line.cells);
  const sample = normaliseSampleId(line.cells.sample_id ?? '');
  // The words of a line whose identifiers disagreed quote his (sample-matching.ts, secondIdentifiers).
  const quotesHis = line.named_appointment_id !== null && man.appointmentIds.includes(line.named_appointment_id) && line.reason.endsWith('_differs');
  if ((nhs !== null && nhs === man.nhsNumber) || (quotesHis && nhs !== null && man.nhsNumber !== null)) seen.add('nhs_number');
  if ((born !== null && born === man.dateOfBirth) || (quotesHis && born !== null && man.dateOfBirth !== null)) seen.add('identity');
  if ((line.appointment_id && man.appointmentIds.includes(line.appointment_id)) || man.sampleIds.includes(sample)) seen.add('results');
  return [...seen];
}

/**
 * Every man the event's held lines (not erased) name, with what they show of him, for the record of staff's
 * look at them. The men are found by the lines' bookings, NHS numbers, sample ids and dates of birth; the
 * rule above decides each.
 */
export async function menShownByHolds(q: Queryable, eventId: string): Promise<{ profileId: number; seen: LineSeen[] }[]> {
  const lines = (
    await rowsOf(
      q,
      EVENT_LINE_ROW,
      `SELECT hold_id::text AS hold_id, appointment_id::text AS appointment_id, named_appointment_id::text AS named_appointment_id, cells, reason
       FROM result_holds WHERE event_id = $1::uuid AND erased_at IS NULL`,
      [eventId],
    )
  ).map((row) => ({ ...row, cells: row.cells as Record<string, string> }));
  if (lines.length === 0) return [];
  const bookings = lines.flatMap((line) => [line.appointment_id, line.named_appointment_id]).filter((id): id is string => id !== null);
  const nhsNumbers = lines.map((line) => lineNhsNumber(line.cells)).filter((n): n is string => n !== null);
  // A date of birth names a man only on a line with no NHS number (the rule above): only those are looked up by it.
  const births = lines.filter((line) => lineNhsNumber(line.cells) === null).map((line) => lineDateOfBirth(line.cells)).filter((d): d is string => d !== null);
  const samples = lines.map((line) => normaliseSampleId(line.cells.sample_id ?? '')).filter((id) => id !== '');
  const men = await rowsOf(
    q,
    MAN_ROW,
    `SELECT p.profile_id, p.nhs_number, to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
            ARRAY(SELECT a.appointment_id::text FROM appointments a WHERE a.profile_id = p.profile_id) AS appointment_ids,
            ARRAY(SELECT s.sample_id FROM samples s JOIN appointments a ON a.appointment_id = s.appointment_id WHERE a.profile_id = p.profile_id) AS sample_ids
     FROM member_profiles p
     WHERE p.profile_id IN (SELECT a.profile_id FROM appointments a WHERE a.appointment_id = ANY($1::uuid[]))
        OR p.nhs_number = ANY($2::text[]) OR p.date_of_birth = ANY($3::date[])
        OR p.profile_id IN (SELECT a.profile_id FROM samples s JOIN appointments a ON a.appointment_id = s.appointment_id WHERE s.sample_id = ANY($4::text[]))`,
    [bookings, nhsNumbers, births, samples],
  );
  return men
    .map((man) => {
      const his: ManIdentifiers = { appointmentIds: man.appointment_ids, nhsNumber: man.nhs_number, dateOfBirth: man.date_of_birth, sampleIds: man.sample_ids };
      return { profileId: man.profile_id, seen: [...new Set(lines.flatMap((line) => lineShows(line, his)))] };
    })
    .filter((man) => man.seen.length > 0);
}
