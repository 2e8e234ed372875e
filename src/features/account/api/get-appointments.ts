/**
 * GET /api/appointments: the member's own bookings. Saved to IndexedDB
 * under the member's id (a 'member' key), so My bookings opens offline;
 * wiped on sign-out with the rest of the member's data.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Appointment } from '../../../domain/booking';
import { memberRequest } from '../../../lib/auth';
import { askToKeepOnDevice } from '../../../lib/device-storage';
import { memberKeys } from '../../../lib/member-keys';

export const appointmentsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: memberKeys.appointments(userId),
    queryFn: async () => {
      const { appointments } = await memberRequest<{ appointments: Appointment[] }>('GET', '/appointments');
      // A booking is worth keeping through a phone's clean-up until the day.
      if (appointments.length > 0) askToKeepOnDevice();
      return appointments;
    },
    // The saved copy shows at once; the server's is always asked for.
    staleTime: 0,
    networkMode: 'offlineFirst',
  });

export const useAppointments = (userId: string) => useQuery(appointmentsQueryOptions(userId));
