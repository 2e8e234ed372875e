/**
 * GET /api/events/{id}/slots: the free slots, keyed by date. A private
 * event's call carries the tab's access grant in X-Access-Grant.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCESS_GRANT_HEADER } from '@/domain/booking';
import type { SlotsByDate } from '@/domain/slots';
import { readAccessGrant } from '@/lib/access-grant';
import { apiGet } from '@/lib/api-client';
import { bookingKeys } from './booking-keys';

export function fetchSlots(eventId: string, signal?: AbortSignal): Promise<SlotsByDate> {
  const grant = readAccessGrant(eventId);
  return apiGet<SlotsByDate>(`/events/${encodeURIComponent(eventId)}/slots`, undefined, {
    signal,
    headers: grant ? { [ACCESS_GRANT_HEADER]: grant } : undefined,
  });
}

export const slotsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: bookingKeys.slots(eventId),
    queryFn: ({ signal }) => fetchSlots(eventId, signal),
    // Places go quickly: always ask. Offline the query waits (paused) instead of failing after its
    // retries, the slot step says at once that booking needs a connection, and the list comes by
    // itself when the connection does (TanStack Query resumes paused queries when back online).
    staleTime: 0,
    gcTime: 0,
    networkMode: 'online',
  });

export const useSlots = (eventId: string) => useQuery(slotsQueryOptions(eventId));
