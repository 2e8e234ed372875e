/**
 * A barcode detector for the scanner: the browser's own BarcodeDetector
 * when it reads every format asked for, otherwise the polyfill the site
 * serves itself (staff-zxing-decoder.ts), loaded only then.
 */
export type ScanFormat = 'qr_code' | 'code_128';

export interface Detected {
  rawValue: string;
  format: string;
}

export interface Detector {
  detect(source: HTMLVideoElement): Promise<Detected[]>;
}

interface DetectorClass {
  new (options: { formats: ScanFormat[] }): Detector;
  getSupportedFormats(): Promise<readonly string[]>;
}

const nativeDetector = () => (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

export const loadDecoder = () => import('./staff-zxing-decoder');

export async function createDetector(formats: ScanFormat[]): Promise<Detector> {
  const Native = nativeDetector();
  if (Native) {
    try {
      const supported = await Native.getSupportedFormats();
      if (formats.every((f) => supported.includes(f))) return new Native({ formats });
    } catch {
      // A detector that cannot say what it reads is not used: the polyfill reads them all.
    }
  }
  const { BarcodeDetector } = await loadDecoder();
  return new BarcodeDetector({ formats });
}

/** Whether this browser needs the polyfill (and its WebAssembly) to scan. */
export const needsDecoder = () => !nativeDetector();
