/**
 * GET /api/staff/events/{id}/attendees and POST .../check-ins, declared
 * once (docs/architecture.md#contract): the server answers with these
 * shapes and the staff console reads them. Kept apart from
 * staff-attendees.ts, which the field app's check-in queue imports, so that
 * code does not carry zod; it re-exports the types.
 */
import { APPOINTMENT_STATUSES, PAYMENT_STATUSES } from './booking';
import { FOLLOW_UP_OUTCOMES } from './follow-up';
import { PSA_BANDS } from './psa-band';
import { z } from './schema-kit';
import { CHECK_IN_OUTCOMES } from './staff-attendees';
import { PAYMENT_PROBLEMS } from './staff-payments';

/** When the next test is due after this result (docs/decisions/0017): as stored, by the rule alone, and staff's interval. */
export const attendeeRecallSchema = z.strictObject({
  next_test_due: z.nullable(z.string()),
  /** What the rule gives without staff's interval (null: none, a red result or no band). */
  rule_next_test_due: z.nullable(z.string()),
  months_override: z.nullable(z.number()),
});

export const attendeeSchema = z.strictObject({
  appointment_id: z.string(),
  profile_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  /** HH:mm, UK wall-clock. */
  start_time: z.string(),
  end_time: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  /** What the booking cost, in pence (0 for a free event). */
  price: z.number(),
  /** What PayPal reported wrong about this booking's card payment, for staff to act on; null when nothing. */
  payment_problem: z.nullable(z.enum(PAYMENT_PROBLEMS)),
  has_nhs_number: z.boolean(),
  /** For positive identification at the door: the volunteer reads it out for him to confirm. Null when none is on file. */
  nhs_number: z.nullable(z.string()),
  /** YYYY-MM-DD, for positive identification; null when none is on file. */
  date_of_birth: z.nullable(z.string()),
  /** The slot's start, an ISO instant: a scanned ticket naming another start is out of date (the booking moved). */
  slot_start: z.string(),
  /** The booking's ticket short code as it is now (src/domain/ticket.ts), eight characters. */
  ticket_code: z.string(),
  /** His blood sample's id (src/domain/sample-id.ts), once assigned; null before. */
  sample_id: z.nullable(z.string()),
  consent_given: z.boolean(),
  /** Whole years on the event's date; null when no date of birth is on file. */
  age: z.nullable(z.number()),
  /** ISO instant of arrival, or null. */
  checked_in_at: z.nullable(z.string()),
  /**
   * The result, its band (the one stored when it was saved, by the rule
   * version named, docs/rules.md#clinical-rules; null without a date of
   * birth), for amber and red what followed
   * (ADR 0022), and when the next test is due. The server always sends the
   * optional parts; they may be missing from a list saved on the phone by
   * an earlier version.
   */
  result: z.nullable(
    z.strictObject({
      test_result: z.number(),
      comments: z.nullable(z.string()),
      sample_date: z.nullable(z.string()),
      band: z.optional(z.nullable(z.enum(PSA_BANDS))),
      rule_version: z.optional(z.nullable(z.number())),
      follow_up: z.optional(z.nullable(z.enum(FOLLOW_UP_OUTCOMES))),
      recall: z.optional(attendeeRecallSchema),
    }),
  ),
});

/** The public key that checks ticket signatures, as a JWK (importTicketKey in src/domain/ticket.ts). */
export const ticketKeySchema = z.strictObject({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string(),
  y: z.string(),
  alg: z.optional(z.string()),
  key_ops: z.optional(z.array(z.string())),
});

/**
 * GET /api/staff/events/{id}/attendees: the event's bookings, cancelled ones
 * marked, in slot order, and the key that checks a scanned ticket offline.
 */
export const attendeeListSchema = z.strictObject({
  event_id: z.string(),
  ticket_key: ticketKeySchema,
  attendees: z.array(attendeeSchema),
});

export const checkInResultSchema = z.strictObject({
  appointment_id: z.string(),
  outcome: z.enum(CHECK_IN_OUTCOMES),
  /** The arrival time the server holds (the earliest believable tap), when there is one. */
  checked_in_at: z.nullable(z.string()),
  /**
   * His sample id as the server holds it: the one the phone proposed when it
   * was valid and unused, else another the tube must be relabelled with; null
   * when he has none.
   */
  sample_id: z.nullable(z.string()),
  /** Why no sample id was assigned to a check-in that asked for one: no valid NHS number on file. */
  sample_refused: z.optional(z.literal('nhs_number')),
});

/** POST /api/staff/events/{id}/check-ins: one outcome per check-in, in the order sent. */
export const checkInsAnswerSchema = z.strictObject({ results: z.array(checkInResultSchema) });

export type Attendee = z.output<typeof attendeeSchema>;
export type AttendeeRecall = z.output<typeof attendeeRecallSchema>;
export type AttendeeList = z.output<typeof attendeeListSchema>;
export type CheckInResult = z.output<typeof checkInResultSchema>;
export type CheckInsAnswer = z.output<typeof checkInsAnswerSchema>;
