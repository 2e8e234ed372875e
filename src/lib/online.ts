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

/**
 * A write that was never sent because the connection check failed: the
 * screen says nothing was sent, keeps what was typed, and offers Retry.
 */
export class NotSentError extends Error {
  readonly notSent = true;

  constructor() {
    super('You appear to be offline, so nothing was sent. What you entered is kept here: press Retry when you have a signal.');
    this.name = 'NotSentError';
  }
}

export function isNotSent(error: unknown): error is NotSentError {
  return error instanceof NotSentError;
}

/** Called first in every write (access code, NHS number, consent, booking, cancel). */
export async function ensureOnline(): Promise<void> {
  if (!(await isReallyOnline())) throw new NotSentError();
}
