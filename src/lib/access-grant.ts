/**
 * The access grant of a private event
 * (docs/decisions/0007-bookings-appointments-and-history.md): the signed token
 * the server gives for a right access code, kept for this tab only
 * (sessionStorage, keyed by event id) so the slots call and the booking can
 * send it without asking for the code again. The server decides whether it is
 * still valid; a refusal drops it, and the member is asked again.
 */
const KEY_PREFIX = 'chaps-access-grant:';
/** The server's grants last 2 hours; forget ours a little sooner. */
const GRANT_LIFETIME_MS = 110 * 60 * 1000;

interface StoredGrant {
  grant: string;
  savedAt: number;
}

export function saveAccessGrant(eventId: string, grant: string, now = Date.now()): void {
  try {
    window.sessionStorage.setItem(KEY_PREFIX + eventId, JSON.stringify({ grant, savedAt: now } satisfies StoredGrant));
  } catch {
    // Storage full or blocked (private browsing): the member is asked for the code again later.
  }
}

export function readAccessGrant(eventId: string, now = Date.now()): string | undefined {
  try {
    const raw = window.sessionStorage.getItem(KEY_PREFIX + eventId);
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as Partial<StoredGrant>;
    if (typeof stored.grant !== 'string' || typeof stored.savedAt !== 'number') return undefined;
    return now - stored.savedAt < GRANT_LIFETIME_MS ? stored.grant : undefined;
  } catch {
    return undefined;
  }
}

export function forgetAccessGrant(eventId: string): void {
  try {
    window.sessionStorage.removeItem(KEY_PREFIX + eventId);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
