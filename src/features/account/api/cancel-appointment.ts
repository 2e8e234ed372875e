/**
 * POST /api/appointments/{id}/cancel: the member's own booking, before it
 * starts. Checked online first; never queued. The answer replaces the saved
 * copy of the list, so an offline read afterwards shows it cancelled.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment } from '../../../domain/booking';
import { memberRequest } from '../../../lib/auth';
import { memberKeys } from '../../../lib/member-keys';
import { ensureOnline } from '../../../lib/not-sent';

export async function cancelAppointment(appointmentId: string): Promise<Appointment> {
  await ensureOnline();
  const answer = await memberRequest<{ status: 'success'; appointment: Appointment }>(
    'POST',
    `/appointments/${encodeURIComponent(appointmentId)}/cancel`,
  );
  return answer.appointment;
}

export function useCancelAppointment(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    networkMode: 'always',
    retry: 0,
    onSuccess: (cancelled) => {
      queryClient.setQueryData<Appointment[]>(memberKeys.appointments(userId), (list) =>
        list?.map((a) => (a.appointment_id === cancelled.appointment_id ? cancelled : a)),
      );
      queryClient.setQueryData(memberKeys.appointment(userId, cancelled.appointment_id), cancelled);
      void queryClient.invalidateQueries({ queryKey: memberKeys.appointments(userId) });
    },
  });
}
