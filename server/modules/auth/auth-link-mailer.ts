/**
 * The emails the /auth/v1 stand-in sends with a link in them (sign-up
 * confirmation and password recovery), the per-address throttle on asking
 * for them, and the "already registered" notice; a failed send is logged,
 * never the request's failure. Apart from auth-service.ts so that the
 * sign-in rules there read without the mailing around them.
 */
import type { Database } from '../../platform/db/adapter';
import type { Logger } from '../../platform/logger';
import { tooManyAttempts } from './auth-error';
import { displayNameForMail, recoveryMail, welcomeMail, type MailSender, type OutgoingMail } from './auth-mail';
import { createLink, type LinkKind } from './links';
import { RECOVERY_INTERVAL_MS, takeAttempt, takeOnce, type AuthPolicies } from './throttle';
import { findUserByEmail, type AuthUser } from './users';
import type { RequestOrigin } from './session-tokens';

export interface LinkMailerDependencies {
  db: Database;
  now: () => Date;
  logger: Logger;
  mailer: MailSender;
  policies: AuthPolicies;
}

export function createLinkMailer({ db, now, logger, mailer, policies }: LinkMailerDependencies) {
  async function sendLink(user: AuthUser, kind: LinkKind, redirectTo: string, at: RequestOrigin) {
    const { token, code } = await createLink(db, user.id, kind, now());
    const link = `${at.origin}/auth/v1/verify?${new URLSearchParams({ token, type: kind, redirect_to: redirectTo })}`;
    const name = displayNameForMail(user.user_metadata.display_name);
    await mailSafely(kind, kind === 'recovery' ? recoveryMail(user.email, link, code) : welcomeMail(user.email, name, link, code));
  }

  /** After the answer, so a member's address answers as fast as an unknown one (docs/decisions/0008-threat-model.md). */
  function sendLinkLater(email: string, kind: LinkKind, redirectTo: string, at: RequestOrigin, when: (user: AuthUser) => boolean) {
    setImmediate(() => {
      findUserByEmail(db, email)
        .then((user) => (user && when(user) ? sendLink(user, kind, redirectTo, at) : undefined))
        .catch((error: unknown) => logger.error(`Preparing a ${kind} email failed`, error));
    });
  }

  async function throttleEmail(action: string, email: string, at: RequestOrigin, what: string) {
    const wait = Math.max(
      await takeOnce(db, `${action}:email:${email}`, now(), RECOVERY_INTERVAL_MS),
      await takeAttempt(db, `${action}:ip:${at.ip}`, now(), policies.recoveryAddress),
    );
    if (wait > 0) throw tooManyAttempts('over_email_send_rate_limit', wait, what);
  }

  async function mailSafely(what: string, message: OutgoingMail) {
    try {
      await mailer.send(message);
    } catch (error) {
      // The account still works; the member can ask for another link.
      logger.error(`Sending the ${what} email failed`, error);
    }
  }

  return { sendLink, sendLinkLater, throttleEmail, mailSafely };
}
