/**
 * POST /api/appointments (signed in): event, slot, consent and any access
 * grant. The server derives price, name and place, and decides; a refusal
 * carries a code from BOOKING_REFUSALS and words a person can read.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingRequest, BookingSuccess } from '@/domain/booking';
import { memberRequest } from '@/lib/auth';
import { askToKeepOnDevice } from '@/lib/device-storage';
import { ensureOnline } from '@/lib/not-sent';
import { memberKeys } from '@/lib/member-keys';

export async function createAppointment(request: BookingRequest): Promise<BookingSuccess['appointment']> {
  await ensureOnline();
  return (await memberRequest<BookingSuccess>('POST', '/appointments', request)).appointment;
}

export function useCreateAppointment(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppointment,
    // A booking is made now or the member is told why not; never replayed later.
    networkMode: 'always',
    retry: 0,
    onSuccess: (appointment) => {
      askToKeepOnDevice();
      queryClient.setQueryData(memberKeys.appointment(userId, appointment.appointment_id), appointment);
      // My bookings must show it next time.
      void queryClient.invalidateQueries({ queryKey: memberKeys.appointments(userId) });
    },
  });
}
