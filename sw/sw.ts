/**
 * The site's service worker. Built by vite-plugin-pwa (injectManifest), which
 * replaces self.__WB_MANIFEST with the build's file list and import.meta.env
 * with the VITE_* settings of the build.
 *
 * Policy (docs/rules.md#offline): the app shell and every route's code come
 * from the precache, so content pages open with no network; map tiles the user
 * has seen are cached; API data is never cached here — TanStack Query persists
 * the events to IndexedDB instead, and member and auth responses must never sit
 * in a cache a shared phone could replay.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, getCacheKeyForURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { isOwnAsset, registerVisitedCaches, visitedAssets } from './visited-caches';
import { tileUrlPattern } from './tile-pattern';
import { tilePlaceholderPlugin } from './tile-placeholder';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const TILE_CACHE = 'map-tiles';
const THIRTY_DAYS_IN_SECONDS = 30 * 24 * 60 * 60;

precacheAndRoute(self.__WB_MANIFEST);
// Precaches from older Workbox versions would otherwise hold quota forever.
cleanupOutdatedCaches();

// Every app route renders in the browser too, so any navigation gets the
// shell (the network gives a first visit rendered pages: ADR 0012) — except
// server-owned paths (the API, the auth stand-in, dev helpers, the one-click
// unsubscribe page the server renders: it must work without the app) and real files
// such as /robots.txt, which must reach the network and fail honestly offline.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    // The last rule: a dot in the path's last segment (not in the query, which
    // a location search may fill with anything).
    denylist: [/^\/api(?:[/?]|$)/, /^\/auth(?:[/?]|$)/, /^\/dev(?:[/?]|$)/, /^\/unsubscribe(?:[/?]|$)/, /^[^?]*\.[^/?]*(?:\?|$)/],
  }),
);

// Tiles: the configured provider plus the same-origin stand-in. Cache-first
// because a tile at a given z/x/y rarely changes and a venue map must work on
// a poor connection. Only status 200 is kept: an opaque (no-CORS) response
// reports status 0 and costs megabytes of quota each in Chromium. A tile that
// cannot be had either way gets a plain placeholder (tile-placeholder.ts).
const tilePatterns = [
  tileUrlPattern(import.meta.env.VITE_TILE_URL || DEFAULT_TILE_URL, self.location.origin),
  tileUrlPattern('/dev/tiles/{z}/{x}/{y}.png', self.location.origin),
];
registerRoute(
  ({ request, url }) => request.method === 'GET' && tilePatterns.some((pattern) => pattern.test(url.href)),
  new CacheFirst({
    cacheName: TILE_CACHE,
    plugins: [
      tilePlaceholderPlugin,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 2000, maxAgeSeconds: THIRTY_DAYS_IN_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

// After the tile route, so a same-origin tile never lands in the images cache.
registerVisitedCaches(self.location.origin);

// A new version waits until the user accepts the page's update prompt, which
// sends this message; installing never skips waiting on its own, so an open
// form is never swapped out from under someone mid-booking.
self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // A first visit's page loaded its code before this worker controlled it (src/features/offline/
  // keep-loaded-files.ts); what the precache leaves out is kept now, here rather than by the
  // page fetching each file again on its own main thread.
  if (data?.type === 'KEEP_LOADED_FILES' && Array.isArray(data.urls)) event.waitUntil(keepLoadedFiles(data.urls, event));
});

async function keepLoadedFiles(urls: unknown[], event: ExtendableEvent): Promise<void> {
  for (const href of urls) {
    if (typeof href !== 'string') continue;
    const url = new URL(href, self.location.origin);
    if (!isOwnAsset(url, self.location.origin) || getCacheKeyForURL(url.href)) continue;
    await visitedAssets.handle({ request: new Request(url.href), event }).catch(() => {
      // No signal now: the file is kept the next time it loads online.
    });
  }
}

// A worker only activates on first install, after the user accepted an update,
// or once every tab has closed, so claiming here never reloads a page behind
// the user's back; it lets the first visit work offline without a reload.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
