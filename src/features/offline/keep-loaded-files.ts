/**
 * On a first visit the page loads its code before the service worker
 * controls it, so files the precache leaves out (sw/precache-rules.ts: the
 * staff console, checkout) never pass through the worker's runtime cache,
 * and a reload with no signal found them missing: the attendee list was a
 * blank page, "Unable to preload CSS for /assets/staff-*.css" (issue 16).
 * Once the worker takes control, every file of the site's own /assets/ this
 * page has loaded is asked for again through it (usually from the HTTP
 * cache), so the runtime cache keeps it. A page controlled from the start
 * has nothing to do: its files all went through the worker.
 */
const OWN_ASSET = /^\/assets\/[^/]+\.(?:js|css)$/;

function sendLoadedFilesThroughWorker(): void {
  const urls = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin === window.location.origin && OWN_ASSET.test(url.pathname)) urls.add(url.href);
  }
  for (const url of urls) {
    fetch(url).catch(() => {
      // No signal now: the file is kept the next time it loads online.
    });
  }
}

export function keepLoadedFilesOffline(): void {
  const { serviceWorker } = navigator;
  if (!serviceWorker || serviceWorker.controller) return;
  serviceWorker.addEventListener('controllerchange', sendLoadedFilesThroughWorker, { once: true });
}
