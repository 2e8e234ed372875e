/**
 * SPEC.md section 9's refund policy for a paid booking cancelled by the
 * member: more than 2 business days' notice refunds 100% (less processor
 * charges; the local sandbox charges none), within 2 business days nothing.
 * Business days are Monday to Friday less the bank holidays of England and
 * Wales, which the caller passes in (the server reads them from a
 * maintained package, server/payments/bank-holidays.ts; this rule stays
 * pure). Notice is counted in whole UK calendar days: the business days
 * after the day of cancelling and before the day of the event. So a
 * Monday cancellation for a Thursday event has 2 (Tuesday, Wednesday):
 * no refund; for a Friday event it has 3: a full refund.
 */
import { addDays, londonDate, weekdayOf } from './london-time';

export const REFUND_NOTICE_BUSINESS_DAYS = 2;

export type RefundDecision = 'full' | 'none';

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
