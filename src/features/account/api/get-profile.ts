/** GET /api/auth/profile: the signed-in member's profile. */
import { useQuery } from '@tanstack/react-query';
import { profileQueryOptions } from '@/lib/member-profile-query';

export { fetchProfile, profileQueryOptions } from '@/lib/member-profile-query';

export const useProfile = (userId: string) => useQuery(profileQueryOptions(userId));
