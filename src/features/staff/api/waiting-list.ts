/** GET /api/staff/events/{id}/waiting-list: the event's waiting list and its offers (docs/decisions/0019). */
import { useQuery } from '@tanstack/react-query';
import type { StaffWaitingList } from '@/domain/staff-waiting-list';
import { memberRequest } from '@/lib/auth';
import { staffKeys } from '../staff-keys';

export const useStaffWaitingList = (userId: string, eventId: string) =>
  useQuery({
    queryKey: staffKeys.waitingList(userId, eventId),
    queryFn: async () =>
      (await memberRequest<StaffWaitingList>('GET', `/staff/events/${encodeURIComponent(eventId)}/waiting-list`)).entries,
    staleTime: 0,
  });
