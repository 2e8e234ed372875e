/** GET /api/appointments/{id}: one of the member's own bookings (another member's id is 404). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppointmentAnswer } from '@/domain/booking';
import { memberRequest } from '@/lib/auth';
import { memberKeys } from '@/lib/member-keys';

export const appointmentQueryOptions = (userId: string, appointmentId: string) =>
  queryOptions({
    queryKey: memberKeys.appointment(userId, appointmentId),
    queryFn: async () =>
      (await memberRequest<AppointmentAnswer>('GET', `/appointments/${encodeURIComponent(appointmentId)}`)).appointment,
    networkMode: 'offlineFirst',
  });

export const useAppointment = (userId: string, appointmentId: string) =>
  useQuery(appointmentQueryOptions(userId, appointmentId));
