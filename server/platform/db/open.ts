/** Chooses the database from the environment: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
import type { Env } from '../env';
import type { Logger } from '../logger';
import type { Database } from './adapter';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/**
 * The schema a DATABASE_URL pins with `?options=-c search_path=name` (one
 * database shared by several sites, or test processes): the job queue's
 * tables then go beside it rather than into the shared `pgboss`.
 */
export function pinnedSchema(databaseUrl: string): string | undefined {
  let options: string | null;
  try {
    options = new URL(databaseUrl).searchParams.get('options');
  } catch {
    return undefined;
  }
  return options ? /search_path\s*=\s*"?([A-Za-z_][A-Za-z0-9_]*)"?/.exec(options)?.[1] : undefined;
}

export async function openDatabase(env: Pick<Env, 'databaseUrl' | 'dataDir'>, logger: Logger): Promise<Database> {
  if (env.databaseUrl) {
    const schema = pinnedSchema(env.databaseUrl);
    const db = await openPostgres(env.databaseUrl, {
      ...(schema ? { schema } : {}),
      onPoolError: (error) => logger.error('PostgreSQL connection error', error),
    });
    logger.info('Database: PostgreSQL (DATABASE_URL)');
    return db;
  }
  const db = await openPglite(env.dataDir);
  logger.info(`Database: embedded PGlite in ${env.dataDir}`);
  return db;
}
