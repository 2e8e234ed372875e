/**
 * React.lazy for code that arrives over the network, made patient.
 *
 * A page the server sent rendered reads from its markup until its code
 * arrives and hydrates it (ADR 0012). If the connection drops in between —
 * a phone in a church hall on one bar — a plain lazy() import rejects, the
 * error reaches the root and React takes the whole page down, leaving a
 * blank screen where the text was readable. Here a failed import while the
 * browser is offline waits for the connection and tries again, so the
 * component stays suspended: the server's markup stays on screen (or the
 * Suspense fallback, on a page drawn in the browser) and the page carries on
 * when the signal comes back. Online, a failure is tried twice more before
 * it is thrown, for a request dropped on a weak signal.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

const ONLINE_RETRY_DELAYS_MS = [1000, 3000];

function whenOnline(): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function loadWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  const onlineDelays = [...ONLINE_RETRY_DELAYS_MS];
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (!navigator.onLine) {
        await whenOnline();
        continue;
      }
      const delay = onlineDelays.shift();
      if (delay === undefined) throw error;
      await pause(delay);
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export function lazyWhenOnline<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => loadWhenOnline(load));
}
