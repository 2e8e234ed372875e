/**
 * GET /api/appointments: the member's own bookings, for My bookings. The
 * query options live in src/lib/my-appointments.ts, shared with
 * /book-event.
 */
import { useQuery } from '@tanstack/react-query';
import { appointmentsQueryOptions } from '@/lib/my-appointments';

export { appointmentsQueryOptions };

export const useAppointments = (userId: string) => useQuery(appointmentsQueryOptions(userId));
