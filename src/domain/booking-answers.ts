/**
 * The member's appointment answers, declared once (docs/architecture.md#contract),
 * apart from the booking rules in ./booking that the pages run, so those pages
 * do not load zod for them: the pages import only the types.
 */
import { APPOINTMENT_STATUSES, PAYMENT_STATUSES } from './booking';
import { z } from './schema-kit';

/** One of the member's appointments, as GET /api/appointments sends it (and every answer that carries one). */
export const appointmentSchema = z.strictObject({
  /** A UUID: unguessable, safe in a URL. */
  appointment_id: z.string(),
  event_id: z.string(),
  event_name: z.string(),
  product_name: z.string(),
  /** YYYY-MM-DD, UK calendar date. */
  event_date: z.string(),
  /** HH:mm, UK wall-clock: the slot booked. */
  start_time: z.string(),
  /** HH:mm, UK wall-clock: the slot's end (start plus the session length). */
  end_time: z.string(),
  /** The venue, parts joined with commas (fullAddress in ./event). */
  address: z.string(),
  postcode: z.string(),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
  lab_name: z.nullable(z.string()),
  /** What the booking cost, pence (0 for a free event). */
  price: z.number(),
  status: z.enum(APPOINTMENT_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  /** ISO instants. */
  created_at: z.string(),
  cancelled_at: z.nullable(z.string()),
  /**
   * The SEQUENCE of its calendar entry (RFC 5545): 0 when booked, one more
   * on each change of time and on the cancellation.
   */
  calendar_sequence: z.number(),
});

/**
 * His ticket (docs/rules.md#tickets), signed by the server: `token` is the
 * QR code's text (CHAPS1.<payload>.<signature>, src/domain/ticket.ts) and
 * `code` the eight characters he can read out instead.
 */
export const ticketSchema = z.strictObject({ token: z.string(), code: z.string() });

/**
 * One of the member's own bookings as the member's answers carry it: the
 * appointment and its ticket, null unless it is confirmed and its event's
 * day has not passed (hasTicket in ./my-bookings).
 */
export const memberAppointmentSchema = z.extend(appointmentSchema, { ticket: z.nullable(ticketSchema) });

/** GET /api/appointments: the member's own, upcoming first (soonest first), then past ones (latest first). */
export const appointmentsAnswerSchema = z.strictObject({ appointments: z.array(memberAppointmentSchema) });

/** GET /api/appointments/{id}: one of the member's own. */
export const appointmentAnswerSchema = z.strictObject({ appointment: memberAppointmentSchema });

/** POST /api/appointments (201) and POST /api/appointments/{id}/change: the booking as it now stands, with its ticket once confirmed. */
export const bookingSuccessSchema = z.strictObject({ status: z.literal('success'), appointment: memberAppointmentSchema });
