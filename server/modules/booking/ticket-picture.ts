/**
 * A ticket's QR code as a PNG picture for the emails (docs/rules.md#tickets):
 * encoded by `qrcode` with error correction M, drawn black on white with the
 * four-module quiet zone the QR standard asks for, eight pixels a module so
 * it stays sharp on a phone's screen and on paper. The PNG is written by
 * ./qr-png.ts as a 1-bit picture, a fraction of the CPU and bytes of
 * `qrcode`'s own RGBA renderer, since a reminder sweep draws hundreds at
 * once. My bookings draws the same code on the phone itself
 * (src/lib/ui/ticket-qr.tsx).
 */
import { create } from 'qrcode';
import type { MailAttachment } from '../../platform/mail';
import { qrModulesPng } from './qr-png';
import type { Ticket } from './tickets';

export const TICKET_QR_QUIET_ZONE = 4;
export const TICKET_QR_SCALE = 8;

export function ticketQrPng(token: string): Buffer {
  const { modules } = create(token, { errorCorrectionLevel: 'M' });
  return qrModulesPng(modules, { scale: TICKET_QR_SCALE, quietZone: TICKET_QR_QUIET_ZONE });
}

/** The content id the HTML part shows the picture by: one per ticket, so a moved booking's new email names a new one. */
export const ticketCid = (ticket: Ticket) => `ticket-${ticket.code.toLowerCase()}@chaps-charity.org.uk`;

/** The ticket's QR code as an inline picture of an email. */
export function ticketAttachment(ticket: Ticket, eventDate: string): MailAttachment {
  return {
    filename: `chaps-ticket-${eventDate}.png`,
    content: ticketQrPng(ticket.token).toString('base64'),
    encoding: 'base64',
    contentType: 'image/png',
    cid: ticketCid(ticket),
  };
}
