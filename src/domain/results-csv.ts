/**
 * The lab's results file (README: "Importing results from the lab"): CSV
 * with a header line naming the columns, in any order:
 *   sample_id     the sample id on the tube's label, 7KQ2-M9PT (spaces,
 *                 dashes and small letters are read as the scanner or lab
 *                 wrote them)
 *   profile_id    instead of sample_id, for files already in use: the
 *                 member's id, CHAPS1234 or 1234 (no check character, so
 *                 the server takes such a file only when staff confirm)
 *   psa_ng_ml     required  the PSA value, ng/ml, at most two decimals
 *   comment       optional  shown to the member with the result (at most 500 characters)
 *   sample_date   optional  YYYY-MM-DD or DD/MM/YYYY; the event's date when empty
 *   nhs_number    optional  10 digits; where given it must be his
 *   date_of_birth optional  YYYY-MM-DD or DD/MM/YYYY; where given it must be his
 * A file has sample_id or profile_id, never both. RFC 4180 quoting
 * ("a, b" and "" for a quote), LF or CRLF line ends, a UTF-8 byte-order
 * mark and blank lines are accepted. Any other column, a repeated sample
 * or member, an empty id, a bad value or a value breaking the site's text
 * rule (clean-text.ts: no NUL, BEL or other control character, which the
 * database would refuse or keep invisibly in a member's result) is an
 * error naming its line and column; the caller writes nothing unless the
 * whole file is free of errors. A sample id whose check character is wrong
 * is not an error of the file: the server holds that row for staff to
 * check (docs/rules.md#results-entry), as it does a sample of another
 * event or an NHS number or date of birth that is not his. Pure: the
 * server and the upload screen use the same rules.
 *
 * The file is split by papaparse (maintained, and it meets the quoting
 * corners a spreadsheet's export has); each record is then checked by
 * resultRowSchema, whose cells pass the site's text rule like every other
 * stored string. Staff find a row in their spreadsheet by its line, so the
 * line each record starts on is counted here, even when a quoted comment
 * spans lines.
 */
import Papa from 'papaparse';
import { isCleanText } from './clean-text';
import { isIsoDate } from './london-time';
import { parsePsaValue } from './psa-band';
import { formatSampleId, normaliseSampleId, SAMPLE_ID_LENGTH } from './sample-id';
import { check, cleanText, textRule, z } from './schema-kit';

export const RESULTS_CSV_COLUMNS = ['sample_id', 'profile_id', 'psa_ng_ml', 'comment', 'sample_date', 'nhs_number', 'date_of_birth'] as const;
export type ResultsCsvColumn = (typeof RESULTS_CSV_COLUMNS)[number];
/** What names the man on each line: the tube's sample id, or (files already in use, with staff's confirmation) his member id. */
export const RESULTS_CSV_KEYS = ['sample_id', 'profile_id'] as const;
export type ResultsCsvKey = (typeof RESULTS_CSV_KEYS)[number];
const REQUIRED = ['psa_ng_ml'] as const;
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
  /** In a sample_id file: the id as written, spaces and dashes dropped, in capitals; its check character is not yet judged. */
  sampleId: string | null;
  /** In a profile_id file: the member id's number. */
  profileId: number | null;
  value: number;
  comment: string | null;
  sampleDate: string | null;
  /** Ten digits, when the line gives one. */
  nhsNumber: string | null;
  /** YYYY-MM-DD, when the line gives one. */
  dateOfBirth: string | null;
  /** The line's cells by column, trimmed, as the file wrote them (kept with a row held for checking). */
  cells: Partial<Record<ResultsCsvColumn, string>>;
}

/** `key` is null only when the header names neither id column (an error). */
export type ResultsCsv = { key: ResultsCsvKey | null; rows: ResultsCsvRow[]; errors: CsvLineError[] };

interface RawRecord {
  line: number;
  fields: string[];
}

const LINE_BREAK = /\r\n|\r|\n/g;
const breaksIn = (text: string) => text.match(LINE_BREAK)?.length ?? 0;

