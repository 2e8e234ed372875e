import { randomBytes } from 'node:crypto';
import { PNG } from 'pngjs';
import { create, toBuffer } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrModulesPng } from '../../server/modules/booking/qr-png';
import { TICKET_QR_QUIET_ZONE, TICKET_QR_SCALE, ticketQrPng } from '../../server/modules/booking/ticket-picture';
import { ticketText } from '../../src/domain/ticket';
import { readQrPng } from '../fixtures/qr';

// A ticket as the server signs it: 37 bytes of claims and a 64-byte P-256 signature.
const token = ticketText(new Uint8Array(randomBytes(37)), new Uint8Array(randomBytes(64)));

const WHITE = [255, 255, 255, 255];
const BLACK = [0, 0, 0, 255];

/** The RGBA of pixel (x, y) of a decoded PNG. */
const pixel = (image: PNG, x: number, y: number) => [...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4)];

/** The picture `qrcode`'s own RGBA renderer draws, as the emails carried before. */
const qrcodeOwnPng = (text: string, scale: number, margin: number) =>
  toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin, scale, color: { dark: '#000000ff', light: '#ffffffff' } });

describe('the ticket picture', () => {
  it('reads back, as a phone scanning it would, as the ticket it was drawn from', () => {
    expect(token).toHaveLength(144);
    expect(readQrPng(ticketQrPng(token))).toBe(token);
  });

  it('is a 1-bit greyscale PNG, eight pixels a module inside a four-module white quiet zone, every pixel black or white', () => {
    const png = ticketQrPng(token);
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect({ depth: png[24], colourType: png[25] }).toEqual({ depth: 1, colourType: 0 });

    // pngjs checks every chunk's CRC-32 as it reads.
    const image = PNG.sync.read(png);
    const { modules } = create(token, { errorCorrectionLevel: 'M' });
    const margin = TICKET_QR_QUIET_ZONE * TICKET_QR_SCALE;
    expect(TICKET_QR_SCALE).toBe(8);
    expect(TICKET_QR_QUIET_ZONE).toBe(4);
    expect(image.width).toBe((modules.size + 2 * TICKET_QR_QUIET_ZONE) * TICKET_QR_SCALE);
    expect(image.height).toBe(image.width);

    const wrong: string[] = [];
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        const inCode = x >= margin && y >= margin && x < image.width - margin && y < image.height - margin;
        const dark = inCode && modules.get(Math.floor((y - margin) / TICKET_QR_SCALE), Math.floor((x - margin) / TICKET_QR_SCALE));
        if (pixel(image, x, y).join() !== (dark ? BLACK : WHITE).join()) wrong.push(`${x},${y}`);
      }
    }
    expect(wrong).toEqual([]);
    // The finder pattern's dark corner starts right where the quiet zone ends.
    expect(pixel(image, margin - 1, margin - 1)).toEqual(WHITE);
    expect(pixel(image, margin, margin)).toEqual(BLACK);
  });

  it("draws the very pixels qrcode's own renderer drew before, in a fraction of the bytes", async () => {
    const before = await qrcodeOwnPng(token, TICKET_QR_SCALE, TICKET_QR_QUIET_ZONE);
    const after = ticketQrPng(token);
    const [old, now] = [PNG.sync.read(before), PNG.sync.read(after)];
    expect([now.width, now.height]).toEqual([old.width, old.height]);
    expect(now.data.equals(old.data)).toBe(true);
    expect(after.length).toBeLessThan(before.length / 3);
  });

  // Widths that are not a whole number of bytes leave padding bits at the end of each row.
  it.each([
    { text: 'CHAPS', scale: 1, quietZone: 1 },
    { text: 'CHAPS', scale: 3, quietZone: 4 },
    { text: 'a ticket of another length', scale: 5, quietZone: 2 },
    { text: token, scale: 8, quietZone: 4 },
  ])('writes any module size, scale and quiet zone as qrcode would draw it: $scale px a module, $quietZone modules of margin', async ({ text, scale, quietZone }) => {
    const now = PNG.sync.read(qrModulesPng(create(text, { errorCorrectionLevel: 'M' }).modules, { scale, quietZone }));
    const old = PNG.sync.read(await qrcodeOwnPng(text, scale, quietZone));
    expect([now.width, now.height]).toEqual([old.width, old.height]);
    expect(now.data.equals(old.data)).toBe(true);
  });
});
