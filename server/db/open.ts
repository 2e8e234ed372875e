/** Chooses the database from the environment: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
import type { Env } from '../env';
import type { Logger } from '../logger';
import type { Database } from './adapter';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export async function openDatabase(env: Pick<Env, 'databaseUrl' | 'dataDir'>, logger: Logger): Promise<Database> {
  if (env.databaseUrl) {
    const db = await openPostgres(env.databaseUrl, {
      onPoolError: (error) => logger.error('PostgreSQL connection error', error),
    });
    logger.info('Database: PostgreSQL (DATABASE_URL)');
    return db;
  }
  const db = await openPglite(env.dataDir);
  logger.info(`Database: embedded PGlite in ${env.dataDir}`);
  return db;
}
