/**
 * POST /api/medical/consent (signed in): the answers, the event and its
 * date. The server takes the member from the token and checks every rule
 * again; a 422 names the fields.
 */
import { useMutation } from '@tanstack/react-query';
import type { ConsentAnswers, ConsentFiled, ConsentRequest } from '@/domain/consent';
import { consentToSend } from '@/domain/consent-draft';
import { memberRequest } from '@/lib/auth';
import { ensureOnline } from '@/lib/not-sent';

export interface CreateConsentInput {
  eventId: string;
  eventDate: string;
  answers: ConsentAnswers;
}

export async function createConsent({ eventId, eventDate, answers }: CreateConsentInput): Promise<string> {
  await ensureOnline();
  const body: ConsentRequest = { ...consentToSend(answers), eventId, psaTestDate: eventDate };
  const answer = await memberRequest<ConsentFiled>('POST', '/medical/consent', body);
  return answer.consent_id;
}

export const useCreateConsent = () =>
  // Never queued or replayed: the member sees at once whether it was saved.
  useMutation({ mutationFn: createConsent, networkMode: 'always', retry: 0 });
