/**
 * The pieces every request-body schema is built from (zod/mini, the small
 * tree-shaken build, so a form page pays a few KB for it): the site's one
 * text rule (clean-text.ts) plus a length bound on every stored string,
 * and the turning of zod's issues into the `{path, message, code?}` the
 * 422 answers and the forms show. A schema names its own messages (those
 * docs/rules.md quotes, where it quotes one); an issue's `code` is a
 * form-service code (REQUIRED_FIELD_EMPTY, ...) carried in the check's params.
 */
import * as z from 'zod/mini';
import { BAD_TEXT_MESSAGE, isCleanText } from './clean-text';

export { z };

/** One problem with a body: where, what to show, and the form-service code when the form has one. */
export interface SchemaIssue {
  path: string;
  message: string;
  code?: string;
}

/** What a schema's messages may be: fixed text, or text with the field's params. */
export interface TextMessages {
  /** Not a string at all (a number, an array); `missing` when absent or null. */
  notText: string;
  missing?: string;
  /** Blank after trimming, for a required field. */
  empty?: string;
  tooLong: string;
  /** Breaks the text rule: a control character or a lone surrogate. */
  badText?: string;
  /** Form-service codes for each message, for the forms that report them. */
  codes?: Partial<Record<'notText' | 'missing' | 'empty' | 'tooLong' | 'badText', string>>;
}

const rule = (message: string, code: string | undefined) => ({ message, abort: true, ...(code ? { params: { code } } : {}) });

/**
 * The text rule for one stored string: text, free of control characters
 * and lone surrogates, trimmed, not blank when `empty` gives a message,
 * and within `max` characters. Checks stop at the first that fails, so a
 * field has one message.
 */
export function cleanText(max: number, messages: TextMessages) {
  const { codes = {} } = messages;
  const present = z.unknown().check(
    z.refine((value) => value !== undefined && value !== null, rule(messages.missing ?? messages.notText, codes.missing ?? codes.notText)),
    z.refine((value) => typeof value === 'string', rule(messages.notText, codes.notText)),
  );
  return z.pipe(
    present,
    z.string().check(
      z.refine<string>(isCleanText, rule(messages.badText ?? `This ${BAD_TEXT_MESSAGE}.`, codes.badText)),
      z.trim(),
      ...(messages.empty ? [z.refine<string>((text) => text !== '', rule(messages.empty, codes.empty))] : []),
      z.refine<string>((text) => text.length <= max, rule(messages.tooLong, codes.tooLong)),
    ),
  );
}

/** A further rule on a text field (an email's shape), with its message and form code. */
export const textRule = <T = string>(test: (value: T) => boolean, message: string, code?: string) => z.refine<T>(test, rule(message, code));

/** Absent, null and blank read as null; anything else must pass `inner`. */
export function blankAsNull<T extends z.ZodMiniType<string, string>>(inner: T) {
  return z.pipe(
    z.transform((value: unknown) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value)),
    z.nullable(inner),
  );
}

/** zod's issues as the site's: dotted paths ('items.0'), the schema's message, the code from its params. */
export function issuesOf(error: z.core.$ZodError): SchemaIssue[] {
  return error.issues.map((issue) => {
    const code = (issue as { params?: { code?: unknown } }).params?.code;
    return {
      path: issue.path.map(String).join('.'),
      message: issue.message,
      ...(typeof code === 'string' ? { code } : {}),
    };
  });
}

/** The first issue per field, in the order the schema checked them. */
export function firstPerField(issues: SchemaIssue[]): SchemaIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => !seen.has(issue.path) && seen.add(issue.path));
}

export type Checked<T> = { ok: true; value: T } | { ok: false; issues: SchemaIssue[] };

/** Parses `input` with `schema`: the value, or one issue per field. */
export function check<T extends z.ZodMiniType>(schema: T, input: unknown): Checked<z.output<T>> {
  const parsed = z.safeParse(schema, input);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, issues: firstPerField(issuesOf(parsed.error)) };
}
