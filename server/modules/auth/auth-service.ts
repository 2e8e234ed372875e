/**
 * The rules of the /auth/v1 stand-in: sign-up, password sign-in with
 * throttling, the user's own record, recovery and confirmation links, and
 * the second factor (mfa.ts: enrol, challenge, verify, unenrol; a session's
 * aal and amr). Each way in ends in a session from session-tokens.ts,
 * which also refreshes and signs out. HTTP shapes live in
 * server/modules/auth/auth-v1-routes.ts; the emails with links are
 * auth-link-mailer.ts.
 */
import type { Database } from '../../platform/db/adapter';
import type { Logger } from '../../platform/logger';
import { AuthApiError, invalidCredentials, tooManyAttempts, validationFailed } from './auth-error';
import { accountExistsMail, type MailSender } from './auth-mail';
import { createLinkMailer } from './auth-link-mailer';
import { consumeCode, consumeLink, retireLinks, type LinkKind } from './links';
import { checkNewPassword } from './password-policy';
import { hashPassword, isCurrentHash, passwordMatches } from './passwords';
import { createMfa, type EnrolRequest } from './mfa';
import { factorsOf, hasVerifiedFactor } from './mfa-factors';
import { createSessionTokens, type RequestOrigin } from './session-tokens';
import { revokeSessions, type SessionLimits } from './sessions';
import { guardSignIn } from './sign-in-guard';
import { authPolicies, CODE_POLICY, peekAttempts, refundAttempt, SIGNUP_TAKEN_POLICY, takeAttempt, type AuthLimits } from './throttle';
import { findUserByEmail, insertUser, lookalikeUser, MAX_STORED_METADATA_BYTES, MetadataTooLargeError, updateUser, userJson } from './users';

export interface AuthSettings {
  jwtSecret: string | undefined;
  requireEmailConfirmation: boolean;
  sessionLimits: SessionLimits;
  /** Throttle limits; DEFAULT_AUTH_LIMITS when left out. */
  limits?: AuthLimits;
}

export interface AuthServiceDependencies {
  db: Database;
  now: () => Date;
  logger: Logger;
  mailer: MailSender;
  settings: AuthSettings;
}

export type AuthService = ReturnType<typeof createAuthService>;

/** What PUT /user asks to change: a password and metadata already checked for shape; an email or phone as sent. */
export interface UserChanges {
  password?: string;
  data?: Record<string, unknown>;
  email?: unknown;
  phone?: unknown;
}

