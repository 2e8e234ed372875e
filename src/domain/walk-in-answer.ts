/**
 * POST /api/staff/events/{id}/walk-ins' 201 answer, declared once: the
 * walk-in's booking and its ticket, shown on the staff screen at once
 * (docs/rules.md#venue-registration). Apart from walk-in.ts, whose rules
 * the form runs, so the form's rules carry no zod.
 */
import { appointmentSchema, ticketSchema } from './booking-answers';
import { z } from './schema-kit';

export const walkInAnswerSchema = z.strictObject({
  appointment: appointmentSchema,
  /** The same signed ticket and short code as a booked man's (docs/rules.md#tickets). */
  ticket: ticketSchema,
  /** As the account is keyed: trimmed and lower-cased. */
  email: z.string(),
  /** An account was made for him now (else he confirmed the one he had). */
  new_account: z.boolean(),
  /** A new account's email to choose a password went; false when the mail server refused, or no account was made. */
  emailed: z.boolean(),
});

export type WalkInAnswer = z.output<typeof walkInAnswerSchema>;
