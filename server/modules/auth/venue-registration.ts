/**
 * Staff registering a member at a screening venue, with
 * the built-in sign-in. The account is made with no password that can
 * match (NO_PASSWORD_YET), unconfirmed, and a confirmation link (24 hours)
 * is emailed that signs him in on the page where he chooses his password;
 * opening it confirms the address. No address throttle applies: the
 * request comes from signed-in staff, and the venue's one address is the
 * reason for it. Recorded in the staff audit, without the email itself.
 */
import type { Database } from '../../platform/db/adapter';
import type { Logger } from '../../platform/logger';
import { recordAudit, type StaffActor } from '../staff';
import { venueRegistrationMail, type MailSender } from './auth-mail';
import { createLink } from './links';
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

export function createVenueRegistrar(deps: { db: Database; mailer: MailSender; logger: Logger; now: () => Date }): VenueRegistrar {
  const { db, mailer, logger, now } = deps;
  return async (actor, request) => {
    const at = now();
    const displayName = `${request.firstName} ${request.lastName}`;
    const made = await db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email: request.email,
        passwordHash: NO_PASSWORD_YET,
        // The names as staff typed them: his Complete your details form starts from these, and he confirms them.
        metadata: { display_name: displayName, first_name: request.firstName, last_name: request.lastName },
        confirmedAt: null,
        now: at,
      });
      if (!user) return null;
      await recordAudit(tx, actor, { action: 'register_member', entity: 'member', entityId: user.id, before: null, after: null }, at);
      const link = await createLink(tx, user.id, 'signup', at);
      return { user, link };
    });
    if (!made) return { registered: false, reason: 'already_registered' };
    const url = `${request.origin}/auth/v1/verify?${new URLSearchParams({ token: made.link.token, type: 'signup', redirect_to: request.redirectTo })}`;
    try {
      await mailer.send(venueRegistrationMail(request.email, displayName, url, made.link.code));
      return { registered: true, userId: made.user.id, emailed: true };
    } catch (error) {
      // The account stands; he can still choose a password through Forgot password?.
      logger.error('Sending the venue registration email failed', error);
      return { registered: true, userId: made.user.id, emailed: false };
    }
  };
}
