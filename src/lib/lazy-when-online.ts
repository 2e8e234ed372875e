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
import { createElement, lazy, useState, type ComponentProps, type ComponentType, type ReactElement } from 'react';

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

/** A lazily loaded component that can be asked to load before it is drawn. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export type PreloadableComponent<T extends ComponentType<any>> = ((props: ComponentProps<T>) => ReactElement) & {
  /** Loads the code now; once loaded, the component draws without suspending. */
  preload: () => Promise<void>;
};

/**
 * A lazy component whose code, once loaded, is drawn directly rather than
 * through React.lazy, which suspends at least once even for code already
 * here. A page hydrated in the middle of a person's first tap (ADR 0023)
 * must not suspend, or React drops the tap. Each instance keeps the way it
 * started, so a component never switches type (and loses its state) mid-life.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export function lazyWhenOnline<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): PreloadableComponent<T> {
  let loaded: T | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const fetchCode = () => {
    loading ??= loadWhenOnline(load).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(fetchCode);
  function Preloadable(props: ComponentProps<T>) {
    const [direct] = useState(() => loaded);
    return direct ? createElement(direct, props) : createElement(Lazy, props);
  }
  return Object.assign(Preloadable, { preload: () => fetchCode().then(() => undefined) });
}
