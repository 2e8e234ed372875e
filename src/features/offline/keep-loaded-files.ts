/**
 * On a first visit the page loads its code before the service worker
 * controls it, so files the precache leaves out (sw/precache-rules.ts: the
 * staff console, checkout) never pass through the worker's runtime cache,
 * and a reload with no signal found them missing: the attendee list was a
 * blank page, "Unable to preload CSS for /assets/staff-*.css", as a staff phone
 * at a venue once showed. Once the worker takes control, it is told every file
 * of the site's own /assets/ this page has loaded, and keeps those its precache
 * lacks in its runtime cache (usually from the HTTP cache). A page controlled
 * from the start has nothing to do: its files all went through the worker.
 */
const OWN_ASSET = /^\/assets\/[^/]+\.(?:js|css)$/;

/**
 * The list goes to the worker in one message and the worker fetches what its
 * precache lacks (sw/sw.ts): fetching each file again from the page was one
 * long task on a slow phone, just as a first visit became usable (ADR 0015).
 */
function sendLoadedFilesThroughWorker(): void {
  const urls = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin === window.location.origin && OWN_ASSET.test(url.pathname)) urls.add(url.href);
  }
  navigator.serviceWorker.controller?.postMessage({ type: 'KEEP_LOADED_FILES', urls: [...urls] });
}

export function keepLoadedFilesOffline(): void {
  const { serviceWorker } = navigator;
  if (!serviceWorker || serviceWorker.controller) return;
  serviceWorker.addEventListener('controllerchange', sendLoadedFilesThroughWorker, { once: true });
}
