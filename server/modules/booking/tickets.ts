/**
 * A confirmed booking's ticket (docs/rules.md#tickets): the signed text its
 * QR code carries and the short code he can read out, made from the
 * booking, its event and its slot as they are now. Nothing is stored: the
 * same booking at the same time always has the same short code, and a
 * moved one a new ticket.
 */
import { ticketCode, ticketPayload, ticketText, type TicketClaims } from '../../../src/domain/ticket';
import type { Signer } from '../../platform/signing';

export interface Ticket {
  /** The QR code's text. */
  token: string;
  /** Eight characters, shown as ABCD-EFGH. */
  code: string;
}

export async function ticketFor(signer: Signer, booking: { appointmentId: string; eventId: string; slotStart: Date | string }): Promise<Ticket> {
  const claims: TicketClaims = {
    appointmentId: booking.appointmentId,
    eventId: booking.eventId,
    slotStart: new Date(booking.slotStart).toISOString(),
  };
  const payload = ticketPayload(claims);
  return { token: ticketText(payload, await signer.signTicket(payload)), code: await ticketCode(payload) };
}

/** The short code alone, for lists that show it without the QR. */
export const ticketCodeFor = (booking: { appointmentId: string; eventId: string; slotStart: Date | string }) =>
  ticketCode(ticketPayload({ appointmentId: booking.appointmentId, eventId: booking.eventId, slotStart: new Date(booking.slotStart).toISOString() }));
