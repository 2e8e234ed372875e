/**
 * GET /api/appointments: the member's own bookings, read by My bookings
 * (account) and by /book-event (booking), which tells a member who is
 * already booked for the event so, with his time, instead of booking
 * again. One query options object, so the key and its fetcher are written
 * once. Saved to IndexedDB under the member's id (a 'member' key), so My
 * bookings opens offline; wiped on sign-out with the rest of his data.
 */
import { queryOptions } from '@tanstack/react-query';
import type { AppointmentsAnswer } from '../domain/booking';
import { memberRequest } from './auth';
import { askToKeepOnDevice } from './device-storage';
import { memberKeys } from './member-keys';

export const appointmentsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: memberKeys.appointments(userId),
    queryFn: async () => {
      const { appointments } = await memberRequest<AppointmentsAnswer>('GET', '/appointments');
      // A booking is worth keeping through a phone's clean-up until the day.
      if (appointments.length > 0) askToKeepOnDevice();
      return appointments;
    },
    // The saved copy shows at once; the server's is always asked for.
    staleTime: 0,
    networkMode: 'offlineFirst',
  });
