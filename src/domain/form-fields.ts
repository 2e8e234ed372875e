/**
 * The contact and newsletter forms' field rules, shared by the form (to
 * check before sending) and the server (which decides). Field problems use
 * the form service's code vocabulary (docs/rules.md#api-shapes).
 */
import { BAD_TEXT_MESSAGE } from './clean-text';
import { cleanText, textRule, z } from './schema-kit';

export const FIELD_ERROR_CODES = [
  'REQUIRED_FIELD_EMPTY',
  'REQUIRED_FIELD_MISSING',
  'TYPE_EMAIL',
  'TYPE_NUMERIC',
  'TYPE_TEXT',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number] | 'UNSPECIFIED';

/** Form-level codes; any other code a server sends is read as UNSPECIFIED. */
export const FORM_ERROR_CODES = ['EMPTY', 'BLOCKED'] as const;
export type FormErrorCode = (typeof FORM_ERROR_CODES)[number] | 'UNSPECIFIED';

/** POST /api/contact's and POST /api/subscriptions' answer (201), declared once: accepted, and the thanks to show. */
export const formAcceptedSchema = z.strictObject({ ok: z.literal(true), message: z.string() });

export type FormAccepted = z.output<typeof formAcceptedSchema>;

export interface FieldProblem<Field extends string = string> {
  path: Field;
  code: FieldErrorCode;
  /** Reads after the field's label: "Email" + " should be an email address." */
  message: string;
}

export function fieldErrorCode(code: unknown): FieldErrorCode {
  return (FIELD_ERROR_CODES as readonly unknown[]).includes(code) ? (code as FieldErrorCode) : 'UNSPECIFIED';
}

export function formErrorCode(code: unknown): FormErrorCode {
  return (FORM_ERROR_CODES as readonly unknown[]).includes(code) ? (code as FormErrorCode) : 'UNSPECIFIED';
}

// Deliberately loose: one @, something either side, a dot in the domain.
// The mailbox, not a pattern, proves an address.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const EMAIL_MAX = 254;

export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL.test(value);
}

// UK or international numbers as people type them: digits with spaces,
// dashes, brackets and an optional leading +; 7 to 15 digits in all.
const PHONE_CHARACTERS = /^\+?[\d\s()-]+$/;
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return PHONE_CHARACTERS.test(value) && digits >= 7 && digits <= 15;
}

export interface TextRule {
  max: number;
  kind?: 'text' | 'email' | 'phone';
}

/**
 * One required text field of these forms as a schema: missing, not text,
 * blank, too long, or the wrong shape, each with its form code; messages
 * read after the field's label. Its value is the trimmed text.
 */
export function formText({ max, kind = 'text' }: TextRule) {
  const text = cleanText(max, {
    missing: 'is required.',
    notText: 'should be text.',
    empty: 'is required.',
    tooLong: `should be at most ${max} characters.`,
    badText: `${BAD_TEXT_MESSAGE}.`,
    codes: { missing: 'REQUIRED_FIELD_MISSING', notText: 'TYPE_TEXT', empty: 'REQUIRED_FIELD_EMPTY', tooLong: 'TYPE_TEXT', badText: 'TYPE_TEXT' },
  });
  if (kind === 'email') return z.pipe(text, z.string().check(textRule(isEmailAddress, 'should be an email address, like name@example.com.', 'TYPE_EMAIL')));
  if (kind === 'phone') return z.pipe(text, z.string().check(textRule(isPhoneNumber, 'should be a phone number of 7 to 15 digits.', 'TYPE_NUMERIC')));
  return text;
}

/** A schema issue as these forms report it: the code narrowed to the vocabulary. */
export const toFieldProblem = <Field extends string>(issue: { path: string; message: string; code?: string }): FieldProblem<Field> => ({
  path: issue.path as Field,
  code: fieldErrorCode(issue.code),
  message: issue.message,
});
