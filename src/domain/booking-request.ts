/**
 * The booking requests' bodies on the wire: POST /api/appointments and
 * POST /api/payments/orders (BookingRequest), and a change of time
 * (ChangeTimeRequest). A booking must give `eventId` and
 * `appointmentStartTime` as text: one missing, blank, of another JSON type
 * or over-long is a 422 naming it (docs/rules.md#booking-refusals). Past
 * that, and for the other fields (read as text or as absent), the schema
 * refuses nothing itself: what a field must name (an event that exists, one
 * of its slots, a consent filed for it) the booking service decides, in the
 * order of docs/rules.md#booking-refusals, with its own refusals (404
 * event_not_found for an id of no event, invalid_slot for a time that is
 * not a slot), which members and tests depend on. Kept apart
 * from booking.ts, which every booking page imports, so those pages do not
 * carry zod: the client sends these shapes and never parses them.
 */
import type { BookingRequest, ChangeTimeRequest } from './booking';
import { BAD_TEXT_MESSAGE, isCleanText } from './clean-text';
import { cleanText, textRule, z } from './schema-kit';

/** Text within `max` under the text rule, else absent (null): the service then refuses as for a missing field. */
const wireText = (max: number) =>
  z.catch(z.nullable(z.string().check(textRule(isCleanText, BAD_TEXT_MESSAGE), textRule((text) => text.length <= max, 'too long'))), null);

const ID_MAX = 100;
const TIME_MAX = 16;
const GRANT_MAX = 2000;

/** The event a booking or its consent is for: text, or a 422 naming `eventId`. */
export const EVENT_ID_MESSAGE = 'Please choose an event to book.';
const eventIdField = cleanText(ID_MAX, { notText: EVENT_ID_MESSAGE, empty: EVENT_ID_MESSAGE, tooLong: EVENT_ID_MESSAGE });

/** The time asked for: text, or a 422 naming `appointmentStartTime`. */
export const START_TIME_MESSAGE = 'Please choose an appointment time.';
const startTimeField = cleanText(TIME_MAX, { notText: START_TIME_MESSAGE, empty: START_TIME_MESSAGE, tooLong: START_TIME_MESSAGE });

export const bookingRequestSchema = z.object({
  eventId: eventIdField,
  appointmentStartTime: startTimeField,
  consentId: wireText(ID_MAX),
  /** Or the X-Access-Grant header. */
  accessGrant: wireText(GRANT_MAX),
});

/** POST /api/medical/consent's event, the step before the booking: the same rule for `eventId` (the answers have their own schema). */
export const consentEventSchema = z.object({ eventId: eventIdField });

export const changeTimeRequestSchema = z.object({
  appointmentStartTime: wireText(TIME_MAX),
  fromStartTime: wireText(TIME_MAX),
});

/**
 * POST /api/events/{id}/check-access-code: the code a member types for a
 * private event. Anything but text is an attempt that fails (and counts
 * against the throttle), as a wrong code does.
 */
export const accessCodeAttemptSchema = z.object({ access_code: wireText(GRANT_MAX) });

/**
 * Its 200 answer: the grant the slots call and the booking carry in
 * X-Access-Grant. A wrong code is 403 and too many tries 429, each
 * `{status: 'error', error, message}`.
 */
export const accessCodeGrantSchema = z.strictObject({ status: z.literal('success'), access_grant: z.string() });

export type AccessCodeGrant = z.output<typeof accessCodeGrantSchema>;

/** What the client sends fits what the server reads (checked when compiling). */
export type ClientRequestsFit = [
  BookingRequest extends z.input<typeof bookingRequestSchema> ? true : never,
  ChangeTimeRequest extends z.input<typeof changeTimeRequestSchema> ? true : never,
];
