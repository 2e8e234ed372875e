/**
 * A fixed-window attempt counter in the database (request_throttles), so
 * every server process shares it. The attempt is counted before the thing
 * it guards is checked, in one statement: parallel requests cannot all slip
 * in under the limit before any of them is counted.
 */
import type { Queryable } from './db/adapter';

export interface ThrottleLimit {
  max: number;
  windowMs: number;
}

const PRUNE_CHANCE = 0.01;

export type ThrottleAnswer = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The tables that hold attempt windows: auth's own, and every other route's. */
export type ThrottleTable = 'auth_throttles' | 'request_throttles';

/**
 * Counts one attempt at `key` in `table`; resolves to 0 when it is within
 * `limit`, else the seconds until the key's window closes.
 */
export async function countAttempt(db: Queryable, table: ThrottleTable, key: string, now: Date, limit: ThrottleLimit): Promise<number> {
  const [wait = 0] = await countAttempts(db, table, [{ key, limit }], now);
  return wait;
}

/**
 * Counts one attempt at each key, in one statement for all the keys whose
 * windows are as long (a sign-in counts its address and its address at
 * this account together: on PGlite every statement is main-thread time).
 * Resolves, in the order given, to 0 for each key within its limit, else
 * the seconds until its window closes. Keys must differ.
 */
export async function countAttempts(
  db: Queryable,
  table: ThrottleTable,
  attempts: ReadonlyArray<{ key: string; limit: ThrottleLimit }>,
  now: Date,
): Promise<number[]> {
  const counted = new Map<string, { attempts: number; window_start: Date }>();
  for (const windowMs of new Set(attempts.map((a) => a.limit.windowMs))) {
    // In one order everywhere, so that two statements sharing keys cannot each hold one the other waits for.
    const keys = attempts
      .filter((a) => a.limit.windowMs === windowMs)
      .map((a) => a.key)
      .sort();
    const windowOpen = new Date(now.getTime() - windowMs);
    // One row per key, each locked and counted as if alone: of parallel requests exactly `max` get through.
    const rows = await db.query<{ key: string; attempts: number; window_start: Date }>(
      `INSERT INTO ${table} AS t (key, attempts, window_start) SELECT key, 1, $2 FROM unnest($1::text[]) AS key
       ON CONFLICT (key) DO UPDATE SET
         attempts = CASE WHEN t.window_start <= $3 THEN 1 ELSE t.attempts + 1 END,
         window_start = CASE WHEN t.window_start <= $3 THEN $2 ELSE t.window_start END
       RETURNING key, attempts, window_start`,
      [keys, now, windowOpen],
    );
    for (const row of rows) counted.set(row.key, row);
    // Now and then, forget windows long closed, so keys from many addresses do not pile up.
    if (Math.random() < PRUNE_CHANCE) await db.query(`DELETE FROM ${table} WHERE window_start < $1`, [windowOpen]);
  }
  return attempts.map(({ key, limit }) => {
    const row = counted.get(key);
    if (!row || row.attempts <= limit.max) return 0;
    return Math.max(1, (row.window_start.getTime() + limit.windowMs - now.getTime()) / 1000);
  });
}

export async function takeAttempt(db: Queryable, key: string, now: Date, limit: ThrottleLimit): Promise<ThrottleAnswer> {
  const waitSeconds = await countAttempt(db, 'request_throttles', key, now, limit);
  return waitSeconds === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.ceil(waitSeconds) };
}

export async function clearAttempts(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM request_throttles WHERE key = $1', [key]);
}
