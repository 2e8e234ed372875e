/**
 * GET /api/staff/jobs/failures and POST /api/staff/jobs/{kind}/{id}/retry:
 * the emails, refunds and PayPal notifications the server could not deal
 * with, newest first a page at a time, and trying one again.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobFailure, JobFailuresAnswer } from '@/domain/job-failures';
import type { RetryAnswer } from '@/domain/job-retry';
import { memberRequest } from '@/lib/auth';
import { ensureOnline } from '@/lib/not-sent';
import { staffKeys } from '../staff-keys';

export type { JobFailure, RetryAnswer };

/** The newest failures, a page at a time (FAILURES_PAGE); each refresh reads again every page shown. */
export function useJobFailures(userId: string) {
  return useInfiniteQuery({
    queryKey: staffKeys.failures(userId),
    queryFn: ({ pageParam }) =>
      memberRequest<JobFailuresAnswer>('GET', `/staff/jobs/failures${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.older,
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

export function useRetryJob(userId: string) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    retry: 0,
    mutationFn: async (job: Pick<JobFailure, 'kind' | 'id'>) => {
      await ensureOnline();
      return memberRequest<RetryAnswer>('POST', `/staff/jobs/${encodeURIComponent(job.kind)}/${encodeURIComponent(job.id)}/retry`);
    },
    onSettled: () => client.invalidateQueries({ queryKey: staffKeys.failures(userId) }),
  });
}
