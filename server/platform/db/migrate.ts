/**
 * Plain SQL migrations (server/platform/db/migrations/, numbered: 001-events.sql first), applied in
 * order at start and recorded in schema_migrations. Running it again is a
 * no-op; two processes starting at once on PostgreSQL queue on an advisory
 * lock, so each migration runs exactly once. A migration edited after it
 * was applied is refused: change the schema with a new file instead.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './adapter';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_FILE = /^\d{3}-[a-z0-9-]+\.sql$/;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      if (!MIGRATION_FILE.test(file)) throw new Error(`Migration file ${file} must be named NNN-name.sql`);
      const sql = readFileSync(`${dir}/${file}`, 'utf8');
      return { name: file.replace(/\.sql$/, ''), sql, checksum: createHash('sha256').update(sql).digest('hex') };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Applies pending migrations; resolves to the names it applied. */
export async function migrate(db: Database, migrations = loadMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    // Scoped to the schema, so separate schemas (test files) do not queue behind each other.
    await tx.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':schema_migrations'))");
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = new Map(
      (await tx.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations')).map((r) => [
        r.name,
        r.checksum,
      ]),
    );
    const done: string[] = [];
    for (const migration of migrations) {
      const checksum = applied.get(migration.name);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was changed after it was applied; add a new migration instead.`);
        }
        continue;
      }
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [migration.name, migration.checksum]);
      done.push(migration.name);
    }
    return done;
  });
}
