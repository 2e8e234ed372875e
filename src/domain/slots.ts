/**
 * Appointment slots: from the start time in steps of the session length
 * while the slot still starts before the end time. A slot can be offered
 * only while it has a free place and has not yet begun (UK time).
 */
import type { ScreeningEvent } from './event';
import { londonToInstant } from './london-time';
import type { z } from './schema-kit';
import type { slotsByDateSchema } from './slots-answer';

/** GET /api/events/{id}/slots: the free slot starts, keyed by date; declared once in ./slots-answer. */
export type SlotsByDate = z.output<typeof slotsByDateSchema>;

const toMinutes = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

const toClock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Every slot start (HH:mm) of an event, whether free or not. */
export function slotTimes(startTime: string, endTime: string, sessionMinutes: number): string[] {
  if (!Number.isInteger(sessionMinutes) || sessionMinutes <= 0) return [];
  const end = toMinutes(endTime);
  const slots: string[] = [];
  for (let t = toMinutes(startTime); t < end; t += sessionMinutes) slots.push(toClock(t));
  return slots;
}

/** The end of the day, the latest a slot may end: a time of day, so 23:45 plus 15 minutes is 24:00, not 00:00. */
export const END_OF_DAY = '24:00';

/** The slot that ends an appointment starting at `time`: `sessionMinutes` later, at the latest the end of its day. */
export function slotEnd(time: string, sessionMinutes: number): string {
  return toClock(Math.min(toMinutes(time) + sessionMinutes, toMinutes(END_OF_DAY)));
}

/**
 * Free slots of one event, keyed by its date. `takenBySlot` counts confirmed
 * and held bookings per slot start.
 */
export function availableSlots(
  event: Pick<ScreeningEvent, 'event_date' | 'start_time' | 'end_time' | 'session_duration' | 'places_per_slot'>,
  takenBySlot: Readonly<Record<string, number>>,
  now: Date,
): SlotsByDate {
  const free = slotTimes(event.start_time, event.end_time, event.session_duration).filter(
    (time) =>
      (takenBySlot[time] ?? 0) < event.places_per_slot &&
      londonToInstant(event.event_date, time).getTime() > now.getTime(),
  );
  return { [event.event_date]: { availableTimeSlots: free } };
}

/**
 * Places a member could still book at `now`: the event's places left,
 * capped by the free places in its slots that have not begun. An event of
 * 40 places whose later slots are all taken has only what the open slots
 * hold, however many of the 40 are unsold.
 */
export function bookablePlaces(
  event: Pick<ScreeningEvent, 'event_date' | 'start_time' | 'end_time' | 'session_duration' | 'places_per_slot' | 'total_spaces' | 'booked_spaces'>,
  takenBySlot: Readonly<Record<string, number>>,
  now: Date,
): number {
  const inSlots = slotTimes(event.start_time, event.end_time, event.session_duration)
    .filter((time) => londonToInstant(event.event_date, time).getTime() > now.getTime())
    .reduce((sum, time) => sum + Math.max(0, event.places_per_slot - (takenBySlot[time] ?? 0)), 0);
  return Math.max(0, Math.min(event.total_spaces - event.booked_spaces, inSlots));
}
