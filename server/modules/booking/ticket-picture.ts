/**
 * A ticket's QR code as a PNG picture for the emails (docs/rules.md#tickets),
 * made with `qrcode`: black on white, error correction M, the four-module
 * quiet zone the QR standard asks for, eight pixels a module so it stays
 * sharp on a phone's screen and on paper. My bookings draws the same code on
 * the phone itself (src/lib/ui/ticket-qr.tsx).
 */
import { toBuffer } from 'qrcode';
import type { MailAttachment } from '../../platform/mail';
import type { Ticket } from './tickets';

export const TICKET_QR_QUIET_ZONE = 4;

export function ticketQrPng(token: string): Promise<Buffer> {
  return toBuffer(token, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: TICKET_QR_QUIET_ZONE,
    scale: 8,
    color: { dark: '#000000ff', light: '#ffffffff' },
  });
}

/** The content id the HTML part shows the picture by: one per ticket, so a moved booking's new email names a new one. */
export const ticketCid = (ticket: Ticket) => `ticket-${ticket.code.toLowerCase()}@chaps-charity.org.uk`;

/** The ticket's QR code as an inline picture of an email. */
export async function ticketAttachment(ticket: Ticket, eventDate: string): Promise<MailAttachment> {
  return {
    filename: `chaps-ticket-${eventDate}.png`,
    content: (await ticketQrPng(ticket.token)).toString('base64'),
    encoding: 'base64',
    contentType: 'image/png',
    cid: ticketCid(ticket),
  };
}
