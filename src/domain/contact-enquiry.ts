/** A contact-form enquiry (docs/rules.md#contact-form): five required fields and a honeypot. */
import { EMAIL_MAX, formText, toFieldProblem, type FieldProblem, type TextRule } from './form-fields';
import { check, z } from './schema-kit';

export const ENQUIRY_FIELDS = ['first-name', 'last-name', 'email', 'phone-number', 'message'] as const;
export type EnquiryField = (typeof ENQUIRY_FIELDS)[number];

/** What POST /api/contact answers with an enquiry kept, and what the form shows then. */
export const CONTACT_THANK_YOU = 'Thank you for reaching out! We will get back to you soon.';

/** A field people never see; only a form-filling robot types in it. */
export const HONEYPOT_FIELD = '_gotcha';

export const ENQUIRY_RULES: Record<EnquiryField, TextRule> = {
  'first-name': { max: 100 },
  'last-name': { max: 100 },
  email: { max: EMAIL_MAX, kind: 'email' },
  'phone-number': { max: 30, kind: 'phone' },
  message: { max: 5000 },
};

/** The enquiry as the form sends it and the server takes it; the form and POST /api/contact both check with it. */
export const enquirySchema = z.object({
  'first-name': formText(ENQUIRY_RULES['first-name']),
  'last-name': formText(ENQUIRY_RULES['last-name']),
  email: formText(ENQUIRY_RULES.email),
  'phone-number': formText(ENQUIRY_RULES['phone-number']),
  message: formText(ENQUIRY_RULES.message),
});
export type ContactEnquiry = z.output<typeof enquirySchema>;

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

/** Nothing at all was filled in (the form service's EMPTY). */
export const isEmptyEnquiry = (body: Record<string, unknown>) =>
  ENQUIRY_FIELDS.every((field) => typeof body[field] !== 'string' || body[field].trim() === '');

/** Checks a submitted body with enquirySchema; `empty` when nothing at all was filled in. */
export function checkEnquiry(body: Record<string, unknown>): EnquiryCheck {
  const checked = check(enquirySchema, body);
  if (checked.ok) return { ok: true, enquiry: checked.value };
  return { ok: false, empty: isEmptyEnquiry(body), problems: checked.issues.map(toFieldProblem<EnquiryField>) };
}
