/**
 * A ticket's QR code as the staff phone's camera would see it: the text
 * encoded by ZXing's writer (the same library the site's decoder is built
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

/** The QR code of `text`, centred on white with a quiet zone, 640 x 480. */
export async function qrPicture(text: string, width = 640, height = 480): Promise<RgbImage> {
  prepare();
  const written = await writeBarcode(text, { format: 'QRCode', scale: 1, addQuietZones: false });
  if (written.error) throw new Error(written.error);
  const { symbol } = written;
  const moduleSize = Math.floor((Math.min(width, height) - 80) / symbol.width);
  const left = Math.floor((width - symbol.width * moduleSize) / 2);
  const top = Math.floor((height - symbol.height * moduleSize) / 2);
  const rgb = new Uint8Array(width * height * 3).fill(255);
  for (let row = 0; row < symbol.height; row += 1) {
    for (let col = 0; col < symbol.width; col += 1) {
      if (symbol.data[row * symbol.width + col]! >= 128) continue;
      for (let dy = 0; dy < moduleSize; dy += 1) {
        const start = ((top + row * moduleSize + dy) * width + left + col * moduleSize) * 3;
        rgb.fill(0, start, start + moduleSize * 3);
      }
    }
  }
  return { width, height, rgb };
}

export async function writeQrVideo(path: string, text: string): Promise<void> {
  writeY4m(path, await qrPicture(text));
}

export const journeyTicket = (booking: { appointmentId: string; eventId: string; slotStart: string }) =>
  ticketFor(signerFromSecret(E2E_LINK_SIGNING_SECRET), booking);
