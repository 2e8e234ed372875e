/**
 * A booking as the member's own answers carry it: the appointment with its
 * ticket (docs/rules.md#tickets), signed now from the booking, its event and
 * its slot as they stand, or null when it has none (held for payment,
 * cancelled, or its event's day over: hasTicket in src/domain/my-bookings.ts).
 * The slot's start is the UK wall-clock time of the event's date, the
 * instant every ticket of this booking at this time is made from.
 */
import type { Appointment, MemberAppointment } from '../../../src/domain/booking';
import { londonToInstant } from '../../../src/domain/london-time';
import { hasTicket } from '../../../src/domain/my-bookings';
import type { Signer } from '../../platform/signing';
import { ticketFor, type Ticket } from './tickets';

/** The instant a booking's slot starts, as its ticket carries it. */
export const slotStartOf = (appointment: Pick<Appointment, 'event_date' | 'start_time'>) => londonToInstant(appointment.event_date, appointment.start_time);

/** The ticket of a booking as it is now, whatever its state (the emails send it with the booking confirmed). */
export const ticketOf = (signer: Signer, appointment: Appointment): Promise<Ticket> =>
  ticketFor(signer, { appointmentId: appointment.appointment_id, eventId: appointment.event_id, slotStart: slotStartOf(appointment) });

export async function withTicket(signer: Signer, appointment: Appointment, at: Date): Promise<MemberAppointment> {
  return { ...appointment, ticket: hasTicket(appointment, at) ? await ticketOf(signer, appointment) : null };
}
