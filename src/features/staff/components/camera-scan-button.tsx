/**
 * A camera button for a field that takes a scanned code (the tube's sample
 * id in SampleIdInput's `scanner` place): it opens the barcode scanner and
 * hands the first code read to onScan, then closes it.
 */
import { useState } from 'react';
import type { ScanFormat } from './barcode-detection';
import { BarcodeScanner } from './barcode-scanner';

export function CameraScanButton({ formats, label, onScan }: { formats: ScanFormat[]; label: string; onScan: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={open ? 'camera-scan camera-scan-open' : 'camera-scan'}>
      <button type="button" className="button button-small" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? 'Stop the camera' : 'Scan with the camera'}
      </button>
      {open && (
        <BarcodeScanner
          formats={formats}
          label={label}
          onDetected={(text) => {
            setOpen(false);
            onScan(text);
          }}
        />
      )}
    </div>
  );
}
