/**
 * What the browser lets us do about installing the site, as a small store.
 * Chromium fires `beforeinstallprompt` once it judges the site installable,
 * often before any component mounts, so the listener is attached when this
 * module loads (the app shell imports it) and the event is kept for the
 * Install button. `appinstalled`, or running as a home-screen app, means
 * there is nothing to offer.
 */
import { useSyncExternalStore } from 'react';
import { isIosSafari } from '../../domain/install-offer';

/** Chromium's event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<unknown>;
  userChoice?: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallOffer = 'installed' | 'prompt' | 'ios' | 'none';

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function runningInstalled(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep Chromium's own mini-infobar away; the footer's button offers it instead.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    notify();
  });
}

function currentOffer(): InstallOffer {
  if (installed || runningInstalled()) return 'installed';
  if (deferred) return 'prompt';
  if (isIosSafari(navigator.userAgent, navigator.maxTouchPoints)) return 'ios';
  return 'none';
}

/** Shows the browser's install dialog; the kept event can be used only once. */
export async function promptInstall(): Promise<void> {
  const event = deferred;
  if (!event) return;
  deferred = null;
  await event.prompt();
  const choice = await event.userChoice?.catch(() => undefined);
  if (choice?.outcome === 'accepted') installed = true;
  notify();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(subscribe, currentOffer, () => 'none');
}
