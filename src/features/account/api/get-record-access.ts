/**
 * GET /api/me/record-access: who of the charity's staff has looked at his
 * record (docs/rules.md#record-access). Saved with the rest of his record
 * under his id, so it reads offline too (offlineFirst shows the saved copy
 * and asks the server when it can).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecordAccessAnswer } from '@/domain/record-access';
import { memberRequest } from '@/lib/auth';
import { memberKeys } from '@/lib/member-keys';

export const recordAccessQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: memberKeys.recordAccess(userId),
    queryFn: () => memberRequest<RecordAccessAnswer>('GET', '/me/record-access'),
    staleTime: 0,
    networkMode: 'offlineFirst',
  });

export const useRecordAccess = (userId: string) => useQuery(recordAccessQueryOptions(userId));
