/**
 * My bookings: upcoming appointments first (soonest first), then the rest
 * (ended or cancelled, most recent first). "Upcoming" is judged on the UK
 * wall-clock end of the slot, whatever the device's own zone.
 */
import type { Appointment } from './booking';
import { londonToInstant } from './london-time';

export interface GroupedAppointments {
  upcoming: Appointment[];
  past: Appointment[];
}

const startOf = (a: Appointment) => londonToInstant(a.event_date, a.start_time).getTime();
const endOf = (a: Appointment) => londonToInstant(a.event_date, a.end_time).getTime();

export function groupAppointments(appointments: readonly Appointment[], now: Date): GroupedAppointments {
  const upcoming = appointments
    .filter((a) => a.status !== 'cancelled' && endOf(a) > now.getTime())
    .sort((a, b) => startOf(a) - startOf(b));
  const past = appointments.filter((a) => !upcoming.includes(a)).sort((a, b) => startOf(b) - startOf(a));
  return { upcoming, past };
}

/** Cancel is offered only for an active booking whose slot has not begun (the server checks too). */
export function canCancel(appointment: Appointment, now: Date): boolean {
  return appointment.status !== 'cancelled' && startOf(appointment) > now.getTime();
}

export const APPOINTMENT_STATUS_LABELS: Record<Appointment['status'], string> = {
  held: 'Awaiting payment',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
};
