/**
 * Which demo events the bench measures, read from the running server's
 * listing rather than fixed ids, since the demo data is timed relative to
 * the moment it is seeded.
 */
import { isCorporateOnly, type ScreeningEvent } from '../../src/domain/event.ts';
import { cardState } from '../../src/domain/event-card.ts';
import type { SlotsByDate } from '../../src/domain/slots.ts';
import { EVENTS_PATH, slotsPath } from './report.ts';

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${new URL(url).pathname} answered ${res.status}`);
  return (await res.json()) as T;
}

async function listedEvents(baseUrl: string): Promise<ScreeningEvent[]> {
  const { events = [] } = await getJson<{ events?: ScreeningEvent[] }>(baseUrl + EVENTS_PATH);
  if (events.length === 0) throw new Error('GET /api/events returned no events: is the demo data seeded?');
  return events;
}

/** The first event of the listing, whatever its state: the one `/event/{id}` is weighed on. */
export async function firstEventId(baseUrl: string): Promise<string> {
  return (await listedEvents(baseUrl))[0]!.event_id;
}

/**
 * The event whose slots call is measured: the first in the listing that
 * anyone may book now (public, not for one employer's staff, the card's BOOK
 * state: not passed, places left, booking not yet closed), i.e. an event a
 * member really opens the booking page for. The first public event in the
 * listing is one of today's, ended or closed for booking, whose answer is an
 * empty list; so the chosen event's answer is checked to hold free times.
 */
export async function bookableEventId(baseUrl: string): Promise<string> {
  const now = new Date();
  const event = (await listedEvents(baseUrl)).find((e) => !e.is_private && !isCorporateOnly(e) && cardState(e, now) === 'book');
  if (!event) throw new Error('GET /api/events has no public event open for booking: is the demo data seeded?');
  const slots = await getJson<SlotsByDate>(baseUrl + slotsPath(event.event_id));
  const free = Object.values(slots).reduce((count, day) => count + day.availableTimeSlots.length, 0);
  if (free === 0) throw new Error(`${event.event_name} (${event.event_id}) is open for booking but its slots call lists no free time`);
  return event.event_id;
}