export function createAuthService({ db, now, logger, mailer, settings }: AuthServiceDependencies) {
  const sessions = createSessionTokens({ db, now, logger, jwtSecret: settings.jwtSecret, sessionLimits: settings.sessionLimits });
  const { getKeys, authenticate, signIn } = sessions;
  const policies = authPolicies(settings.limits);
  const { sendLink, sendLinkLater, throttleEmail, mailSafely } = createLinkMailer({ db, now, logger, mailer, policies });

  const mfa = createMfa({ db, now, getSecret: sessions.getSecret, addressPolicy: policies.address });

  async function caller(token: string | undefined) {
    const { user, sessionId, aal } = await authenticate(token);
    return { user, caller: { userId: user.id, email: user.email, sessionId, aal } };
  }

  return {
    getKeys,
    authenticate,

    /** GET /user: the user object with his factors. */
    async currentUser(token: string | undefined) {
      const { user } = await authenticate(token);
      return userJson(user, await factorsOf(db, user.id));
    },

    /** POST /factors (docs/rules.md#second-factor, mfa.ts). */
    async enrolFactor(token: string | undefined, request: EnrolRequest, at: RequestOrigin) {
      return mfa.enrol((await caller(token)).caller, request, new URL(at.origin).host);
    },

    async challengeFactor(token: string | undefined, factorId: string, at: RequestOrigin) {
      return mfa.challenge((await caller(token)).caller, factorId, at.ip);
    },

    /** POST /factors/{id}/verify: the raised session's tokens, as a sign-in answers. */
    async verifyFactor(token: string | undefined, factorId: string, challengeId: unknown, code: unknown, at: RequestOrigin) {
      const { user, caller: who } = await caller(token);
      const { refreshToken } = await mfa.verify(who, factorId, challengeId, code, at.ip);
      return sessions.tokensFor(user, who.sessionId, refreshToken, at);
    },

    async unenrolFactor(token: string | undefined, factorId: string) {
      return mfa.unenrol((await caller(token)).caller, factorId);
    },

    async signUp(email: string, password: string, metadata: Record<string, unknown>, redirectTo: string, at: RequestOrigin) {
      checkNewPassword(password, email);
      // As hosted Supabase: without required confirmation the address counts as confirmed at once, and no email is sent.
      const confirmAtOnce = !settings.requireEmailConfirmation;
      // Counted before the address is looked at, as a guess is, and given back when the address was new: only
      // "already registered" answers use up SIGNUP_TAKEN_POLICY. The sign-ups of one address take turns (an
      // advisory lock, across processes), so parallel new accounts count as the same ones in sequence would:
      // each given back before the next is counted. The password is hashed before the turn, not in it.
      const signupKey = `signup:ip:${at.ip}`;
      const takenKey = `signup-taken:ip:${at.ip}`;
      const tooMany = (wait: number) => tooManyAttempts('over_request_rate_limit', wait, 'Too many new accounts from this address.');
      // Refused before hashing when already over: a flood from one address must not fill the hashing pool.
      const waiting = Math.max(
        await peekAttempts(db, signupKey, now(), policies.signup),
        confirmAtOnce ? await peekAttempts(db, takenKey, now(), SIGNUP_TAKEN_POLICY) : 0,
      );
      if (waiting > 0) throw tooMany(waiting);
      const passwordHash = await hashPassword(password);
      const outcome = await db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [signupKey]);
        const wait = Math.max(
          await takeAttempt(tx, signupKey, now(), policies.signup),
          confirmAtOnce ? await takeAttempt(tx, takenKey, now(), SIGNUP_TAKEN_POLICY) : 0,
        );
        if (wait > 0) return { wait, user: null };
        const user = await insertUser(tx, { email, passwordHash, metadata, confirmedAt: confirmAtOnce ? now() : null, now: now() });
        if (user && confirmAtOnce) await refundAttempt(tx, takenKey);
        return { wait: 0, user };
      });
      if (outcome.wait > 0) throw tooMany(outcome.wait);
      const created = outcome.user;
      if (!created) {
        // With confirmation off a new account signs in at once, so a taken address cannot be hidden (a session
        // or none tells it); GoTrue answers 422 there too, and SIGNUP_TAKEN_POLICY bounds how often one address
        // learns it. With confirmation on it is answered like a new one (docs/decisions/0008-threat-model.md).
        if (!settings.requireEmailConfirmation) throw new AuthApiError(422, 'user_already_exists', 'User already registered');
        await mailSafely('account-exists', accountExistsMail(email, `${at.origin}/login`));
        return { user: userJson(lookalikeUser(email, metadata, now())), session: null };
      }
      if (confirmAtOnce) {
        return { user: userJson(created), session: await signIn(created.id, at, 'password') };
      }
      await sendLink(created, 'signup', redirectTo, at);
      return { user: userJson(created), session: null };
    },

    async signInWithPassword(email: string, password: string, at: RequestOrigin) {
      // Counted before the password is checked, so parallel guesses cannot all be checked (docs/decisions/0008-threat-model.md).
      const guard = await guardSignIn(db, email, at.ip, now(), policies);
      const user = await findUserByEmail(db, email);
      if (!(await passwordMatches(password, user?.encrypted_password ?? null)) || !user) {
        await guard.failed();
        throw invalidCredentials();
      }
      await guard.succeeded();
      // An account from before argon2id: its bcrypt hash is replaced now that the password is at hand.
      if (!isCurrentHash(user.encrypted_password)) {
        await updateUser(db, user.id, { passwordHash: await hashPassword(password), touch: false }, now());
      }
      if (settings.requireEmailConfirmation && !user.email_confirmed_at) {
        throw new AuthApiError(400, 'email_not_confirmed', 'Email not confirmed');
      }
      return signIn(user.id, at, 'password');
    },

    refresh: sessions.refresh,
    signOut: sessions.signOut,

    /**
     * PUT /user. With a confirmed authenticator app, a session that has not
     * given its code (aal1) may change nothing: not the password, email or
     * phone (GoTrue's rule, its status and words), nor `data` (ours: staff's
     * first name shows to members in "Who has looked", docs/rules.md#second-factor).
     * Checked before anything about the new values is answered.
     */
    async updateUser(token: string | undefined, changes: UserChanges) {
      const { user, sessionId, aal } = await authenticate(token);
      if (aal !== 'aal2' && (await hasVerifiedFactor(db, user.id))) {
        const newEmail = typeof changes.email === 'string' && changes.email.trim() !== '' && changes.email.trim().toLowerCase() !== user.email;
        const newPhone = typeof changes.phone === 'string' && changes.phone !== '';
        if (changes.password !== undefined || newEmail || newPhone) {
          throw new AuthApiError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
        }
        if (changes.data !== undefined && Object.keys(changes.data).length > 0) {
          throw new AuthApiError(401, 'insufficient_aal', 'AAL2 session is required to update user metadata when MFA is enabled.');
        }
      }
      if (changes.email !== undefined || changes.phone !== undefined) {
        throw new AuthApiError(422, 'validation_failed', 'Changing the email address or phone is not supported here');
      }
      let passwordHash: string | undefined;
      if (changes.password !== undefined) {
        checkNewPassword(changes.password, user.email);
        if (await passwordMatches(changes.password, user.encrypted_password)) {
          throw new AuthApiError(422, 'same_password', 'New password should be different from the old password.');
        }
        passwordHash = await hashPassword(changes.password);
      }
      const updated = await db.transaction(async (tx) => {
        const row = await updateUser(tx, user.id, { passwordHash, metadata: changes.data }, now()).catch((error: unknown) => {
          if (error instanceof MetadataTooLargeError) throw validationFailed(`data is too large: the user metadata may hold ${MAX_STORED_METADATA_BYTES / 1024} KB in all`);
          throw error;
        });
        // Whoever knew the old password, or holds a link mailed before, is shut out.
        if (passwordHash) {
          await revokeSessions(tx, { userId: user.id, except: sessionId }, now());
          await retireLinks(tx, user.id, now());
        }
        return row;
      });
      return userJson(updated, await factorsOf(db, updated.id));
    },

    /** Sends a reset link when the address is registered; the answer is the same either way. */
    async recover(email: string, redirectTo: string, at: RequestOrigin) {
      await throttleEmail('recover', email, at, 'Too many password reset requests.');
      sendLinkLater(email, 'recovery', redirectTo, at, () => true);
    },

    /** POST /resend: a new confirmation link when the address is registered and unconfirmed; the same answer either way. */
    async resendConfirmation(email: string, redirectTo: string, at: RequestOrigin) {
      await throttleEmail('resend', email, at, 'Too many emails asked for.');
      sendLinkLater(email, 'signup', redirectTo, at, (user) => user.email_confirmed_at === null);
    },

    /** POST /verify: a link's token (token_hash), or the email and its 6-digit code; the session, or otp_expired. */
    async verifyOtp(kind: LinkKind, proof: { tokenHash: string } | { email: string; code: string }, at: RequestOrigin) {
      let userId: string | null = null;
      if ('tokenHash' in proof) {
        userId = await consumeLink(db, proof.tokenHash, kind, now());
      } else {
        // Counted before the code is checked: six digits are few, so guesses are too.
        const wait = Math.max(
          await takeAttempt(db, `verify:email:${proof.email}`, now(), CODE_POLICY),
          await takeAttempt(db, `verify:ip:${at.ip}`, now(), policies.address),
        );
        if (wait > 0) throw tooManyAttempts('over_request_rate_limit', wait, 'Too many codes tried.');
        const user = await findUserByEmail(db, proof.email);
        userId = user ? await consumeCode(db, user.id, proof.code, kind, now()) : null;
      }
      if (!userId) throw new AuthApiError(403, 'otp_expired', 'Token has expired or is invalid');
      await updateUser(db, userId, { confirmedAt: now(), provenAt: now() }, now());
      return signIn(userId, at, 'otp');
    },

    /** Uses an email link; the session to hand back, or null when the link is no longer valid. */
    async verifyLink(token: string, kind: LinkKind, at: RequestOrigin) {
      const userId = await consumeLink(db, token, kind, now());
      if (!userId) return null;
      // Opening a link sent to the address proves the member owns it.
      await updateUser(db, userId, { confirmedAt: now(), provenAt: now() }, now());
      return signIn(userId, at, 'otp');
    },
  };
}
