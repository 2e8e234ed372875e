/**
 * A member's sessions as the /auth/v1 stand-in hands them out: the signing
 * keys, the tokens of a session (its level and methods as stored on it, so
 * a refresh keeps them), starting one at sign-in, the user and session
 * behind a bearer token, refresh rotation and sign-out scopes. The session
 * rows themselves are sessions.ts; the ways of signing in that end here
 * are auth-service.ts.
 */
import type { Database } from '../../platform/db/adapter';
import type { Logger } from '../../platform/logger';
import { ACCESS_TOKEN_SECONDS, signAccessToken, verifyAccessToken } from './access-tokens';
import { auditStaffStep } from './auth-audit';
import { AuthApiError, badJwt, noAuthorization, refreshTokenReused, sessionNotFound } from './auth-error';
import { factorsOf } from './mfa-factors';
import { signingSecret } from './secrets';
import { liveSession, revokeSessions, rotateRefreshToken, sessionAssurance, startSession, type RevokeScope, type SessionLimits } from './sessions';
import { deriveSigningKeys, type SigningKeys } from './signing-keys';
import { findUserById, updateUser, userJson, type AuthUser } from './users';

/** Where a request came from: the site's origin (for links and the issuer) and the client's address. */
export interface RequestOrigin {
  origin: string;
  ip: string;
}

export interface SessionTokensDependencies {
  db: Database;
  now: () => Date;
  logger: Logger;
  /** AUTH_JWT_SECRET, or undefined for the one kept in the database (secrets.ts). */
  jwtSecret: string | undefined;
  sessionLimits: SessionLimits;
}

export type SessionTokens = ReturnType<typeof createSessionTokens>;
/** A session's tokens and its user, as every sign-in and refresh answers. */
export type SessionJson = Awaited<ReturnType<SessionTokens['tokensFor']>>;

export function createSessionTokens({ db, now, logger, jwtSecret, sessionLimits }: SessionTokensDependencies) {
  let secret: Promise<string> | undefined;
  const getSecret = () => (secret ??= signingSecret(db, jwtSecret));
  let keys: Promise<SigningKeys> | undefined;
  const getKeys = () => (keys ??= getSecret().then(deriveSigningKeys));

  /** A session's tokens: its level and methods (aal, amr) as stored on it, so a refresh keeps them. */
  async function tokensFor(user: AuthUser, sessionId: string, refreshToken: string, at: RequestOrigin) {
    const assurance = await sessionAssurance(db, sessionId);
    const method = assurance.amr.some((entry) => entry.method === 'otp') ? 'otp' : 'password';
    const { token, expiresAt } = await signAccessToken(
      await getKeys(),
      { userId: user.id, email: user.email, userMetadata: user.user_metadata, appMetadata: user.app_metadata, sessionId, method, assurance },
      `${at.origin}/auth/v1`,
      now(),
    );
    return {
      access_token: token,
      token_type: 'bearer' as const,
      expires_in: ACCESS_TOKEN_SECONDS,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: userJson(user, await factorsOf(db, user.id)),
    };
  }

  /** The user and session behind a bearer token, or the Supabase error for it. */
  async function authenticate(token: string | undefined) {
    if (!token) throw noAuthorization();
    const claims = await verifyAccessToken(await getKeys(), token, now());
    if (!claims) throw badJwt();
    const session = await liveSession(db, claims.session_id, claims.sub, now(), sessionLimits);
    if (!session) throw sessionNotFound();
    const user = await findUserById(db, claims.sub);
    if (!user) throw new AuthApiError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    // The session's own level, not the token's: a factor removed since lowers it at once.
    return { user, sessionId: claims.session_id, aal: session.aal };
  }

  return {
    getSecret,
    getKeys,
    tokensFor,
    authenticate,

    /** Starts a session for a user whose proof was taken (a password, or a link or code mailed to him); its tokens. */
    async signIn(userId: string, at: RequestOrigin, method: 'password' | 'otp') {
      const at_ = now();
      const { user, started } = await db.transaction(async (tx) => {
        const started = await startSession(tx, userId, at_, method);
        const user = await updateUser(tx, userId, { signedInAt: at_ }, at_);
        await auditStaffStep(tx, userId, 'auth.sign_in', { session_id: started.sessionId, method }, at_);
        return { user, started };
      });
      return tokensFor(user, started.sessionId, started.refreshToken, at);
    },

    async refresh(refreshToken: string, at: RequestOrigin) {
      const key = await getSecret();
      const rotated = await db.transaction((tx) => rotateRefreshToken(tx, refreshToken, key, now(), sessionLimits));
      if ('reused' in rotated) {
        logger.warn('A rotated refresh token was presented again; its session is revoked');
        throw refreshTokenReused();
      }
      const user = await findUserById(db, rotated.userId);
      if (!user) throw new AuthApiError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      return tokensFor(user, rotated.sessionId, rotated.refreshToken, at);
    },

    async signOut(token: string | undefined, scope: 'global' | 'local' | 'others') {
      const { user, sessionId } = await authenticate(token);
      const which: RevokeScope =
        scope === 'local' ? { sessionId } : scope === 'others' ? { userId: user.id, except: sessionId } : { userId: user.id };
      const at = now();
      await db.transaction(async (tx) => {
        await revokeSessions(tx, which, at);
        await auditStaffStep(tx, user.id, 'auth.sign_out', { session_id: sessionId, scope }, at);
      });
    },
  };
}
