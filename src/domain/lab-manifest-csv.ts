/**
 * The laboratory's manifest as CSV (docs/rules.md#sample-labels): one line
 * per sample, written by papaparse with the same guard against spreadsheet
 * formulas as the statistics file (FORMULA_START in statistics-csv.ts): a
 * name a member typed as "=HYPERLINK(...)" reaches the lab's spreadsheet
 * as text. Dates are YYYY-MM-DD, times HH:mm (UK). The NHS number is
 * written 3-3-4 (943 476 5919, the NHS's own way of showing it) and the
 * sample id 4-4 (7KQ2-M9PT, as on the tube's label): a spreadsheet opening
 * the file reads a cell of digits alone as a number, and 0241159350 became
 * 241159350, the sample id 00000001 became 1 and 00001E19 became 1E+19;
 * with a space or a dash inside, the cell is text and kept as written
 * (docs/rules.md#sample-labels). The count of samples is the number of
 * lines after the header.
 */
import Papa from 'papaparse';
import { formatSampleId } from './sample-id';
import { formatNhsNumber, type LabManifest } from './sample-labels';
import { FORMULA_START } from './statistics-csv';

export const MANIFEST_CSV_HEADER = [
  'sample_id',
  'full_name',
  'date_of_birth',
  'nhs_number',
  'sex',
  'collection_date',
  'collection_time',
  'event',
  'venue',
  'lab',
] as const;

export function labManifestCsv(manifest: LabManifest): string {
  const rows = manifest.samples.map((s) => [
    formatSampleId(s.sample_id),
    s.full_name,
    s.date_of_birth ?? '',
    formatNhsNumber(s.nhs_number),
    s.sex,
    s.collection_date,
    s.collection_time,
    manifest.event_name,
    manifest.venue,
    manifest.lab ?? '',
  ]);
  return Papa.unparse({ fields: [...MANIFEST_CSV_HEADER], data: rows }, { escapeFormulae: FORMULA_START, newline: '\r\n' });
}
