/**
 * GET /api/staff/events a page at a time (src/domain/staff-events-query.ts)
 * and GET /api/staff/events/{id}. The page around today is what the
 * console opens on, kept on the phone for a venue with no signal; pages
 * further back or ahead are read when asked for, each its own query, so
 * each refreshes on its own and an edit refreshes all (staffKeys.events).
 */
import { queryOptions, useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { StaffEvent, StaffEventsPage } from '@/domain/staff-event-answers';
import { staffEventsSearch, type StaffEventsWindow } from '@/domain/staff-events-query';
import { memberRequest } from '@/lib/auth';
import { staffKeys } from '../staff-keys';

export type { StaffEvent } from '@/domain/staff-event-answers';

const AROUND_TODAY: StaffEventsWindow = { around: 'today' };

export const staffEventsPageQueryOptions = (userId: string, window: StaffEventsWindow) =>
  queryOptions({
    queryKey: staffKeys.eventsPage(userId, staffEventsSearch(window) || 'today'),
    queryFn: () => memberRequest<StaffEventsPage>('GET', `/staff/events${staffEventsSearch(window)}`),
    staleTime: 0,
    networkMode: 'offlineFirst',
  });

export const staffEventQueryOptions = (userId: string, eventId: string) =>
  queryOptions({
    queryKey: staffKeys.event(userId, eventId),
    queryFn: async () => (await memberRequest<{ event: StaffEvent }>('GET', `/staff/events/${encodeURIComponent(eventId)}`)).event,
    staleTime: 0,
    networkMode: 'offlineFirst',
  });

export const useStaffEvent = (userId: string, eventId: string) => useQuery(staffEventQueryOptions(userId, eventId));

/** The pages asked for one way: their events, where the next starts (null: no more), and how the last read went. */
export interface MorePages {
  events: StaffEvent[];
  next: string | null;
  loading: boolean;
  error: Error | null;
  retry: () => void;
}

function morePages(pages: UseQueryResult<StaffEventsPage>[], start: string | null, way: 'earlier' | 'later'): MorePages {
  const last = pages.at(-1);
  return {
    events: pages.flatMap((page) => page.data?.events ?? []),
    next: last ? (last.data?.[way] ?? null) : start,
    loading: pages.some((page) => page.isFetching && !page.data),
    error: pages.find((page) => page.error)?.error ?? null,
    retry: () => void last?.refetch(),
  };
}

/**
 * The page around today, and the pages before it (`earlier`: the `before=` days asked for, each the last's
 * `earlier`) and after it (`later`: the `from=` days). `events` is every event read, in date order, each once.
 */
export function useStaffEventPages(userId: string, earlier: readonly string[], later: readonly string[]) {
  const around = useQuery(staffEventsPageQueryOptions(userId, AROUND_TODAY));
  const before = useQueries({ queries: earlier.map((day) => staffEventsPageQueryOptions(userId, { before: day })) });
  const after = useQueries({ queries: later.map((day) => staffEventsPageQueryOptions(userId, { from: day })) });
  const back = morePages(before, around.data?.earlier ?? null, 'earlier');
  const ahead = morePages(after, around.data?.later ?? null, 'later');
  // Earliest pages first; an event moved to another day between two reads is kept once, as last read.
  const inOrder = [...[...before].reverse().flatMap((page) => page.data?.events ?? []), ...(around.data?.events ?? []), ...ahead.events];
  const events = [...new Map(inOrder.map((event) => [event.event_id, event])).values()];
  return { around, events, back, ahead };
}
