/**
 * The rules of the /auth/v1 stand-in: sign-up, password sign-in with
 * throttling, refresh rotation, sign-out scopes, the user's own record,
 * and recovery and confirmation links. HTTP shapes live in
 * server/routes/auth-v1.ts.
 */
import type { Database } from '../db/adapter';
import type { Logger } from '../logger';
import { ACCESS_TOKEN_SECONDS, signAccessToken, verifyAccessToken } from './access-tokens';
import {
  AuthApiError,
  badJwt,
  invalidCredentials,
  noAuthorization,
  refreshTokenReused,
  sessionNotFound,
  tooManyAttempts,
} from './auth-error';
import { recoveryMail, welcomeMail, type MailSender } from './auth-mail';
import { consumeLink, createLink, type LinkKind } from './links';
import { hashPassword, passwordMatches } from './passwords';
import { signingSecret } from './secrets';
import { isSessionLive, revokeSessions, rotateRefreshToken, startSession, type RevokeScope } from './sessions';
import {
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  clearFailures,
  lockedFor,
  recordFailure,
  RECOVERY_INTERVAL_MS,
  takeOnce,
} from './throttle';
import { findUserByEmail, findUserById, insertUser, updateUser, userJson, type AuthUser } from './users';

export interface AuthSettings {
  jwtSecret: string | undefined;
  requireEmailConfirmation: boolean;
}

/** Where a request came from: the site's origin (for links and the issuer) and the client's address. */
export interface RequestOrigin {
  origin: string;
  ip: string;
}

export interface AuthServiceDependencies {
  db: Database;
  now: () => Date;
  logger: Logger;
  mailer: MailSender;
  settings: AuthSettings;
}

