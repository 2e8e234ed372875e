/**
 * Starts the server: settings, database, migrations and demo data
 * (startup.ts), then HTTP on PORT. SIGINT/SIGTERM close the listener and
 * the database (releasing the DATA_DIR lock) before exiting.
 */
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app';
import { createDevClock } from './stand-ins/clock';
import { listenForChanges } from './platform/db/change-listener';
import { createHttpServer } from './platform/http/node-server';
import { trackChanges } from './platform/db/data-changes';
import { openDatabase } from './platform/db/open';
import { createReadyAnswers } from './platform/http/ready-answers';
import { DataDirLockedError } from './platform/db/lock-file';
import { EnvError, loadEnv } from './platform/env';
import { createLogger } from './platform/logger';
import { createJobs } from './platform/jobs/queue';
import { createMailer } from './platform/mail';
import { closePasswordPool } from './modules/auth';
import { createPayments } from './modules/payments';
import { createLocalPayPal } from './stand-ins/paypal-sandbox';
import { createAccessGrants } from './modules/events';
import { createBookingMail } from './modules/booking';
import { createSigner } from './platform/signing';
import { prepareDatabase } from './startup';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\nThe server did not start. Fix the variables above (see .env.example).\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.logLevel);
  const db = trackChanges(await openDatabase(env, logger));

  // Outside production the clock can be moved forward through /dev/clock (browser journeys let holds lapse).
  const clock = env.nodeEnv === 'production' ? null : createDevClock(env.devClockOffsetMinutes);
  const now = clock ? clock.now : () => new Date();
  // The demo data is dated from the server's clock, which may start ahead of the machine's.
  try {
    await prepareDatabase(db, env, logger, now());
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }

  // Over PostgreSQL other processes write too: hear them, so this one's ready answers drop (PGlite: one process).
  const changeListener = env.databaseUrl ? listenForChanges(db.changes, { url: env.databaseUrl, logger }) : null;

  // Work that outlives a request (docs/decisions/0013); JOB_WORKER=false makes this a web-only process.
  // Emails go several at once, as many as the SMTP pool has connections.
  const jobs = createJobs({ db, logger, worker: env.jobWorker, inFlight: { email: env.smtpMaxConnections } });
  const mailer = createMailer({ db, jobs, env });
  const signer = createSigner(db, env.linkSigningSecret);
  const payments = createPayments({
    db,
    env,
    grants: createAccessGrants(signer, now),
    mail: createBookingMail(mailer, signer),
    jobs,
    now,
    logger,
    // The local sandbox when PAYPAL_* are unset; production refuses to start without them.
    local: env.paypal ? null : createLocalPayPal(db, now, logger),
  });
  const readyAnswers = createReadyAnswers(db, db.changes, now);
  const app = createApp({
    db,
    env,
    logger,
    jobs,
    mailer,
    payments,
    now,
    readyAnswers,
    // After a move, what the once-a-minute schedules would have done meanwhile: lapse holds, send the reminders
    // and recall emails now due, and pass lapsed waiting-list offers on.
    devClock: clock
      ? () =>
          clock.routes(async () => {
            await payments.reconcile();
            await jobs.send(db, 'appointment_reminders', {});
            await jobs.send(db, 'recall_emails', {});
            await jobs.send(db, 'waiting_list_offers', {});
          })
      : undefined,
  });
  // A ready answer is written straight to the socket; anything else goes to Hono.
  const appListener = getRequestListener(app.fetch);
  const server = createHttpServer((req, res) => {
    if (!readyAnswers.serveNode(req, res)) void appListener(req, res);
  });
  // After createApp registered what each job does: the worker starts taking jobs, and the
  // reconciler runs once a minute across all processes (pg-boss's schedule; docs/decisions/0009).
  await jobs.start();
  logger.info(env.jobWorker ? 'Job worker: on' : 'Job worker: off (JOB_WORKER=false)');
  server.listen(env.port, () => {
    const address = server.address();
    logger.info(`Listening on http://localhost:${typeof address === 'object' && address ? address.port : env.port}`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: shutting down`);
    const force = setTimeout(() => {
      logger.warn('Connections did not close in time; closing anyway');
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => {
      jobs
        .stop()
        .catch((error: unknown) => logger.error('Stopping the job worker failed', error))
        .then(() => changeListener?.stop())
        .then(() => closePasswordPool())
        .then(() => db.close())
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          logger.error('Closing the database failed', error);
          process.exit(1);
        });
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`The server could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  // A known refusal needs no stack trace; anything else does.
  if (error instanceof Error && !(error instanceof DataDirLockedError) && error.stack) {
    process.stderr.write(`${error.stack}\n`);
  }
  process.exit(1);
});
