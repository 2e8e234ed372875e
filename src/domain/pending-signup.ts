/**
 * Sign-up details kept on this device while the email address waits to be
 * confirmed (no session yet, so the profile cannot be sent): keyed by the
 * normalised email, for 24 hours (the confirmation link's life), never with
 * the password. Used once the member signs in here, and removed then, when
 * out of date, or on sign-out. The store is passed in (localStorage in the
 * browser), so these rules stay pure.
 */
import { normaliseEmail } from './member-profile';
import { PENDING_SIGNUP_PREFIX, type KeyValueStore } from './pending-signup-keys';
import { EMPTY_DETAILS, type DetailsValues } from './signup-form';

export { clearAllPendingSignups, PENDING_SIGNUP_PREFIX, type KeyValueStore } from './pending-signup-keys';

/** How long a confirmation link works, and so how long the details are kept. */
export const PENDING_SIGNUP_LIFETIME_MS = 24 * 60 * 60 * 1000;

interface Kept {
  email: string;
  expiresAt: number;
  details: DetailsValues;
}

export const pendingSignupKey = (email: string) => `${PENDING_SIGNUP_PREFIX}${normaliseEmail(email)}`;

/** Keeps the details (and only those: any other field, the password included, is dropped). */
export function keepPendingSignup(store: KeyValueStore, email: string, details: DetailsValues, now: Date): void {
  const kept: Kept = { email: normaliseEmail(email), expiresAt: now.getTime() + PENDING_SIGNUP_LIFETIME_MS, details: onlyDetails(details) };
  store.setItem(pendingSignupKey(email), JSON.stringify(kept));
}

function onlyDetails(v: object): DetailsValues {
  const out = { ...EMPTY_DETAILS };
  for (const key of Object.keys(EMPTY_DETAILS) as (keyof DetailsValues)[]) {
    const value = (v as Record<string, unknown>)[key];
    out[key] = typeof value === 'string' ? value : '';
  }
  return out;
}

function parse(raw: string): Kept | null {
  try {
    const value = JSON.parse(raw) as Partial<Kept> | null;
    if (!value || typeof value.email !== 'string' || typeof value.expiresAt !== 'number') return null;
    if (typeof value.details !== 'object' || value.details === null) return null;
    return { email: value.email, expiresAt: value.expiresAt, details: onlyDetails(value.details) };
  } catch {
    return null;
  }
}

/** The details kept for this email, or null (none, out of date or unreadable: those are removed). */
export function readPendingSignup(store: KeyValueStore, email: string, now: Date): DetailsValues | null {
  const key = pendingSignupKey(email);
  const raw = store.getItem(key);
  if (raw === null) return null;
  const kept = parse(raw);
  if (!kept || kept.email !== normaliseEmail(email) || kept.expiresAt <= now.getTime()) {
    store.removeItem(key);
    return null;
  }
  return kept.details;
}

export function clearPendingSignup(store: KeyValueStore, email: string): void {
  store.removeItem(pendingSignupKey(email));
}

