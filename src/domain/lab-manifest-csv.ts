/**
 * The laboratory's manifest as CSV (docs/rules.md#sample-labels): one line
 * per sample, written by papaparse with the same guard against spreadsheet
 * formulas as the statistics file (FORMULA_START in statistics-csv.ts): a
 * name a member typed as "=HYPERLINK(...)" reaches the lab's spreadsheet
 * as text. Dates are YYYY-MM-DD, times HH:mm (UK), the NHS number its ten
 * digits. The count of samples is the number of lines after the header.
 */
import Papa from 'papaparse';
import type { LabManifest } from './sample-labels';
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
    s.sample_id,
    s.full_name,
    s.date_of_birth ?? '',
    s.nhs_number,
    s.sex,
    s.collection_date,
    s.collection_time,
    manifest.event_name,
    manifest.venue,
    manifest.lab ?? '',
  ]);
  return Papa.unparse({ fields: [...MANIFEST_CSV_HEADER], data: rows }, { escapeFormulae: FORMULA_START, newline: '\r\n' });
}
