/**
 * The Hono application: security headers and compression around the API
 * (/api), the local stand-ins (/dev/tiles, /dev/outbox, /dev/paypal; never in
 * production) and the built site. Built from its
 * dependencies so tests run it in-process with their own database and clock.
 */
import { Hono } from 'hono';
import { compression } from './platform/http/compression';
import { mountDevStandIns } from './stand-ins/allowed';
import { memberAuth, type AuthEnv } from './modules/auth';
import { hostedStaffCheck, ownStaffCheck } from './modules/auth';
import type { Database } from './platform/db/adapter';
import { trackChanges } from './platform/db/data-changes';
import type { Env } from './platform/env';
import { errorJson, handleError } from './platform/http/errors';
import { createReadyAnswers, type ReadyAnswers } from './platform/http/ready-answers';
import { securityHeaders } from './platform/http/security-headers';
import { closeAfterTooLarge } from './platform/http/unread-body';
import { silentLogger, type Logger } from './platform/logger';
import { emailJob } from './modules/members';
import { createJobs, type Jobs } from './platform/jobs/queue';
import { paypalWebhookJob } from './modules/payments';
import { reconcileJob } from './modules/payments';
import { refundJob } from './modules/payments';
import { recallEmailsJob } from './modules/results';
import { remindersJob } from './modules/booking';
import { waitingListJob } from './modules/waiting-list';
import { createMailer, createMailTransport, type Mailer, type MailTransport } from './platform/mail';
import { devOutboxRoutes } from './stand-ins/outbox-routes';
import { appointmentsRoutes } from './modules/booking';
import { consentRoutes, testConsentRoutes } from './modules/booking';
import { contactRoutes } from './modules/members';
import { devTilesRoutes } from './stand-ins/tiles/routes';
import { eventsRoutes } from './modules/events';
import { authV1Routes, passwordAdmission } from './modules/auth';
import { healthRoutes } from './modules/site';
import { logsRoutes } from './modules/site';
import { paymentsRoutes } from './modules/payments';
import { createPayments, type Payments } from './modules/payments';
import { createLocalPayPal } from './stand-ins/paypal-sandbox';
import { medicalRoutes } from './modules/results';
import { profileRoutes } from './modules/members';
import { staffRoutes } from './modules/staff';
import { renderedPages } from './modules/site';
import { staticRoutes } from './modules/site';
import { statisticsRoutes } from './modules/statistics';
import { createScreeningStatsService } from './modules/statistics';
import { subscriptionsRoutes } from './modules/members';
import { createAccessCodeService } from './modules/events';
import { createAccessGrants } from './modules/events';
import { createAppointmentsService } from './modules/booking';
import { createBookingMail } from './modules/booking';
import { createRecallEmailsService } from './modules/results';
import { createRemindersService } from './modules/booking';
import { createWaitingListOffers } from './modules/waiting-list';
import { createWaitingListService } from './modules/waiting-list';
import { waitingListRoutes } from './modules/waiting-list';
import { createUnsubscribeLinks } from './modules/members';
import { emailChoicesRoutes } from './modules/members';
import { siteFrame } from './modules/site';
import { unsubscribeRoutes } from './modules/members';
import { createChangeTimeService } from './modules/booking';
import { createBookingService } from './modules/booking';
import { createConsentService } from './modules/booking';
import { createContactService } from './modules/members';
import { createEventsService } from './modules/events';
import { createProfileService } from './modules/members';
import { createSigner } from './platform/signing';
import { createSubscriptionsService } from './modules/members';
import { createMemberErasure } from './modules/members';
import { meRoutes } from './modules/members';
import { authPolicies } from './modules/auth';

