/**
 * The Staff page's calls (server/modules/staff/staff-accounts.ts): staff
 * accounts and their roles, an admin granting, changing or removing one
 * or resetting a lost authenticator,
 * the volunteers assigned to an event, and a volunteer's own events of
 * today. Accounts and volunteers are read when the page opens and never
 * saved to the phone; a volunteer's events are, so the door opens offline.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventVolunteers, RoleChanged, SecondFactorReset, StaffAccountsAnswer } from '@/domain/staff-accounts';
import type { StaffEvent } from '@/domain/staff-event-answers';
import type { StaffRole } from '@/domain/staff-roles';
import { memberRequest } from '@/lib/auth';
import { ensureOnline } from '@/lib/not-sent';
import { staffKeys } from '../staff-keys';

export const useStaffAccounts = (userId: string) =>
  useQuery({
    queryKey: staffKeys.accounts(userId),
    queryFn: async () => (await memberRequest<StaffAccountsAnswer>('GET', '/staff/accounts')).accounts,
    staleTime: 0,
    retry: false,
  });

export function useSetRole(userId: string) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    retry: 0,
    mutationFn: async (body: { email: string; role: StaffRole | null }) => {
      await ensureOnline();
      return memberRequest<RoleChanged>('PUT', '/staff/accounts/role', body);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.accounts(userId) }),
  });
}

/** A lost phone: his authenticators removed and his sessions ended (docs/rules.md#second-factor). */
export function useResetSecondFactor(userId: string) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    retry: 0,
    mutationFn: async (email: string) => {
      await ensureOnline();
      return memberRequest<SecondFactorReset>('POST', '/staff/accounts/second-factor/reset', { email });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.accounts(userId) }),
  });
}

const volunteersPath = (eventId: string) => `/staff/events/${encodeURIComponent(eventId)}/volunteers`;

export const useEventVolunteers = (userId: string, eventId: string) =>
  useQuery({
    queryKey: staffKeys.volunteers(userId, eventId),
    queryFn: async () => (await memberRequest<EventVolunteers>('GET', volunteersPath(eventId))).volunteers,
    staleTime: 0,
    retry: false,
  });

export function useAssignVolunteer(userId: string, eventId: string) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    retry: 0,
    mutationFn: async (change: { assign: string } | { unassign: string }) => {
      await ensureOnline();
      return 'assign' in change
        ? memberRequest<EventVolunteers>('POST', volunteersPath(eventId), { email: change.assign })
        : memberRequest<EventVolunteers>('DELETE', `${volunteersPath(eventId)}/${encodeURIComponent(change.unassign)}`);
    },
    onSuccess: (answer) => client.setQueryData(staffKeys.volunteers(userId, eventId), answer.volunteers),
  });
}

export const myEventsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: staffKeys.myEvents(userId),
    queryFn: async () => (await memberRequest<{ events: StaffEvent[] }>('GET', '/staff/me/events')).events,
    staleTime: 0,
    networkMode: 'offlineFirst',
  });

export const useMyEvents = (userId: string) => useQuery(myEventsQueryOptions(userId));
