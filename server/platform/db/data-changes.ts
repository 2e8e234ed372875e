/**
 * The one place that notices when the data a public answer is built from
 * changes: every statement that writes `events` or `appointments` (booking,
 * cancelling, holds and card payments, staff edits, the reconciler, seeds)
 * goes through the Database handle, so wrapping that handle catches them
 * all, including writes added later. A write inside a transaction counts
 * once the transaction has committed; a failed statement counts too (it
 * costs one rebuild, never a stale answer).
 *
 * That is every write on PGlite, which has one process. On PostgreSQL other
 * processes and clients write too: change-listener.ts hears them (NOTIFY,
 * migration 620) and reports them here; while it cannot hear them it marks
 * the changes incomplete, and nothing may be kept.
 */
import type { Database, Queryable } from './adapter';

// waiting_list too: a place held for a waiting list's offer counts as taken (docs/decisions/0019).
const WRITES_WATCHED_TABLES = /\b(?:insert\s+into|update|delete\s+from)\s+(?:public\.)?(?:events|appointments|waiting_list)\b/i;

/** Whether `sql` may change events, appointments or the waiting list's held places. */
export function writesWatchedTables(sql: string): boolean {
  return WRITES_WATCHED_TABLES.test(sql);
}

export interface DataChanges {
  /** Grows by one after every committed write to events or appointments, here or elsewhere. */
  readonly version: number;
  /**
   * Whether every change reaches this handle. True unless a change listener
   * has lost its connection (or not yet listens): then another process's
   * write could go unnoticed, so nothing built meanwhile may be kept.
   */
  readonly complete: boolean;
  /** Called after each change. */
  onChange(listener: () => void): void;
  /** A change made elsewhere (another process, a script, psql): counts as one made here. */
  changedElsewhere(): void;
  /**
   * Whether changes made elsewhere are being heard (change-listener.ts).
   * Each switch counts as a change: losing them drops everything kept, and
   * regaining them drops whatever was built while they could be missed.
   */
  setComplete(complete: boolean): void;
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
  let complete = true;
  const listeners: Array<() => void> = [];
  const changed = () => {
    version += 1;
    for (const listener of listeners) listener();
  };
  const changes: DataChanges = {
    get version() {
      return version;
    },
    get complete() {
      return complete;
    },
    onChange: (listener) => void listeners.push(listener),
    changedElsewhere: changed,
    setComplete(now) {
      complete = now;
      changed();
    },
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
    ...(db.schema ? { schema: db.schema } : {}),
    changes,
    executeSql: (text, values) => db.executeSql(text, values),
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
        ...(tx.afterCommit ? { afterCommit: (hook: () => void) => tx.afterCommit!(hook) } : {}),
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
