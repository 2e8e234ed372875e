/**
 * GET /api/staff/jobs/failures and POST /api/staff/jobs/{kind}/{id}/retry:
 * the emails, refunds and PayPal notifications the server could not deal
 * with, and trying one again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobFailure, JobFailuresAnswer } from '@/domain/job-failures';
import type { RetryAnswer } from '@/domain/job-retry';
import { memberRequest } from '@/lib/auth';
import { ensureOnline } from '@/lib/not-sent';
import { staffKeys } from '../staff-keys';

export type { JobFailure, RetryAnswer };

export function useJobFailures(userId: string) {
  return useQuery({
    queryKey: staffKeys.failures(userId),
    queryFn: async () => (await memberRequest<JobFailuresAnswer>('GET', '/staff/jobs/failures')).failures,
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
