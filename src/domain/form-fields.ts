/**
 * The contact and newsletter forms' field rules, shared by the form (to
 * check before sending) and the server (which decides). Field problems use
 * the form service's code vocabulary (SPEC.md section 5).
 */
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

/** One required text field: missing, empty, not text, too long, or the wrong shape. */
export function checkField<Field extends string>(
  path: Field,
  value: unknown,
  { max, kind = 'text' }: TextRule,
): FieldProblem<Field> | null {
  if (value === undefined || value === null) return { path, code: 'REQUIRED_FIELD_MISSING', message: 'is required.' };
  if (typeof value !== 'string') return { path, code: 'TYPE_TEXT', message: 'should be text.' };
  const text = value.trim();
  if (text === '') return { path, code: 'REQUIRED_FIELD_EMPTY', message: 'is required.' };
  if (text.length > max) return { path, code: 'TYPE_TEXT', message: `should be at most ${max} characters.` };
  if (kind === 'email' && !isEmailAddress(text)) {
    return { path, code: 'TYPE_EMAIL', message: 'should be an email address, like name@example.com.' };
  }
  if (kind === 'phone' && !isPhoneNumber(text)) {
    return { path, code: 'TYPE_NUMERIC', message: 'should be a phone number of 7 to 15 digits.' };
  }
  return null;
}
