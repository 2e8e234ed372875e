/** PUT /api/staff/events/{id}/attendees/{appointmentId}/follow-up: what followed an amber or red result; needs a connection. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowUpAnswer, FollowUpOutcome } from '@/domain/follow-up';
import { memberRequest } from '@/lib/auth';
import { ensureOnline } from '@/lib/not-sent';
import { staffKeys } from '../staff-keys';

export function useSaveFollowUp(userId: string, eventId: string) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    retry: 0,
    mutationFn: async ({ appointmentId, outcome }: { appointmentId: string; outcome: FollowUpOutcome | null }) => {
      await ensureOnline();
      return memberRequest<FollowUpAnswer>(
        'PUT',
        `/staff/events/${encodeURIComponent(eventId)}/attendees/${encodeURIComponent(appointmentId)}/follow-up`,
        { outcome },
      );
    },
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.attendees(userId, eventId) }),
  });
}
