/**
 * The lab's manifest as CSV and the text on a label
 * (docs/rules.md#sample-labels): every cell a spreadsheet would run as a
 * formula is written as text, whichever column it is in; commas, quotes and
 * line breaks survive a round trip; the NHS number is grouped 3-3-4.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { labManifestCsv, MANIFEST_CSV_HEADER } from '../../src/domain/lab-manifest-csv';
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
