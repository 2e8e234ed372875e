/** GET /api/medical/results/{profileId}: the member's appointments and lab results, by the profile's random public_id. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MedicalResultsAnswer } from '@/domain/medical-results';
import { memberRequest } from '@/lib/auth';
import { askToKeepOnDevice } from '@/lib/device-storage';
import { memberKeys } from '@/lib/member-keys';

export type { MedicalResultItem } from '@/domain/medical-results';

export const resultsQueryOptions = (userId: string, publicId: string) =>
  queryOptions({
    queryKey: memberKeys.results(userId, publicId),
    queryFn: async () => {
      const { data } = await memberRequest<MedicalResultsAnswer>('GET', `/medical/results/${encodeURIComponent(publicId)}`);
      // Results are worth keeping through a phone's clean-up.
      if (data.length > 0) askToKeepOnDevice();
      return data;
    },
    staleTime: 0,
    networkMode: 'offlineFirst',
  });

export const useResults = (userId: string, publicId: string | undefined) =>
  useQuery({ ...resultsQueryOptions(userId, publicId ?? ''), enabled: publicId !== undefined });
