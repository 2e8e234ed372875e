/**
 * Fetches the map tiles around each upcoming event ahead of time, so the
 * service worker's tile cache holds them before the phone loses signal.
 * Runs only with VITE_TILES_PREFETCH=true: OpenStreetMap's own servers
 * forbid prefetching, so this is for providers (or the local stand-in)
 * whose terms allow it. Plain arithmetic, no Leaflet, so it stays tiny.
 */
import { env } from '@/lib/env';
import { type ScreeningEvent } from '@/domain/event';
import { tilesMayLoad } from './tile-readiness';

/** The listing map fits England at about 6-8; the event page shows 13. */
const ZOOMS = [6, 7, 8, 9, 10, 11, 12, 13];
/** Tiles either side of the venue's own tile. */
const RADIUS = 1;
const CONCURRENCY = 4;
const MAX_TILES = 800;

const requested = new Set<string>();

export function tileXY(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const n = 2 ** zoom;
  const latRad = (lat * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * n);
  const clamp = (v: number) => Math.min(n - 1, Math.max(0, v));
  return { x: clamp(x), y: clamp(y) };
}

export function tileUrl(template: string, z: number, x: number, y: number): string {
  return template
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y))
    .replace('{s}', 'a')
    .replace('{r}', '');
}

export function tilesAround(events: readonly ScreeningEvent[], template: string): string[] {
  const urls = new Set<string>();
  for (const event of events) {
    if (typeof event.latitude !== 'number' || typeof event.longitude !== 'number') continue;
    for (const z of ZOOMS) {
      const { x, y } = tileXY(event.latitude, event.longitude, z);
      const max = 2 ** z - 1;
      for (let dx = -RADIUS; dx <= RADIUS; dx++) {
        for (let dy = -RADIUS; dy <= RADIUS; dy++) {
          const tx = x + dx;
          const ty = y + dy;
          if (tx >= 0 && ty >= 0 && tx <= max && ty <= max) urls.add(tileUrl(template, z, tx, ty));
        }
      }
    }
  }
  return [...urls].slice(0, MAX_TILES);
}

/** Quietly fetches tiles not yet asked for this session, a few at a time. */
export async function prefetchTiles(events: readonly ScreeningEvent[]): Promise<void> {
  if (!env.tilesPrefetch) return;
  // Through the service worker, like the map's own tiles, so it caches them.
  await tilesMayLoad();
  const queue = tilesAround(events, env.tileUrl).filter((url) => !requested.has(url));
  queue.forEach((url) => requested.add(url));
  async function worker() {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      if (!navigator.onLine) return;
      try {
        // CORS mode, like the map's own tile requests, so the worker caches a readable 200.
        await fetch(url, { mode: 'cors', credentials: 'omit' });
      } catch {
        requested.delete(url);
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}