export interface AppDependencies {
  db: Database;
  env: Pick<
    Env,
    | 'nodeEnv'
    | 'staticDir'
    | 'tileUrl'
    | 'devTiles'
    | 'seminarVideoUrl'
    | 'smtpUrl'
    | 'mailFrom'
    | 'enquiriesEmail'
    | 'reminderTime'
    | 'waitlistOfferHours'
    | 'waitlistMorningHour'
    | 'recallNearMiles'
    | 'port'
    | 'linkSigningSecret'
    | 'paypal'
  > &
    AuthEnv;
  /** The clock every rule reads; tests pin it. */
  now?: () => Date;
  logger?: Logger;
  /** Reuse of a listing answer by time, ms (see EventsServiceOptions); off: ready answers replace it. */
  listCacheMs?: number;
  /** The ready public answers; main.ts shares them with its node:http fast path. */
  readyAnswers?: ReadyAnswers;
  /** The job queue; main.ts starts it after this registers the handlers. Tests run its due jobs with runDue(). */
  jobs?: Jobs;
  /** Queues outgoing mail as jobs; built from `jobs` when not given. */
  mailer?: Mailer;
  /** What the email job sends through: SMTP when SMTP_URL is set, else the outbox table. */
  mailTransport?: MailTransport;
  /** Card payments; built from the env when not given (main.ts shares one with its reconciler). */
  payments?: Payments;
  /** /dev/clock's routes, when main.ts runs on a clock that can be moved (never in production). */
  devClock?: () => Hono;
}

