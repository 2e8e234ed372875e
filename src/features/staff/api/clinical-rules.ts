/**
 * The clinical rule (docs/rules.md#clinical-rules): the current version and
 * every version (GET /api/staff/clinical-rules), and saving a new one, which
 * needs a connection and names the version it was made from.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClinicalRule, ClinicalRulesAnswer, SavedRuleAnswer } from '@/domain/clinical-rule';
import { memberRequest } from '@/lib/auth';
import { ensureOnline } from '@/lib/not-sent';
import { staffKeys } from '../staff-keys';

export const useClinicalRules = (userId: string) =>
  useQuery({
    queryKey: staffKeys.clinicalRules(userId),
    queryFn: () => memberRequest<ClinicalRulesAnswer>('GET', '/staff/clinical-rules'),
    staleTime: 0,
    networkMode: 'offlineFirst',
  });

export function useSaveRule(userId: string) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    retry: 0,
    mutationFn: async (body: { based_on_version: number; rule: ClinicalRule; reason: string }) => {
      await ensureOnline();
      return memberRequest<SavedRuleAnswer>('POST', '/staff/clinical-rules', body);
    },
    // Saved or refused as out of date: either way the page shows the rule as it now is.
    onSettled: () => client.invalidateQueries({ queryKey: staffKeys.clinicalRules(userId) }),
  });
}
