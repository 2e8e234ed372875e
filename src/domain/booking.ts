/**
 * The booking contract shared by the screens and the server: what an
 * appointment looks like on the wire, the requests that make one, and the
 * server's refusal codes with words a person can read. The server decides
 * every rule (docs/rules.md#booking); the screen only shows these answers.
 */
import type { appointmentAnswerSchema, appointmentSchema, appointmentsAnswerSchema, bookingSuccessSchema, memberAppointmentSchema, ticketSchema } from './booking-answers';
import type { z } from './schema-kit';

export const APPOINTMENT_STATUSES = ['held', 'confirmed', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/**
 * docs/rules.md#payment names 'paid' (a free event, nothing to pay) and
 * 'paid by card'; 'unpaid' is a hold waiting for its card payment and
 * 'refunded' a paid booking cancelled with its money returned. A refund
 * PayPal has taken but not yet made is 'refund pending'
 * (docs/rules.md#refund-policy), and one PayPal failed is 'refund failed'
 * (staff act on it).
 */
export const PAYMENT_STATUSES = ['paid', 'paid by card', 'unpaid', 'refund pending', 'refunded', 'refund failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The payment status in words, as staff read it on the attendee list. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  paid: 'Paid',
  'paid by card': 'Paid by card',
  unpaid: 'Unpaid',
  'refund pending': 'Refund pending',
  refunded: 'Refunded',
  'refund failed': 'Refund failed',
};

/** One of the member's appointments, as GET /api/appointments sends it (and every answer that carries one); declared once in ./booking-answers. */
export type Appointment = z.output<typeof appointmentSchema>;
/** A booking's signed ticket: the QR code's text and the short code (docs/rules.md#tickets). */
export type BookingTicket = z.output<typeof ticketSchema>;
/** One of his own bookings as the member's answers carry it: the appointment and its ticket, or null. */
export type MemberAppointment = z.output<typeof memberAppointmentSchema>;
export type AppointmentsAnswer = z.output<typeof appointmentsAnswerSchema>;
export type AppointmentAnswer = z.output<typeof appointmentAnswerSchema>;

/** POST /api/events/{id}/check-access-code */
export interface AccessCodeRequest {
  access_code: string;
}

/** The header that carries an access grant to GET /api/events/{id}/slots of a private event. */
export const ACCESS_GRANT_HEADER = 'X-Access-Grant';

/** POST /api/appointments. Anything else sent (price, name, place) is ignored. */
export interface BookingRequest {
  eventId: string;
  /** HH:mm, one of the event's slots. */
  appointmentStartTime: string;
  consentId: string;
  /** Required for a private event: the grant check-access-code gave. */
  accessGrant?: string;
}

/** POST /api/appointments (201) and POST /api/appointments/{id}/change: the booking as it now stands. */
export type BookingSuccess = z.output<typeof bookingSuccessSchema>;

/** Every refusal of POST /api/appointments, with its HTTP status, in the order the server checks them. */
export const BOOKING_REFUSALS = {
  event_not_found: 404,
  // Said by GET /api/events/{id} and its /slots; a booking for it gets event_not_found.
  event_cancelled: 410,
  event_passed: 422,
  booking_closed: 422,
  payment_required: 422,
  invalid_slot: 422,
  access_code_required: 403,
  age_restricted: 403,
  nhs_number_required: 422,
  consent_required: 422,
  already_booked: 409,
  slot_taken: 409,
  fully_booked: 409,
} as const;
export type BookingRefusal = keyof typeof BOOKING_REFUSALS;

/** The refusal's `message`: plain words, never a code. The screens show these. */
export const BOOKING_REFUSAL_MESSAGES: Record<BookingRefusal, string> = {
  event_not_found: 'Event not found',
  event_cancelled: 'The charity has cancelled this event, so it can no longer be booked. Please choose another event.',
  event_passed: 'This event has already taken place, so it can no longer be booked.',
  booking_closed: 'Booking for this event has closed. Please choose another event.',
  payment_required: 'This event is paid for by card: please book it again and pay at the checkout.',
  invalid_slot: 'That time is not one of this event’s appointment times. Please choose a time from the list.',
  access_code_required: 'This is a private event. Please enter its access code again.',
  age_restricted: 'Our screening events are for men aged 40 to 80 on the day of the event.',
  nhs_number_required: 'This event’s laboratory needs your correct 10-digit NHS number before you can book.',
  consent_required: 'Please complete the consent form before booking.',
  already_booked: 'You already have a booking for this event. You can see it in My bookings.',
  slot_taken: 'Sorry, that time has just been taken. Please choose another time.',
  fully_booked: 'Sorry, this event has just become fully booked.',
};

export function isBookingRefusal(code: unknown): code is BookingRefusal {
  return typeof code === 'string' && Object.hasOwn(BOOKING_REFUSALS, code);
}

/** Refusals of POST /api/appointments/{id}/cancel. */
export const CANCEL_REFUSAL_MESSAGES = {
  appointment_not_found: 'Booking not found',
  already_cancelled: 'This booking is already cancelled.',
  appointment_started: 'This appointment has already started, so it can no longer be cancelled online.',
} as const;
export type CancelRefusal = keyof typeof CANCEL_REFUSAL_MESSAGES;

/** POST /api/appointments/{id}/change: move the member's own booking to another time of the same event. */
export interface ChangeTimeRequest {
  /** HH:mm, the new slot. */
  appointmentStartTime: string;
  /** HH:mm, the time the member saw the booking at: a booking that moved since is not moved again unseen. */
  fromStartTime: string;
}

/** Every refusal of a change of time, with its HTTP status. */
export const CHANGE_REFUSALS = {
  appointment_not_found: 404,
  event_not_found: 404,
  already_cancelled: 409,
  booking_not_confirmed: 409,
  booking_changed: 409,
  event_passed: 422,
  booking_closed: 422,
  appointment_started: 422,
  invalid_slot: 422,
  same_time: 422,
  slot_taken: 409,
} as const;
export type ChangeRefusal = keyof typeof CHANGE_REFUSALS;

export const CHANGE_REFUSAL_MESSAGES: Record<ChangeRefusal, string> = {
  appointment_not_found: 'Booking not found',
  event_not_found: 'Event not found',
  already_cancelled: 'This booking is cancelled, so its time cannot be changed.',
  booking_not_confirmed: 'This booking is waiting for its card payment: finish paying for it before changing its time.',
  booking_changed: 'This booking’s time has just been changed. Please check its time now and choose again.',
  event_passed: 'This event has already taken place, so the time can no longer be changed.',
  booking_closed: 'Booking for this event has closed, so the time can no longer be changed online.',
  appointment_started: 'Your appointment has already started, so its time can no longer be changed online.',
  invalid_slot: 'That time is not one of this event’s appointment times. Please choose a time from the list.',
  same_time: 'Your booking is already at that time. Please choose another time.',
  slot_taken: 'Sorry, that time has just been taken. Please choose another time.',
};

export function isChangeRefusal(code: unknown): code is ChangeRefusal {
  return typeof code === 'string' && Object.hasOwn(CHANGE_REFUSALS, code);
}

/** The published wording (docs/rules.md#refund-policy), shown on /book-event and in the confirmation email. */
export const CANCELLATION_POLICY =
  'Cancellation policy: there is no fee if you cancel or change your appointment with more than 48 hours’ notice. ' +
  'A change or cancellation on the day of the event costs the full amount.';

/** docs/rules.md#booking: the free-event booking's confirmation. */
export const BOOKING_CONFIRMED_MESSAGE = 'Successfully confirmed your booking!';
