/**
 * POST /api/staff/events/{id}/walk-ins: a walk-in registered and booked on
 * the day, answered with his ticket (server/modules/staff/staff-walk-ins-routes.ts).
 * It needs the network: nothing is queued on the phone, since the server
 * decides his account, the places and his ticket. Once it answers, the
 * event's attendee list is fetched again before his ticket shows, so the
 * door's saved copy holds him.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsentAnswers } from '@/domain/consent';
import type { WalkInAnswer } from '@/domain/walk-in-answer';
import { memberRequest } from '@/lib/auth';
import { ensureOnline } from '@/lib/not-sent';
import { attendeesQueryOptions } from './attendees';

export type { WalkInAnswer } from '@/domain/walk-in-answer';

export interface WalkInBody {
  first_name: string;
  last_name: string;
  email: string;
  date_of_birth: string;
  nhs_number: string;
  phone: string;
  home_address: string;
  /** HH:mm, or '' for the next time with a place. */
  slot: string;
  existing_account: boolean;
  consent: ConsentAnswers;
}

export function useRegisterWalkIn(userId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    retry: 0,
    mutationFn: async (body: WalkInBody) => {
      await ensureOnline();
      return memberRequest<WalkInAnswer>('POST', `/staff/events/${encodeURIComponent(eventId)}/walk-ins`, body);
    },
    // The list is fetched before his ticket shows, so the door finds his code straight after (a list fetched later
    // raced the first code typed). A failure to fetch it leaves the saved list stale, never the registration failed.
    onSuccess: () => queryClient.fetchQuery({ ...attendeesQueryOptions(userId, eventId), staleTime: 0 }).catch(() => undefined),
  });
}