export type SessionJson = Awaited<ReturnType<AuthService['signInWithPassword']>>;
export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({ db, now, logger, mailer, settings }: AuthServiceDependencies) {
  let secret: Promise<string> | undefined;
  const getSecret = () => (secret ??= signingSecret(db, settings.jwtSecret));

  async function sessionFor(user: AuthUser, sessionId: string, refreshToken: string, at: RequestOrigin, method: 'password' | 'otp') {
    const { token, expiresAt } = await signAccessToken(
      await getSecret(),
      { userId: user.id, email: user.email, userMetadata: user.user_metadata, appMetadata: user.app_metadata, sessionId, method },
      `${at.origin}/auth/v1`,
      now(),
    );
    return {
      access_token: token,
      token_type: 'bearer' as const,
      expires_in: ACCESS_TOKEN_SECONDS,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: userJson(user),
    };
  }

  async function signIn(userId: string, at: RequestOrigin, method: 'password' | 'otp') {
    const at_ = now();
    const { user, started } = await db.transaction(async (tx) => {
      const started = await startSession(tx, userId, at_);
      const user = await updateUser(tx, userId, { signedInAt: at_ }, at_);
      return { user, started };
    });
    return sessionFor(user, started.sessionId, started.refreshToken, at, method);
  }

  async function sendLink(user: AuthUser, kind: LinkKind, redirectTo: string, at: RequestOrigin) {
    const token = await createLink(db, user.id, kind, now());
    const link = `${at.origin}/auth/v1/verify?${new URLSearchParams({ token, type: kind, redirect_to: redirectTo })}`;
    const name = typeof user.user_metadata.display_name === 'string' ? user.user_metadata.display_name : '';
    try {
      await mailer.send(kind === 'recovery' ? recoveryMail(user.email, link) : welcomeMail(user.email, name, link));
    } catch (error) {
      // The account still works; the member can ask for another link.
      logger.error(`Sending the ${kind} email failed`, error);
    }
  }

  /** The user and session behind a bearer token, or the Supabase error for it. */
  async function authenticate(token: string | undefined) {
    if (!token) throw noAuthorization();
    const claims = await verifyAccessToken(await getSecret(), token, now());
    if (!claims) throw badJwt();
    if (!(await isSessionLive(db, claims.session_id, claims.sub))) throw sessionNotFound();
    const user = await findUserById(db, claims.sub);
    if (!user) throw new AuthApiError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return { user, sessionId: claims.session_id };
  }

  return {
    getSecret,
    authenticate,

    async signUp(email: string, password: string, metadata: Record<string, unknown>, redirectTo: string, at: RequestOrigin) {
      const created = await insertUser(db, {
        email,
        passwordHash: await hashPassword(password),
        metadata,
        confirmedAt: null,
        now: now(),
      });
      if (!created) throw new AuthApiError(422, 'user_already_exists', 'User already registered');
      await sendLink(created, 'signup', redirectTo, at);
      if (settings.requireEmailConfirmation) return { user: userJson(created), session: null };
      return { user: userJson(created), session: await signIn(created.id, at, 'password') };
    },

    async signInWithPassword(email: string, password: string, at: RequestOrigin) {
      const accountKey = `signin:email:${email}`;
      const addressKey = `signin:ip:${at.ip}`;
      const wait = Math.max(await lockedFor(db, accountKey, now()), await lockedFor(db, addressKey, now()));
      if (wait > 0) throw tooManyAttempts('over_request_rate_limit', wait, 'Too many failed sign-in attempts.');
      const user = await findUserByEmail(db, email);
      if (!(await passwordMatches(password, user?.encrypted_password ?? null)) || !user) {
        await recordFailure(db, accountKey, now(), ACCOUNT_POLICY);
        await recordFailure(db, addressKey, now(), ADDRESS_POLICY);
        throw invalidCredentials();
      }
      await clearFailures(db, accountKey);
      if (settings.requireEmailConfirmation && !user.email_confirmed_at) {
        throw new AuthApiError(400, 'email_not_confirmed', 'Email not confirmed');
      }
      return signIn(user.id, at, 'password');
    },

    async refresh(refreshToken: string, at: RequestOrigin) {
      const rotated = await db.transaction((tx) => rotateRefreshToken(tx, refreshToken, now()));
      if ('reused' in rotated) {
        logger.warn('A rotated refresh token was presented again; its session is revoked');
        throw refreshTokenReused();
      }
      const user = await findUserById(db, rotated.userId);
      if (!user) throw new AuthApiError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      return sessionFor(user, rotated.sessionId, rotated.refreshToken, at, 'password');
    },

    async signOut(token: string | undefined, scope: 'global' | 'local' | 'others') {
      const { user, sessionId } = await authenticate(token);
      const which: RevokeScope =
        scope === 'local' ? { sessionId } : scope === 'others' ? { userId: user.id, except: sessionId } : { userId: user.id };
      await revokeSessions(db, which, now());
    },

    async updateUser(token: string | undefined, changes: { password?: string; data?: Record<string, unknown> }) {
      const { user, sessionId } = await authenticate(token);
      let passwordHash: string | undefined;
      if (changes.password !== undefined) {
        if (await passwordMatches(changes.password, user.encrypted_password)) {
          throw new AuthApiError(422, 'same_password', 'New password should be different from the old password.');
        }
        passwordHash = await hashPassword(changes.password);
      }
      const updated = await db.transaction(async (tx) => {
        const row = await updateUser(tx, user.id, { passwordHash, metadata: changes.data }, now());
        // Whoever knew the old password is signed out everywhere else.
        if (passwordHash) await revokeSessions(tx, { userId: user.id, except: sessionId }, now());
        return row;
      });
      return userJson(updated);
    },

    /** Sends a reset link when the address is registered; the answer is the same either way. */
    async recover(email: string, redirectTo: string, at: RequestOrigin) {
      const wait = await takeOnce(db, `recover:email:${email}`, now(), RECOVERY_INTERVAL_MS);
      if (wait > 0) {
        throw new AuthApiError(
          429,
          'over_email_send_rate_limit',
          `For security purposes, you can only request this after ${Math.ceil(wait)} seconds.`,
          {},
          Math.ceil(wait),
        );
      }
      const user = await findUserByEmail(db, email);
      if (user) await sendLink(user, 'recovery', redirectTo, at);
    },

    /** Uses an email link; the session to hand back, or null when the link is no longer valid. */
    async verifyLink(token: string, kind: LinkKind, at: RequestOrigin) {
      const userId = await consumeLink(db, token, kind, now());
      if (!userId) return null;
      // Opening a link sent to the address proves the member owns it.
      await updateUser(db, userId, { confirmedAt: now() }, now());
      return signIn(userId, at, 'otp');
    },
  };
}
