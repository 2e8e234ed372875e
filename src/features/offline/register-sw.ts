/**
 * Registers the service worker (production builds only; the caller checks)
 * and asks it to look for a new version whenever the page comes back into
 * view: home-screen apps on iOS otherwise keep running an old version.
 * A waiting version is never forced on the user; onNeedRefresh asks first.
 */
import { registerSW } from 'virtual:pwa-register';
import { keepLoadedFilesOffline } from './keep-loaded-files';

export interface ServiceWorkerControls {
  /** Activates the waiting version; the page reloads once it has taken over. */
  applyUpdate: () => Promise<void>;
}

let controls: ServiceWorkerControls | null = null;
let refreshNeeded = false;
const needRefreshListeners = new Set<() => void>();

/**
 * Registers once; each call adds a listener for a waiting version. One that
 * joins after a version was already found (the update prompt, drawn when the
 * page is hydrated, ADR 0023) hears of it at once.
 */
export function registerServiceWorker(onNeedRefresh?: () => void): ServiceWorkerControls {
  if (onNeedRefresh) {
    needRefreshListeners.add(onNeedRefresh);
    if (refreshNeeded) queueMicrotask(onNeedRefresh);
  }
  if (controls) return controls;

  let registration: ServiceWorkerRegistration | undefined;
  keepLoadedFilesOffline();
  registerSW({
    immediate: true,
    onNeedRefresh: () => {
      refreshNeeded = true;
      needRefreshListeners.forEach((listener) => listener());
    },
    onRegisteredSW: (_url, reg) => {
      registration = reg;
    },
    onRegisterError: (error: unknown) => console.warn('Service worker registration failed', error),
  });

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || !registration || !navigator.onLine) return;
    registration.update().catch(() => {
      // A failed check (lost signal, say) simply waits for the next one.
    });
  });

  controls = {
    // Done by hand rather than with registerSW's updateSW(): workbox-window
    // counts a version found by registration.update() in the same page
    // session as "external" and then never reloads for it.
    applyUpdate: async () => {
      const waiting = (registration ?? (await navigator.serviceWorker.getRegistration()))?.waiting;
      if (!waiting) {
        window.location.reload();
        return;
      }
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      waiting.postMessage({ type: 'SKIP_WAITING' });
    },
  };
  return controls;
}

export function stopListening(onNeedRefresh: () => void): void {
  needRefreshListeners.delete(onNeedRefresh);
}
