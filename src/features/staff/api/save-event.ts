/**
 * The console's event writes: create, edit, cancel and a new access
 * code. Each checks the connection first (nothing is sent offline, what
 * was typed stays) and refreshes the event lists after.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffEventInput } from '@/domain/staff-event';
import { memberRequest } from '@/lib/auth';
import { ensureOnline } from '@/lib/not-sent';
import { staffKeys } from '../staff-keys';
import type { AccessCodeSet, EventCancelled, SavedEvent } from '@/domain/staff-event-answers';

export type { SavedEvent } from '@/domain/staff-event-answers';

export function useSaveEvent(userId: string, eventId: string | null) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    retry: 0,
    mutationFn: async ({ input, accessCode }: { input: StaffEventInput; accessCode: string }) => {
      await ensureOnline();
      const body = { ...input, ...(accessCode.trim() ? { access_code: accessCode.trim() } : {}) };
      return eventId
        ? memberRequest<SavedEvent>('PUT', `/staff/events/${encodeURIComponent(eventId)}`, body)
        : memberRequest<SavedEvent>('POST', '/staff/events', body);
    },
    onSuccess: (saved) => {
      client.setQueryData(staffKeys.event(userId, saved.event.event_id), saved.event);
      void client.invalidateQueries({ queryKey: staffKeys.events(userId) });
    },
  });
}

export function useCancelEvent(userId: string, eventId: string) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    retry: 0,
    mutationFn: async () => {
      await ensureOnline();
      return memberRequest<EventCancelled>('POST', `/staff/events/${encodeURIComponent(eventId)}/cancel`);
    },
    onSuccess: (answer) => {
      client.setQueryData(staffKeys.event(userId, eventId), answer.event);
      void client.invalidateQueries({ queryKey: staffKeys.events(userId) });
      void client.invalidateQueries({ queryKey: staffKeys.attendees(userId, eventId) });
    },
  });
}

export function useNewAccessCode(eventId: string) {
  return useMutation({
    networkMode: 'always',
    retry: 0,
    mutationFn: async (accessCode: string) => {
      await ensureOnline();
      const body = accessCode.trim() ? { access_code: accessCode.trim() } : {};
      return memberRequest<AccessCodeSet>('POST', `/staff/events/${encodeURIComponent(eventId)}/access-code`, body);
    },
  });
}
