/** GET /api/staff/events and /api/staff/events/{id}: every event, as staff see it. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffEvent } from '@/domain/staff-event-answers';
import { memberRequest } from '@/lib/auth';
import { staffKeys } from '../staff-keys';

export type { StaffEvent } from '@/domain/staff-event-answers';

export const staffEventsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: staffKeys.events(userId),
    queryFn: async () => (await memberRequest<{ events: StaffEvent[] }>('GET', '/staff/events')).events,
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

export const useStaffEvents = (userId: string) => useQuery(staffEventsQueryOptions(userId));
export const useStaffEvent = (userId: string, eventId: string) => useQuery(staffEventQueryOptions(userId, eventId));
