/**
 * POST /api/staff/members: staff register a man at a screening venue; he
 * is emailed a link to choose his own password (server/modules/staff/staff-members-routes.ts).
 */
import { useMutation } from '@tanstack/react-query';
import type { RegisteredMember } from '@/domain/registered-member';
import { memberRequest } from '@/lib/auth';
import { ensureOnline } from '@/lib/not-sent';

export type { RegisteredMember } from '@/domain/registered-member';

export function useRegisterMember() {
  return useMutation({
    networkMode: 'always',
    retry: 0,
    mutationFn: async (body: { first_name: string; last_name: string; email: string }) => {
      await ensureOnline();
      return memberRequest<RegisteredMember>('POST', '/staff/members', body);
    },
  });
}
