/**
 * GET /api/staff/events/:eventId/attendees/:appointmentId/consent and its
 * consent-link, declared once: the server answers with these shapes and
 * the staff console reads them (docs/architecture.md#contract).
 */
import { consentAnswersShape } from './consent';
import { z } from './schema-kit';


export const staffConsentSchema = z.strictObject({
  consent_id: z.string(),
  consent_version: z.string(),
  /** YYYY-MM-DD. */
  psa_test_date: z.string(),
  source: z.enum(['booking', 'test-consent']),
  /** ISO instant. */
  created_at: z.string(),
  answers: consentAnswersShape,
});

/** A member's consent for an event as staff see it; null when he has none for it. */
export const staffConsentAnswerSchema = z.strictObject({ consent: z.nullable(staffConsentSchema) });

/** A signed /test-consent link made for him, and when it stops working (ISO instant). */
export const consentLinkAnswerSchema = z.strictObject({ url: z.string(), expires: z.string() });

export type StaffConsent = z.output<typeof staffConsentSchema>;
export type ConsentLinkAnswer = z.output<typeof consentLinkAnswerSchema>;
