/**
 * His ticket's QR code, drawn on the phone from the signed text the server
 * sent with his bookings (docs/rules.md#tickets), so it shows with no
 * signal from the saved copy. Made with `qrcode` (error correction M, as
 * the emails' picture in server/modules/booking/ticket-picture.ts) and
 * drawn as one SVG path: black modules on white, with the four-module white
 * quiet zone the QR standard asks for, and colours kept in forced-colours
 * modes so a scanner still reads it. Loaded only when a ticket is opened
 * (its own chunk, kept by the service worker for offline use).
 */
import { create } from 'qrcode';
import { useMemo } from 'react';

const QUIET_ZONE = 4;

/** The dark modules as an SVG path, one rectangle per run of dark modules in a row. */
function qrPath(token: string): { size: number; path: string } {
  const { modules } = create(token, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  let path = '';
  for (let y = 0; y < n; y += 1) {
    let x = 0;
    while (x < n) {
      if (!modules.data[y * n + x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < n && modules.data[y * n + x]) x += 1;
      path += `M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x - start}v1h-${x - start}z`;
    }
  }
  return { size: n + QUIET_ZONE * 2, path };
}

export default function TicketQr({ token, label }: { token: string; label: string }) {
  const { size, path } = useMemo(() => qrPath(token), [token]);
  return (
    <svg className="ticket-qr" role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" xmlns="http://www.w3.org/2000/svg">
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
