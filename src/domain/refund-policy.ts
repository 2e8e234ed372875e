/**
 * The refund policy (docs/rules.md#refund-policy) for a paid booking cancelled
 * by the member: more than 2 business days' notice refunds 100% (less processor
 * charges; the local sandbox charges none), within 2 business days nothing.
 * Business days are Monday to Friday less the bank holidays of England and
 * Wales, which the caller passes in (the server reads them from a maintained
 * package, server/modules/payments/bank-holidays.ts; this rule stays pure).
 * Notice is counted in whole UK calendar days: the business days after the day
 * of cancelling and before the day of the event. So a Monday cancellation for a
 * Thursday event has 2 (Tuesday, Wednesday): no refund; for a Friday event it
 * has 3: a full refund.
 */
import { formatLongDate, formatPence } from './format';
import { addDays, londonDate, weekdayOf } from './london-time';
import type { cancellationOutcomeSchema, refundDecisionSchema } from './cancellation';
import type { z } from './schema-kit';

export const REFUND_NOTICE_BUSINESS_DAYS = 2;
/** docs/rules.md#refund-policy: refunds are issued within 14 business days. */
export const REFUND_WITHIN_BUSINESS_DAYS = 14;

export type RefundDecision = z.output<typeof refundDecisionSchema>;

/** Saturday and Sunday (weekdayOf: 0 is Sunday). */
const isWeekend = (date: string) => weekdayOf(date) === 0 || weekdayOf(date) === 6;

export function isBusinessDay(date: string, bankHolidays: ReadonlySet<string>): boolean {
  return !isWeekend(date) && !bankHolidays.has(date);
}

/** Business days strictly between two UK dates (YYYY-MM-DD); 0 when `to` is not after `from`. */
export function businessDaysBetween(from: string, to: string, bankHolidays: ReadonlySet<string>): number {
  let count = 0;
  // Bounded: bookings open at most a few years ahead.
  for (let day = addDays(from, 1), steps = 0; day < to && steps < 3700; day = addDays(day, 1), steps += 1) {
    if (isBusinessDay(day, bankHolidays)) count += 1;
  }
  return count;
}

export function refundDecision(eventDate: string, cancelledAt: Date, bankHolidays: ReadonlySet<string>): RefundDecision {
  return businessDaysBetween(londonDate(cancelledAt), eventDate, bankHolidays) > REFUND_NOTICE_BUSINESS_DAYS ? 'full' : 'none';
}

/** What My bookings says before a cancellation that refunds nothing, and asks the member to confirm. */
export const NO_REFUND_MESSAGE =
  'This booking starts within 2 business days, so under our refund policy no refund applies if you cancel it now. Do you still want to cancel?';

/** The date `days` business days after `from` (YYYY-MM-DD): when a refund started on `from` is issued at the latest. */
export function addBusinessDays(from: string, days: number, bankHolidays: ReadonlySet<string>): string {
  let day = from;
  for (let counted = 0; counted < days; ) {
    day = addDays(day, 1);
    if (isBusinessDay(day, bankHolidays)) counted += 1;
  }
  return day;
}

/**
 * What cancelling a booking at a given moment gives back, decided once by
 * the server (GET /api/appointments/{id}/cancellation and the cancel
 * itself) and stated in the same words by the cancel dialog and the
 * cancellation email, so the two can never say different things:
 * - `free`: nothing was paid, so nothing is refunded;
 * - `full`: the price goes back to the card, issued by `refundBy`;
 * - `none`: within 2 business days, the price is not refunded.
 */

export type CancellationOutcome = z.output<typeof cancellationOutcomeSchema>;

/** The outcome of cancelling at `at` a booking that cost `paidPence` (0: free) for an event on `eventDate`. */
export function cancellationOutcome(
  paidPence: number,
  eventDate: string,
  at: Date,
  bankHolidays: ReadonlySet<string>,
): CancellationOutcome {
  if (paidPence <= 0) return { refund: 'free' };
  if (refundDecision(eventDate, at, bankHolidays) === 'none') return { refund: 'none', paidPence };
  return { refund: 'full', paidPence, refundPence: paidPence, refundBy: addBusinessDays(londonDate(at), REFUND_WITHIN_BUSINESS_DAYS, bankHolidays) };
}

/** The outcome before cancelling, as the dialog asks: what will be refunded, or that nothing is, and when. */
export function cancellationOutcomeText(outcome: CancellationOutcome): string {
  switch (outcome.refund) {
    case 'free':
      return 'This booking is free, so there is nothing to refund.';
    case 'none':
      return `This booking starts within 2 business days, so under our refund policy the ${formatPence(outcome.paidPence)} you paid is not refunded if you cancel it now.`;
    case 'full':
      return `You are cancelling more than 2 business days before the event, so the ${formatPence(outcome.refundPence)} you paid will be refunded to your card in full, by ${formatLongDate(outcome.refundBy)} at the latest.`;
  }
}

/** The same outcome once the booking is cancelled, as the dialog's answer and the cancellation email say it. */
export function cancelledOutcomeText(outcome: CancellationOutcome): string {
  switch (outcome.refund) {
    case 'free':
      return 'This booking was free, so there is nothing to refund.';
    case 'none':
      return `You cancelled within 2 business days of the event, so under our refund policy the ${formatPence(outcome.paidPence)} you paid is not refunded.`;
    case 'full':
      return `Your refund of the full amount is being processed: ${formatPence(outcome.refundPence)} will be issued to your card by ${formatLongDate(outcome.refundBy)} at the latest, and we will email you when it has been.`;
  }
}
