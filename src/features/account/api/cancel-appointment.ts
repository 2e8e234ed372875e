/**
 * POST /api/appointments/{id}/cancel: the member's own booking, before it
 * starts. Checked online first; never queued. The answer replaces the saved
 * copy of the list, so an offline read afterwards shows it cancelled. A
 * booking paid by card within 2 business days needs `acceptNoRefund`
 * (docs/rules.md#refund-policy); one further ahead comes back refunded.
 * GET /api/appointments/{id}/cancellation says which before asking.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Appointment, MemberAppointment } from '@/domain/booking';
import type { CancelAnswer, CancellationQuote } from '@/domain/cancellation';
import { memberRequest } from '@/lib/auth';
import { memberKeys } from '@/lib/member-keys';
import { ensureOnline } from '@/lib/not-sent';

export interface CancelRequest {
  appointmentId: string;
  acceptNoRefund?: boolean;
}

export type { CancelAnswer } from '@/domain/cancellation';

export async function cancelAppointment({ appointmentId, acceptNoRefund }: CancelRequest): Promise<CancelAnswer> {
  await ensureOnline();
  return memberRequest<CancelAnswer>(
    'POST',
    `/appointments/${encodeURIComponent(appointmentId)}/cancel`,
    acceptNoRefund ? { acceptNoRefund: true } : undefined,
  );
}

export function useCancelAppointment(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    networkMode: 'always',
    retry: 0,
    onSuccess: ({ appointment: cancelled }) => {
      // A cancelled booking has no ticket: the saved one goes with it.
      const withoutTicket: MemberAppointment = { ...cancelled, ticket: null };
      queryClient.setQueryData<MemberAppointment[]>(memberKeys.appointments(userId), (list) =>
        list?.map((a) => (a.appointment_id === cancelled.appointment_id ? withoutTicket : a)),
      );
      queryClient.setQueryData(memberKeys.appointment(userId, cancelled.appointment_id), withoutTicket);
      void queryClient.invalidateQueries({ queryKey: memberKeys.appointments(userId) });
    },
  });
}

/**
 * What cancelling a card-paid booking now would refund, or that nothing
 * is, and when (the server decides, from the refund policy and bank
 * holidays); asked fresh each time the dialog opens. A booking not paid by
 * card has nothing to refund (that is known offline too).
 */
export function useCancellationRefund(appointment: Appointment | null) {
  const paidByCard = appointment?.payment_status === 'paid by card';
  return useQuery({
    queryKey: ['cancellation', appointment?.appointment_id ?? ''],
    queryFn: () =>
      memberRequest<CancellationQuote>(
        'GET',
        `/appointments/${encodeURIComponent(appointment!.appointment_id)}/cancellation`,
      ),
    enabled: paidByCard,
    staleTime: 0,
    gcTime: 0,
  });
}
