/**
 * How the product API recognises a member from a bearer token: the
 * stand-in's own ES256 tokens (whose session must still be live), or a
 * hosted Supabase project's, by its JWT secret or its published JWKS.
 * Identity is the token's `sub`, nothing the request body says.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { Queryable } from '../../platform/db/adapter';
import { aalOf, provenAt, verifyAccessToken, type Aal } from './access-tokens';
import { liveSession, type SessionLimits } from './sessions';
import type { SigningKeys } from './signing-keys';

export interface Member {
  userId: string;
  email: string;
  /**
   * The token's assurance level (docs/rules.md#second-factor): aal2 when
   * the session was proven with a second factor. With the stand-in's own
   * tokens the session must say so too, so a factor removed since lowers
   * it at once.
   */
  aal: Aal;
  /** The session the token belongs to (its `session_id` claim), when it names one: the staff idle timeout is kept per session. */
  sessionId?: string;
  /** When that session was signed in or last proven (its amr), where the staff idle clock starts. */
  signedInAt?: Date;
}

export type MemberVerifier = (token: string) => Promise<Member | null>;

export function ownTokenVerifier(
  db: Queryable,
  keys: () => Promise<SigningKeys>,
  now: () => Date,
  limits: SessionLimits,
): MemberVerifier {
  return async (token) => {
    const claims = await verifyAccessToken(await keys(), token, now());
    if (!claims) return null;
    const session = await liveSession(db, claims.session_id, claims.sub, now(), limits);
    if (!session) return null;
    const signedInAt = provenAt(session.amr);
    return {
      userId: claims.sub,
      email: claims.email,
      aal: claims.aal === 'aal2' && session.aal === 'aal2' ? 'aal2' : 'aal1',
      sessionId: claims.session_id,
      ...(signedInAt ? { signedInAt } : {}),
    };
  };
}

export function hostedTokenVerifier(
  supabaseUrl: string,
  jwtSecret: string | undefined,
  now: () => Date,
): MemberVerifier {
  const jwks = createRemoteJWKSet(new URL(`${supabaseUrl}/auth/v1/.well-known/jwks.json`));
  return async (token) => {
    const options = { audience: 'authenticated', currentDate: now(), requiredClaims: ['sub', 'exp'] };
    let payload: JWTPayload;
    try {
      payload = jwtSecret
        ? (await jwtVerify(token, new TextEncoder().encode(jwtSecret), { ...options, algorithms: ['HS256'] })).payload
        : (await jwtVerify(token, jwks, { ...options, algorithms: ['ES256', 'RS256'] })).payload;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
    if (typeof payload.sub !== 'string') return null;
    // Supabase's tokens carry amr; one without it is taken as proven when issued.
    const signedInAt = provenAt(payload.amr) ?? (typeof payload.iat === 'number' ? new Date(payload.iat * 1000) : undefined);
    return {
      userId: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : '',
      aal: aalOf(payload.aal),
      ...(typeof payload.session_id === 'string' ? { sessionId: payload.session_id } : {}),
      ...(signedInAt ? { signedInAt } : {}),
    };
  };
}
