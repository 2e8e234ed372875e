/**
 * Emails the staff console causes: an event cancelled by the charity, and
 * a result ready to read. The result email never holds the value or the
 * band: email is not a safe place for medical data, and the member reads
 * it signed in. Each is queued as an email job with the transaction of
 * the change it reports (docs/decisions/0013).
 */
import { formatLongDate, formatPence } from '../../src/domain/format';
import type { Queryable } from '../db/adapter';
import type { Mailer } from '../mail';
import { greeting } from './booking-mail-text';

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
}

export function eventCancelledText(firstName: string, event: CancelledEventMail, refundPence: number | null): string {
  return [
    greeting(firstName),
    '',
    `We are sorry: the charity has had to cancel ${event.event_name} on ${formatLongDate(event.event_date)}, so your appointment at ${event.start_time} (UK time) will not take place.`,
    ...(refundPence === null
      ? []
      : [`Your card payment of ${formatPence(refundPence)} is being refunded in full: the refund is on its way, and we will email you when it has been made.`]),
    'You are welcome to book another screening event on our website.',
    '',
    'CHAPS',
  ].join('\n');
}

export function resultReadyText(firstName: string, event: { event_name: string; event_date: string }, siteUrl: string): string {
  return [
    greeting(firstName),
    '',
    `The result of your PSA test at ${event.event_name} on ${formatLongDate(event.event_date)} is ready.`,
    `Sign in to read it under Medical Results: ${siteUrl.replace(/\/+$/, '')}/medical-results`,
    '',
    'CHAPS',
  ].join('\n');
}

export function createStaffMail(mailer: Mailer): StaffMail {
  const send = (q: Queryable, to: MailTo, subject: string, text: string) => mailer.send({ to: to.email, subject, text }, q);
  return {
    eventCancelled: (q, to, event, refundPence) =>
      send(q, to, `Event cancelled: ${event.event_name}`, eventCancelledText(to.firstName, event, refundPence)),
    resultReady: (q, to, event, siteUrl) => send(q, to, 'Your PSA result is ready', resultReadyText(to.firstName, event, siteUrl)),
  };
}
