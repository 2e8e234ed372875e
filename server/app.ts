/**
 * The Hono application: security headers and compression around the API
 * (/api), the local stand-ins (/dev/tiles, /dev/outbox, /dev/paypal; never in
 * production) and the built site. Built from its
 * dependencies so tests run it in-process with their own database and clock.
 */
import { Hono } from 'hono';
import { mountAuth, mountPasswordAdmission, type AuthEnv } from './modules/auth';
import { createBookingMail, mountBooking, mountConsent } from './modules/booking';
import { mountEvents } from './modules/events';
import { mountMembers } from './modules/members';
import { mountPayments, type Payments } from './modules/payments';
import { mountResults } from './modules/results';
import { mountHealth, mountLogs, mountSite } from './modules/site';
import { mountStaff } from './modules/staff';
import { mountStatistics } from './modules/statistics';
import { mountWaitingList } from './modules/waiting-list';
import type { AppContext } from './platform/app-context';
import type { Database } from './platform/db/adapter';
import { trackChanges } from './platform/db/data-changes';
import type { Env } from './platform/env';
import { compression } from './platform/http/compression';
import { answers, checkResponses } from './platform/http/contract';
import { API_DOCUMENT_VERSION, openApiDocument, type OpenApiDocument } from './platform/http/openapi';
import { errorJson, handleError } from './platform/http/errors';
import { createReadyAnswers, type ReadyAnswers } from './platform/http/ready-answers';
import { securityHeaders } from './platform/http/security-headers';
import { closeAfterTooLarge } from './platform/http/unread-body';
import { createJobs, type Jobs } from './platform/jobs/queue';
import { silentLogger, type Logger } from './platform/logger';
import { createMailer, type Mailer, type MailTransport } from './platform/mail';
import { createSigner } from './platform/signing';
import { mountDevStandIns } from './stand-ins/allowed';
import { devOutboxRoutes } from './stand-ins/outbox-routes';
import { createLocalPayPal } from './stand-ins/paypal-sandbox';
import { devTilesRoutes } from './stand-ins/tiles/routes';

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
    | 'staffIdleMinutes'
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
  mountPasswordAdmission({ app, env });
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
  // Outside production, a route's answer is checked against the response it declares (server/platform/http/contract.ts).
  if (env.nodeEnv !== 'production') app.use('/api/*', checkResponses());

  // Each module mounts its routes and registers its jobs (docs/architecture.md#modules); what one
  // module needs of another is passed here, in the order they depend on each other.
  const ctx: AppContext<AppDependencies['env']> = {
    app,
    db,
    env,
    now,
    logger,
    jobs,
    mailer,
    signer: createSigner(db, env.linkSigningSecret),
    // Links in emails sent with no request to take an origin from (the sweeps): SITE_URL, required in production.
    emailOrigin: env.siteUrl ?? `http://localhost:${env.port}`,
  };
  mountHealth(ctx);
  const events = mountEvents(ctx, listCacheMs);
  mountStatistics(ctx);
  const auth = mountAuth(ctx);
  const members = mountMembers(ctx, auth, mailTransport);
  mountConsent(ctx, auth);
  const waitingList = mountWaitingList(ctx, { auth, events, members });
  // Booking's emails, which a card payment sends too (confirmed, refunded).
  const bookingMail = createBookingMail(mailer, ctx.signer, env.siteUrl);
  const payments = mountPayments(ctx, {
    auth,
    events,
    bookingMail,
    given: givenPayments,
    local: env.paypal || givenPayments ? null : createLocalPayPal(db, now, logger),
  });
  mountBooking(ctx, { auth, events, members, waitingList, payments, mail: bookingMail });
  mountResults(ctx, { auth, members });
  mountStaff(ctx, { auth, waitingList });
  mountLogs(ctx, auth.verifier);
  // Stand-ins register here only; production mounts none of them (server/stand-ins/allowed.ts).
  // The local PayPal sandbox exists only while no PayPal settings are given.
  const sandbox = payments.sandbox;
  mountDevStandIns(app, env.nodeEnv, [
    { name: 'tiles', inUse: env.devTiles, routes: devTilesRoutes },
    { name: 'outbox', inUse: !env.smtpUrl, routes: () => devOutboxRoutes(db) },
    { name: 'paypal', inUse: sandbox !== null, routes: () => sandbox! },
    { name: 'clock', inUse: devClock !== undefined, routes: () => devClock!() },
  ]);
  // Every route's declared body and answer, read from the routes themselves (server/platform/http/openapi.ts).
  let contract: OpenApiDocument | undefined;
  app.get('/api/openapi.json', answers('application/json', 'This document'), (c) => c.json((contract ??= openApiDocument(app, { title: 'CHAPS screening site API', version: API_DOCUMENT_VERSION }))));
  // Last: the built site answers any path no route above took.
  mountSite(ctx, events.events.get);

  app.notFound((c) =>
    errorJson(c, 404, {
      error: 'not_found',
      message: c.req.path.startsWith('/api') ? `No API route ${c.req.method} ${c.req.path}` : 'Not found',
    }),
  );
  app.onError(handleError(logger));
  return app;
}