export function createApp({
  db: givenDb,
  env,
  now = () => new Date(),
  logger = silentLogger,
  listCacheMs = 0,
  readyAnswers,
  jobs: givenJobs,
  mailer: givenMailer,
  mailTransport,
  payments: givenPayments,
  devClock,
}: AppDependencies): Hono {
  const app = new Hono();
  // Every write goes through this handle, so the ready answers learn of it (server/platform/db/data-changes.ts).
  const db = trackChanges(givenDb);
  const jobs = givenJobs ?? createJobs({ db, logger, worker: false });
  const mailer = givenMailer ?? createMailer({ db, jobs, env });

  // Outermost of all, when the stand-in signs members in: sign-ins the password pool cannot take are refused before any layer runs.
  if (!env.supabaseUrl) app.use('/auth/v1/*', passwordAdmission());
  // Outermost of the rest: a ready answer already carries every header the layers below add.
  app.use((readyAnswers ?? createReadyAnswers(db, db.changes, now)).middleware);
  app.use(securityHeaders(env.tileUrl, env.supabaseUrl, env.seminarVideoUrl, Boolean(env.paypal)));
  app.use(compression());
  app.use(closeAfterTooLarge());
  app.use('/api/*', async (c, next) => {
    await next();
    // Answers depend on the moment and the data: the app's query cache
    // decides freshness, never an HTTP cache in between.
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });

  app.route('/api/health', healthRoutes(db, logger));
  const signer = createSigner(db, env.linkSigningSecret);
  // Links in emails sent with no request to take an origin from (the sweeps): SITE_URL, required in production.
  const emailOrigin = env.siteUrl ?? `http://localhost:${env.port}`;
  const unsubscribeLinks = createUnsubscribeLinks(signer, emailOrigin);
  const grants = createAccessGrants(signer, now);
  const events = createEventsService(db, now, { listCacheMs });
  app.route('/api/events', eventsRoutes(events, createAccessCodeService(db, grants, now), grants, env.trustProxy));
  app.route(
    '/api/contact',
    contactRoutes(createContactService(db, mailer, { to: env.enquiriesEmail, now, logger }), env.trustProxy),
  );
  app.route('/api/subscriptions', subscriptionsRoutes(createSubscriptionsService(db, now)));
  app.route('/api/statistics', statisticsRoutes(createScreeningStatsService(db, now)));
  const auth = memberAuth({ db, env, now, logger, mailer });
  if (auth.service) app.route('/auth/v1', authV1Routes(auth.service, env, logger));
  app.route('/api/auth/profile', profileRoutes(createProfileService(db, now), auth.verifier, logger));
  app.route('/api/email-choices', emailChoicesRoutes(db, auth.verifier, now));
  const erasure = auth.service
    ? createMemberErasure({ db, mailer, jobSchema: jobs.schema, policies: authPolicies(env.authLimits), now })
    : null;
  app.route('/api/me', meRoutes({ db, verify: auth.verifier, erasure, trustProxy: env.trustProxy, now }));
  const consents = createConsentService(db, now);
  app.route('/api/medical/consent', consentRoutes(consents, auth.verifier, logger));
  app.route('/api/medical/test-consent', testConsentRoutes(consents, signer, now));
  app.route('/api/medical', medicalRoutes(db, auth.verifier, logger));
  const bookingMail = createBookingMail(mailer, env.siteUrl);
  // Places freed at a full event are held for its waiting list (docs/decisions/0019).
  const waitingOffers = createWaitingListOffers({
    db, now, mailer, signer, unsubscribe: unsubscribeLinks, siteUrl: emailOrigin, offerHours: env.waitlistOfferHours,
    morningHour: env.waitlistMorningHour,
  });
  const waitingList = createWaitingListService(db, now, grants, waitingOffers);
  app.route('/api/waiting-list', waitingListRoutes(waitingList, auth.verifier));
  const payments =
    givenPayments ?? createPayments({ db, env, grants, mail: bookingMail, jobs, now, logger, local: env.paypal ? null : createLocalPayPal(db, now, logger) });
  // The local PayPal sandbox sends its webhooks to this app's own route, in-process (none with real PayPal);
  // the route stores each and queues its paypal_webhook job, which a worker (or a test's runJobs) then runs.
  payments.deliverSandboxWebhooksTo(async (body, headers) => (await app.request('/api/payments/webhooks', { method: 'POST', headers, body })).status);
  app.route(
    '/api/appointments',
    appointmentsRoutes(
      createBookingService(db, grants, now, bookingMail),
      createAppointmentsService(db, now, bookingMail, payments.queueRefund, waitingOffers),
      auth.verifier,
      logger,
      now,
      { db, changeTime: createChangeTimeService(db, now, bookingMail) },
    ),
  );
  const isStaff = env.supabaseUrl ? hostedStaffCheck() : ownStaffCheck(db);
  app.route(
    '/api/staff',
    staffRoutes({ db, verify: auth.verifier, isStaff, signer, mailer, site: env, jobs, registrar: auth.registrar, now, logger, waitingOffers, waitingList }),
  );
  app.route('/api/payments', paymentsRoutes(payments, db, auth.verifier, now, logger));
  app.route('/api/logs', logsRoutes(db, auth.verifier, now, logger));
  // Stand-ins register here only; production mounts none of them (server/stand-ins/allowed.ts).
  // The local PayPal sandbox exists only while no PayPal settings are given.
  const sandbox = payments.sandbox;
  mountDevStandIns(app, env.nodeEnv, [
    { name: 'tiles', inUse: env.devTiles, routes: devTilesRoutes },
    { name: 'outbox', inUse: !env.smtpUrl, routes: () => devOutboxRoutes(db) },
    { name: 'paypal', inUse: sandbox !== null, routes: () => sandbox! },
    { name: 'clock', inUse: devClock !== undefined, routes: () => devClock!() },
  ]);
  app.route('/unsubscribe', unsubscribeRoutes(db, unsubscribeLinks, now, siteFrame(env.staticDir)));
  app.route('/', staticRoutes(env.staticDir, renderedPages(env.staticDir, events.get, logger)));

  // What each job does; the workers (main.ts, or a test's runDue) call these.
  jobs.handle({
    email: emailJob({ transport: mailTransport ?? createMailTransport({ db, env, logger }), db, jobSchema: jobs.schema, now }),
    refund: refundJob(db, payments.refund),
    reconcile_payments: reconcileJob(payments.reconcile, logger),
    paypal_webhook: paypalWebhookJob(payments.processPayPalWebhook),
    appointment_reminders: remindersJob(createRemindersService(db, now, bookingMail, env.reminderTime, unsubscribeLinks), logger),
    waiting_list_offers: waitingListJob(waitingOffers, logger),
    // The events as they are now (no listing cache): an invitation lists only places free at its moment.
    recall_emails: recallEmailsJob(
      createRecallEmailsService(db, now, mailer, () => createEventsService(db, now).list({}), emailOrigin, unsubscribeLinks, env.recallNearMiles),
      logger,
    ),
  });

  app.notFound((c) =>
    errorJson(c, 404, {
      error: 'not_found',
      message: c.req.path.startsWith('/api') ? `No API route ${c.req.method} ${c.req.path}` : 'Not found',
    }),
  );
  app.onError(handleError(logger));
  return app;
}
