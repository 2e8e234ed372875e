/**
 * Lines of the lab's results file held for checking, and the tube a sample
 * id names (docs/rules.md#results-entry). Read when the page opens and never
 * saved to the phone: they carry PSA values, NHS numbers and dates of birth.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResultHoldCounts, ResultHoldResolved, ResultHoldsAnswer, SampleLookup } from '@/domain/result-holds';
import { memberRequest } from '@/lib/auth';
import { ensureOnline } from '@/lib/not-sent';
import { staffKeys } from '../staff-keys';

const eventPath = (eventId: string) => `/staff/events/${encodeURIComponent(eventId)}`;

export const useResultHolds = (userId: string, eventId: string) =>
  useQuery({
    queryKey: staffKeys.resultHolds(userId, eventId),
    queryFn: () => memberRequest<ResultHoldsAnswer>('GET', `${eventPath(eventId)}/result-holds`),
    staleTime: 0,
  });

export const useResultHoldCounts = (userId: string) =>
  useQuery({
    queryKey: staffKeys.resultHoldCounts(userId),
    queryFn: () => memberRequest<ResultHoldCounts>('GET', '/staff/result-holds'),
    staleTime: 0,
  });

/** The booking of this event whose tube carries `sampleId` (already checked by its check character). */
export async function lookUpSample(eventId: string, sampleId: string): Promise<SampleLookup['sample']> {
  await ensureOnline();
  return (await memberRequest<SampleLookup>('GET', `${eventPath(eventId)}/samples/${encodeURIComponent(sampleId)}`)).sample;
}

export type ResolveHold = { holdId: string } & ({ action: 'attach'; sample_id: string; confirm: true } | { action: 'discard'; reason: string });

export function useResolveHold(userId: string, eventId: string) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    retry: 0,
    mutationFn: async ({ holdId, ...body }: ResolveHold) => {
      await ensureOnline();
      return memberRequest<ResultHoldResolved>('POST', `${eventPath(eventId)}/result-holds/${encodeURIComponent(holdId)}/resolve`, body);
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: staffKeys.resultHolds(userId, eventId) }),
        client.invalidateQueries({ queryKey: staffKeys.resultHoldCounts(userId) }),
        client.invalidateQueries({ queryKey: staffKeys.attendees(userId, eventId) }),
      ]),
  });
}
