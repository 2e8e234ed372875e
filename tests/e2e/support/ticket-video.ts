/**
 * A ticket's QR code or a tube's label as the staff phone's camera would
 * see it: the text encoded by ZXing's writer (the same library the site's decoder is built
 * from, here in Node with its own WebAssembly file), drawn black on white
 * in the middle of a 640 x 480 picture, written as a Y4M video for
 * Chromium's fake camera. Tickets are signed with the journeys' known
 * link-signing secret, as the server signs them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import { signerFromSecret } from '../../../server/platform/signing';
import { ticketFor } from '../../../server/modules/booking/tickets';
import { E2E_LINK_SIGNING_SECRET } from './settings';
import { writeY4m, type RgbImage } from './y4m';

const require = createRequire(import.meta.url);
let prepared = false;

function prepare() {
  if (prepared) return;
  const wasm = readFileSync(require.resolve('zxing-wasm/writer/zxing_writer.wasm'));
  prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer } });
  prepared = true;
}

/**
 * A barcode of `text` (a ticket's QR code, or a tube's Code 128 label),
 * black on white in the middle of a 640 x 480 picture with a quiet zone;
 * a linear code's bars are drawn 200 px tall.
 */
export async function barcodePicture(text: string, format: 'QRCode' | 'Code128' = 'QRCode', width = 640, height = 480): Promise<RgbImage> {
  prepare();
  const written = await writeBarcode(text, { format, scale: 1, addQuietZones: false });
  if (written.error) throw new Error(written.error);
  const { symbol } = written;
  const moduleWidth = Math.floor((Math.min(width, format === 'QRCode' ? height : width) - 80) / symbol.width);
  const moduleHeight = format === 'QRCode' ? moduleWidth : Math.max(1, Math.floor(200 / symbol.height));
  const left = Math.floor((width - symbol.width * moduleWidth) / 2);
  const top = Math.floor((height - symbol.height * moduleHeight) / 2);
  const rgb = new Uint8Array(width * height * 3).fill(255);
  for (let row = 0; row < symbol.height; row += 1) {
    for (let col = 0; col < symbol.width; col += 1) {
      if (symbol.data[row * symbol.width + col]! >= 128) continue;
      for (let dy = 0; dy < moduleHeight; dy += 1) {
        const start = ((top + row * moduleHeight + dy) * width + left + col * moduleWidth) * 3;
        rgb.fill(0, start, start + moduleWidth * 3);
      }
    }
  }
  return { width, height, rgb };
}

export async function writeQrVideo(path: string, text: string): Promise<void> {
  writeY4m(path, await barcodePicture(text, 'QRCode'));
}

/** A tube's label as the camera sees it: the Code 128 barcode of its sample id. */
export async function writeCode128Video(path: string, text: string): Promise<void> {
  writeY4m(path, await barcodePicture(text, 'Code128'));
}

export const journeyTicket = (booking: { appointmentId: string; eventId: string; slotStart: string }) =>
  ticketFor(signerFromSecret(E2E_LINK_SIGNING_SECRET), booking);
