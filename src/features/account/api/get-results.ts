/** GET /api/medical/results/{profileId}: the member's appointments and lab results, by the profile's random public_id. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberRequest } from '@/lib/auth';
import { askToKeepOnDevice } from '@/lib/device-storage';
import { memberKeys } from '@/lib/member-keys';

export interface MedicalResultItem {
  /** lab_name: absent in a copy saved by an older version of the site, before results named their laboratory. */
  appointment: { event_name: string; product_name: string | null; event_date: string | null; lab_name?: string | null } | null;
  result: {
    test_result: number | null;
    test_unit: string | null;
    comments: string | null;
    sample_date: string | null;
    /** When the next test is due after this result; null for none (absent in a copy saved before results carried a next-test date). */
    next_test_due?: string | null;
  } | null;
}

export const resultsQueryOptions = (userId: string, publicId: string) =>
  queryOptions({
    queryKey: memberKeys.results(userId, publicId),
    queryFn: async () => {
      const { data } = await memberRequest<{ data: MedicalResultItem[] }>('GET', `/medical/results/${encodeURIComponent(publicId)}`);
      // Results are worth keeping through a phone's clean-up.
      if (data.length > 0) askToKeepOnDevice();
      return data;
    },
    staleTime: 0,
    networkMode: 'offlineFirst',
  });

export const useResults = (userId: string, publicId: string | undefined) =>
  useQuery({ ...resultsQueryOptions(userId, publicId ?? ''), enabled: publicId !== undefined });
