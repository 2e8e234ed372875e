/** GET /api/staff/me: whether the signed-in user may open the console (403 when not staff). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffMe } from '@/domain/staff-me';
import { memberRequest } from '@/lib/auth';
import { staffKeys } from '../staff-keys';

export const staffMeQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: staffKeys.me(userId),
    queryFn: () => memberRequest<StaffMe>('GET', '/staff/me'),
    staleTime: 0,
    // The saved answer lets the console open at a venue with no signal.
    networkMode: 'offlineFirst',
  });

export const useStaffMe = (userId: string) => useQuery(staffMeQueryOptions(userId));
