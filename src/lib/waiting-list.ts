/**
 * The member's place on a full event's waiting list and the offer an
 * emailed link names (/api/waiting-list, docs/decisions/0019). Not saved
 * to the phone: a position changes as others leave, so it is always asked.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyWaitingPlace } from '@/domain/waiting-list';
import type { MyWaitingLists, WaitingOffer } from '@/domain/waiting-list-answers';
import { ACCESS_GRANT_HEADER } from '@/domain/booking';
import { readAccessGrant } from '@/lib/access-grant';
import { memberRequest } from '@/lib/auth';
import { ApiError } from '@/lib/api-client';
import { ensureOnline } from '@/lib/not-sent';

const path = (eventId: string) => `/waiting-list/events/${encodeURIComponent(eventId)}`;
const placeKey = (userId: string, eventId: string) => ['waiting-list', userId, eventId] as const;

const listsKey = (userId: string) => ['waiting-list', userId] as const;

/** Every list he is on, for My bookings. */
export const useMyWaitingLists = (userId: string) =>
  useQuery(
    queryOptions({
      queryKey: listsKey(userId),
      queryFn: async () => (await memberRequest<MyWaitingLists>('GET', '/waiting-list/events')).lists,
      staleTime: 0,
    }),
  );

export const useMyWaitingPlace = (userId: string, eventId: string) =>
  useQuery(queryOptions({ queryKey: placeKey(userId, eventId), queryFn: () => memberRequest<MyWaitingPlace>('GET', path(eventId)), staleTime: 0 }));

/** Joins (a private event's call carries the tab's access grant) or leaves. */
export function useChangeWaitingPlace(userId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: 'join' | 'leave') => {
      await ensureOnline();
      if (action === 'leave') return memberRequest<MyWaitingPlace>('DELETE', path(eventId));
      const grant = readAccessGrant(eventId);
      return memberRequest<MyWaitingPlace>('POST', path(eventId), undefined, undefined, grant ? { [ACCESS_GRANT_HEADER]: grant } : {});
    },
    networkMode: 'always',
    retry: 0,
    onSuccess: (place) => {
      queryClient.setQueryData(placeKey(userId, eventId), place);
      // My bookings' lists change with it.
      void queryClient.invalidateQueries({ queryKey: listsKey(userId), exact: true });
    },
  });
}

/** The offer a signed link names; refused unless it is this member's and still open. */
export const fetchOffer = (token: string) => memberRequest<WaitingOffer>('GET', `/waiting-list/offer?t=${encodeURIComponent(token)}`);

export const offerQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['waiting-list-offer', token] as const,
    queryFn: () => fetchOffer(token),
    staleTime: 0,
    gcTime: 0,
    retry: (count: number, error: Error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    networkMode: 'online',
  });
