/**
 * GET /api/events/{id}/slots: the free slots, keyed by date. A private
 * event's call carries the tab's access grant in X-Access-Grant.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOffer, offerQueryOptions } from '@/lib/waiting-list';
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

/**
 * The free slots; with `offer` (the token of a waiting-list offer's link),
 * the slots as the member offered the place may book them, his held place
 * included.
 */
export function useSlots(eventId: string, offer?: string | null) {
  return useQuery<SlotsByDate>({
    queryKey: offer ? ['waiting-list-offer', offer, 'slots'] : bookingKeys.slots(eventId),
    queryFn: ({ signal }) => (offer ? fetchOffer(offer).then((o) => o.slots) : fetchSlots(eventId, signal)),
    staleTime: 0,
    gcTime: 0,
    networkMode: 'online',
    // A refused link (not his, ended, altered) is the answer: no retries.
    retry: offer ? offerQueryOptions(offer).retry : 3,
  });
}
