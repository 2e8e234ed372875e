/**
 * POST /api/appointments/{id}/change (Change time): the member's booking
 * moved to another free time of the same event. The server decides
 * everything (whose booking, the slot's places, the booking window) and
 * refuses with CHANGE_REFUSALS; checked online first, never replayed. The
 * answer (with the booking's new ticket) replaces the saved copies of the
 * booking, so the old ticket is gone from the phone, and the slots are
 * asked for again.
 * GET /api/appointments/{id}/change-slots: the times it could move to,
 * counted without its own place, so a full event still offers the times
 * with room (the public /slots offers nothing once an event is full).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SlotsByDate } from '@/domain/slots';
import type { Appointment, BookingSuccess, ChangeTimeRequest, MemberAppointment } from '@/domain/booking';
import { memberRequest } from '@/lib/auth';
import { memberKeys } from '@/lib/member-keys';
import { ensureOnline } from '@/lib/not-sent';
import { bookingKeys } from './booking-keys';

export async function changeTime(appointmentId: string, request: ChangeTimeRequest): Promise<MemberAppointment> {
  await ensureOnline();
  return (
    await memberRequest<BookingSuccess>('POST', `/appointments/${encodeURIComponent(appointmentId)}/change`, request)
  ).appointment;
}

export const useChangeSlots = (userId: string, appointmentId: string, enabled: boolean) =>
  useQuery({
    queryKey: bookingKeys.changeSlots(userId, appointmentId),
    queryFn: () => memberRequest<SlotsByDate>('GET', `/appointments/${encodeURIComponent(appointmentId)}/change-slots`),
    enabled,
    // As the public slots: places go quickly, so always ask; offline the query waits for the connection.
    staleTime: 0,
    gcTime: 0,
    networkMode: 'online',
    retry: false,
  });

export function useChangeTime(userId: string, appointment: Appointment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appointmentStartTime: string) =>
      changeTime(appointment.appointment_id, { appointmentStartTime, fromStartTime: appointment.start_time }),
    networkMode: 'always',
    retry: 0,
    onSuccess: (moved) => {
      queryClient.setQueryData<MemberAppointment[]>(memberKeys.appointments(userId), (list) =>
        list?.map((a) => (a.appointment_id === moved.appointment_id ? moved : a)),
      );
      queryClient.setQueryData(memberKeys.appointment(userId, moved.appointment_id), moved);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.appointments(userId) });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.slots(appointment.event_id) });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.changeSlots(userId, appointment.appointment_id) });
    },
  });
}
