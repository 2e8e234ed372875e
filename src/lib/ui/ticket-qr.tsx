/**
 * His ticket's QR code, drawn on the phone from the signed text the server
 * sent with his bookings (docs/rules.md#tickets), so it shows with no
 * signal from the saved copy; error correction M, as the emails' picture
 * in server/modules/booking/ticket-picture.ts (src/lib/ui/qr-code.tsx draws
 * it). Loaded only when a ticket is opened (its own chunk, kept by the
 * service worker for offline use).
 */
import { QrCode } from '@/lib/ui/qr-code';

export default function TicketQr({ token, label }: { token: string; label: string }) {
  return <QrCode text={token} label={label} className="ticket-qr" />;
}
