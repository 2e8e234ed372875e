/**
 * The booking emails: a confirmation with the calendar file, a change of
 * time with the calendar file that moves the entry, a cancellation with a
 * calendar file that removes it and what is refunded, and a refund. Each
 * has a plain text part and an HTML part saying the same
 * (server/platform/mail/content.ts), and is queued as an email job with the
 * transaction that made the change (`q`), so a committed booking always
 * sends and a rolled-back one never does; the job retries while the mail
 * server fails (docs/decisions/0013). Each names the fact it depends on
 * (this booking confirmed at this time, or cancelled, and its member still
 * here), which the email job reads again before it sends
 * (server/modules/members/email-reasons.ts).
 */
import type { Appointment } from '../../../src/domain/booking';
import { formatPence } from '../../../src/domain/format';
import type { CancellationOutcome } from '../../../src/domain/refund-policy';
import type { Queryable } from '../../platform/db/adapter';
import { mailHtml, mailText, type MailContent, type Mailer, type SendOptions } from '../../platform/mail';
import { appointmentCalendar, calendarContentType, calendarFilename } from './appointment-calendar';
import type { BookedMember } from './booking-service';
import type { UnsubscribeLink } from '../members';
import { cancellationContent, changedContent, confirmationContent, refundContent, reminderContent, type RefundReason } from './booking-mail-text';

/** Each call queues one email with `q`, the transaction of the change it reports. */
export interface BookingMail {
  confirmed(q: Queryable, appointment: Appointment, member: BookedMember): Promise<void>;
  /** The booking moved from `previousStart` (HH:mm) to its time now (Change time). */
  changed(q: Queryable, appointment: Appointment, member: BookedMember, previousStart: string): Promise<void>;
  cancelled(q: Queryable, appointment: Appointment, member: BookedMember, outcome: CancellationOutcome): Promise<void>;
  /** The day before (server/modules/booking/reminders-service.ts), with the calendar file again and its one-click unsubscribe. */
  reminder(q: Queryable, appointment: Appointment, member: BookedMember, unsubscribe?: UnsubscribeLink): Promise<void>;
  /** A card payment returned (docs/decisions/0009). */
  refunded(q: Queryable, appointment: Appointment, member: BookedMember, amountPence: number, reason: RefundReason): Promise<void>;
}

/** `siteUrl` (SITE_URL): the emails link to My bookings when it is known. */
/** The booking confirmed at the time the email names: a confirmation, change or reminder sent later says a time he still has. */
const bookedAt = (appointment: Appointment) => ({ id: appointment.appointment_id, date: appointment.event_date, start: appointment.start_time });

/** `siteUrl` (SITE_URL): the emails link to My bookings when it is known. */
export function createBookingMail(mailer: Mailer, siteUrl?: string): BookingMail {
  const send = (
    q: Queryable,
    appointment: Appointment,
    member: BookedMember,
    content: MailContent,
    options: SendOptions,
    calendar = true,
    headers?: Record<string, string>,
  ) =>
    mailer.send(
      {
        ...(headers ? { headers } : {}),
        to: member.email,
        subject: content.subject,
        text: mailText(content),
        html: mailHtml(content),
        attachments: calendar
          ? [{ filename: calendarFilename(appointment), content: appointmentCalendar(appointment), contentType: calendarContentType(appointment) }]
          : [],
      },
      q,
      options,
    );
  return {
    confirmed: (q, appointment, member) =>
      send(q, appointment, member, confirmationContent(appointment, member.firstName, siteUrl), {
        kind: 'booking_confirmed',
        reason: { type: 'booking_at', ...bookedAt(appointment) },
      }),
    changed: (q, appointment, member, previousStart) =>
      send(q, appointment, member, changedContent(appointment, member.firstName, previousStart, siteUrl), {
        kind: 'booking_changed',
        reason: { type: 'booking_at', ...bookedAt(appointment) },
      }),
    reminder: (q, appointment, member, unsubscribe) =>
      send(
        q,
        appointment,
        member,
        reminderContent(appointment, member.firstName, siteUrl, unsubscribe?.url),
        { kind: 'reminder', reason: { type: 'reminder', ...bookedAt(appointment) } },
        true,
        unsubscribe?.headers,
      ),
    cancelled: (q, appointment, member, outcome) =>
      send(q, appointment, member, cancellationContent(appointment, member.firstName, outcome), {
        kind: 'booking_cancelled',
        reason: { type: 'booking_cancelled', id: appointment.appointment_id },
      }),
    refunded: (q, appointment, member, amountPence, reason) =>
      send(
        q,
        appointment,
        member,
        refundContent(appointment, member.firstName, formatPence(amountPence), reason),
        { kind: 'refund', reason: { type: 'booking_member', id: appointment.appointment_id } },
        false,
      ),
  };
}
