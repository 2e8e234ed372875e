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
import { check, cleanText, textRule, z } from './schema-kit';

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
    profile_id: z.pipe(
      cell('profile_id', 20, 'profile_id must be a member id such as CHAPS1234.'),
      z.pipe(
        z.string().check(textRule((text) => PROFILE_ID.test(text), 'profile_id must be a member id such as CHAPS1234.')),
        z.transform((text) => Number(PROFILE_ID.exec(text)![1])),
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
  const rowSchema = resultRowSchema(today);
  const seen = new Map<number, number>();
  for (const record of body) {
    if (record.fields.length !== names.length) {
      errors.push({ line: record.line, message: `Expected ${names.length} values, found ${record.fields.length}.` });
      continue;
    }
    const cells = Object.fromEntries(names.map((name, i) => [name, record.fields[i]]));
    const checked = check(rowSchema, cells);
    if (!checked.ok) {
      // A cell breaking the text rule is the one thing said about its line: the rest may be its garbling.
      const unclean = checked.issues.find((issue) => issue.message.endsWith(`${NOT_ALLOWED}.`));
      for (const issue of unclean ? [unclean] : checked.issues) errors.push({ line: record.line, message: issue.message });
    }
    // A member named twice is said even on a line with other problems.
    const id = check(rowSchema.shape.profile_id, cells.profile_id);
    const profileId = id.ok ? id.value : null;
    const earlier = profileId === null ? undefined : seen.get(profileId);
    if (earlier !== undefined) errors.push({ line: record.line, message: `Member CHAPS${profileId} already has a result on line ${earlier}.` });
    else if (profileId !== null) seen.set(profileId, record.line);
    if (checked.ok && earlier === undefined) {
      const { profile_id, psa_ng_ml, comment, sample_date } = checked.value;
      rows.push({ line: record.line, profileId: profile_id, value: psa_ng_ml, comment, sampleDate: sample_date });
    }
  }
  return errors.length > 0 ? { rows, errors } : { rows, errors: [] };
}
