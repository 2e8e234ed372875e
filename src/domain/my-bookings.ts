/**
 * My bookings: upcoming appointments first (soonest first), then the rest
 * (ended or cancelled, most recent first). "Upcoming" is judged on the UK
 * wall-clock end of the slot, whatever the device's own zone.
 */
import type { Appointment, PaymentStatus } from './booking';
import { londonDate, londonToInstant } from './london-time';

export interface GroupedAppointments<A extends Appointment = Appointment> {
  upcoming: A[];
  past: A[];
}

const startOf = (a: Appointment) => londonToInstant(a.event_date, a.start_time).getTime();
const endOf = (a: Appointment) => londonToInstant(a.event_date, a.end_time).getTime();

export function groupAppointments<A extends Appointment>(appointments: readonly A[], now: Date): GroupedAppointments<A> {
  const upcoming = appointments
    .filter((a) => a.status !== 'cancelled' && endOf(a) > now.getTime())
    .sort((a, b) => startOf(a) - startOf(b));
  const past = appointments.filter((a) => !upcoming.includes(a)).sort((a, b) => startOf(b) - startOf(a));
  return { upcoming, past };
}

/**
 * Whether a booking has a ticket now (docs/rules.md#tickets): confirmed
 * (not held for payment, not cancelled) and its event's day, in London, not
 * yet over, so a man who comes late to the venue still has his. The server
 * signs a ticket only then; My bookings shows a saved one only then.
 */
export function hasTicket(appointment: Pick<Appointment, 'status' | 'event_date'>, now: Date): boolean {
  return appointment.status === 'confirmed' && appointment.event_date >= londonDate(now);
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

/**
 * What My bookings says about a booking's money, when there is something
 * to say: a refund is pending until PayPal has made it (the member is
 * emailed then), and a refund PayPal could not make is for the charity to
 * sort out, not the member.
 */
export const PAYMENT_NOTES: Partial<Record<PaymentStatus, string>> = {
  'refund pending': 'Refund pending',
  refunded: 'Refunded',
  'refund failed': 'Refund delayed: we are looking into it and will contact you',
};

export const paymentNote = (appointment: Pick<Appointment, 'payment_status'>): string | null => PAYMENT_NOTES[appointment.payment_status] ?? null;
