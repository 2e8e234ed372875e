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

let enabledBeforeHydration = false;

/** Called by the entry once it has enabled the controls marked AWAITS_CODE in the server's markup (ADR 0023). */
export function markControlsEnabled(): void {
  enabledBeforeHydration = true;
}

/**
 * Whether a control held until the code runs may be used: as useInBrowser,
 * but already true while hydrating a page whose controls the entry enabled
 * before it was hydrated. A press that hydrates the page is handled within
 * that same event, and React ignores a click on a button its props still
 * call disabled.
 */
export function useControlsReady(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => enabledBeforeHydration,
  );
}

/** Marks a control the server drew disabled only because the code had not arrived (ADR 0023). */
export const AWAITS_CODE = 'data-awaits-code';

/**
 * A control held disabled until the code runs: on the server and while
 * hydrating, disabled and marked, so that once the code has arrived the
 * entry can enable it in the server's markup, though the page is not yet
 * hydrated (src/app/hydration-trigger.ts); hydrated, simply enabled.
 */
export function awaitingCode(ready: boolean): { disabled: boolean; [AWAITS_CODE]?: '' } {
  return ready ? { disabled: false } : { disabled: true, [AWAITS_CODE]: '' };
}
