/**
 * Access tokens: ES256 JWTs with Supabase's claims
 * (https://supabase.com/docs/guides/auth/jwt-fields) and the signing key's kid,
 * one hour. Verification checks signature, audience and expiry against the
 * app's clock; callers then check that the session is still live. HS256 tokens
 * from before ES256 are still accepted until they expire.
 */
import { errors, jwtVerify, SignJWT, type JWTHeaderParameters } from 'jose';
import type { SigningKeys } from './signing-keys';

export const ACCESS_TOKEN_SECONDS = 3600;

/** Authenticator assurance level: aal1 a password or email link, aal2 with a second factor too (docs/rules.md#second-factor). */
export type Aal = 'aal1' | 'aal2';
/** One way the session was proven, and when (the `amr` claim). */
export interface AmrEntry {
  method: string;
  timestamp: number;
}

/**
 * The `amr` claim as GoTrue builds it: one entry per method, its latest
 * time, most recent first. Entries are stored in the order they were
 * added, so of two in the same second the later added comes first.
 */
export function amrClaim(entries: readonly AmrEntry[]): AmrEntry[] {
  const latest = new Map<string, AmrEntry>();
  for (const entry of entries) {
    const seen = latest.get(entry.method);
    if (!seen || entry.timestamp >= seen.timestamp) latest.set(entry.method, entry);
  }
  // Reversed before a stable sort: ties keep the later added first.
  return [...latest.values()].reverse().sort((a, b) => b.timestamp - a.timestamp);
}

/**
 * When a session was last proven: the newest moment of its `amr` (its
 * sign-in, or a second factor given since), or undefined when it names
 * none. A refresh keeps the amr, so this does not move with use.
 */
export function provenAt(amr: unknown): Date | undefined {
  if (!Array.isArray(amr)) return undefined;
  const moments = amr.flatMap((entry: unknown) => {
    const timestamp = typeof entry === 'object' && entry !== null ? (entry as { timestamp?: unknown }).timestamp : undefined;
    return typeof timestamp === 'number' && Number.isFinite(timestamp) ? [timestamp] : [];
  });
  return moments.length > 0 ? new Date(Math.max(...moments) * 1000) : undefined;
}

/** A token's `aal` claim: anything but aal2 (missing, odd) counts as aal1. */
export const aalOf = (claim: unknown): Aal => (claim === 'aal2' ? 'aal2' : 'aal1');

export interface AccessClaims {
  sub: string;
  email: string;
  session_id: string;
  exp: number;
  aal: Aal;
}

export interface TokenSubject {
  userId: string;
  email: string;
  userMetadata: Record<string, unknown>;
  /** The user's app_metadata (a role such as staff), as a hosted Supabase project puts it in the token. */
  appMetadata?: Record<string, unknown>;
  sessionId: string;
  /** How the session began: 'password', or 'otp' for an email link. */
  method: 'password' | 'otp';
  /**
   * The session's level and the ways it was proven, as stored on the
   * session (a refresh keeps them); without it, aal1 by `method` alone.
   */
  assurance?: { aal: Aal; amr: AmrEntry[] };
}

export async function signAccessToken(
  keys: SigningKeys,
  subject: TokenSubject,
  issuer: string,
  now: Date,
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(now.getTime() / 1000);
  const expiresAt = iat + ACCESS_TOKEN_SECONDS;
  const token = await new SignJWT({
    email: subject.email,
    phone: '',
    role: 'authenticated',
    app_metadata: { ...subject.appMetadata, provider: 'email', providers: ['email'] },
    user_metadata: subject.userMetadata,
    aal: subject.assurance?.aal ?? 'aal1',
    amr: amrClaim(subject.assurance?.amr ?? [{ method: subject.method, timestamp: iat }]),
    session_id: subject.sessionId,
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: keys.kid })
    .setIssuer(issuer)
    .setSubject(subject.userId)
    .setAudience('authenticated')
    .setIssuedAt(iat)
    .setExpirationTime(expiresAt)
    .sign(keys.privateKey);
  return { token, expiresAt };
}

/** The claims of a valid token signed with `keys`, or null (bad signature, expired, wrong audience, malformed). */
export async function verifyAccessToken(keys: SigningKeys, token: string, now: Date): Promise<AccessClaims | null> {
  // Each algorithm has its own key, so a token cannot pass one off as the other.
  const keyFor = (header: JWTHeaderParameters) => (header.alg === 'ES256' ? keys.publicKey : keys.legacyHmacKey);
  try {
    const { payload } = await jwtVerify(token, keyFor, {
      algorithms: ['ES256', 'HS256'],
      audience: 'authenticated',
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'session_id'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.session_id !== 'string') return null;
    return {
      sub: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : '',
      session_id: payload.session_id,
      exp: payload.exp as number,
      aal: aalOf(payload.aal),
    };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
