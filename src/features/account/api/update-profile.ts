/** PATCH /api/auth/profile: the member's changes; the saved answer replaces the cached profile. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileAnswer, ProfileFields } from '@/domain/member-profile';
import { memberRequest } from '@/lib/auth';
import { ensureOnline } from '@/lib/not-sent';
import { storeProfile } from '../stored-profile';
import { memberKeys } from '@/lib/member-keys';

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: ProfileFields) => {
      // On one bar of signal, check first: the member is told plainly that nothing was sent.
      await ensureOnline();
      return (await memberRequest<ProfileAnswer>('PATCH', '/auth/profile', changes)).userProfile;
    },
    // A profile edit is never replayed later: it is saved now or the member is told it failed.
    networkMode: 'always',
    retry: 0,
    onSuccess: (profile) => {
      queryClient.setQueryData(memberKeys.profile(userId), profile);
      storeProfile(profile);
    },
  });
}
