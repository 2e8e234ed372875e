/**
 * Registers the service worker once the page has loaded and gone quiet, from
 * the entry rather than from a component: a page the server drew may be read
 * without ever being hydrated (ADR 0023), and offline reading must not wait
 * for that. Production builds only. The update prompt joins the same
 * registration when the page is hydrated.
 */
import { env } from '../../lib/env';
import { loadWhenOnline } from '../../lib/lazy-when-online';
import { whenIdle } from '../../lib/when-idle';

/** Dispatched on window when the page must be drawn by React to show something (src/app/hydration-trigger.ts). */
export const PAGE_NEEDED_EVENT = 'chaps-page-needed';

type Registration = typeof import('./register-sw');
let registering: Promise<Registration> | null = null;

/** The worker's registration, begun once; null where there is none to make (development, no worker support). */
export function workerRegistration(): Promise<Registration> | null {
  if (!env.isProduction || !('serviceWorker' in navigator)) return null;
  // Kept waiting through a lost connection rather than never registering.
  registering ??= whenIdle()
    .then(() => loadWhenOnline(() => import('./register-sw')))
    .then((module) => {
      // A waiting version is offered by the update prompt, which needs the page hydrated.
      module.registerServiceWorker(() => window.dispatchEvent(new Event(PAGE_NEEDED_EVENT)));
      return module;
    });
  return registering;
}

export function registerWorkerWhenIdle(): void {
  void workerRegistration();
}
