/**
 * When the map may start asking for tiles. Once the service worker controls
 * the page, every tile request goes through it, and a tile that cannot load
 * comes back as a plain placeholder (sw/tile-placeholder.ts). A request that
 * fails in the page itself is logged by the browser as a console error, however
 * the page handles it, so on a first visit, where the worker takes control a
 * moment after the page loads, the map waits for it. Never for long: a worker
 * that does not arrive (a failed install, a development build, a browser
 * without workers) must not leave the map without tiles.
 */
import { env } from '@/lib/env';

export const CONTROL_WAIT_MS = 10_000;

let ready: Promise<void> | undefined;
let settled = false;

/** True once tiles may load; lets a map drawn later skip waiting a render. */
export function tilesMayLoadNow(): boolean {
  return settled || !workerExpected() || navigator.serviceWorker.controller !== null;
}

export function tilesMayLoad(): Promise<void> {
  ready ??= waitForControl().then(() => {
    settled = true;
  });
  return ready;
}

/** Production builds register the worker (features/offline) where the browser has them. */
function workerExpected(): boolean {
  return env.isProduction && 'serviceWorker' in navigator;
}

async function waitForControl(): Promise<void> {
  if (tilesMayLoadNow()) return;
  const container = navigator.serviceWorker;
  // An active worker that does not control the page (after a hard reload)
  // will not take control until the next visit: nothing to wait for.
  const registration = await container.getRegistration().catch(() => undefined);
  if (registration?.active) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      container.removeEventListener('controllerchange', done);
      resolve();
    };
    const timer = window.setTimeout(done, CONTROL_WAIT_MS);
    container.addEventListener('controllerchange', done);
  });
}
