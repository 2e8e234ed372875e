/**
 * The listing's filters as the filter card holds them, and their round trip
 * through the page URL, so a reload or a shared link keeps the search. The
 * URL holds exactly the API query that eventsQuery() builds.
 */
import { EVENT_CATEGORIES, type EventCategory } from '../../domain/event';
import {
  EVENTS_PARAM,
  eventsQuery,
  isDateFilter,
  isEventCategory,
  parseEventIds,
  type DateFilter,
  type EventFilters,
} from '../../domain/event-filters';

export type FilterTab = 'date' | 'location';

export interface FilterForm {
  tab: FilterTab;
  date: DateFilter | '';
  location: string;
  categories: EventCategory[];
}

export const CATEGORY_LABELS: Record<EventCategory, string> = {
  community: 'Community',
  freemasons: 'Freemasons',
  corporate: 'Corporate',
};

export const LOCATION_MAX_LENGTH = 100;

export function formFromSearch(params: URLSearchParams): FilterForm {
  const date = params.get('date') ?? '';
  const location = (params.get('location') ?? '').slice(0, LOCATION_MAX_LENGTH);
  const ticked = (params.get('for') ?? '').split(',').filter(isEventCategory);
  return {
    tab: location && !date ? 'location' : 'date',
    date: isDateFilter(date) ? date : '',
    location,
    categories: EVENT_CATEGORIES.filter((c) => ticked.includes(c)),
  };
}

/** Search applies the open tab's filter (date or place) plus the ticked types. */
export function filtersFromForm(form: FilterForm): EventFilters {
  return form.tab === 'date'
    ? { categories: form.categories, date: form.date || undefined }
    : { categories: form.categories, location: form.location };
}

/** The events the URL names (a recall invitation's link), or null when it names none or names them wrongly. */
export function eventsFromSearch(params: URLSearchParams): string[] | null {
  const ids = parseEventIds(params.get(EVENTS_PARAM) ?? '');
  return ids && ids.length > 0 ? ids : null;
}

/** The API query for the filters currently in the URL; a list of events stands alone. */
export function queryFromSearch(params: URLSearchParams): Record<string, string> {
  const events = eventsFromSearch(params);
  if (events) return eventsQuery({ events });
  const form = formFromSearch(params);
  return eventsQuery({ categories: form.categories, date: form.date || undefined, location: form.location });
}
