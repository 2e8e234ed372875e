/**
 * The event card's button (docs/rules.md#event-card), by priority: Event
 * Passed, Fully Booked, Booking Closed, BOOK. The same rule closes bookings on
 * the server, so the screen and the API can never disagree.
 */
import { isCorporateOnly, spacesLeft, type ScreeningEvent } from './event';
import { londonToInstant, weekdayOf } from './london-time';

export const BOOKING_CUTOFF_HOURS = 24;
export const MONDAY_BOOKING_CUTOFF_HOURS = 48;
const HOUR_MS = 3_600_000;
const MONDAY = 1;

export type CardState = 'passed' | 'full' | 'closed' | 'book';

export const CARD_LABELS: Record<CardState, string> = {
  passed: 'Event Passed',
  full: 'Fully Booked',
  closed: 'Booking Closed',
  book: 'BOOK',
};

type Timing = Pick<ScreeningEvent, 'event_date' | 'start_time' | 'end_time'>;

export function eventStart(event: Pick<ScreeningEvent, 'event_date' | 'start_time'>): Date {
  return londonToInstant(event.event_date, event.start_time);
}

export function eventEnd(event: Pick<ScreeningEvent, 'event_date' | 'end_time'>): Date {
  return londonToInstant(event.event_date, event.end_time);
}

export function hasEnded(event: Timing, now: Date): boolean {
  return eventEnd(event).getTime() < now.getTime();
}

/** Hours before the start at which booking closes: 48 for a Monday start, else 24. */
export function bookingCutoffHours(event: Pick<ScreeningEvent, 'event_date'>): number {
  return weekdayOf(event.event_date) === MONDAY ? MONDAY_BOOKING_CUTOFF_HOURS : BOOKING_CUTOFF_HOURS;
}

/** The instant booking closes, or null for corporate events, which never close early. */
export function bookingClosesAt(
  event: Pick<ScreeningEvent, 'event_date' | 'start_time' | 'exclusive_for'>,
): Date | null {
  if (isCorporateOnly(event)) return null;
  return new Date(eventStart(event).getTime() - bookingCutoffHours(event) * HOUR_MS);
}

export function cardState(
  event: Timing & Pick<ScreeningEvent, 'exclusive_for' | 'total_spaces' | 'booked_spaces' | 'places_left'>,
  now: Date,
): CardState {
  if (hasEnded(event, now)) return 'passed';
  if (spacesLeft(event) <= 0) return 'full';
  const closesAt = bookingClosesAt(event);
  if (closesAt && now.getTime() >= closesAt.getTime()) return 'closed';
  return 'book';
}
