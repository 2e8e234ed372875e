/**
 * When the recall emails go, and which events an invitation lists (issue
 * 19, docs/decisions/0020). Every moment is UK wall-clock (Europe/London),
 * whatever the server's zone.
 *
 * - The invitation: at RECALL_EMAIL_TIME on the day four weeks before the
 *   result's next_test_due, and still due until that date has passed (a
 *   sweep missed while no process ran still invites in time).
 * - The follow-up: at RECALL_EMAIL_TIME one calendar month after the day
 *   the invitation went, once, unless he has booked since.
 * - The GP prompt after a red result: at RECALL_EMAIL_TIME on gpPromptDate
 *   (6 weeks after the sample). It and the follow-up stay due for
 *   RECALL_LATE_DAYS after their day; later than that they would arrive
 *   long after what they follow.
 * - The events: bookable now (open, not full, not passed), public (not
 *   private, not corporate: those are for one employer's staff), with a
 *   map position, nearest first to the event of his newest result, at
 *   most INVITATION_EVENT_COUNT of them, and none further from it than
 *   the server's RECALL_NEAR_MILES: an event a hundred and more miles
 *   away is no invitation to a man of 70, and when none is near the
 *   email says so plainly.
 */
import { isCorporateOnly, type ScreeningEvent } from './event';
import { cardState } from './event-card';
import { addDays, addMonths, londonDate, londonTime } from './london-time';

export const RECALL_EMAIL_TIME = '09:00';
export const INVITATION_DAYS_AHEAD = 28;
export const FOLLOW_UP_MONTHS = 1;
/** A follow-up or GP prompt not sent within this many days of its day (no process ran) is not sent at all. */
export const RECALL_LATE_DAYS = 28;
export const INVITATION_EVENT_COUNT = 3;
/**
 * How far (miles, as the crow flies) an event may be from where he was last
 * tested and still count as near him, unless RECALL_NEAR_MILES says
 * otherwise. Fifty miles is about an hour by car on the region's A roads
 * (Colchester to Chelmsford, Ipswich or Braintree all fall inside it;
 * Norwich, Cambridge and London mostly at its edge), a trip a man will make
 * for a screening; Leeds, some 170 miles from Colchester, falls well outside.
 */
export const DEFAULT_NEAR_MILES = 50;

/** The newest UK date whose RECALL_EMAIL_TIME moment has come at `now`. */
export function latestDueDay(now: Date): string {
  const today = londonDate(now);
  return londonTime(now) >= RECALL_EMAIL_TIME ? today : addDays(today, -1);
}

/** The next_test_due dates whose invitation is due at `now`: from `from` to `to`, inclusive. */
export function invitationWindow(now: Date): { from: string; to: string } {
  return { from: londonDate(now), to: addDays(latestDueDay(now), INVITATION_DAYS_AHEAD) };
}

/** The day the follow-up goes for an invitation sent at `sentAt`. */
export function followUpDay(sentAt: Date): string {
  return addMonths(londonDate(sentAt), FOLLOW_UP_MONTHS);
}

/** The days (follow-up days, gp_prompt_due dates) whose email is due at `now`: from `from` to `to`, inclusive. */
export function lateWindow(now: Date): { from: string; to: string } {
  const to = latestDueDay(now);
  return { from: addDays(to, -RECALL_LATE_DAYS), to };
}

export interface Place {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_MILES = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in miles (haversine). */
export function milesBetween(a: Place, b: Place): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface InvitedEvent {
  event: ScreeningEvent;
  /** Miles from where he was last tested; null when that place is unknown. */
  miles: number | null;
}

const hasPlace = (event: ScreeningEvent): event is ScreeningEvent & Place =>
  typeof event.latitude === 'number' && typeof event.longitude === 'number' && Number.isFinite(event.latitude) && Number.isFinite(event.longitude);

/**
 * The events to list: bookable at `now`, public, placed on the map; within
 * `nearMiles` of `from`, nearest first (then the sooner, then by name and
 * id, so the order is stable), or soonest first, at any distance, when
 * `from` is unknown. Empty when nothing is near him yet.
 */
export function invitationEvents(
  events: readonly ScreeningEvent[],
  from: Place | null,
  now: Date,
  nearMiles = DEFAULT_NEAR_MILES,
  count = INVITATION_EVENT_COUNT,
): InvitedEvent[] {
  return events
    .filter((e) => !e.is_private && !isCorporateOnly(e) && hasPlace(e) && cardState(e, now) === 'book')
    .map((event) => ({ event, miles: from && hasPlace(event) ? milesBetween(from, event) : null }))
    .filter(({ miles }) => miles === null || miles <= nearMiles)
    .sort(
      (a, b) =>
        (a.miles ?? 0) - (b.miles ?? 0) ||
        `${a.event.event_date}T${a.event.start_time}`.localeCompare(`${b.event.event_date}T${b.event.start_time}`) ||
        a.event.event_name.localeCompare(b.event.event_name) ||
        a.event.event_id.localeCompare(b.event.event_id),
    )
    .slice(0, count);
}

/** "about 12 miles away" (whole miles; under one mile says so). */
export function distanceText(miles: number): string {
  if (miles < 1) return 'less than a mile away';
  const whole = Math.round(miles);
  return `about ${whole} ${whole === 1 ? 'mile' : 'miles'} away`;
}
