/**
 * The booking emails: a confirmation with the calendar file, and a
 * cancellation with a calendar file that removes the entry, and a refund.
 * Each is queued as an email job with the transaction that made the change
 * (`q`), so a committed booking always sends and a rolled-back one never
 * does; the job retries while the mail server fails (docs/decisions/0013).
 */
import type { Appointment } from '../../src/domain/booking';
import type { Queryable } from '../db/adapter';
import type { Mailer } from '../mail';
import { appointmentCalendar, calendarFilename, CALENDAR_CONTENT_TYPE } from './appointment-calendar';
import type { BookedMember } from './booking-service';
import { formatPence } from '../../src/domain/format';
import { cancellationText, confirmationText, refundText, type RefundReason } from './booking-mail-text';

/** Each call queues one email with `q`, the transaction of the change it reports. */
export interface BookingMail {
  confirmed(q: Queryable, appointment: Appointment, member: BookedMember): Promise<void>;
  cancelled(q: Queryable, appointment: Appointment, member: BookedMember): Promise<void>;
  /** A card payment returned (docs/decisions/0009). */
  refunded(q: Queryable, appointment: Appointment, member: BookedMember, amountPence: number, reason: RefundReason): Promise<void>;
}

export function createBookingMail(mailer: Mailer): BookingMail {
  const send = (q: Queryable, appointment: Appointment, member: BookedMember, subject: string, text: string, calendar = true) =>
    mailer.send(
      {
        to: member.email,
        subject,
        text,
        attachments: calendar
          ? [{ filename: calendarFilename(appointment), content: appointmentCalendar(appointment), contentType: CALENDAR_CONTENT_TYPE }]
          : [],
      },
      q,
    );
  return {
    confirmed: (q, appointment, member) =>
      send(q, appointment, member, `Booking confirmed: ${appointment.event_name}`, confirmationText(appointment, member.firstName)),
    cancelled: (q, appointment, member) =>
      send(q, appointment, member, `Booking cancelled: ${appointment.event_name}`, cancellationText(appointment, member.firstName)),
    refunded: (q, appointment, member, amountPence, reason) =>
      send(q, appointment, member, `Refund: ${appointment.event_name}`, refundText(appointment, member.firstName, formatPence(amountPence), reason), false),
  };
}
