/**
 * The barcode decoder for browsers without a built-in BarcodeDetector
 * (desktop Linux Chromium, iOS Safari): the barcode-detector polyfill over
 * ZXing compiled to WebAssembly. Its WebAssembly file is served by this
 * site from the build's hashed assets (kept by the service worker for use
 * offline, src/features/staff/keep-staff-pages-offline.ts), never from the
 * CDN the library would fetch it from by default: the Content Security
 * Policy allows no other origin, and a venue's signal may be none. Loaded
 * only by the scanner, on staff pages (this file's name keeps its chunk out
 * of the members' precache, sw/precache-rules.ts).
 */
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(wasmUrl, location.href).href : prefix + path),
  },
});

export { BarcodeDetector, wasmUrl };
