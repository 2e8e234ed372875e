/** A member's consent for an event, and a signed /test-consent link for them. */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ConsentLinkAnswer, StaffConsent } from '@/domain/staff-consent';
import { memberRequest } from '@/lib/auth';
import { ensureOnline } from '@/lib/not-sent';
import { staffKeys } from '../staff-keys';

export type { StaffConsent } from '@/domain/staff-consent';

const base = (eventId: string, appointmentId: string) =>
  `/staff/events/${encodeURIComponent(eventId)}/attendees/${encodeURIComponent(appointmentId)}`;

export const consentQueryOptions = (userId: string, eventId: string, appointmentId: string) =>
  queryOptions({
    queryKey: staffKeys.consent(userId, eventId, appointmentId),
    queryFn: async () => (await memberRequest<{ consent: StaffConsent | null }>('GET', `${base(eventId, appointmentId)}/consent`)).consent,
    staleTime: 0,
  });

export const useConsent = (userId: string, eventId: string, appointmentId: string) => useQuery(consentQueryOptions(userId, eventId, appointmentId));

export function useConsentLink(eventId: string, appointmentId: string) {
  return useMutation({
    networkMode: 'always',
    retry: 0,
    mutationFn: async () => {
      await ensureOnline();
      return memberRequest<ConsentLinkAnswer>('POST', `${base(eventId, appointmentId)}/consent-link`);
    },
  });
}
