/**
 * GET /api/staff/events/{id}/attendees. Persisted with the user's data, so
 * the list opened before leaving for the venue opens there with no signal
 * (offlineFirst shows the saved copy and asks the server when it can).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendeeList } from '@/domain/attendee-list';
import { memberRequest } from '@/lib/auth';
import { staffKeys } from '../staff-keys';

export const attendeesQueryOptions = (userId: string, eventId: string) =>
  queryOptions({
    queryKey: staffKeys.attendees(userId, eventId),
    queryFn: () => memberRequest<AttendeeList>('GET', `/staff/events/${encodeURIComponent(eventId)}/attendees`),
    staleTime: 0,
    networkMode: 'offlineFirst',
  });

export const useAttendees = (userId: string, eventId: string) => useQuery(attendeesQueryOptions(userId, eventId));
