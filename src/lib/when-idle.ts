/**
 * Resolves once the page has loaded and the main thread has a quiet moment:
 * for start-up work a page does not need to be read or used (registering the
 * service worker, caching files for later), so that on a slow phone it does
 * not compete with hydration for the first seconds (ADR 0015). Browsers
 * without requestIdleCallback (Safari) get a short timeout instead.
 */
const IDLE_TIMEOUT_MS = 3000;
const FALLBACK_DELAY_MS = 200;

export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else window.setTimeout(resolve, FALLBACK_DELAY_MS);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}
