/** GET /api/auth/profile: the signed-in member's profile. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberProfile } from '../../../domain/member-profile';
import { memberRequest } from '../../../lib/auth';
import { memberKeys } from './member-keys';

export const fetchProfile = async () =>
  (await memberRequest<{ userProfile: MemberProfile }>('GET', '/auth/profile')).userProfile;

export const profileQueryOptions = (userId: string) =>
  queryOptions({ queryKey: memberKeys.profile(userId), queryFn: fetchProfile, networkMode: 'offlineFirst' });

export const useProfile = (userId: string) => useQuery(profileQueryOptions(userId));
