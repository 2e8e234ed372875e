/**
 * Member authentication for the app: the /auth/v1 stand-in and its token
 * check, or, when SUPABASE_URL names a hosted project, only the check of
 * that project's tokens (the stand-in is then not served).
 */
import type { Database } from '../../platform/db/adapter';
import type { Env } from '../../platform/env';
import type { Logger } from '../../platform/logger';
import type { MailSender } from './auth-mail';
import { createAuthService, type AuthService } from './auth-service';
import { hostedTokenVerifier, ownTokenVerifier, type MemberVerifier } from './member-verifier';
import { sessionLimits } from './sessions';
import { createVenueAccounts, createVenueRegistrar, type VenueAccounts, type VenueRegistrar } from './venue-registration';

export type AuthEnv = Pick<
  Env,
  | 'authJwtSecret'
  | 'authRequireEmailConfirmation'
  | 'supabaseUrl'
  | 'supabaseJwtSecret'
  | 'siteUrl'
  | 'nodeEnv'
  | 'allowedHosts'
  | 'trustProxy'
  | 'authSessionInactivityDays'
  | 'authSessionLifetimeDays'
  | 'authLimits'
>;

export interface MemberAuth {
  /** The stand-in, or null when a hosted project signs members in. */
  service: AuthService | null;
  verifier: MemberVerifier;
  /** Staff registering a member at a venue; null with a hosted project, whose own dashboard invites. */
  registrar: VenueRegistrar | null;
  /** The same accounts in parts, for a walk-in booked in the transaction that opens his account; null with a hosted project. */
  venueAccounts: VenueAccounts | null;
}

export function memberAuth(deps: { db: Database; env: AuthEnv; now: () => Date; logger: Logger; mailer: MailSender }): MemberAuth {
  const { db, env, now, logger, mailer } = deps;
  if (env.supabaseUrl) {
    return { service: null, verifier: hostedTokenVerifier(env.supabaseUrl, env.supabaseJwtSecret, now), registrar: null, venueAccounts: null };
  }
  const limits = sessionLimits(env.authSessionInactivityDays, env.authSessionLifetimeDays);
  const service = createAuthService({
    db,
    now,
    logger,
    mailer,
    settings: {
      jwtSecret: env.authJwtSecret,
      requireEmailConfirmation: env.authRequireEmailConfirmation,
      sessionLimits: limits,
      limits: env.authLimits,
    },
  });
  return {
    service,
    verifier: ownTokenVerifier(db, service.getKeys, now, limits),
    registrar: createVenueRegistrar({ db, mailer, logger, now }),
    venueAccounts: createVenueAccounts({ mailer, logger }),
  };
}
