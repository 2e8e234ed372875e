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
