/**
 * Emails the staff console causes: an event cancelled by the charity, and
 * a result ready to read. The result email never holds the value or the
 * band: email is not a safe place for medical data, and the member reads
 * it signed in. Each is queued as an email job with the transaction of
 * the change it reports (docs/decisions/0013).
 */
import { formatLongDate, formatPence } from '../../../src/domain/format';
import type { Queryable } from '../../platform/db/adapter';
import { mailHtml, mailText, type MailContent, type Mailer } from '../../platform/mail';
import { greeting } from '../booking';

export interface MailTo {
  email: string;
  firstName: string;
}

/** The event as the cancellation email names it; start_time is the member's own slot. */
export interface CancelledEventMail {
  event_name: string;
  event_date: string;
  start_time: string;
}

export interface StaffMail {
  /** `refundPence`: what the member paid by card, now on its way back; null when nothing was paid. */
  eventCancelled(q: Queryable, to: MailTo, event: CancelledEventMail, refundPence: number | null): Promise<void>;
  resultReady(q: Queryable, to: MailTo, event: { event_name: string; event_date: string }, siteUrl: string): Promise<void>;
  /** To a member on the waiting list of an event the charity cancelled: the list is closed. */
  waitingListClosed(q: Queryable, to: MailTo, event: { event_name: string; event_date: string }): Promise<void>;
}

export function eventCancelledContent(firstName: string, event: CancelledEventMail, refundPence: number | null): MailContent {
  return {
    subject: `Event cancelled: ${event.event_name}`,
    heading: 'Your screening event is cancelled',
    greeting: greeting(firstName),
    intro: [
      `We are sorry: the charity has had to cancel ${event.event_name} on ${formatLongDate(event.event_date)}, so your appointment at ${event.start_time} (UK time) will not take place.`,
      ...(refundPence === null
        ? []
        : [`Your card payment of ${formatPence(refundPence)} is being refunded in full: the refund is on its way, and we will email you when it has been made.`]),
    ],
    details: [
      { label: 'Event', value: event.event_name },
      { label: 'Date', value: formatLongDate(event.event_date) },
      { label: 'Time', value: `${event.start_time} (UK time)` },
    ],
    sections: [],
    closing: ['You are welcome to book another screening event on our website.'],
  };
}

export function waitingListClosedContent(firstName: string, event: { event_name: string; event_date: string }): MailContent {
  return {
    subject: `Event cancelled: ${event.event_name}`,
    heading: 'The event you were waiting for is cancelled',
    greeting: greeting(firstName),
    intro: [
      `We are sorry: the charity has had to cancel ${event.event_name} on ${formatLongDate(event.event_date)}. You were on its waiting list, and the list is now closed, so no place will be offered to you for it.`,
    ],
    details: [
      { label: 'Event', value: event.event_name },
      { label: 'Date', value: formatLongDate(event.event_date) },
    ],
    sections: [],
    closing: ['You are welcome to book another screening event on our website.'],
  };
}

export function resultReadyContent(firstName: string, event: { event_name: string; event_date: string }, siteUrl: string): MailContent {
  const href = `${siteUrl.replace(/\/+$/, '')}/medical-results`;
  return {
    subject: 'Your PSA result is ready',
    heading: 'Your PSA result is ready',
    greeting: greeting(firstName),
    intro: [`The result of your PSA test at ${event.event_name} on ${formatLongDate(event.event_date)} is ready.`],
    details: [],
    sections: [
      {
        heading: 'Reading your result',
        paragraphs: ['For your privacy this email does not hold the result. Sign in to read it under Medical Results.'],
        link: { text: 'Read your result under Medical Results', href },
      },
    ],
    closing: [],
  };
}

export function createStaffMail(mailer: Mailer): StaffMail {
  // A plain text part and an HTML part written from the same words (server/platform/mail/content.ts).
  const send = (q: Queryable, to: MailTo, content: MailContent, kind: string) =>
    mailer.send({ to: to.email, subject: content.subject, text: mailText(content), html: mailHtml(content) }, q, { kind });
  return {
    eventCancelled: (q, to, event, refundPence) => send(q, to, eventCancelledContent(to.firstName, event, refundPence), 'event_cancelled'),
    resultReady: (q, to, event, siteUrl) => send(q, to, resultReadyContent(to.firstName, event, siteUrl), 'result_ready'),
    waitingListClosed: (q, to, event) => send(q, to, waitingListClosedContent(to.firstName, event), 'waiting_list_closed'),
  };
}
