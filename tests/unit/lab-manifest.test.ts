/**
 * The lab's manifest as CSV and the text on a label
 * (docs/rules.md#sample-labels): every cell a spreadsheet would run as a
 * formula is written as text, whichever column it is in; commas, quotes and
 * line breaks survive a round trip; the NHS number is grouped 3-3-4 on the
 * label and in the CSV, and no NHS number or sample id is a cell a
 * spreadsheet would read as a number (and so lose its leading zeros).
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { labManifestCsv, MANIFEST_CSV_HEADER } from '../../src/domain/lab-manifest-csv';
import { normaliseSampleId } from '../../src/domain/sample-id';
import { formatNhsNumber, manifestCsvName, type LabManifest } from '../../src/domain/sample-labels';

const manifest = (fullNames: string[], event: Partial<LabManifest> = {}): LabManifest => ({
  event_id: '3b1f3c4e-2f6a-4a8e-9d1c-2f0e1a2b3c4d',
  event_name: 'Colchester Screening',
  event_date: '2026-06-20',
  venue: 'Town Hall, Colchester, CO1 1PJ',
  lab: 'ESNEFT',
  count: fullNames.length,
  samples: fullNames.map((full_name, i) => ({
    sample_id: ['7KQ2M9PT', '0000000C', 'ABCDEFGX'][i % 3]!,
    full_name,
    date_of_birth: '1970-03-15',
    nhs_number: '9434765919',
    sex: 'M',
    collection_date: '2026-06-20',
    collection_time: '10:05',
  })),
  ...event,
});

describe('the lab manifest CSV', () => {
  it.each(['=1+1', '+44 7700', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '  =1', '\n=cmd'])('writes the cell %j as text, never a formula', (name) => {
    const rows = Papa.parse<string[]>(labManifestCsv(manifest([name])), { skipEmptyLines: true }).data;
    expect(rows[1]![1]).toBe(`'${name}`);
  });

  it('guards every column, the event and venue staff typed too', () => {
    const csv = labManifestCsv(manifest(['Alan Member'], { event_name: '=HYPERLINK("x")', venue: '@venue', lab: '+lab' }));
    const [, row] = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(row!.slice(7)).toEqual([`'=HYPERLINK("x")`, `'@venue`, `'+lab`]);
  });

  it('keeps commas, quotes and line breaks in a name, one line per sample under the header', () => {
    const names = [`O'Brien, "Paddy"`, 'Line\nBreak', 'Plain Name'];
    const csv = labManifestCsv(manifest(names, { lab: null }));
    const rows = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([...MANIFEST_CSV_HEADER]);
    expect(rows.slice(1).map((r) => r[1])).toEqual(names);
    expect(rows.slice(1).map((r) => r[9])).toEqual(['', '', '']);
    expect(rows).toHaveLength(1 + names.length);
  });
});

/**
 * What a spreadsheet (LibreOffice Calc, Excel) takes for a number when it
 * opens a CSV: digits alone, with a sign, a decimal point, an exponent, a
 * percent sign or thousands commas. Such a cell is stored as a number and
 * shown without its leading zeros (0241159350 as 241159350) or in
 * scientific form (00001E19 as 1E+19). Measured with LibreOffice 7.4
 * headless: a CSV converted to .xlsx and .ods and back to CSV.
 */
const READ_AS_NUMBER = /^\s*[+-]?(\d{1,3}(,\d{3})+|\d+)?(\.\d*)?([eE][+-]?\d+)?%?\s*$/;
const readAsNumber = (cell: string) => /\d/.test(cell) && READ_AS_NUMBER.test(cell);

describe('the manifest in a spreadsheet', () => {
  // A valid NHS number with a leading zero, and valid sample ids of digits alone and of digits with an E.
  const lines = ['00000001', '00001E19', '7KQ2M9PT'].map((sample_id) => ({
    sample_id, full_name: 'Alan Member', date_of_birth: '1970-03-15', nhs_number: '0241159350', sex: 'M' as const, collection_date: '2026-06-20', collection_time: '10:05',
  }));
  const rows = Papa.parse<string[]>(labManifestCsv({ ...manifest([]), samples: lines, count: lines.length }), { skipEmptyLines: true }).data.slice(1);

  it('knows a cell of digits for a number, as the spreadsheet does', () => {
    for (const cell of ['0241159350', '00000001', '00001E19', '1,234', '-3.5e2', '12%']) expect(readAsNumber(cell), cell).toBe(true);
    for (const cell of ['024 115 9350', '0000-0001', '0000-1E19', '7KQ2M9PT']) expect(readAsNumber(cell), cell).toBe(false);
  });

  it('writes every NHS number 3-3-4 and every sample id 4-4, so neither is read as a number', () => {
    expect(rows.map((r) => [r[0], r[3]])).toEqual([
      ['0000-0001', '024 115 9350'],
      ['0000-1E19', '024 115 9350'],
      ['7KQ2-M9PT', '024 115 9350'],
    ]);
    for (const row of rows) {
      expect(readAsNumber(row[0]!), row[0]).toBe(false);
      expect(readAsNumber(row[3]!), row[3]).toBe(false);
    }
  });

  it('gives back the stored id and number once the spaces and dashes are dropped, as the results file is read', () => {
    expect(rows.map((r) => normaliseSampleId(r[0]!))).toEqual(lines.map((l) => l.sample_id));
    expect(rows.map((r) => r[3]!.replace(/\s/g, ''))).toEqual(lines.map((l) => l.nhs_number));
  });
});

describe('label text', () => {
  it('groups an NHS number 3-3-4 and leaves anything else as it is', () => {
    expect(formatNhsNumber('9434765919')).toBe('943 476 5919');
    expect(formatNhsNumber('94347659')).toBe('94347659');
  });

  it('names the manifest file by the event date and a safe form of its name', () => {
    expect(manifestCsvName({ event_date: '2026-06-20', event_name: 'PSA Screening – Ipswich Masonic Hall!' })).toBe('lab-manifest-2026-06-20-psa-screening-ipswich-masonic-hall.csv');
    expect(manifestCsvName({ event_date: '2026-06-20', event_name: '–––' })).toBe('lab-manifest-2026-06-20.csv');
  });
});
