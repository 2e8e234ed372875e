/**
 * The one place that notices when the data a public answer is built from
 * changes: every statement that writes `events` or `appointments` (booking,
 * cancelling, holds and card payments, staff edits, the reconciler, seeds)
 * goes through the Database handle, so wrapping that handle catches them
 * all, including writes added later. A write inside a transaction counts
 * once the transaction has committed; a failed statement counts too (it
 * costs one rebuild, never a stale answer).
 */
import type { Database, Queryable } from './adapter';

const WRITES_WATCHED_TABLES = /\b(?:insert\s+into|update|delete\s+from)\s+(?:public\.)?(?:events|appointments)\b/i;

/** Whether `sql` may change events or appointments. */
export function writesWatchedTables(sql: string): boolean {
  return WRITES_WATCHED_TABLES.test(sql);
}

export interface DataChanges {
  /** Grows by one after every committed write to events or appointments. */
  readonly version: number;
  /** Called after each change (the cache across processes would hook in here). */
  onChange(listener: () => void): void;
}

export interface TrackedDatabase extends Database {
  readonly changes: DataChanges;
}

export function isTracked(db: Database): db is TrackedDatabase {
  return 'changes' in db && typeof (db as TrackedDatabase).changes === 'object';
}

/** `db` with change tracking; a handle already tracked is returned as it is. */
export function trackChanges(db: Database): TrackedDatabase {
  if (isTracked(db)) return db;
  let version = 0;
  const listeners: Array<() => void> = [];
  const changed = () => {
    version += 1;
    for (const listener of listeners) listener();
  };
  const changes: DataChanges = {
    get version() {
      return version;
    },
    onChange: (listener) => void listeners.push(listener),
  };

  /** Runs `run`; when `sql` writes a watched table, `mark` is called however it ends. */
  async function watched<T>(sql: string, run: () => Promise<T>, mark: () => void): Promise<T> {
    if (!writesWatchedTables(sql)) return run();
    try {
      return await run();
    } finally {
      mark();
    }
  }

  return {
    kind: db.kind,
    changes,
    query: (sql, params) => watched(sql, () => db.query(sql, params), changed),
    exec: (sql) => watched(sql, () => db.exec(sql), changed),
    transaction: async (fn) => {
      let wrote = false;
      const mark = () => {
        wrote = true;
      };
      const wrap = (tx: Queryable): Queryable => ({
        query: (sql, params) => watched(sql, () => tx.query(sql, params), mark),
        exec: (sql) => watched(sql, () => tx.exec(sql), mark),
      });
      try {
        return await db.transaction((tx) => fn(wrap(tx)));
      } finally {
        if (wrote) changed();
      }
    },
    close: () => db.close(),
  };
}
