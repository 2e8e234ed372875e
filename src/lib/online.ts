/**
 * Is there really a connection? navigator.onLine === true only means a
 * network interface is up (a phone on one bar of signal says true), so
 * actions that need the server ask it directly first.
 */
import { useSyncExternalStore } from 'react';
import { apiUrl } from './api-client';

const HEALTH_TIMEOUT_MS = 3500;

export async function isReallyOnline(): Promise<boolean> {
  if (!navigator.onLine) return false;
  try {
    const response = await fetch(apiUrl('/health'), {
      cache: 'no-store',
      credentials: 'omit',
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's own online flag, live. False is reliable; true is a hint. */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

