/** GET /api/auth/profile: the signed-in member's profile. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberProfile } from '../../../domain/member-profile';
import { memberRequest } from '../../../lib/auth';
import { memberKeys } from '../../../lib/member-keys';

export const fetchProfile = async () =>
  (await memberRequest<{ userProfile: MemberProfile }>('GET', '/auth/profile')).userProfile;

export const profileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: memberKeys.profile(userId),
    queryFn: fetchProfile,
    // The saved copy shows at once; the server's is always asked for (another device may have changed it).
    staleTime: 0,
    networkMode: 'offlineFirst',
  });

export const useProfile = (userId: string) => useQuery(profileQueryOptions(userId));
