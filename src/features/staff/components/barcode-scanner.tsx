/**
 * The phone's rear camera reading barcodes: a ticket's QR code at the door,
 * a tube's Code 128 label later. It asks for the camera when it opens,
 * shows what the camera sees, and calls onDetected with the text of each
 * code read (the same code again only after a pause, so holding a ticket
 * still does not read it twice). The camera is let go when it closes.
 * Where the camera offers a torch (its track's capabilities list `torch`),
 * a Torch button turns it on and off, for a dim hall; elsewhere there is none.
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

/** The torch of the Image Capture spec, which the DOM's own types do not list yet. */
type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean };
type TorchConstraints = MediaTrackConstraintSet & { torch?: boolean };

/** The camera's track when it offers a torch, else null. */
function torchOf(stream: MediaStream): MediaStreamTrack | null {
  const track = stream.getVideoTracks()[0];
  const capabilities = (track?.getCapabilities?.() ?? {}) as TorchCapabilities;
  return track && capabilities.torch === true ? track : null;
}

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
  const [torch, setTorch] = useState<MediaStreamTrack | null>(null);
  const [torchOn, setTorchOn] = useState(false);
  const [torchProblem, setTorchProblem] = useState<string | null>(null);
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
        setTorch(torchOf(stream));
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
      setTorch(null);
      setTorchOn(false);
      release();
      if (shown) shown.srcObject = null;
    };
  }, [formatsKey]);

  const toggleTorch = async () => {
    if (!torch) return;
    setTorchProblem(null);
    try {
      await torch.applyConstraints({ advanced: [{ torch: !torchOn } as TorchConstraints] });
      setTorchOn(!torchOn);
    } catch {
      setTorchProblem('The torch could not be switched. Scan in better light, or type the code instead.');
    }
  };

  return (
    <div className="barcode-scanner">
      <video ref={video} className="barcode-scanner-view" muted playsInline aria-label={`${label}: camera view`} hidden={state === 'failed'} />
      <p className="barcode-scanner-status" role="status">
        {state === 'starting' && 'Starting the camera…'}
        {state === 'scanning' && 'Hold the code inside the frame, about a hand’s width from the camera.'}
      </p>
      {torch && state === 'scanning' && (
        <button type="button" className="button" aria-pressed={torchOn} onClick={() => void toggleTorch()}>
          Torch
        </button>
      )}
      {torchProblem && (
        <p className="form-failure" role="alert">
          {torchProblem}
        </p>
      )}
      {problem && (
        <p className="form-failure" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
