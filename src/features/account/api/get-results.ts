/** GET /api/medical/results/{profileId}: the member's appointments and lab results. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberRequest } from '../../../lib/auth';
import { memberKeys } from '../../../lib/member-keys';

export interface MedicalResultItem {
  appointment: { event_name: string; product_name: string | null; event_date: string | null } | null;
  result: { test_result: number | null; test_unit: string | null; comments: string | null; sample_date: string | null } | null;
}

export const resultsQueryOptions = (userId: string, profileId: number) =>
  queryOptions({
    queryKey: memberKeys.results(userId, profileId),
    queryFn: async () => (await memberRequest<{ data: MedicalResultItem[] }>('GET', `/medical/results/${profileId}`)).data,
    staleTime: 0,
    networkMode: 'offlineFirst',
  });

export const useResults = (userId: string, profileId: number | undefined) =>
  useQuery({ ...resultsQueryOptions(userId, profileId ?? 0), enabled: profileId !== undefined });
