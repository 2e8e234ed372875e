/** A result typed for one attendee, and the lab's CSV file: both need a connection and refresh the list. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecallAnswer, ResultSavedAnswer, ResultsCsvAnswer } from '@/domain/staff-result-answers';
import { memberRequest } from '@/lib/auth';
import { ensureOnline } from '@/lib/not-sent';
import { staffKeys } from '../staff-keys';

export function useSaveResult(userId: string, eventId: string) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    retry: 0,
    mutationFn: async ({ appointmentId, value, comment }: { appointmentId: string; value: string; comment: string }) => {
      await ensureOnline();
      return memberRequest<ResultSavedAnswer>(
        'PUT',
        `/staff/events/${encodeURIComponent(eventId)}/attendees/${encodeURIComponent(appointmentId)}/result`,
        { test_result: value.trim(), comments: comment.trim() || null },
      );
    },
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.attendees(userId, eventId) }),
  });
}

/** Staff's interval to the next test for one result (1 to 60 months), or null for the rule's (docs/decisions/0017). */
export function useSaveRecall(userId: string, eventId: string) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    retry: 0,
    mutationFn: async ({ appointmentId, months }: { appointmentId: string; months: number | null }) => {
      await ensureOnline();
      return memberRequest<RecallAnswer>(
        'PUT',
        `/staff/events/${encodeURIComponent(eventId)}/attendees/${encodeURIComponent(appointmentId)}/recall`,
        { months },
      );
    },
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.attendees(userId, eventId) }),
  });
}

export function useUploadResults(userId: string, eventId: string) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    retry: 0,
    mutationFn: async (csv: string) => {
      await ensureOnline();
      return memberRequest<ResultsCsvAnswer>('POST', `/staff/events/${encodeURIComponent(eventId)}/results.csv`, csv, 'text/csv');
    },
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.attendees(userId, eventId) }),
  });
}
