/**
 * POST /api/medical/test-consent (no sign-in): the answers with the four
 * values of the signed link, which the server checks (HMAC over profile and
 * date, with an expiry) so nobody can file consent for someone else by
 * editing a URL.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ConsentAnswers, ConsentFiled, TestConsentLinkAnswer } from '@/domain/consent';
import { consentToSend } from '@/domain/consent-draft';
import { apiGet, apiPost } from '@/lib/api-client';
import { ensureOnline } from '@/lib/not-sent';

export interface TestConsentLink {
  profile_id: string;
  test_date: string;
  expires: string;
  signature: string;
}

export const TEST_CONSENT_PARAMS = ['profile_id', 'test_date', 'expires', 'signature'] as const;

/**
 * GET /api/medical/test-consent?(the link's values): 200 while the link is
 * good, 403 when it is altered or expired, so the page can say so before a
 * man fills in the form. Never saved ('booking' keys are not persisted).
 */
export const useTestConsentLink = (link: TestConsentLink) =>
  useQuery({
    queryKey: ['booking', 'test-consent-link', link],
    queryFn: ({ signal }) => apiGet<TestConsentLinkAnswer>('/medical/test-consent', { ...link }, { signal }),
    staleTime: Infinity,
    retry: false,
  });

export async function submitTestConsent(input: { link: TestConsentLink; answers: ConsentAnswers }): Promise<string> {
  await ensureOnline();
  const answer = await apiPost<ConsentFiled>('/medical/test-consent', {
    ...consentToSend(input.answers),
    ...input.link,
  });
  return answer.consent_id;
}

export const useSubmitTestConsent = () =>
  useMutation({ mutationFn: submitTestConsent, networkMode: 'always', retry: 0 });
