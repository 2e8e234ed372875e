/**
 * Whether a CSS media query matches, kept up to date as the screen turns or
 * the window is resized. A page rendered ahead on the server (ADR 0012) and
 * its hydration see `serverValue`; the browser's answer follows at once.
 */
import { useCallback, useSyncExternalStore } from 'react';

export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

/** Below this width the events list and its map, and the staff tables, are one column: a phone. */
export const NARROW_SCREEN = '(max-width: 959px)';
