/**
 * The console's lock (docs/rules.md#door-lock, ADR 0036). Locked, every
 * staff page shows the lock screen instead of itself, and the saved list
 * stays on the phone underneath: the staff member's PIN opens it again,
 * with or without a signal. The PIN is chosen at sign-in, before the
 * console opens (door-pin-step.tsx). It locks when the console is left
 * unused (use-staff-idle.ts), and when a walk-in is handed the phone
 * for his consent ('hand-over': only that page's hand-over screen shows).
 *
 * The lock is kept in localStorage, so a reload, another tab or a URL typed
 * in opens at the lock too; signing out removes it with the PIN
 * (src/lib/auth.ts).
 */
import { useSyncExternalStore } from 'react';
import { signOut, STAFF_LAST_USED_KEY } from '@/lib/auth';
import { STAFF_LOCK_KEY } from '@/domain/door-lock-keys';
import { choosePin, hasPin, PIN_KEY, triesLeft, tryPin, type PinAnswer } from '@/domain/door-pin';

const LOCK_KEY = STAFF_LOCK_KEY;

export type LockReason = 'idle' | 'hand-over';

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === LOCK_KEY || event.key === PIN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function readLock(): LockReason | null {
  const stored = window.localStorage.getItem(LOCK_KEY);
  return stored === 'idle' || stored === 'hand-over' ? stored : null;
}

/** Why the console is locked, or null when open; follows every tab. */
export function useDoorLock(): LockReason | null {
  return useSyncExternalStore(subscribe, readLock, () => null);
}

/** Whether `userId` has chosen a PIN on this phone; follows every tab. */
export function useHasPin(userId: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hasPin(window.localStorage, userId),
    () => false,
  );
}

export function lockConsole(reason: LockReason): void {
  // An idle time running out during a hand-over leaves it a hand-over: the man's form stays in front of him.
  if (reason === 'idle' && readLock() === 'hand-over') return;
  window.localStorage.setItem(LOCK_KEY, reason);
  changed();
}

export async function chooseDoorPin(userId: string, pin: string): Promise<void> {
  await choosePin(window.localStorage, userId, pin);
  changed();
}

export const doorTriesLeft = (userId: string): number => triesLeft(window.localStorage, userId);

/**
 * Tries `pin` against the lock: right, the console opens (and counts as
 * used now); the last wrong one signs out, which removes the saved list.
 */
export async function unlockConsole(userId: string, pin: string): Promise<PinAnswer> {
  const answer = await tryPin(window.localStorage, userId, pin);
  if (answer.kind === 'right') {
    window.localStorage.setItem(STAFF_LAST_USED_KEY, String(Date.now()));
    window.localStorage.removeItem(LOCK_KEY);
    changed();
  } else if (answer.kind === 'wipe') {
    await signOut({ kind: 'door_pin' });
  }
  return answer;
}
