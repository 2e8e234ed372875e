/**
 * A QR code's module matrix written straight out as a 1-bit greyscale PNG:
 * one bit a pixel, black on white, each module a square of `scale` pixels
 * inside a quiet zone of white modules. `qrcode`'s own PNG renderer builds
 * every pixel as four RGBA bytes and filters them in JavaScript through
 * pngjs, about twenty milliseconds of the event loop a picture; here one
 * scanline is built per row of modules and copied `scale` times, and
 * node:zlib deflates it and computes the chunks' CRC-32
 * (docs/decisions/0027-tickets-and-sample-ids.md has the measurement;
 * tests/unit/ticket-picture.test.ts checks it draws the same pixels).
 */
import { crc32, deflateSync } from 'node:zlib';

/** The modules of a QR code: `data[row * size + column]` is non-zero for a dark one. */
export interface QrModules {
  size: number;
  data: ArrayLike<number>;
}

export interface QrPngLayout {
  /** Pixels along each side of one module. */
  scale: number;
  /** White modules around the code on every side. */
  quietZone: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BIT_DEPTH = 1;
const GREYSCALE = 0;
// Scanline filter "None": the rows are runs of identical bytes, which deflate
// shrinks well without the adaptive filters' work.
const FILTER_NONE = 0;

export function qrModulesPng(modules: QrModules, { scale, quietZone }: QrPngLayout): Buffer {
  const { size, data } = modules;
  const side = (size + 2 * quietZone) * scale;
  const stride = 1 + Math.ceil(side / 8);
  // In 1-bit greyscale a set bit is white: the quiet zone, and the padding
  // bits past the last pixel of a row, are all ones.
  const pixels = Buffer.alloc(stride * side, 0xff);
  const line = Buffer.alloc(stride);
  const dark = (row: number, x: number) => {
    const column = Math.floor(x / scale) - quietZone;
    return column >= 0 && column < size && Boolean(data[row * size + column]);
  };
  for (let row = 0; row < size; row++) {
    line[0] = FILTER_NONE;
    for (let byte = 0; byte < stride - 1; byte++) {
      let bits = 0;
      for (let x = byte * 8; x < byte * 8 + 8; x++) bits = (bits << 1) | (dark(row, x) ? 0 : 1);
      line[1 + byte] = bits;
    }
    const top = (row + quietZone) * scale;
    for (let y = top; y < top + scale; y++) line.copy(pixels, y * stride);
  }
  for (let y = 0; y < side; y++) pixels[y * stride] = FILTER_NONE;

  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = BIT_DEPTH;
  header[9] = GREYSCALE;
  // Bytes 10 to 12 stay 0: deflate compression, adaptive filtering, no interlace.
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

/** A PNG chunk: its length, type, data and the CRC-32 of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const typeBytes = Buffer.from(type, 'latin1');
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  typeBytes.copy(out, 4);
  data.copy(out, 8);
  out.writeUInt32BE(crc32(data, crc32(typeBytes)), 8 + data.length);
  return out;
}
