/**
 * POST /api/events/{id}/check-access-code: a right code gives a grant that
 * the slots call and the booking carry; a wrong one is 403 'Invalid Access
 * code'; too many tries, 429 with the server's words.
 */
import { useMutation } from '@tanstack/react-query';
import type { AccessCodeRequest } from '@/domain/booking';
import type { AccessCodeGrant } from '@/domain/booking-request';
import { apiPost } from '@/lib/api-client';
import { saveAccessGrant } from '@/lib/access-grant';
import { ensureOnline } from '@/lib/not-sent';

export async function checkAccessCode(eventId: string, accessCode: string): Promise<string> {
  await ensureOnline();
  const body: AccessCodeRequest = { access_code: accessCode };
  const answer = await apiPost<AccessCodeGrant>(
    `/events/${encodeURIComponent(eventId)}/check-access-code`,
    body,
  );
  return answer.access_grant;
}

export function useCheckAccessCode(eventId: string) {
  return useMutation({
    mutationFn: (accessCode: string) => checkAccessCode(eventId, accessCode),
    // A code check is sent now or not at all: never queued for later.
    networkMode: 'always',
    retry: 0,
    onSuccess: (grant) => saveAccessGrant(eventId, grant),
  });
}
