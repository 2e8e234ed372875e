/**
 * POST /api/appointments/{id}/change (Change time): the member's booking
 * moved to another free time of the same event. The server decides
 * everything (whose booking, the slot's places, the booking window) and
 * refuses with CHANGE_REFUSALS; checked online first, never replayed. The
 * answer replaces the saved copies of the booking, and the slots are
 * asked for again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment, ChangeTimeRequest } from '@/domain/booking';
import { memberRequest } from '@/lib/auth';
import { memberKeys } from '@/lib/member-keys';
import { ensureOnline } from '@/lib/not-sent';
import { bookingKeys } from './booking-keys';

export async function changeTime(appointmentId: string, request: ChangeTimeRequest): Promise<Appointment> {
  await ensureOnline();
  return (
    await memberRequest<{ status: 'success'; appointment: Appointment }>('POST', `/appointments/${encodeURIComponent(appointmentId)}/change`, request)
  ).appointment;
}

export function useChangeTime(userId: string, appointment: Appointment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appointmentStartTime: string) =>
      changeTime(appointment.appointment_id, { appointmentStartTime, fromStartTime: appointment.start_time }),
    networkMode: 'always',
    retry: 0,
    onSuccess: (moved) => {
      queryClient.setQueryData<Appointment[]>(memberKeys.appointments(userId), (list) =>
        list?.map((a) => (a.appointment_id === moved.appointment_id ? moved : a)),
      );
      queryClient.setQueryData(memberKeys.appointment(userId, moved.appointment_id), moved);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.appointments(userId) });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.slots(appointment.event_id) });
    },
  });
}
