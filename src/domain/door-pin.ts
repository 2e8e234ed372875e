/**
 * The door PIN (docs/rules.md#door-lock, ADR 0036): chosen by a staff
 * member on the phone, never sent anywhere. Only a slow salted hash is
 * kept (PBKDF2-SHA-256 through WebCrypto, PIN_ITERATIONS rounds), with the
 * number of wrong tries since the last right one. A try is counted before
 * it is checked, so closing the tab during the check, or trying in two
 * tabs at once, still spends it; the MAX_WRONG_PINS-th wrong one answers
 * 'wipe', and the caller removes the saved list (it signs out:
 * src/features/staff/door-lock.ts).
 *
 * The storage is passed in (localStorage in the browser) so the rules can
 * be tested without one.
 */
import { STAFF_PIN_KEY } from './door-lock-keys';

export const PIN_KEY = STAFF_PIN_KEY;
export const MAX_WRONG_PINS = 5;
/** OWASP's figure for PBKDF2-SHA-256 (2023): about half a second on a mid-range phone. */
export const PIN_ITERATIONS = 600_000;
export const PIN_PATTERN = /^\d{4,6}$/;

type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface StoredPin {
  userId: string;
  salt: string;
  hash: string;
  iterations: number;
  /** Wrong tries since the last right one, counted as each try starts. */
  tries: number;
}

export type PinAnswer = { kind: 'right' } | { kind: 'wrong'; left: number } | { kind: 'wipe' };

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function hashPin(pin: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return toBase64(new Uint8Array(bits));
}

function read(storage: KeyValue): StoredPin | null {
  try {
    const parsed = JSON.parse(storage.getItem(PIN_KEY) ?? 'null') as Partial<StoredPin> | null;
    if (!parsed || typeof parsed.userId !== 'string' || typeof parsed.salt !== 'string' || typeof parsed.hash !== 'string') return null;
    return { userId: parsed.userId, salt: parsed.salt, hash: parsed.hash, iterations: Number(parsed.iterations) || PIN_ITERATIONS, tries: Number(parsed.tries) || 0 };
  } catch {
    return null;
  }
}

/** Whether `userId` has chosen a PIN on this phone (a PIN of another staff member does not count). */
export function hasPin(storage: KeyValue, userId: string): boolean {
  return read(storage)?.userId === userId;
}

/** Keeps the hash of a new PIN for `userId`, replacing any PIN kept before. */
export async function choosePin(storage: KeyValue, userId: string, pin: string): Promise<void> {
  if (!PIN_PATTERN.test(pin)) throw new Error('A PIN is 4 to 6 digits');
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await hashPin(pin, salt, PIN_ITERATIONS);
  const stored: StoredPin = { userId, salt: toBase64(salt), hash, iterations: PIN_ITERATIONS, tries: 0 };
  storage.setItem(PIN_KEY, JSON.stringify(stored));
}

/** Checks a PIN of `userId`. */
export async function tryPin(storage: KeyValue, userId: string, pin: string): Promise<PinAnswer> {
  const before = read(storage);
  // None kept, another's, or every try spent already (a wipe that never finished): nothing opens it.
  if (!before || before.userId !== userId || before.tries >= MAX_WRONG_PINS) return { kind: 'wipe' };
  // Spent before the check: see the module comment.
  storage.setItem(PIN_KEY, JSON.stringify({ ...before, tries: before.tries + 1 }));
  const right = PIN_PATTERN.test(pin) && (await hashPin(pin, fromBase64(before.salt), before.iterations)) === before.hash;
  // Removed or replaced meanwhile (a wipe in another tab): nothing to open.
  const now = read(storage);
  if (!now || now.userId !== userId || now.salt !== before.salt) return { kind: 'wipe' };
  if (right) {
    storage.setItem(PIN_KEY, JSON.stringify({ ...now, tries: 0 }));
    return { kind: 'right' };
  }
  // This try's own place in the count: tries made at once each spend one of their own.
  const left = MAX_WRONG_PINS - (before.tries + 1);
  return left > 0 ? { kind: 'wrong', left } : { kind: 'wipe' };
}

/** Wrong tries left before the list is removed. */
export function triesLeft(storage: KeyValue, userId: string): number {
  const stored = read(storage);
  return stored?.userId === userId ? Math.max(0, MAX_WRONG_PINS - stored.tries) : 0;
}
