/**
 * The booking emails: a confirmation with his ticket (its QR code as a
 * picture in the email, and its short code) and the calendar file, a change of
 * time with the new ticket and the calendar file that moves the entry, a cancellation with a
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
import { mailHtml, mailText, type MailAttachment, type MailContent, type Mailer, type MailMessage, type SendOptions } from '../../platform/mail';
import type { Signer } from '../../platform/signing';
import { ticketOf } from './member-tickets';
import { ticketAttachment, ticketCid } from './ticket-picture';
import { appointmentCalendar, calendarContentType, calendarFilename } from './appointment-calendar';
import type { BookedMember } from './booking-service';
import type { UnsubscribeLink } from '../members';
import { cancellationContent, changedContent, confirmationContent, refundContent, reminderContent, ticketSection, type RefundReason } from './booking-mail-text';

/** A booking due its reminder, whom to send it to, and his one-click unsubscribe. */
export interface DueReminder {
  appointment: Appointment;
  member: BookedMember;
  unsubscribe?: UnsubscribeLink;
}

/** Each call queues one email with `q`, the transaction of the change it reports. */
export interface BookingMail {
  /**
   * Loads the ticket-signing key: call before a transaction that confirms or
   * moves a booking. The stored secret is read through the database's own
   * handle, which on PGlite (one connection) waits for the open transaction:
   * inside it, it would wait forever.
   */
  prepare(): Promise<void>;
  confirmed(q: Queryable, appointment: Appointment, member: BookedMember): Promise<void>;
  /** The booking moved from `previousStart` (HH:mm) to its time now (Change time). */
  changed(q: Queryable, appointment: Appointment, member: BookedMember, previousStart: string): Promise<void>;
  cancelled(q: Queryable, appointment: Appointment, member: BookedMember, outcome: CancellationOutcome): Promise<void>;
  /**
   * The day before (server/modules/booking/reminders-service.ts), with his ticket and the calendar file
   * again, and its one-click unsubscribe: a sweep's batch of them, queued with one statement.
   */
  reminders(q: Queryable, due: readonly DueReminder[]): Promise<void>;
  /** A card payment returned (docs/decisions/0009). */
  refunded(q: Queryable, appointment: Appointment, member: BookedMember, amountPence: number, reason: RefundReason): Promise<void>;
}

/** The booking confirmed at the time the email names: a confirmation, change or reminder sent later says a time he still has. */
const bookedAt = (appointment: Appointment) => ({ id: appointment.appointment_id, date: appointment.event_date, start: appointment.start_time });

/**
 * The email's words with his ticket as their first section, and the QR
 * code's picture to attach: signed now, from the booking at the time the
 * email names (the email job drops the email if that time has changed).
 */
async function withTicket(signer: Signer, appointment: Appointment, content: MailContent, replaces: boolean) {
  const ticket = await ticketOf(signer, appointment);
  return {
    content: { ...content, sections: [ticketSection(ticket.code, ticketCid(ticket), replaces), ...content.sections] },
    picture: ticketAttachment(ticket, appointment.event_date),
  };
}

/** `signer` signs the tickets; `siteUrl` (SITE_URL): the emails link to My bookings when it is known. */
export function createBookingMail(mailer: Mailer, signer: Signer, siteUrl?: string): BookingMail {
  const messageOf = (
    appointment: Appointment,
    member: BookedMember,
    content: MailContent,
    calendar = true,
    headers?: Record<string, string>,
    pictures: MailAttachment[] = [],
  ): MailMessage => ({
    ...(headers ? { headers } : {}),
    to: member.email,
    subject: content.subject,
    text: mailText(content),
    html: mailHtml(content),
    attachments: [
      ...(calendar ? [{ filename: calendarFilename(appointment), content: appointmentCalendar(appointment), contentType: calendarContentType(appointment) }] : []),
      ...pictures,
    ],
  });
  const send = (
    q: Queryable,
    appointment: Appointment,
    member: BookedMember,
    content: MailContent,
    options: SendOptions,
    calendar = true,
    headers?: Record<string, string>,
    pictures: MailAttachment[] = [],
  ) => mailer.send(messageOf(appointment, member, content, calendar, headers, pictures), q, options);
  /** The day before: his ticket comes again with the reminder, since that is when he looks for what to bring. */
  const reminderOf = async ({ appointment, member, unsubscribe }: DueReminder) => {
    const { content, picture } = await withTicket(signer, appointment, reminderContent(appointment, member.firstName, siteUrl, unsubscribe?.url), false);
    const options: SendOptions = { kind: 'reminder', reason: { type: 'reminder', ...bookedAt(appointment) } };
    return { message: messageOf(appointment, member, content, true, unsubscribe?.headers, [picture]), options };
  };
  return {
    async prepare() {
      await signer.ticketPublicKey();
    },
    async confirmed(q, appointment, member) {
      const { content, picture } = await withTicket(signer, appointment, confirmationContent(appointment, member.firstName, siteUrl), false);
      await send(q, appointment, member, content, { kind: 'booking_confirmed', reason: { type: 'booking_at', ...bookedAt(appointment) } }, true, undefined, [picture]);
    },
    async changed(q, appointment, member, previousStart) {
      const { content, picture } = await withTicket(signer, appointment, changedContent(appointment, member.firstName, previousStart, siteUrl), true);
      await send(q, appointment, member, content, { kind: 'booking_changed', reason: { type: 'booking_at', ...bookedAt(appointment) } }, true, undefined, [picture]);
    },
    async reminders(q, due) {
      const messages = [];
      for (const one of due) messages.push(await reminderOf(one));
      await mailer.sendMany(messages, q);
    },
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
