/**
 * The events list's filters (docs/rules.md#event-filters, GET /events) and what
 * each date choice means (docs/decisions/0004-date-filter-semantics.md). Shared
 * by the filter card that builds the query and the server that answers it.
 */
import { EVENT_CATEGORIES, type EventCategory } from './event';
import { addDays, addMonths, londonDate } from './london-time';

export const DATE_FILTERS = ['today', 'next-week', 'next-month', 'future-events'] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];

export const DATE_FILTER_LABELS: Record<DateFilter, string> = {
  today: "What's on today",
  'next-week': "What's on next week",
  'next-month': "What's on next month",
  'future-events': 'All Future Events',
};

export interface EventFilters {
  categories?: readonly EventCategory[];
  location?: string;
  date?: DateFilter;
  /** Exactly these events (a recall invitation's link, docs/decisions/0020); the other filters then do not apply. */
  events?: readonly string[];
}

/** The query parameter of a list of events by id, and how many it may name. */
export const EVENTS_PARAM = 'events';
export const EVENTS_PARAM_MAX = 10;
const EVENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The ids of an `events` value (comma list), lower-cased and deduplicated; null when any is not an id or there are too many. */
export function parseEventIds(value: string): string[] | null {
  const ids = [...new Set(value.split(',').map((v) => v.trim().toLowerCase()).filter(Boolean))];
  return ids.length <= EVENTS_PARAM_MAX && ids.every((id) => EVENT_ID.test(id)) ? ids : null;
}

/** The public listing showing exactly these events: a link anyone can open and share. */
export function listingOfEvents(ids: readonly string[]): string {
  return `/book-event-main?${EVENTS_PARAM}=${ids.join(',')}`;
}

export function isDateFilter(value: string): value is DateFilter {
  return (DATE_FILTERS as readonly string[]).includes(value);
}

export function isEventCategory(value: string): value is EventCategory {
  return (EVENT_CATEGORIES as readonly string[]).includes(value);
}

/**
 * The inclusive range of UK calendar dates a date filter covers. `to` is
 * null for 'future-events', which instead keeps every event not yet ended.
 */
export function dateRange(filter: DateFilter, now: Date): { from: string; to: string | null } {
  const today = londonDate(now);
  switch (filter) {
    case 'today':
      return { from: today, to: today };
    case 'next-week':
      return { from: today, to: addDays(today, 7) };
    case 'next-month':
      return { from: today, to: addMonths(today, 1) };
    case 'future-events':
      return { from: today, to: null };
  }
}

/**
 * Query parameters for GET /events: `for` is omitted when no type or every
 * type is ticked; empty values are dropped; a list of events stands alone.
 */
export function eventsQuery(filters: EventFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.events && filters.events.length > 0) return { [EVENTS_PARAM]: filters.events.join(',') };
  const categories = EVENT_CATEGORIES.filter((c) => filters.categories?.includes(c));
  if (categories.length > 0 && categories.length < EVENT_CATEGORIES.length) query.for = categories.join(',');
  const location = filters.location?.trim();
  if (location) query.location = location;
  if (filters.date) query.date = filters.date;
  return query;
}
