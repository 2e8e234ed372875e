/**
 * A QR code drawn on the phone with `qrcode` (error correction M) as one
 * SVG path: black modules on white, with the four-module white quiet zone
 * the QR standard asks for, and colours kept in forced-colours modes so a
 * scanner still reads it. Used for his ticket and for adding an
 * authenticator app (src/lib/second-factor/enrol-authenticator.tsx).
 */
import { create } from 'qrcode';
import { useMemo } from 'react';

const QUIET_ZONE = 4;

/** The dark modules as an SVG path, one rectangle per run of dark modules in a row. */
function qrPath(text: string): { size: number; path: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
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

export function QrCode({ text, label, className }: { text: string; label: string; className: string }) {
  const { size, path } = useMemo(() => qrPath(text), [text]);
  return (
    <svg className={className} role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" xmlns="http://www.w3.org/2000/svg">
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
