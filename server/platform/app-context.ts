/**
 * What every module's mount is given (docs/architecture.md#modules): the
 * app's plumbing, built once by server/app.ts, so a module names what it
 * needs from it and takes what it needs from other modules as arguments.
 */
import type { Hono } from 'hono';
import type { Database } from './db/adapter';
import type { Env } from './env';
import type { Jobs } from './jobs/queue';
import type { Logger } from './logger';
import type { Mailer } from './mail';
import type { Signer } from './signing';

export interface AppContext<E extends Partial<Env> = Partial<Env>> {
  /** The app itself, to mount routes on. */
  app: Hono;
  db: Database;
  /** The settings this module reads. */
  env: E;
  /** The clock every rule reads; tests pin it. */
  now: () => Date;
  logger: Logger;
  jobs: Jobs;
  mailer: Mailer;
  signer: Signer;
  /** The origin of links in emails sent with no request to take one from (the sweeps): SITE_URL, required in production. */
  emailOrigin: string;
}