/** Splits CSV text into records, each with the line it starts on; a quote left open is an error. */
export function splitCsv(text: string): { records: RawRecord[]; error?: CsvLineError } {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: RawRecord[] = [];
  let error: CsvLineError | undefined;
  // Lines counted up to `counted`, moved forward record by record (each record's end is papaparse's cursor).
  let counted = 0;
  let line = 1;
  Papa.parse<string[]>(source, {
    delimiter: ',',
    skipEmptyLines: 'greedy',
    step: ({ data, errors, meta }) => {
      const end = source.slice(0, meta.cursor).replace(/(?:\r\n|\r|\n)$/, '').length;
      line += breaksIn(source.slice(counted, end));
      counted = end;
      const start = line - data.reduce((sum, field) => sum + breaksIn(field), 0);
      if (errors.some((e) => e.code === 'MissingQuotes')) error ??= { line: start, message: 'A quoted value is not closed.' };
      else records.push({ line: start, fields: data });
    },
  });
  return error ? { records, error } : { records };
}

const NOT_ALLOWED = 'contains a character that is not allowed (a control character such as NUL or BEL): retype the value';
const PROFILE_ID = /^(?:CHAPS)?([1-9]\d{0,8})$/i;
const NHS_DIGITS = /^\d{10}$/;
const NHS_MESSAGE = 'nhs_number must be 10 digits, like 943 476 5919.';
const SAMPLE_ID_MESSAGE = 'sample_id must be the sample id on the tube, like 7KQ2-M9PT.';

/** A sample id as people read it: 7KQ2-M9PT when it has the length of one, else as written. */
export const showSampleId = (id: string) => (id.length === SAMPLE_ID_LENGTH ? formatSampleId(id) : id);
const UK_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function readDate(text: string): string | null | undefined {
  if (text === '') return null;
  const uk = UK_DATE.exec(text);
  const iso = uk ? `${uk[3]}-${uk[2]}-${uk[1]}` : text;
  return isIsoDate(iso) ? iso : undefined;
}

/** One cell under the text rule, trimmed; a column the file leaves out reads as ''. */
const cell = (column: string, max: number, tooLong: string) =>
  z.pipe(
    z.pipe(z.optional(z.string()), z.transform((v: string | undefined): unknown => v ?? '')),
    cleanText(max, { notText: `The ${column} column must be text.`, badText: `The ${column} column ${NOT_ALLOWED}.`, tooLong }),
  );

/** One line of the file, by column name; `today` (YYYY-MM-DD, UK) bounds the sample date. */
export const resultRowSchema = (today: string) =>
  z.object({
    // Empty reads as null here; a file keyed by this column refuses an empty one (parseResultsCsv).
    sample_id: z.pipe(cell('sample_id', 40, SAMPLE_ID_MESSAGE), z.transform((text) => (text === '' ? null : normaliseSampleId(text)))),
    profile_id: z.pipe(
      cell('profile_id', 20, 'profile_id must be a member id such as CHAPS1234.'),
      z.pipe(
        z.string().check(textRule((text) => text === '' || PROFILE_ID.test(text), 'profile_id must be a member id such as CHAPS1234.')),
        z.transform((text) => (text === '' ? null : Number(PROFILE_ID.exec(text)![1]))),
      ),
    ),
    nhs_number: z.pipe(
      cell('nhs_number', 20, NHS_MESSAGE),
      z.pipe(
        z.string().check(textRule((text) => text === '' || NHS_DIGITS.test(text.replace(/[\s-]/g, '')), NHS_MESSAGE)),
        z.transform((text) => (text === '' ? null : text.replace(/[\s-]/g, ''))),
      ),
    ),
    date_of_birth: z.pipe(
      cell('date_of_birth', 20, 'date_of_birth must be a date, YYYY-MM-DD or DD/MM/YYYY.'),
      z.pipe(
        z.string().check(
          textRule((text) => readDate(text) !== undefined, 'date_of_birth must be a date, YYYY-MM-DD or DD/MM/YYYY.'),
          textRule((text) => (readDate(text) ?? '') <= today, 'date_of_birth is in the future.'),
        ),
        z.transform((text) => readDate(text) ?? null),
      ),
    ),
    psa_ng_ml: z.pipe(
      cell('psa_ng_ml', 20, 'The PSA value must be a number with at most two decimals, like 1.25.'),
      z.transform((text, ctx) => {
        const psa = parsePsaValue(text);
        if ('value' in psa) return psa.value;
        ctx.issues.push({ code: 'custom', message: psa.error, input: text });
        return z.NEVER;
      }),
    ),
    comment: z.pipe(cell('comment', RESULT_COMMENT_MAX, `The comment is longer than ${RESULT_COMMENT_MAX} characters.`), z.transform((text) => text || null)),
    sample_date: z.pipe(
      cell('sample_date', 20, 'sample_date must be a date, YYYY-MM-DD or DD/MM/YYYY.'),
      z.pipe(
        z.string().check(
          textRule((text) => readDate(text) !== undefined, 'sample_date must be a date, YYYY-MM-DD or DD/MM/YYYY.'),
          textRule((text) => (readDate(text) ?? '') <= today, 'sample_date is in the future.'),
        ),
        z.transform((text) => readDate(text) ?? null),
      ),
    ),
  });

