import { describe, expect, it } from 'vitest';
import { parseResultsCsv, resultRowSchema, splitCsv, RESULTS_CSV_MAX_ROWS, type ResultsCsvRow } from '../../src/domain/results-csv';
import { check } from '../../src/domain/schema-kit';

const TODAY = '2026-06-20';

/** A row as parsed, with what a line does not say left empty. */
const parsedRow = (row: Partial<ResultsCsvRow> & Pick<ResultsCsvRow, 'line' | 'value' | 'cells'>): ResultsCsvRow => ({
  sampleId: null,
  profileId: null,
  comment: null,
  sampleDate: null,
  nhsNumber: null,
  dateOfBirth: null,
  ...row,
});

describe('splitCsv', () => {
  it.each([
    ['a,b\n1,2\n', [['a', 'b'], ['1', '2']]],
    ['a,b\r\n1,2', [['a', 'b'], ['1', '2']]],
    ['\uFEFFa\n"x, y"', [['a'], ['x, y']]],
    ['a\n"say ""hi"""\n', [['a'], ['say "hi"']]],
    ['a,b\n\n1,\n', [['a', 'b'], ['1', '']]],
    ['a\n"two\nlines"\nz', [['a'], ['two\nlines'], ['z']]],
  ])('splits %j', (text, expected) => {
    expect(splitCsv(text).records.map((r) => r.fields)).toEqual(expected);
  });

  it('keeps the line each record starts on, past blank lines and quoted line breaks', () => {
    expect(splitCsv('a\n\n"b\nc"\nd').records.map((r) => r.line)).toEqual([1, 3, 5]);
  });

  it('reports an unclosed quote on its line', () => {
    expect(splitCsv('a\n"open').error).toEqual({ line: 2, message: 'A quoted value is not closed.' });
  });
});

describe('parseResultsCsv', () => {
  it('reads a good file keyed by sample id, in any column order, with its second identifiers', () => {
    const text = 'psa_ng_ml,sample_id,nhs_number,date_of_birth,comment\n1.25,7kq2-m9pt,943 476 5919,15/03/1970,"Normal, retest"\n4, 7KQ2 M9PY ,,1970-03-15,\n';
    expect(parseResultsCsv(text, TODAY)).toEqual({
      key: 'sample_id',
      errors: [],
      rows: [
        parsedRow({
          line: 2,
          sampleId: '7KQ2M9PT',
          value: 1.25,
          comment: 'Normal, retest',
          nhsNumber: '9434765919',
          dateOfBirth: '1970-03-15',
          cells: { psa_ng_ml: '1.25', sample_id: '7kq2-m9pt', nhs_number: '943 476 5919', date_of_birth: '15/03/1970', comment: 'Normal, retest' },
        }),
        // A check character that does not fit is not the file's error: the server holds that line.
        parsedRow({ line: 3, sampleId: '7KQ2M9PY', value: 4, dateOfBirth: '1970-03-15', cells: { psa_ng_ml: '4', sample_id: '7KQ2 M9PY', nhs_number: '', date_of_birth: '1970-03-15', comment: '' } }),
      ],
    });
  });

  it('reads a file keyed by member id (files already in use), with both id and date forms', () => {
    const text = 'psa_ng_ml,profile_id,comment,sample_date\n1.25,CHAPS1001,"Normal, retest in 2 years",\n4,1002,,19/06/2026\n';
    expect(parseResultsCsv(text, TODAY)).toEqual({
      key: 'profile_id',
      errors: [],
      rows: [
        parsedRow({
          line: 2,
          profileId: 1001,
          value: 1.25,
          comment: 'Normal, retest in 2 years',
          cells: { psa_ng_ml: '1.25', profile_id: 'CHAPS1001', comment: 'Normal, retest in 2 years', sample_date: '' },
        }),
        parsedRow({ line: 3, profileId: 1002, value: 4, sampleDate: '2026-06-19', cells: { psa_ng_ml: '4', profile_id: '1002', comment: '', sample_date: '19/06/2026' } }),
      ],
    });
  });

  it.each([
    ['', 1, 'The file is empty'],
    ['profile_id\n1001', 1, 'The header needs a "psa_ng_ml" column.'],
    ['psa_ng_ml\n1', 1, 'The header needs a "sample_id" column'],
    ['sample_id,profile_id,psa_ng_ml\n7KQ2M9PT,1001,1', 1, 'both sample_id and profile_id'],
    ['sample_id,psa_ng_ml,lab_ref\n7KQ2M9PT,1,x', 1, 'Column 3 "lab_ref" is not one of'],
    ['sample_id,psa_ng_ml\n,1', 2, 'sample_id is empty'],
    ['sample_id,psa_ng_ml\n7KQ2M9PT,1\n7kq2-m9pt,2', 3, 'Sample 7KQ2-M9PT already has a result on line 2.'],
    ['sample_id,psa_ng_ml,nhs_number\n7KQ2M9PT,1,94347659', 2, 'nhs_number must be 10 digits'],
    ['sample_id,psa_ng_ml,date_of_birth\n7KQ2M9PT,1,31/02/1970', 2, 'date_of_birth must be a date'],
    ['sample_id,psa_ng_ml,date_of_birth\n7KQ2M9PT,1,2030-01-01', 2, 'date_of_birth is in the future'],
    ['sample_id,psa_ng_ml\n7KQ2M9PT,lots', 2, 'at most two decimals'],
    ['profile_id,psa_ng_ml,profile_id\n1,1,1', 1, 'Column "profile_id" appears twice.'],
    ['profile_id,psa_ng_ml\n', 2, 'no results'],
    ['profile_id,psa_ng_ml\n1001', 2, 'Expected 2 values, found 1.'],
    ['profile_id,psa_ng_ml\nBOB,1', 2, 'profile_id must be'],
    ['profile_id,psa_ng_ml\n1001,1.234', 2, 'at most two decimals'],
    ['profile_id,psa_ng_ml\n1001,=1+1', 2, 'at most two decimals'],
    ['profile_id,psa_ng_ml\n1001,5000', 2, 'at most 1000'],
    ['profile_id,psa_ng_ml,sample_date\n1001,1,2026-02-30', 2, 'sample_date must be a date'],
    ['profile_id,psa_ng_ml,sample_date\n1001,1,2026-06-21', 2, 'in the future'],
    [`profile_id,psa_ng_ml,comment\n1001,1,${'x'.repeat(501)}`, 2, 'longer than 500'],
    ['profile_id,psa_ng_ml\n1001,1\n\nCHAPS1001,2', 4, 'already has a result on line 2'],
    ['profile_id,psa_ng_ml,comment\n1001,1,ok\n1002,1,"two\u0000 words"', 3, 'The comment column contains a character that is not allowed'],
    ['profile_id,psa_ng_ml,comment\n1001,1,ring\u0007', 2, 'The comment column contains a character that is not allowed (a control character such as NUL or BEL)'],
    ['profile_id,comment,psa_ng_ml\n1001,\u0085,1', 2, 'The comment column contains'],
    ['profile_id,psa_ng_ml\n1001\u001b,1', 2, 'The profile_id column contains'],
    ['profile_id,psa_ng_ml,comm\u0000ent\n1001,1,x', 1, 'Column 3 of the header contains a character that is not allowed'],
  ])('refuses %j at line %i', (text, line, message) => {
    const parsed = parseResultsCsv(text, TODAY);
    expect(parsed.errors[0]?.line).toBe(line);
    expect(parsed.errors[0]?.message).toContain(message);
  });

  it('keeps tabs and line breaks in a quoted comment', () => {
    const parsed = parseResultsCsv('profile_id,psa_ng_ml,comment\n1001,1,"line one\r\nline\ttwo"\n', TODAY);
    expect(parsed.rows).toEqual([
      parsedRow({ line: 2, profileId: 1001, value: 1, comment: 'line one\r\nline\ttwo', cells: { profile_id: '1001', psa_ng_ml: '1', comment: 'line one\r\nline\ttwo' } }),
    ]);
  });

  it('lists every bad line, not only the first', () => {
    const parsed = parseResultsCsv('profile_id,psa_ng_ml\n1001,x\n1002,1\n1003,-2\n', TODAY);
    expect(parsed.errors.map((e) => e.line)).toEqual([2, 4]);
  });

  it('caps the number of results in one file', () => {
    const lines = Array.from({ length: RESULTS_CSV_MAX_ROWS + 1 }, (_, i) => `${1001 + i},1`);
    const parsed = parseResultsCsv(`profile_id,psa_ng_ml\n${lines.join('\n')}`, TODAY);
    expect(parsed.errors).toEqual([{ line: RESULTS_CSV_MAX_ROWS + 2, message: `A file holds at most ${RESULTS_CSV_MAX_ROWS} results.` }]);
  });
});

