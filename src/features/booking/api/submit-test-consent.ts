/**
 * POST /api/medical/test-consent (no sign-in): the answers with the four
 * values of the signed link, which the server checks (HMAC over profile and
 * date, with an expiry) so nobody can file consent for someone else by
 * editing a URL.
 */
import { useMutation } from '@tanstack/react-query';
import type { ConsentAnswers } from '../../../domain/consent';
import { consentToSend } from '../../../domain/consent-draft';
import { apiPost } from '../../../lib/api-client';
import { ensureOnline } from '../../../lib/online';

export interface TestConsentLink {
  profile_id: string;
  test_date: string;
  expires: string;
  signature: string;
}

export const TEST_CONSENT_PARAMS = ['profile_id', 'test_date', 'expires', 'signature'] as const;

export async function submitTestConsent(input: { link: TestConsentLink; answers: ConsentAnswers }): Promise<string> {
  await ensureOnline();
  const answer = await apiPost<{ status: 'success'; consent_id: string }>('/medical/test-consent', {
    ...consentToSend(input.answers),
    ...input.link,
  });
  return answer.consent_id;
}

export const useSubmitTestConsent = () =>
  useMutation({ mutationFn: submitTestConsent, networkMode: 'always', retry: 0 });
