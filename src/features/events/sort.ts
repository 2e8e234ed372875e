import { eventStart, hasEnded } from '../../domain/event-card';
import { type ScreeningEvent } from '../../domain/event';

/** Soonest start first; events with the same start keep the server's order. */
export function byStart(events: readonly ScreeningEvent[]): ScreeningEvent[] {
  const starts = new Map(events.map((event) => [event, eventStart(event).getTime()]));
  return [...events].sort((a, b) => starts.get(a)! - starts.get(b)!);
}

/**
 * Events still to finish, soonest first. The server lists no ended event;
 * this drops one that ends while the page stays open, or from a copy saved
 * before it ended and shown offline.
 */
export function notEnded(events: readonly ScreeningEvent[], now: Date): ScreeningEvent[] {
  return byStart(events).filter((event) => !hasEnded(event, now));
}

/**
 * Events still to finish, in the order the server gave: a recall
 * invitation's events, nearest to him first, as his email lists them.
 */
export function notEndedInOrder(events: readonly ScreeningEvent[], now: Date): ScreeningEvent[] {
  return events.filter((event) => !hasEnded(event, now));
}

/** Events that have not yet started (the home page's UPCOMING EVENTS). */
export function notStarted(events: readonly ScreeningEvent[], now: Date): ScreeningEvent[] {
  return byStart(events).filter((event) => eventStart(event).getTime() >= now.getTime());
}

/** Events still to finish that have a place on the map. */
export function mappable(events: readonly ScreeningEvent[], now: Date): ScreeningEvent[] {
  return events.filter(
    (event) =>
      !hasEnded(event, now) &&
      typeof event.latitude === 'number' &&
      typeof event.longitude === 'number' &&
      Number.isFinite(event.latitude) &&
      Number.isFinite(event.longitude),
  );
}
