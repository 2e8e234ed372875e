/**
 * The booking emails: a confirmation with the calendar file, and a
 * cancellation with a calendar file that removes the entry. Sent after the
 * booking has committed; a mail failure is logged and does not undo the
 * booking (the member still sees it in My bookings).
 */
import type { Appointment } from '../../src/domain/booking';
import type { Logger } from '../logger';
import type { Mailer } from '../mail';
import { appointmentCalendar, calendarFilename, CALENDAR_CONTENT_TYPE } from './appointment-calendar';
import type { BookedMember } from './booking-service';
import { formatPence } from '../../src/domain/format';
import { cancellationText, confirmationText, refundText, type RefundReason } from './booking-mail-text';

export interface BookingMail {
  confirmed(appointment: Appointment, member: BookedMember): Promise<void>;
  cancelled(appointment: Appointment, member: BookedMember): Promise<void>;
  /** A card payment returned (docs/decisions/0009). */
  refunded(appointment: Appointment, member: BookedMember, amountPence: number, reason: RefundReason): Promise<void>;
}

export function createBookingMail(mailer: Mailer, logger: Logger): BookingMail {
  const send = async (kind: string, appointment: Appointment, member: BookedMember, subject: string, text: string, calendar = true) => {
    try {
      await mailer.send({
        to: member.email,
        subject,
        text,
        attachments: calendar
          ? [{ filename: calendarFilename(appointment), content: appointmentCalendar(appointment), contentType: CALENDAR_CONTENT_TYPE }]
          : [],
      });
    } catch (error) {
      logger.error(`The ${kind} email for appointment ${appointment.appointment_id} could not be sent`, error);
    }
  };
  return {
    confirmed: (appointment, member) =>
      send('confirmation', appointment, member, `Booking confirmed: ${appointment.event_name}`, confirmationText(appointment, member.firstName)),
    cancelled: (appointment, member) =>
      send('cancellation', appointment, member, `Booking cancelled: ${appointment.event_name}`, cancellationText(appointment, member.firstName)),
    refunded: (appointment, member, amountPence, reason) =>
      send(
        'refund',
        appointment,
        member,
        `Refund: ${appointment.event_name}`,
        refundText(appointment, member.firstName, formatPence(amountPence), reason),
        false,
      ),
  };
}
