/** A result typed for one attendee, and the lab's CSV file: both need a connection and refresh the list (and the lines held for checking). */
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
    mutationFn: async ({
      appointmentId,
      value,
      comment,
      sampleId,
      replaces,
    }: {
      appointmentId: string;
      value: string;
      comment: string;
      sampleId?: string | null;
      /** The value of the result the form showed, which this one corrects; null for his first. */
      replaces: number | null;
    }) => {
      await ensureOnline();
      return memberRequest<ResultSavedAnswer>(
        'PUT',
        `/staff/events/${encodeURIComponent(eventId)}/attendees/${encodeURIComponent(appointmentId)}/result`,
        // The tube's id, when the form was opened from it: the server refuses it unless it is his.
        { test_result: value.trim(), comments: comment.trim() || null, replaces, ...(sampleId ? { sample_id: sampleId } : {}) },
      );
    },
    // Refused because his result changed meanwhile, the list is read again so the form shows the result it would replace.
    onSettled: () => client.invalidateQueries({ queryKey: staffKeys.attendees(userId, eventId) }),
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
    /** `confirmProfileIds`: staff have read the warning that member ids have no check character. */
    mutationFn: async ({ csv, confirmProfileIds = false }: { csv: string; confirmProfileIds?: boolean }) => {
      await ensureOnline();
      const query = confirmProfileIds ? '?confirm_profile_ids=1' : '';
      return memberRequest<ResultsCsvAnswer>('POST', `/staff/events/${encodeURIComponent(eventId)}/results.csv${query}`, csv, 'text/csv');
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: staffKeys.attendees(userId, eventId) }),
        client.invalidateQueries({ queryKey: staffKeys.resultHolds(userId, eventId) }),
        client.invalidateQueries({ queryKey: staffKeys.resultHoldCounts(userId) }),
      ]),
  });
}
