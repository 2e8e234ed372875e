/**
 * Staff registering a member at a screening venue, with
 * the built-in sign-in. The account is made with no password that can
 * match (NO_PASSWORD_YET), unconfirmed, and a confirmation link (24 hours)
 * is emailed that signs him in on the page where he chooses his password;
 * opening it confirms the address. No address throttle applies: the
 * request comes from signed-in staff, and the venue's one address is the
 * reason for it. Recorded in the staff audit, without the email itself.
 */
import type { Database, Queryable } from '../../platform/db/adapter';
import type { Logger } from '../../platform/logger';
import { recordAudit, type StaffActor } from '../staff';
import { venueRegistrationMail, type MailSender } from './auth-mail';
import { createLink, type NewLink } from './links';
import { insertUser } from './users';

/** Stored as the password hash until he chooses one: not a hash format, so no password matches it. */
export const NO_PASSWORD_YET = '!venue-registration:no-password-yet';

export interface VenueRegistrationRequest {
  email: string;
  firstName: string;
  lastName: string;
  /** Where the link lands, on the site's own origin: the page to choose a password. */
  redirectTo: string;
  /** The site's origin, for the link itself (server/platform/http/site-origin.ts). */
  origin: string;
}

export type VenueRegistrationOutcome =
  | { registered: true; userId: string; emailed: boolean }
  | { registered: false; reason: 'already_registered' };

export type VenueRegistrar = (actor: StaffActor, request: VenueRegistrationRequest) => Promise<VenueRegistrationOutcome>;

/** An account opened at the venue, inside the caller's transaction: his user id and the link to choose a password. */
export interface OpenedAccount {
  userId: string;
  link: NewLink;
}

/**
 * The accounts staff open at a venue, in parts, so a walk-in's account,
 * profile and booking are written in one transaction
 * (server/modules/booking/walk-in-service.ts): look up and open inside the
 * caller's transaction; mail the link once it has committed.
 */
export interface VenueAccounts {
  /** The id of the account with this email (trimmed and lower-cased), or null. */
  find(tx: Queryable, email: string): Promise<string | null>;
  /** Opens the account with no password yet and a 24-hour link to choose one; null when the email has an account. */
  open(tx: Queryable, request: Pick<VenueRegistrationRequest, 'email' | 'firstName' | 'lastName'>, at: Date): Promise<OpenedAccount | null>;
  /** Emails the link to choose a password; false when the mail server refused (he can use Forgot password?). */
  mailLink(opened: OpenedAccount, request: VenueRegistrationRequest): Promise<boolean>;
}

export function createVenueAccounts(deps: { mailer: MailSender; logger: Logger }): VenueAccounts {
  const { mailer, logger } = deps;
  return {
    async find(tx, email) {
      const [row] = await tx.query<{ id: string }>('SELECT id::text AS id FROM auth_users WHERE email = $1', [email]);
      return row?.id ?? null;
    },
    async open(tx, request, at) {
      const user = await insertUser(tx, {
        email: request.email,
        passwordHash: NO_PASSWORD_YET,
        // The names as staff typed them: his Complete your details form starts from these, and he confirms them.
        metadata: { display_name: `${request.firstName} ${request.lastName}`, first_name: request.firstName, last_name: request.lastName },
        confirmedAt: null,
        now: at,
      });
      if (!user) return null;
      return { userId: user.id, link: await createLink(tx, user.id, 'signup', at) };
    },
    async mailLink(opened, request) {
      const url = `${request.origin}/auth/v1/verify?${new URLSearchParams({ token: opened.link.token, type: 'signup', redirect_to: request.redirectTo })}`;
      try {
        await mailer.send(venueRegistrationMail(request.email, `${request.firstName} ${request.lastName}`, url, opened.link.code));
        return true;
      } catch (error) {
        // The account stands; he can still choose a password through Forgot password?.
        logger.error('Sending the venue registration email failed', error);
        return false;
      }
    },
  };
}

export function createVenueRegistrar(deps: { db: Database; mailer: MailSender; logger: Logger; now: () => Date }): VenueRegistrar {
  const { db, now } = deps;
  const accounts = createVenueAccounts(deps);
  return async (actor, request) => {
    const at = now();
    const made = await db.transaction(async (tx) => {
      const opened = await accounts.open(tx, request, at);
      if (!opened) return null;
      await recordAudit(tx, actor, { action: 'register_member', entity: 'member', entityId: opened.userId, before: null, after: null }, at);
      return opened;
    });
    if (!made) return { registered: false, reason: 'already_registered' };
    return { registered: true, userId: made.userId, emailed: await accounts.mailLink(made, request) };
  };
}
