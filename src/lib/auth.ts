/**
 * Signing in and out, and calling the member API with the session's
 * token. Sign-out cancels and clears every query and removes the saved
 * copy from IndexedDB before it resolves, so a shared phone keeps nothing
 * of the member's (docs/decisions/0006-auth-stand-in.md, The browser side). A
 * 401 from the API is 'Unauthorized' (docs/rules.md#api-shapes): the session is
 * cleared, and protected screens then send the member to /login with the way
 * back.
 */
import { del } from 'idb-keyval';
import { clearAllPendingSignups } from '../domain/pending-signup-keys';
import { ApiError, apiUrl, issuesOf, NetworkError, UNAUTHORIZED, writeDeadline } from './api-client';
import { allowMemberWrites, PERSIST_KEY, queryClient } from './query-client';
import { setSessionFromClient, storedAccessToken } from './session';
import { STAFF_LOCK_KEY, STAFF_PIN_KEY } from '../domain/door-lock-keys';
import { getSupabase } from './supabase';

/** When the staff console was last used on this phone (src/features/staff/use-staff-idle.ts), removed on sign-out. */
export const STAFF_LAST_USED_KEY = 'chaps-staff-last-used';

/** The original client's browser copy of the profile, removed on sign-out. */
export const STORED_PROFILE_KEY = 'user';

/**
 * Why the last sign-out happened, when the person did not choose it: the
 * sign-in page says so once. 'door_pin': the door PIN was wrong too many
 * times (docs/rules.md#door-lock).
 */
export type SignOutReason = { kind: 'staff_idle'; minutes: number | null } | { kind: 'door_pin' };
let lastSignOutReason: SignOutReason | null = null;

/** The reason for the sign-out that just happened (the sign-in page shows it, then forgets it). */
export const signOutReason = (): SignOutReason | null => lastSignOutReason;

export function forgetSignOutReason(): void {
  lastSignOutReason = null;
}

let listening: Promise<void> | undefined;
// While signing out, the client's SIGNED_OUT is held back until the member's data is gone,
// so no screen leaves the member area before the wipe is done.
let signingOut = false;

/** Loads the auth client and keeps the session state in step with its events. Idempotent. */
export function startAuth(): Promise<void> {
  listening ??= getSupabase().then((supabase) => {
    supabase.auth.onAuthStateChange((event, session) => {
      // Only record the change here: calling the client inside its own callback can deadlock it.
      if (signingOut) return;
      // Signed out elsewhere (another tab, or a refresh token that was refused): leave nothing behind.
      if (event === 'SIGNED_OUT') void wipeMemberData();
      if (session?.user) allowMemberWrites(true);
      // No session and no SIGNED_OUT: its refresh found no signal, and the stored one stands (session.ts).
      setSessionFromClient(session?.user ?? null, event !== 'SIGNED_OUT');
    });
  });
  return listening;
}

export async function wipeMemberData(): Promise<void> {
  allowMemberWrites(false);
  await queryClient.cancelQueries();
  queryClient.clear();
  await del(PERSIST_KEY);
  window.localStorage.removeItem(STORED_PROFILE_KEY);
  window.localStorage.removeItem(STAFF_LAST_USED_KEY);
  // The door PIN and lock go with the list they guarded: the next sign-in starts open, with no PIN.
  window.localStorage.removeItem(STAFF_PIN_KEY);
  window.localStorage.removeItem(STAFF_LOCK_KEY);
  // Sign-up details waiting for a confirmed address: personal data the next person must not find either.
  clearAllPendingSignups(window.localStorage);
  // This tab's booking drafts hold consent answers (health information) and access grants:
  // the next person on a shared phone must not find them.
  window.sessionStorage.clear();
}

/**
 * Signs out everywhere (the default, docs/rules.md#sessions); offline, at
 * least on this device. `reason` is kept for the sign-in page when the
 * person did not choose to leave (a staff session idle too long).
 */
export async function signOut(reason?: SignOutReason): Promise<void> {
  if (reason) lastSignOutReason = reason;
  if (signingOut) return;
  signingOut = true;
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.signOut();
    if (error) await supabase.auth.signOut({ scope: 'local' });
    await wipeMemberData();
  } finally {
    signingOut = false;
    setSessionFromClient(null);
  }
}

async function accessToken(): Promise<string> {
  const stored = storedAccessToken(Date.now());
  if (stored) return stored;
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.getSession();
  if (data.session) return data.session.access_token;
  if (error) throw new NetworkError(error);
  throw new Error(UNAUTHORIZED);
}

/**
 * Every member call's common part: the bearer token, no cache, a
 * NetworkError when nothing answers, and sign-out on a 401.
 */
async function memberFetch(path: string, init: { method?: string; headers?: Record<string, string>; body?: BodyInit }): Promise<Response> {
  const token = await accessToken();
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      ...init,
      headers: { ...init.headers, Authorization: `Bearer ${token}` },
      cache: 'no-store',
      // Reads are left to TanStack Query's own cancelling; a write must not hang on lie-fi.
      signal: init.method && init.method !== 'GET' ? writeDeadline() : undefined,
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (response.status === 401) {
    const idle = (await response.clone().json().catch(() => null)) as { error?: unknown } | null;
    await signOut(idle?.error === 'session_idle' ? { kind: 'staff_idle', minutes: null } : undefined).catch(() => setSessionFromClient(null));
    throw new Error(UNAUTHORIZED);
  }
  return response;
}

const jsonInit = (method: string, body: unknown, contentType?: string) => {
  const raw = contentType !== undefined && typeof body === 'string';
  return {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': raw ? contentType : 'application/json' }),
    },
    body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
  };
};

/**
 * A member call whose answer is read whatever its status (the payment
 * calls: PayPal's error shape carries what the checkout shows). A 401
 * still signs out; no response at all is a NetworkError.
 */
export async function memberExchange<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await memberFetch(path, jsonInit(method, body));
  return { status: response.status, body: (await response.json().catch(() => ({}))) as T };
}

/**
 * A member API call with the bearer token; JSON out, and JSON in unless
 * `contentType` says the body is already text of that type (a CSV file);
 * `headers` adds others (a private event's access grant).
 */
export async function memberRequest<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  contentType?: string,
  headers: Record<string, string> = {},
): Promise<T> {
  const init = jsonInit(method, body, contentType);
  const response = await memberFetch(path, { ...init, headers: { ...init.headers, ...headers } });
  const payload = (await response.json().catch(() => null)) as { message?: unknown; error?: unknown } | null;
  if (!response.ok) {
    const message = typeof payload?.message === 'string' ? payload.message : `Request failed (${response.status})`;
    throw new ApiError(message, response.status, typeof payload?.error === 'string' ? payload.error : undefined, issuesOf(payload));
  }
  return payload as T;
}

/**
 * A member file download (the booking's .ics): the bearer token cannot ride
 * on a plain link, so the file is fetched and handed back as a Blob.
 */
export async function memberDownload(path: string): Promise<Blob> {
  const response = await memberFetch(path, {});
  if (!response.ok) throw new ApiError(`Request failed (${response.status})`, response.status);
  return response.blob();
}
