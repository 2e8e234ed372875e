/**
 * Emails the staff console causes: an event cancelled by the charity, and
 * a result ready to read. The result email never holds the value or the
 * band: email is not a safe place for medical data, and the member reads
 * it signed in. A mail failure is logged; the change it follows stands.
 */
import { formatLongDate, formatPence } from '../../src/domain/format';
import type { Logger } from '../logger';
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
  eventCancelled(to: MailTo, event: CancelledEventMail, refundPence: number | null): Promise<void>;
  resultReady(to: MailTo, event: { event_name: string; event_date: string }, siteUrl: string): Promise<void>;
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

export function createStaffMail(mailer: Mailer, logger: Logger): StaffMail {
  const send = async (kind: string, to: MailTo, subject: string, text: string) => {
    try {
      await mailer.send({ to: to.email, subject, text });
    } catch (error) {
      logger.error(`The ${kind} email to a member could not be sent`, error);
    }
  };
  return {
    eventCancelled: (to, event, refundPence) =>
      send('event cancelled', to, `Event cancelled: ${event.event_name}`, eventCancelledText(to.firstName, event, refundPence)),
    resultReady: (to, event, siteUrl) => send('result ready', to, 'Your PSA result is ready', resultReadyText(to.firstName, event, siteUrl)),
  };
}
