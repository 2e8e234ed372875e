/** A contact-form enquiry (SPEC.md sections 2 and 5): five required fields and a honeypot. */
import { checkField, EMAIL_MAX, type FieldProblem, type TextRule } from './form-fields';

export const ENQUIRY_FIELDS = ['first-name', 'last-name', 'email', 'phone-number', 'message'] as const;
export type EnquiryField = (typeof ENQUIRY_FIELDS)[number];
export type ContactEnquiry = Record<EnquiryField, string>;

/** A field people never see; only a form-filling robot types in it. */
export const HONEYPOT_FIELD = '_gotcha';

export const ENQUIRY_RULES: Record<EnquiryField, TextRule> = {
  'first-name': { max: 100 },
  'last-name': { max: 100 },
  email: { max: EMAIL_MAX, kind: 'email' },
  'phone-number': { max: 30, kind: 'phone' },
  message: { max: 5000 },
};

export const ENQUIRY_LABELS: Record<EnquiryField, string> = {
  'first-name': 'First name',
  'last-name': 'Last name',
  email: 'Email',
  'phone-number': 'Phone number',
  message: 'Message',
};

export type EnquiryCheck =
  | { ok: true; enquiry: ContactEnquiry }
  | { ok: false; empty: boolean; problems: FieldProblem<EnquiryField>[] };

/** Checks a submitted body; `empty` when nothing at all was filled in. */
export function checkEnquiry(body: Record<string, unknown>): EnquiryCheck {
  const empty = ENQUIRY_FIELDS.every((field) => typeof body[field] !== 'string' || body[field].trim() === '');
  const problems = ENQUIRY_FIELDS.map((field) => checkField(field, body[field], ENQUIRY_RULES[field])).filter(
    (problem) => problem !== null,
  );
  if (problems.length > 0) return { ok: false, empty, problems };
  const enquiry = Object.fromEntries(ENQUIRY_FIELDS.map((field) => [field, String(body[field]).trim()]));
  return { ok: true, enquiry: enquiry as ContactEnquiry };
}
