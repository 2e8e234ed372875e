/**
 * GET /api/events/{id}/slots: the free slots, keyed by date. A private
 * event's call carries the tab's access grant in X-Access-Grant.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCESS_GRANT_HEADER } from '../../../domain/booking';
import type { SlotsByDate } from '../../../domain/slots';
import { readAccessGrant } from '../../../lib/access-grant';
import { apiGet } from '../../../lib/api-client';
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
    // Places go quickly: always ask, and fail rather than wait silently offline.
    staleTime: 0,
    gcTime: 0,
    networkMode: 'always',
  });

export const useSlots = (eventId: string) => useQuery(slotsQueryOptions(eventId));
