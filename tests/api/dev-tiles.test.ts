/**
 * /dev/tiles/{z}/{x}/{y}.png: real PNGs for tiles that exist, 404 for
 * those that do not, and only while the browser is not sent elsewhere.
 */
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { getJson, testApp } from '../fixtures/app';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width, height, colour type and the inflated image data of a PNG. */
function readPng(bytes: Buffer) {
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  let offset = 8;
  const chunks: { type: string; data: Buffer }[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    chunks.push({ type: bytes.toString('ascii', offset + 4, offset + 8), data: bytes.subarray(offset + 8, offset + 8 + length) });
    offset += 12 + length;
  }
  const header = chunks.find((c) => c.type === 'IHDR')?.data;
  if (!header) throw new Error('no IHDR');
  const idat = Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data));
  return {
    width: header.readUInt32BE(0),
    height: header.readUInt32BE(4),
    colourType: header[9],
    pixels: inflateSync(idat),
    last: chunks.at(-1)?.type,
  };
}

describe('generated map tiles', () => {
  const app = testApp();

  it.each(['/dev/tiles/0/0/0.png', '/dev/tiles/8/127/85.png', '/dev/tiles/19/524287/524287.png'])(
    'draws a 256x256 PNG for %s',
    async (path) => {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      const png = readPng(Buffer.from(await response.arrayBuffer()));
      expect(png).toMatchObject({ width: 256, height: 256, colourType: 2, last: 'IEND' });
      expect(png.pixels.length).toBe(256 * (256 * 3 + 1));
    },
  );

  it('draws different tiles differently and the same tile the same', async () => {
    const body = async (path: string) => Buffer.from(await (await app.request(path)).arrayBuffer());
    const a = await body('/dev/tiles/5/10/12.png');
    expect(a.equals(await body('/dev/tiles/5/10/12.png'))).toBe(true);
    expect(a.equals(await body('/dev/tiles/5/10/13.png'))).toBe(false);
  });

  it.each([
    '/dev/tiles/20/0/0.png',
    '/dev/tiles/3/8/0.png',
    '/dev/tiles/3/0/8.png',
    '/dev/tiles/-1/0/0.png',
    '/dev/tiles/a/0/0.png',
    '/dev/tiles/1/0/0.jpg',
    '/dev/tiles/1/0/0',
    '/dev/tiles/1/0.5/0.png',
    '/dev/tiles/99999999999/0/0.png',
    '/dev/tiles/1/0',
  ])('answers 404 for %s', async (path) => {
    const { status, body } = await getJson<{ error: string }>(app, path);
    expect(status).toBe(404);
    expect(body.error).toBe('not_found');
  });

  it.each([
    ['unset', {}, 200],
    ['the local stand-in', { VITE_TILE_URL: '/dev/tiles/{z}/{x}/{y}.png' }, 200],
    ['an outside provider', { VITE_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' }, 404],
  ])('is served when VITE_TILE_URL is %s: %i', async (_label, env, status) => {
    expect((await testApp({ env }).request('/dev/tiles/1/1/1.png')).status).toBe(status);
  });
});
