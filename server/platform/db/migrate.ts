/**
 * Plain SQL migrations: the .sql files in ./migrations, each named by
 * three digits, a hyphen and a lower-case name, applied in order of name
 * at start and recorded in schema_migrations. Running it again is a no-op;
 * two processes starting at once on PostgreSQL queue on an advisory lock,
 * so each migration runs exactly once.
 *
 * What runs, and what is checksummed, is a migration's SQL without its
 * comments (sql-text.ts): a comment may be corrected, but a migration whose
 * SQL changed after it was applied is refused (change the schema with a
 * new file instead).
 *
 * Databases that applied migrations before that rule stored a checksum of
 * the whole file. migration-history.json records, for each migration that
 * existed then, that whole-text checksum ("text") beside the checksum of
 * the same file's SQL ("sql"). A stored "text" is accepted only while the
 * file's SQL is still that SQL, and is replaced by the new checksum in the
 * same transaction. The file records the "sql" checksum of every migration,
 * later ones too, and tests/unit/migrations-unchanged.test.ts holds each
 * file to it.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './adapter';
import { sqlWithoutComments } from './sql-text';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
export const MIGRATION_HISTORY_FILE = fileURLToPath(new URL('./migration-history.json', import.meta.url));
const MIGRATION_FILE = /^\d{3}-[a-z0-9-]+\.sql$/;

export interface Migration {
  name: string;
  /** The file's SQL without its comments: what runs. */
  sql: string;
  /** sha256 of `sql`, hex. */
  checksum: string;
}

/** One migration's recorded checksums: `text` only for those that existed when whole files were checksummed. */
export interface MigrationRecord {
  text?: string;
  sql: string;
}

export type MigrationHistory = Readonly<Record<string, MigrationRecord>>;

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A migration from its file's text. */
export function migrationFrom(name: string, text: string): Migration {
  const sql = sqlWithoutComments(text);
  return { name, sql, checksum: sha256(sql) };
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      if (!MIGRATION_FILE.test(file)) {
        throw new Error(`Migration file ${file} must be named by three digits, a hyphen and a name of lower-case letters, digits and hyphens`);
      }
      try {
        return migrationFrom(file.replace(/\.sql$/, ''), readFileSync(`${dir}/${file}`, 'utf8'));
      } catch (error) {
        throw new Error(`Migration file ${file}: ${(error as Error).message}`, { cause: error });
      }
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function loadMigrationHistory(file = MIGRATION_HISTORY_FILE): MigrationHistory {
  return JSON.parse(readFileSync(file, 'utf8')) as MigrationHistory;
}

/** Applies pending migrations; resolves to the names it applied. */
export async function migrate(db: Database, migrations = loadMigrations(), history = loadMigrationHistory()): Promise<string[]> {
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
        if (checksum === migration.checksum) continue;
        const record = Object.hasOwn(history, migration.name) ? history[migration.name] : undefined;
        // Applied as the whole text recorded, and the file's SQL is still that text's SQL.
        if (record?.text !== undefined && checksum === record.text && migration.checksum === record.sql) {
          await tx.query('UPDATE schema_migrations SET checksum = $1 WHERE name = $2', [migration.checksum, migration.name]);
          continue;
        }
        throw new Error(`Migration ${migration.name} was changed after it was applied; add a new migration instead.`);
      }
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [migration.name, migration.checksum]);
      done.push(migration.name);
    }
    return done;
  });
}
