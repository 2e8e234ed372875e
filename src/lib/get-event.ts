/**
 * GET /api/events/:id. Always fetched, so a shared link or a reload works;
 * the event passed from a card (or found in a saved list) only fills the
 * page while the fresh copy arrives.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet } from './api-client';
import type { ScreeningEvent } from '../domain/event';
import type { EventAnswer } from '../domain/screening-event';
import { eventKeys } from './event-keys';

export async function fetchEvent(id: string, signal?: AbortSignal): Promise<ScreeningEvent> {
  const body = await apiGet<EventAnswer>(`/events/${encodeURIComponent(id)}`, undefined, { signal });
  return body.event;
}

export function eventQueryOptions(id: string) {
  return queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: ({ signal }) => fetchEvent(id, signal),
    // Always ask the server; the saved or passed-in copy only fills the gap.
    staleTime: 0,
    networkMode: 'offlineFirst',
  });
}

export function useEvent(id: string, fromNavigation?: ScreeningEvent) {
  const queryClient = useQueryClient();
  return useQuery({
    ...eventQueryOptions(id),
    placeholderData: () => {
      if (fromNavigation?.event_id === id) return fromNavigation;
      for (const [, events] of queryClient.getQueriesData<ScreeningEvent[]>({ queryKey: eventKeys.lists() })) {
        const found = events?.find((event) => event.event_id === id);
        if (found) return found;
      }
      return undefined;
    },
  });
}
