/** GET /api/events: the listing, filtered by the query eventsQuery() built. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { ScreeningEvent } from '@/domain/event';
import type { EventList } from '@/domain/screening-event';
import { eventKeys, type EventsQueryRecord } from '@/lib/event-keys';

export async function fetchEvents(query: EventsQueryRecord, signal?: AbortSignal): Promise<ScreeningEvent[]> {
  const body = await apiGet<EventList>('/events', query, { signal });
  // The server declares its answer (src/domain/event.ts); anything else reached us from elsewhere.
  if (!Array.isArray(body.events)) {
    console.warn('Unexpected response format');
    return [];
  }
  return body.events;
}

export function eventsQueryOptions(query: EventsQueryRecord) {
  return queryOptions({
    queryKey: eventKeys.list(query),
    queryFn: ({ signal }) => fetchEvents(query, signal),
    // Show the saved copy at once when offline instead of waiting on the network.
    // Spaces change as people book: refetch on every visit, show the cached copy meanwhile.
    staleTime: 0,
    networkMode: 'offlineFirst',
  });
}

export function useEvents(query: EventsQueryRecord) {
  return useQuery(eventsQueryOptions(query));
}