/** Parses and checks a results file; `today` (YYYY-MM-DD, UK) bounds the sample dates. */
export function parseResultsCsv(text: string, today: string): ResultsCsv {
  const { records, error } = splitCsv(text);
  if (error) return { key: null, rows: [], errors: [error] };
  const [header, ...body] = records;
  if (!header) return { key: null, rows: [], errors: [{ line: 1, message: 'The file is empty: it needs a header line and one line per result.' }] };
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
  const keys = RESULTS_CSV_KEYS.filter((name) => names.includes(name));
  const key = keys.length === 1 ? keys[0]! : null;
  if (keys.length === 0) {
    errors.push({ line: header.line, message: 'The header needs a "sample_id" column: the sample id on each tube\'s label.' });
  } else if (keys.length === 2) {
    errors.push({ line: header.line, message: 'The file has both sample_id and profile_id columns: results are matched by sample_id, so leave profile_id out.' });
  }
  for (const name of REQUIRED) {
    if (!names.includes(name)) errors.push({ line: header.line, message: `The header needs a "${name}" column.` });
  }
  if (errors.length > 0) return { key, rows: [], errors };
  if (body.length === 0) return { key, rows: [], errors: [{ line: header.line + 1, message: 'The file has no results below its header.' }] };
  if (body.length > RESULTS_CSV_MAX_ROWS) {
    return { key, rows: [], errors: [{ line: body[RESULTS_CSV_MAX_ROWS]!.line, message: `A file holds at most ${RESULTS_CSV_MAX_ROWS} results.` }] };
  }

  const rows: ResultsCsvRow[] = [];
  const rowSchema = resultRowSchema(today);
  const idColumn = key!;
  const seen = new Map<string, number>();
  for (const record of body) {
    if (record.fields.length !== names.length) {
      errors.push({ line: record.line, message: `Expected ${names.length} values, found ${record.fields.length}.` });
      continue;
    }
    const cells = Object.fromEntries(names.map((name, i) => [name, record.fields[i]!])) as Partial<Record<ResultsCsvColumn, string>>;
    const checked = check(rowSchema, cells);
    if (!checked.ok) {
      // A cell breaking the text rule is the one thing said about its line: the rest may be its garbling.
      const unclean = checked.issues.find((issue) => issue.message.endsWith(`${NOT_ALLOWED}.`));
      for (const issue of unclean ? [unclean] : checked.issues) errors.push({ line: record.line, message: issue.message });
    }
    // The id, read alone so a sample or member named twice is said even on a line with other problems.
    const id = check(rowSchema.shape[idColumn], cells[idColumn]);
    const value = id.ok ? id.value : undefined;
    if (id.ok && value === null) {
      errors.push({
        line: record.line,
        message: idColumn === 'sample_id' ? 'sample_id is empty: each result needs the sample id on its tube.' : 'profile_id must be a member id such as CHAPS1234.',
      });
    }
    const seenKey = value === null || value === undefined ? null : String(value);
    const earlier = seenKey === null ? undefined : seen.get(seenKey);
    if (earlier !== undefined) {
      const who = idColumn === 'sample_id' ? `Sample ${showSampleId(seenKey!)}` : `Member CHAPS${seenKey}`;
      errors.push({ line: record.line, message: `${who} already has a result on line ${earlier}.` });
    } else if (seenKey !== null) seen.set(seenKey, record.line);
    if (checked.ok && earlier === undefined && seenKey !== null) {
      const v = checked.value;
      rows.push({
        line: record.line,
        sampleId: idColumn === 'sample_id' ? v.sample_id : null,
        profileId: idColumn === 'profile_id' ? v.profile_id : null,
        value: v.psa_ng_ml,
        comment: v.comment,
        sampleDate: v.sample_date,
        nhsNumber: v.nhs_number,
        dateOfBirth: v.date_of_birth,
        cells: Object.fromEntries(Object.entries(cells).map(([name, text]) => [name, text.trim()])),
      });
    }
  }
  return { key, rows, errors };
}
