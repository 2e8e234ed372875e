/**
 * Who is signed in, for every screen. The stored session is read
 * synchronously from localStorage (so the first paint already shows Login
 * or Portal without loading the auth client); once the client has loaded, its
 * auth events keep this in step, in this tab and others.
 */
import { useSyncExternalStore } from 'react';
import { SESSION_STORAGE_KEY } from './supabase';
import { staffRoleOf } from '@/domain/staff-roles';

export interface MemberSession {
  userId: string;
  email: string;
  /**
   * Whether the account holds the staff role (app_metadata.role), only to
   * offer the way to the staff console: the server decides on every call.
   */
  staff: boolean;
}

const isStaffUser = (user: { app_metadata?: unknown } | undefined) =>
  staffRoleOf((user?.app_metadata as { role?: unknown } | undefined)?.role) !== null;

export type SessionState = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; member: MemberSession };

function readStored(): MemberSession | null {
  try {
    const raw = window.localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { user?: { id?: unknown; email?: unknown; app_metadata?: unknown }; refresh_token?: unknown };
    if (typeof parsed.user?.id !== 'string' || typeof parsed.refresh_token !== 'string') return null;
    return { userId: parsed.user.id, email: typeof parsed.user.email === 'string' ? parsed.user.email : '', staff: isStaffUser(parsed.user) };
  } catch {
    return null;
  }
}

// Used as it is while it has this long to run; nearer its end the auth client refreshes it.
const TOKEN_MARGIN_MS = 60_000;

/**
 * The stored session's access token, while it has a minute or more to run:
 * a page that only reads the member's data (the events search reads their
 * bookings) calls the API with it and never loads the auth client (ADR 0015).
 * The server checks the token on every call, as it does the client's.
 */
export function storedAccessToken(now: number): string | null {
  try {
    const raw = window.localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { access_token?: unknown; expires_at?: unknown };
    if (typeof parsed.access_token !== 'string' || typeof parsed.expires_at !== 'number') return null;
    return parsed.expires_at * 1000 - TOKEN_MARGIN_MS > now ? parsed.access_token : null;
  } catch {
    return null;
  }
}

/** What a page rendered ahead of time shows (src/app/prerender.tsx): nobody signed in. */
const PRERENDERED_STATE: SessionState = { status: 'signed-out' };

let confirmed = false;
let state: SessionState = initial();
const listeners = new Set<() => void>();

function initial(): SessionState {
  const stored = typeof window === 'undefined' ? null : readStored();
  // A stored session may be stale; protected screens wait for the client to confirm it.
  // Signed out, it is the very object hydration starts from: useSyncExternalStore compares
  // by identity, and an equal copy made React draw the header again, synchronously, once
  // hydration was done.
  return stored ? { status: 'signed-in', member: stored } : PRERENDERED_STATE;
}

function set(next: SessionState): void {
  const same =
    next.status === state.status &&
    (next.status !== 'signed-in' ||
      (state.status === 'signed-in' && state.member.userId === next.member.userId && state.member.staff === next.member.staff));
  if (same) return;
  state = next;
  listeners.forEach((l) => l());
}

/**
 * Updates the shared state from what the auth client reports. With
 * `keepStored`, no session from the client while one is still stored means
 * its refresh could not reach the server: auth-js keeps the stored session
 * then, and removes it when the server refuses it (GoTrueClient's
 * _callRefreshToken). So an app started with no signal after the access
 * token's hour goes on as the device's member, reading his saved copy
 * (docs/rules.md#offline); every call to the server still needs a token it
 * accepts.
 */
export function setSessionFromClient(user: { id: string; email?: string; app_metadata?: unknown } | null, keepStored = false): void {
  const kept = user || !keepStored ? null : readStored();
  const next: SessionState = user
    ? { status: 'signed-in', member: { userId: user.id, email: user.email ?? '', staff: isStaffUser(user) } }
    : kept
      ? { status: 'signed-in', member: kept }
      : { status: 'signed-out' };
  if (!confirmed) {
    // The first word from the client always re-renders: protected screens wait for it.
    confirmed = true;
    state = next;
    listeners.forEach((l) => l());
    return;
  }
  set(next);
}

/** Whether this device holds a session (confirmed or not): its pages are then drawn for him at once (ADR 0023). */
export function hasStoredSession(): boolean {
  return state.status === 'signed-in';
}

export function isSessionConfirmed(): boolean {
  return confirmed;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SESSION_STORAGE_KEY) return;
    const stored = readStored();
    set(stored ? { status: 'signed-in', member: stored } : { status: 'signed-out' });
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): SessionState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    // Hydration starts from the markup's state, then moves to the stored session.
    () => PRERENDERED_STATE,
  );
}
