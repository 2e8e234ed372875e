/**
 * False on the server and while React hydrates a page the server rendered
 * (ADR 0012), true in the browser from then on. For what must wait for the
 * code: a map, and the buttons that would otherwise do nothing, or submit a
 * form natively with its fields in the address, if pressed before it runs.
 */
import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

export function useInBrowser(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
