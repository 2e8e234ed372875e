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

export interface AccessClaims {
  sub: string;
  email: string;
  session_id: string;
  exp: number;
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
    aal: 'aal1',
    amr: [{ method: subject.method, timestamp: iat }],
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
    };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
