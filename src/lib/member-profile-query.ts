/**
 * GET /api/auth/profile, shared by the account pages and the booking
 * screens: the signed-in member's profile, and whether the account has
 * none yet (404 profile_not_found, server/modules/members/profile-routes.ts), which sends
 * the member to the details step (/complete-profile).
 */
import { queryOptions } from '@tanstack/react-query';
import type { ProfileAnswer } from '../domain/member-profile';
import { ApiError } from './api-client';
import { memberRequest } from './auth';
import { memberKeys } from './member-keys';

export const fetchProfile = async () =>
  (await memberRequest<ProfileAnswer>('GET', '/auth/profile')).userProfile;

export const profileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: memberKeys.profile(userId),
    queryFn: fetchProfile,
    // The saved copy shows at once; the server's is always asked for (another device may have changed it).
    staleTime: 0,
    networkMode: 'offlineFirst',
  });

/** The account exists but its profile was never made (sign-up interrupted, or an address confirmed elsewhere). */
export function isProfileMissing(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404 && error.code === 'profile_not_found';
}
