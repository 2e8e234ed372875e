/**
 * The members module's mounts: what a man does with his own record
 * (profile, email choices, /api/me with export and erasure, unsubscribe
 * links), the newsletter and contact forms, and the email job, whose
 * send-time reasons ask whether he is still here and still wants each kind.
 */
import type { AppContext } from '../../platform/app-context';
import type { Env } from '../../platform/env';
import { createMailTransport, type MailTransport } from '../../platform/mail';
import { authPolicies, type AuthModule } from '../auth';
import { siteFrame } from '../site';
import { contactRoutes } from './contact-routes';
import { createContactService } from './contact-service';
import { emailChoicesRoutes } from './email-choices-routes';
import { createUnsubscribeLinks, type UnsubscribeLinks } from './email-choices-service';
import { emailJob } from './email-job';
import { meRoutes } from './me-routes';
import { createMemberErasure } from './member-erasure-service';
import { profileRoutes } from './profile-routes';
import { createProfileService } from './profile-service';
import { subscriptionsRoutes } from './subscriptions-routes';
import { createSubscriptionsService } from './subscriptions-service';
import { unsubscribeRoutes } from './unsubscribe-routes';

export type MembersEnv = Pick<Env, 'trustProxy' | 'enquiriesEmail' | 'authLimits' | 'staticDir' | 'smtpUrl' | 'mailFrom'>;

export interface MembersModule {
  /** Signed one-click unsubscribe links, for every email that carries one. */
  unsubscribeLinks: UnsubscribeLinks;
}

/** `mailTransport`: what the email job sends through; SMTP when SMTP_URL is set, else the outbox table. */
export function mountMembers(ctx: AppContext<MembersEnv>, auth: AuthModule, mailTransport?: MailTransport): MembersModule {
  const { app, db, env, now, logger, jobs, mailer, signer, emailOrigin } = ctx;
  const unsubscribeLinks = createUnsubscribeLinks(signer, emailOrigin);
  app.route('/api/contact', contactRoutes(createContactService(db, mailer, { to: env.enquiriesEmail, now, logger }), env.trustProxy));
  app.route('/api/subscriptions', subscriptionsRoutes(createSubscriptionsService(db, now)));
  app.route('/api/auth/profile', profileRoutes(createProfileService(db, now), auth.verifier, logger));
  app.route('/api/email-choices', emailChoicesRoutes(db, auth.verifier, now));
  // Erasure asks for his password, so only the stand-in's accounts can be erased here; a hosted project erases its own.
  const erasure = auth.service ? createMemberErasure({ db, mailer, jobSchema: jobs.schema, policies: authPolicies(env.authLimits), now }) : null;
  app.route('/api/me', meRoutes({ db, verify: auth.verifier, erasure, trustProxy: env.trustProxy, now }));
  app.route('/unsubscribe', unsubscribeRoutes(db, unsubscribeLinks, now, siteFrame(env.staticDir)));
  jobs.handle({ email: emailJob({ transport: mailTransport ?? createMailTransport({ db, env, logger }), db, jobSchema: jobs.schema, now }) });
  return { unsubscribeLinks };
}
