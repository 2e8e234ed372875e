/**
 * The lab's results file (README: "Importing results from the lab"): CSV
 * with a header line naming the columns, in any order:
 *   profile_id  required  the member's id on the attendee list, CHAPS1234 or 1234
 *   psa_ng_ml   required  the PSA value, ng/ml, at most two decimals
 *   comment     optional  shown to the member with the result (at most 500 characters)
 *   sample_date optional  YYYY-MM-DD or DD/MM/YYYY; the event's date when empty
 * RFC 4180 quoting ("a, b" and "" for a quote), LF or CRLF line ends, a
 * UTF-8 byte-order mark and blank lines are accepted. Any other column, a
 * repeated member, a bad value or a value breaking the site's text rule
 * (clean-text.ts: no NUL, BEL or other control character, which the
 * database would refuse or keep invisibly in a member's result) is an
 * error naming its line and column; the caller writes nothing unless the
 * whole file is free of errors. Pure: the server (which also checks each
 * member is booked on the event) and the upload screen use the same rules.
 *
 * The splitter is our own rather than a library's (papaparse was
 * considered): it reports the line each record starts on even when a
 * quoted comment spans lines, which is what staff need to find the row in
 * their spreadsheet, and it keeps this module free of dependencies.
 */
import { isCleanText } from './clean-text';
import { isIsoDate } from './london-time';
import { parsePsaValue } from './psa-band';

export const RESULTS_CSV_COLUMNS = ['profile_id', 'psa_ng_ml', 'comment', 'sample_date'] as const;
const REQUIRED = ['profile_id', 'psa_ng_ml'] as const;
export const RESULTS_CSV_MAX_BYTES = 256 * 1024;
export const RESULTS_CSV_MAX_ROWS = 2000;
export const RESULT_COMMENT_MAX = 500;

export interface CsvLineError {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  message: string;
}

export interface ResultsCsvRow {
  line: number;
  profileId: number;
  value: number;
  comment: string | null;
  sampleDate: string | null;
}

export type ResultsCsv = { rows: ResultsCsvRow[]; errors: [] } | { rows: ResultsCsvRow[]; errors: CsvLineError[] };

interface RawRecord {
  line: number;
  fields: string[];
}

/** Splits CSV text into records, each with the line it starts on; a quote left open is an error. */
export function splitCsv(text: string): { records: RawRecord[]; error?: CsvLineError } {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: RawRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let fieldStarted = false;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0]!.trim() === '' && !fieldStarted)) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    fieldStarted = false;
  };
  for (let i = 0; i < source.length; i += 1) {
    const ch = source[i]!;
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') {
        quoted = false;
      } else {
        if (ch === '\n') line += 1;
        field += ch;
      }
    } else if (ch === '"' && field.trim() === '') {
      quoted = true;
      fieldStarted = true;
      field = '';
    } else if (ch === ',') {
      fields.push(field);
      field = '';
      fieldStarted = true;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      field += ch;
    }
  }
  if (quoted) return { records, error: { line: recordLine, message: 'A quoted value is not closed.' } };
  if (field !== '' || fields.length > 0 || fieldStarted) endRecord();
  return { records };
}

const NOT_ALLOWED = 'contains a character that is not allowed (a control character such as NUL or BEL): retype the value';
const PROFILE_ID = /^(?:CHAPS)?([1-9]\d{0,8})$/i;
const UK_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function readDate(text: string): string | null | undefined {
  if (text === '') return null;
  const uk = UK_DATE.exec(text);
  const iso = uk ? `${uk[3]}-${uk[2]}-${uk[1]}` : text;
  return isIsoDate(iso) ? iso : undefined;
}

/** Parses and checks a results file; `today` (YYYY-MM-DD, UK) bounds the sample dates. */
export function parseResultsCsv(text: string, today: string): ResultsCsv {
  const { records, error } = splitCsv(text);
  if (error) return { rows: [], errors: [error] };
  const [header, ...body] = records;
  if (!header) return { rows: [], errors: [{ line: 1, message: 'The file is empty: it needs a header line and one line per result.' }] };
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const errors: CsvLineError[] = [];
  names.forEach((name, i) => {
    if (!isCleanText(name)) {
      errors.push({ line: header.line, message: `Column ${i + 1} of the header ${NOT_ALLOWED}.` });
    } else if (!(RESULTS_CSV_COLUMNS as readonly string[]).includes(name)) {
      errors.push({ line: header.line, message: `Column ${i + 1} "${name.slice(0, 40)}" is not one of ${RESULTS_CSV_COLUMNS.join(', ')}.` });
    } else if (names.indexOf(name) !== i) {
      errors.push({ line: header.line, message: `Column "${name}" appears twice.` });
    }
  });
  for (const name of REQUIRED) {
    if (!names.includes(name)) errors.push({ line: header.line, message: `The header needs a "${name}" column.` });
  }
  if (errors.length > 0) return { rows: [], errors };
  if (body.length === 0) return { rows: [], errors: [{ line: header.line + 1, message: 'The file has no results below its header.' }] };
  if (body.length > RESULTS_CSV_MAX_ROWS) {
    return { rows: [], errors: [{ line: body[RESULTS_CSV_MAX_ROWS]!.line, message: `A file holds at most ${RESULTS_CSV_MAX_ROWS} results.` }] };
  }

  const rows: ResultsCsvRow[] = [];
  const seen = new Map<number, number>();
  for (const record of body) {
    const fail = (message: string) => errors.push({ line: record.line, message });
    if (record.fields.length !== names.length) {
      fail(`Expected ${names.length} values, found ${record.fields.length}.`);
      continue;
    }
    const unclean = record.fields.findIndex((field) => !isCleanText(field));
    if (unclean >= 0) {
      fail(`The ${names[unclean]} column ${NOT_ALLOWED}.`);
      continue;
    }
    const cell = (name: string) => (names.includes(name) ? record.fields[names.indexOf(name)]!.trim() : '');
    const id = PROFILE_ID.exec(cell('profile_id'));
    const psa = parsePsaValue(cell('psa_ng_ml'));
    const comment = cell('comment');
    const sampleDate = readDate(cell('sample_date'));
    const before = errors.length;
    if (!id) fail('profile_id must be a member id such as CHAPS1234.');
    if ('error' in psa) fail(psa.error);
    if (comment.length > RESULT_COMMENT_MAX) fail(`The comment is longer than ${RESULT_COMMENT_MAX} characters.`);
    if (sampleDate === undefined) fail('sample_date must be a date, YYYY-MM-DD or DD/MM/YYYY.');
    else if (sampleDate !== null && sampleDate > today) fail('sample_date is in the future.');
    if (id) {
      const profileId = Number(id[1]);
      const earlier = seen.get(profileId);
      if (earlier !== undefined) fail(`Member CHAPS${profileId} already has a result on line ${earlier}.`);
      else seen.set(profileId, record.line);
    }
    if (errors.length === before && id && 'value' in psa && sampleDate !== undefined) {
      rows.push({ line: record.line, profileId: Number(id[1]), value: psa.value, comment: comment || null, sampleDate });
    }
  }
  return errors.length > 0 ? { rows, errors } : { rows, errors: [] };
}