describe('resultRowSchema', () => {
  const row = resultRowSchema(TODAY);
  const NONE = { sample_id: null, profile_id: null, comment: null, sample_date: null, nhs_number: null, date_of_birth: null };
  it.each([
    [{ profile_id: 'chaps42', psa_ng_ml: ' 3.5 ' }, { ...NONE, profile_id: 42, psa_ng_ml: 3.5 }],
    [{ profile_id: '42', psa_ng_ml: '0', comment: ' fine ', sample_date: '01/06/2026' }, { ...NONE, profile_id: 42, psa_ng_ml: 0, comment: 'fine', sample_date: '2026-06-01' }],
    [{ sample_id: ' 7kq2-M9pt ', psa_ng_ml: '1', nhs_number: '943-476-5919' }, { ...NONE, sample_id: '7KQ2M9PT', psa_ng_ml: 1, nhs_number: '9434765919' }],
  ])('reads %j', (cells, value) => expect(check(row, cells)).toEqual({ ok: true, value }));

  it.each([
    [{ profile_id: 'CHAPS0', psa_ng_ml: '1' }, 'profile_id', 'profile_id must be a member id such as CHAPS1234.'],
    [{ profile_id: '1', psa_ng_ml: '' }, 'psa_ng_ml', 'Enter the PSA value in ng/ml.'],
    [{ profile_id: '1', psa_ng_ml: '1', sample_date: '2026-13-01' }, 'sample_date', 'sample_date must be a date, YYYY-MM-DD or DD/MM/YYYY.'],
    [{ profile_id: '1', psa_ng_ml: '1', comment: 'a\uD800b' }, 'comment', 'The comment column contains a character that is not allowed (a control character such as NUL or BEL): retype the value.'],
  ])('refuses %j: %s', (cells, path, message) => expect(check(row, cells)).toEqual({ ok: false, issues: [{ path, message }] }));
});

describe('papaparse splitting corners', () => {
  it('skips rows of empty cells a spreadsheet leaves at the end, and keeps later line numbers', () => {
    expect(splitCsv('a,b\n1,2\n,\n \n3,4\n').records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
      { line: 5, fields: ['3', '4'] },
    ]);
  });
  it('counts CR-only line ends', () => {
    expect(splitCsv('a\r"b\rc"\rd').records.map((r) => r.line)).toEqual([1, 2, 4]);
  });
});
