/**
 * GET /api/medical/rule: the clinical rule results are banded by now
 * (docs/rules.md#clinical-rules), for the background of his PSA chart and
 * the GP letter's note of today's bands. His results carry their own band.
 * Saved with his results, so both read offline.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentRuleAnswer } from '@/domain/clinical-rule';
import { memberRequest } from '@/lib/auth';
import { memberKeys } from '@/lib/member-keys';

export const clinicalRuleQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: memberKeys.clinicalRule(userId),
    queryFn: () => memberRequest<CurrentRuleAnswer>('GET', '/medical/rule'),
    staleTime: 0,
    networkMode: 'offlineFirst',
  });

export const useClinicalRule = (userId: string) => useQuery(clinicalRuleQueryOptions(userId));
