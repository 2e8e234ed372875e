/**
 * The waiting list of a full event (docs/decisions/0019-waiting-list.md): who
 * may join, which slot a freed place is held in, and until when. The server
 * decides with these rules; the screens show what it answered.
 */
import { bookingClosesAt, cardState } from './event-card';
import type { ScreeningEvent } from './event';
import { londonDate, londonToInstant } from './london-time';
import { slotTimes } from './slots';
import type { z } from './schema-kit';
import type { myWaitingListSchema, myWaitingPlaceSchema, standingAfterLapseSchema } from './waiting-list-answers';

/** Hours a freed place is held for the member offered it (WAITLIST_OFFER_HOURS). */
export const DEFAULT_OFFER_HOURS = 12;
/**
 * The UK hour before which a held place never runs out (WAITLIST_MORNING_HOUR):
 * an offer whose hours end in the night is held until this hour of that
 * morning, so a man asleep when it was emailed still has the morning to read it.
 */
export const DEFAULT_MORNING_HOUR = 10;
const HOUR_MS = 3_600_000;

export const WAITING_ENTRY_STATUSES = ['waiting', 'offered', 'booked', 'left', 'lapsed', 'closed'] as const;
export type WaitingEntryStatus = (typeof WAITING_ENTRY_STATUSES)[number];

/** The signed-in member's own place on the list (GET /api/waiting-list/events/{id}); declared once in ./waiting-list-answers. */
export type MyWaitingPlace = z.output<typeof myWaitingPlaceSchema>;

/** One list the signed-in member is on, for My bookings (GET /api/waiting-list/events). */
export type MyWaitingList = z.output<typeof myWaitingListSchema>;

/** Where a member whose offer lapsed stands once the place has passed on. */
export type StandingAfterLapse = z.output<typeof standingAfterLapseSchema>;

/** What his lapsed offer leaves him, in words for the email and the event's page alike. */
export function standingText(standing: StandingAfterLapse): string {
  if (standing.kind === 'closed') return 'You are no longer on this event’s waiting list, and booking for it has now closed.';
  if (standing.kind === 'free') return 'You are no longer on this event’s waiting list, but a place is free at the moment: you can book it on the event’s page while it lasts.';
  const ahead = standing.waiting === 0 ? 'No one else is waiting now' : standing.waiting === 1 ? '1 man is waiting now' : `${standing.waiting} men are waiting now`;
  return `You are no longer on this event’s waiting list. ${ahead}: if you join it again, you will be number ${standing.waiting + 1}.`;
}

// One entry as staff see it: a schema in staff-waiting-list.ts, whose type only comes here, so the member's pages carry no zod.
export type { StaffWaitingEntry } from './staff-waiting-list';

export const WAITING_STATUS_LABELS: Record<WaitingEntryStatus, string> = {
  waiting: 'Waiting',
  offered: 'Place offered',
  booked: 'Booked',
  left: 'Left the list',
  lapsed: 'Offer lapsed',
  closed: 'Event cancelled',
};

type Timing = Pick<ScreeningEvent, 'event_date' | 'start_time' | 'end_time' | 'exclusive_for'>;

/**
 * Whether a member may join the list: only while the event is fully
 * booked and still taking bookings (not passed, not past its cut-off).
 */
export function mayJoin(event: Timing & Pick<ScreeningEvent, 'total_spaces' | 'booked_spaces' | 'places_left'>, at: Date): boolean {
  return cardState(event, at) === 'full' && !pastCutoff(event, at);
}

export function pastCutoff(event: Timing, at: Date): boolean {
  const closesAt = bookingClosesAt(event);
  if (closesAt && at.getTime() >= closesAt.getTime()) return true;
  return londonToInstant(event.event_date, event.end_time).getTime() <= at.getTime();
}

/**
 * The slot a freed place is held in: the earliest not yet begun with room
 * once `takenBySlot` (bookings and held offers) is counted; null if none.
 */
export function slotForOffer(
  event: Pick<ScreeningEvent, 'event_date' | 'start_time' | 'end_time' | 'session_duration' | 'places_per_slot'>,
  takenBySlot: Readonly<Record<string, number>>,
  at: Date,
): string | null {
  const open = slotTimes(event.start_time, event.end_time, event.session_duration).find(
    (time) => (takenBySlot[time] ?? 0) < event.places_per_slot && londonToInstant(event.event_date, time).getTime() > at.getTime(),
  );
  return open ?? null;
}

/**
 * Until when an offer made at `at` holds its place: `hours` later, moved on
 * to `morningHour`:00 (UK time) when that falls earlier in a UK day, but
 * never past the booking cut-off nor the start of the held slot. Null when
 * that leaves no time at all (nothing is offered then).
 */
export function offerExpiry(event: Timing, slot: string, at: Date, hours: number, morningHour = DEFAULT_MORNING_HOUR): Date | null {
  const held = at.getTime() + hours * HOUR_MS;
  const morning = londonToInstant(londonDate(new Date(held)), `${String(morningHour).padStart(2, '0')}:00`).getTime();
  const limits = [Math.max(held, morning), londonToInstant(event.event_date, slot).getTime()];
  const closesAt = bookingClosesAt(event);
  if (closesAt) limits.push(closesAt.getTime());
  const until = Math.min(...limits);
  return until > at.getTime() ? new Date(until) : null;
}
