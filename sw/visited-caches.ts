/**
 * Runtime caches for what the precache leaves out (sw/precache-rules.ts):
 * the site's hashed code and styles (and the staff scanner's WebAssembly
 * decoder) are kept the first time a page loads them (cache-first: a hashed name never changes), and its images, icons
 * and fonts likewise (stale-while-revalidate: a picture may be replaced
 * under the same name). Only same-origin 200 answers are kept.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ASSETS_CACHE, IMAGES_CACHE } from './precache-rules';

const NINETY_DAYS_IN_SECONDS = 90 * 24 * 60 * 60;

/** The site's own code and styles, kept cache-first as they are first loaded. */
export const visitedAssets = new CacheFirst({
  cacheName: ASSETS_CACHE,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: NINETY_DAYS_IN_SECONDS, purgeOnQuotaError: true }),
  ],
});

export const isOwnAsset = (url: URL, origin: string) =>
  url.origin === origin && url.pathname.startsWith('/assets/') && /\.(?:js|css|wasm)$/.test(url.pathname);

export function registerVisitedCaches(origin: string): void {
  const sameOrigin = (url: URL) => url.origin === origin;
  registerRoute(({ request, url }) => request.method === 'GET' && isOwnAsset(url, origin), visitedAssets);
  registerRoute(
    ({ request, url }) =>
      request.method === 'GET' && sameOrigin(url) && !url.pathname.startsWith('/api/') && (request.destination === 'image' || request.destination === 'font'),
    new StaleWhileRevalidate({
      cacheName: IMAGES_CACHE,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: NINETY_DAYS_IN_SECONDS, purgeOnQuotaError: true }),
      ],
    }),
  );
}
