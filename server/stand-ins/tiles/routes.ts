/**
 * GET /dev/tiles/{z}/{x}/{y}.png: generated map tiles, the local stand-in
 * for a tile provider (its terms allow offline use, so the app may prefetch
 * them). Served cross-origin like a real tile host.
 */
import { Hono } from 'hono';
import { ApiError } from '../../platform/http/errors';
import { renderTile } from './tile-image';

export const MAX_ZOOM = 19;
const CACHE_ENTRIES = 512;
const WHOLE_NUMBER = /^\d{1,7}$/;

const tileNotFound = () => new ApiError(404, 'not_found', 'No such tile');

/** Recently drawn tiles, least recently used dropped first. */
function tileCache() {
  const tiles = new Map<string, Buffer>();
  return (key: string, draw: () => Buffer): Buffer => {
    const hit = tiles.get(key);
    if (hit) {
      tiles.delete(key);
      tiles.set(key, hit);
      return hit;
    }
    const tile = draw();
    tiles.set(key, tile);
    if (tiles.size > CACHE_ENTRIES) tiles.delete(tiles.keys().next().value as string);
    return tile;
  };
}

export function devTilesRoutes(): Hono {
  const app = new Hono();
  const cached = tileCache();

  app.get('/:z/:x/:file', (c) => {
    const { z: zText, x: xText, file } = c.req.param();
    const yText = file.endsWith('.png') ? file.slice(0, -'.png'.length) : '';
    if (![zText, xText, yText].every((v) => WHOLE_NUMBER.test(v))) throw tileNotFound();
    const [z, x, y] = [Number(zText), Number(xText), Number(yText)];
    const tilesPerSide = 2 ** z;
    if (z > MAX_ZOOM || x >= tilesPerSide || y >= tilesPerSide) throw tileNotFound();

    const png = cached(`${z}/${x}/${y}`, () => renderTile(z, x, y));
    c.header('Content-Type', 'image/png');
    c.header('Cache-Control', 'public, max-age=86400');
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    return c.body(new Uint8Array(png));
  });

  return app;
}
