/** GET and PUT /api/email-choices: which optional emails the member gets (docs/decisions/0018-email-choices-and-unsubscribe.md). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailChoices, EmailChoicesAnswer } from '@/domain/email-choices';
import { memberRequest } from '@/lib/auth';
import { memberKeys } from '@/lib/member-keys';
import { ensureOnline } from '@/lib/not-sent';

export const emailChoicesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: memberKeys.emailChoices(userId),
    queryFn: async () => (await memberRequest<EmailChoicesAnswer>('GET', '/email-choices')).choices,
    staleTime: 0,
  });

export const useEmailChoices = (userId: string) => useQuery(emailChoicesQueryOptions(userId));

export function useSaveEmailChoices(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (choices: EmailChoices) => {
      await ensureOnline();
      return (await memberRequest<EmailChoicesAnswer>('PUT', '/email-choices', choices)).choices;
    },
    networkMode: 'always',
    retry: 0,
    onSuccess: (choices) => queryClient.setQueryData(memberKeys.emailChoices(userId), choices),
  });
}
