/**
 * The words of the booking emails, built once as a BookingMailContent and
 * written out twice: as the plain text part (mailText) and as the HTML
 * part (mailHtml, server/platform/mail/content.ts), so the two always say the same.
 * Everything here is the charity's text or data the server holds about the
 * event; the only thing a member typed is their first name, and only when
 * it looks like a name (the HTML part escapes it, and everything else).
 */
import { CANCELLATION_POLICY, type Appointment } from '../../../src/domain/booking';
import { directionsUrl } from '../../../src/domain/directions';
import { formatLongDate, formatPence } from '../../../src/domain/format';
import { formatTicketCode } from '../../../src/domain/ticket';
import { cancelledOutcomeText, type CancellationOutcome } from '../../../src/domain/refund-policy';
import type { MailContent, MailDetail, MailSection } from '../../platform/mail';

const BRING = 'Photo ID, your NHS number if you know it, and a list of any medicines you take.';
const BEFORE_THE_TEST =
  'You do not need to fast before a PSA test, but please avoid vigorous exercise and ejaculation in the 48 hours before it.';

export const WHAT_TO_BRING =
  'What to bring: photo ID, your NHS number if you know it, and a list of any medicines you take. ' + BEFORE_THE_TEST;

// Letters (any alphabet), spaces, hyphens and apostrophes: a name, never a link or a message.
const NAME = /^[\p{L}][\p{L}\p{M} '’-]{0,49}$/u;

export function greeting(firstName: string): string {
  const name = firstName.trim();
  return NAME.test(name) ? `Dear ${name},` : 'Dear member,';
}

/** Where My bookings is, for the emails' "how to cancel" (SITE_URL); without it the words say where. */
const myBookingsLink = (siteUrl: string | undefined) =>
  siteUrl ? { text: 'Open My bookings', href: `${siteUrl.replace(/\/+$/, '')}/my-bookings` } : undefined;

function appointmentDetails(appointment: Appointment): MailDetail[] {
  return [
    { label: 'Event', value: appointment.event_name },
    { label: 'Test', value: appointment.product_name },
    { label: 'Date', value: formatLongDate(appointment.event_date) },
    { label: 'Time', value: `${appointment.start_time} to ${appointment.end_time} (UK time)` },
    { label: 'Address', value: appointment.address },
    { label: 'Directions', value: directionsUrl(appointment), href: directionsUrl(appointment), linkText: 'Open the route in your maps app' },
    { label: 'Booking reference', value: appointment.appointment_id },
    ...(appointment.payment_status === 'paid by card' ? [{ label: 'Paid', value: `${formatPence(appointment.price)} by card` }] : []),
  ];
}

/** How big the ticket's QR code is drawn in the HTML part, in CSS pixels (its picture has more, for sharp screens). */
export const TICKET_QR_SHOWN_PX = 264;

/**
 * His ticket (docs/rules.md#tickets): the QR code, a picture the email
 * carries (`cid`), and the short code to read out. `replaces`: the booking
 * moved, so this ticket is new and the one sent before no longer works.
 */
export function ticketSection(code: string, cid: string, replaces = false): MailSection {
  const formatted = formatTicketCode(code);
  const old = replaces ? ['This is a new ticket for your new time. The ticket we sent you before no longer works: please use this one.'] : [];
  return {
    heading: replaces ? 'Your new ticket' : 'Your ticket',
    paragraphs: [
      ...old,
      'Show this QR code at the desk when you arrive, on your phone or printed. It is also under My bookings, where it opens without a signal once you have looked at it there.',
    ],
    textParagraphs: [
      ...old,
      'Show your ticket at the desk when you arrive: its QR code is in the picture attached to this email and under My bookings, where it opens without a signal once you have looked at it there.',
    ],
    image: { cid, alt: `QR code of your ticket, code ${formatted}`, width: TICKET_QR_SHOWN_PX, height: TICKET_QR_SHOWN_PX },
    callout: { label: 'Or read out this code:', text: formatted },
  };
}

const whatToBring: MailSection = { heading: 'What to bring', paragraphs: [BRING, BEFORE_THE_TEST], textParagraphs: [WHAT_TO_BRING] };

/** What a free booking's emails say in place of the published policy: it costs nothing to cancel or change, and why he should. */
export const FREE_BOOKING_CANCELLING =
  'This appointment is free: cancelling or changing it costs nothing. If you cannot come, please cancel it so that someone else can have the place.';

/**
 * How to cancel or change, with the policy that applies to this booking:
 * the published policy's fee only for a booking with a price, since a free
 * event's booking has nothing to charge (docs/rules.md#refund-policy).
 */
function howToCancel(appointment: Appointment, siteUrl: string | undefined): MailSection {
  const paid = appointment.payment_status === 'paid by card';
  return {
    heading: 'How to cancel or change your time',
    paragraphs: [
      'You can see this booking, change its time or cancel it under My bookings in your portal.',
      appointment.price > 0 ? CANCELLATION_POLICY : FREE_BOOKING_CANCELLING,
      ...(paid
        ? [
            `Refunds: if you cancel more than 2 business days before the event, the ${formatPence(appointment.price)} you paid is refunded to your card in full; within 2 business days, nothing is refunded.`,
          ]
        : []),
    ],
    link: myBookingsLink(siteUrl),
  };
}

export function confirmationContent(appointment: Appointment, firstName: string, siteUrl?: string): MailContent {
  return {
    subject: `Booking confirmed: ${appointment.event_name}`,
    heading: 'Your appointment is booked',
    greeting: greeting(firstName),
    intro: ['Your PSA screening appointment is booked.'],
    details: appointmentDetails(appointment),
    sections: [whatToBring, howToCancel(appointment, siteUrl)],
    closing: ['The attached calendar file adds the appointment to your calendar.'],
  };
}

/** The booking moved to another time (Change time): the new time, and the calendar file that moves the entry. */
export function changedContent(appointment: Appointment, firstName: string, previousStart: string, siteUrl?: string): MailContent {
  return {
    subject: `Booking changed: ${appointment.event_name}`,
    heading: 'Your appointment time has changed',
    greeting: greeting(firstName),
    intro: [
      `Your PSA screening appointment has moved, as you asked: it is now at ${appointment.start_time} on ${formatLongDate(appointment.event_date)} (it was at ${previousStart}).`,
      ...(appointment.payment_status === 'paid by card' ? ['Your card payment stays with this booking: there is nothing more to pay.'] : []),
    ],
    details: appointmentDetails(appointment),
    sections: [whatToBring, howToCancel(appointment, siteUrl)],
    closing: ['The attached calendar file moves the appointment in your calendar to the new time.'],
  };
}

/** The day before: when, where, directions, what to bring, how to change or cancel, and the calendar file again. */
/** The last section of an optional email: what it is, and its one-click unsubscribe (RFC 8058's link, also in the headers). */
export function unsubscribeSection(why: string, linkText: string, url: string): MailSection {
  return {
    heading: 'Stop these emails',
    paragraphs: [why, 'The link below stops them at once, without signing in. You can choose which emails you get in your portal.'],
    link: { text: linkText, href: url },
  };
}

export function reminderContent(appointment: Appointment, firstName: string, siteUrl?: string, unsubscribeUrl?: string): MailContent {
  return {
    subject: `Reminder: your PSA test tomorrow at ${appointment.start_time}`,
    heading: 'Your appointment is tomorrow',
    greeting: greeting(firstName),
    intro: [
      `A reminder that your PSA screening appointment is tomorrow, ${formatLongDate(appointment.event_date)}, at ${appointment.start_time} (UK time).`,
    ],
    details: appointmentDetails(appointment),
    sections: [
      whatToBring,
      howToCancel(appointment, siteUrl),
      ...(unsubscribeUrl
        ? [unsubscribeSection('You get a reminder the day before each appointment you book.', 'Unsubscribe from appointment reminders', unsubscribeUrl)]
        : []),
    ],
    closing: ['The attached calendar file is the same entry as before: opening it again keeps your calendar up to date.'],
  };
}

export function cancellationContent(appointment: Appointment, firstName: string, outcome: CancellationOutcome): MailContent {
  return {
    subject: `Booking cancelled: ${appointment.event_name}`,
    heading: 'Your appointment is cancelled',
    greeting: greeting(firstName),
    intro: ['Your PSA screening appointment has been cancelled, as you asked.', cancelledOutcomeText(outcome)],
    details: appointmentDetails(appointment),
    sections: [],
    closing: [
      'The attached calendar file removes the appointment from your calendar.',
      'If this was a mistake, you are welcome to book again while places remain.',
    ],
  };
}

/**
 * Why money came back: the member cancelled in time, the payment arrived
 * after the place had gone, the charity cancelled the event, or PayPal
 * took another amount than the booking's price (so it confirmed nothing).
 */
export type RefundReason = 'cancelled' | 'place_gone' | 'event_cancelled' | 'amount_mismatch';

const REFUND_REASONS: Record<RefundReason, (amount: string) => string> = {
  cancelled: (amount) => `You cancelled this booking more than 2 business days before it, so we have refunded ${amount} to your card in full.`,
  place_gone: (amount) =>
    `Your card payment of ${amount} reached us after your 15-minute hold had ended and the place had been taken, so the booking could not be made. We have refunded ${amount} to your card in full.`,
  event_cancelled: (amount) => `The charity cancelled this event, so we have refunded ${amount} to your card in full.`,
  amount_mismatch: (amount) =>
    `The amount taken from your card (${amount}) did not match the price of this booking, so the booking could not be made. We have refunded ${amount} to your card in full.`,
};

export function refundContent(appointment: Appointment, firstName: string, amount: string, reason: RefundReason): MailContent {
  return {
    subject: `Refund: ${appointment.event_name}`,
    heading: 'Your refund has been issued',
    greeting: greeting(firstName),
    intro: [REFUND_REASONS[reason](amount), 'Refunds are issued within 14 business days; your bank may take a few days more to show it.'],
    details: appointmentDetails(appointment),
    sections: [],
    closing: [reason === 'cancelled' ? 'You are welcome to book again while places remain.' : 'You are welcome to book another time or event while places remain.'],
  };
}
