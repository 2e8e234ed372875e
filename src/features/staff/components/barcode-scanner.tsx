/**
 * The phone's rear camera reading barcodes: a ticket's QR code at the door,
 * a tube's Code 128 label later. It asks for the camera when it opens,
 * shows what the camera sees, and calls onDetected with the text of each
 * code read (the same code again only after a pause, so holding a ticket
 * still does not read it twice). The camera is let go when it closes.
 * Nothing leaves the phone: decoding happens here, offline included.
 */
import { useEffect, useRef, useState } from 'react';
import { createDetector, type Detector, type ScanFormat } from './barcode-detection';

const SCAN_EVERY_MS = 200;
const SAME_CODE_PAUSE_MS = 3000;

export interface BarcodeScannerProps {
  formats: ScanFormat[];
  onDetected: (text: string, format: string) => void;
  /** What is being scanned, for the camera view's name: "Scan a ticket". */
  label: string;
}

type ScannerState = 'starting' | 'scanning' | 'failed';

function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'This phone did not let the site use its camera. Allow the camera in the browser’s settings, or type the code instead.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this device. Type the code instead.';
  if (name === 'NotReadableError') return 'The camera is in use by another app. Close it and try again, or type the code instead.';
  return 'The camera could not be started. Type the code instead.';
}

export function BarcodeScanner({ formats, onDetected, label }: BarcodeScannerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScannerState>('starting');
  const [problem, setProblem] = useState<string | null>(null);
  const detected = useRef(onDetected);
  useEffect(() => {
    detected.current = onDetected;
  });
  const formatsKey = formats.join(',');

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let last = { text: '', at: 0 };
    const shown = video.current;

    const scan = async (detector: Detector) => {
      const element = video.current;
      if (stopped || !element) return;
      if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && element.videoWidth > 0) {
        try {
          for (const code of await detector.detect(element)) {
            const now = Date.now();
            if (code.rawValue === last.text && now - last.at < SAME_CODE_PAUSE_MS) continue;
            last = { text: code.rawValue, at: now };
            if (!stopped) detected.current(code.rawValue, code.format);
            break;
          }
        } catch {
          // One frame that could not be read; the next one is tried.
        }
      }
      if (!stopped) timer = window.setTimeout(() => void scan(detector), SCAN_EVERY_MS);
    };

    const release = () => stream?.getTracks().forEach((track) => track.stop());
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No camera', 'NotFoundError');
        const media = navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
        // Kept as soon as it is granted, so it is let go however the rest ends.
        media.then(
          (m) => {
            stream = m;
            if (stopped) release();
          },
          () => {},
        );
        const [, detector] = await Promise.all([media, createDetector(formatsKey.split(',') as ScanFormat[])]);
        const element = video.current;
        if (stopped || !element || !stream) return;
        element.srcObject = stream;
        await element.play();
        setState('scanning');
        void scan(detector);
      } catch (error) {
        if (stopped) return;
        stopped = true;
        release();
        setProblem(error instanceof DOMException ? cameraProblem(error) : 'The barcode reader could not be loaded. Type the code instead, and open this page once with a signal so it is kept on the phone.');
        setState('failed');
      }
    })();

    return () => {
      stopped = true;
      window.clearTimeout(timer);
      release();
      if (shown) shown.srcObject = null;
    };
  }, [formatsKey]);

  return (
    <div className="barcode-scanner">
      <video ref={video} className="barcode-scanner-view" muted playsInline aria-label={`${label}: camera view`} hidden={state === 'failed'} />
      <p className="barcode-scanner-status" role="status">
        {state === 'starting' && 'Starting the camera…'}
        {state === 'scanning' && 'Hold the code inside the frame, about a hand’s width from the camera.'}
      </p>
      {problem && (
        <p className="form-failure" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
