/**
 * The embedded database: PGlite (PostgreSQL compiled to WebAssembly), kept
 * in DATA_DIR/pglite, or in memory when no directory is given (tests).
 * PGlite has one connection; its transaction() takes a mutex, so every
 * transaction goes through it rather than a hand-written BEGIN.
 */
import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { TYPE_PARSERS, type Database, type Queryable, type Row } from './adapter';
import { acquireDataDirLock } from './lock-file';

interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<Array<{ rows: Row[] }>>;
}

function queryable(handle: PgliteLike): Queryable {
  return {
    async query<T extends Row = Row>(sql: string, params: readonly unknown[] = []) {
      const result = await handle.query<T>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await handle.exec(sql);
    },
  };
}

/** Wraps an open PGlite; `onClose` runs after the database has closed. */
export function pgliteDatabase(pglite: PGlite, onClose: () => void = () => {}): Database {
  let closed = false;
  return {
    kind: 'pglite',
    ...queryable(pglite),
    async executeSql(text, values) {
      if (values && values.length > 0) return { rows: (await pglite.query<Row>(text, values)).rows };
      try {
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (error) {
        // A script that opened a transaction and failed half-way must not leave the one connection inside it.
        await pglite.exec('ROLLBACK').catch(() => {});
        throw error;
      }
    },
    async transaction(fn) {
      const committed: Array<() => void> = [];
      const result = await pglite.transaction((tx) => fn({ ...queryable(tx), afterCommit: (hook) => void committed.push(hook) }));
      for (const hook of committed) hook();
      return result;
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await pglite.close();
      } finally {
        onClose();
      }
    },
  };
}

export const pgliteOptions = { parsers: TYPE_PARSERS } as const;

/**
 * Opens (creating on first use) the database in `dataDir`, after taking the
 * directory's lock; without a directory the database lives in memory.
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir === undefined) {
    const pglite = await PGlite.create(pgliteOptions);
    return pgliteDatabase(pglite);
  }
  mkdirSync(dataDir, { recursive: true });
  const release = acquireDataDirLock(dataDir);
  try {
    const pglite = await PGlite.create(join(dataDir, 'pglite'), pgliteOptions);
    return pgliteDatabase(pglite, release);
  } catch (error) {
    release();
    throw error;
  }
}
