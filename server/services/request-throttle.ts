/**
 * A fixed-window attempt counter in the database (request_throttles), so
 * every server process shares it. The attempt is counted before the thing
 * it guards is checked, in one statement: parallel requests cannot all slip
 * in under the limit before any of them is counted.
 */
import type { Queryable } from '../db/adapter';

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
  const windowOpen = new Date(now.getTime() - limit.windowMs);
  const [row] = await db.query<{ attempts: number; window_start: Date }>(
    `INSERT INTO ${table} AS t (key, attempts, window_start) VALUES ($1, 1, $2)
     ON CONFLICT (key) DO UPDATE SET
       attempts = CASE WHEN t.window_start <= $3 THEN 1 ELSE t.attempts + 1 END,
       window_start = CASE WHEN t.window_start <= $3 THEN $2 ELSE t.window_start END
     RETURNING attempts, window_start`,
    [key, now, windowOpen],
  );
  // Now and then, forget windows long closed, so keys from many addresses do not pile up.
  if (Math.random() < PRUNE_CHANCE) await db.query(`DELETE FROM ${table} WHERE window_start < $1`, [windowOpen]);
  if (!row || row.attempts <= limit.max) return 0;
  return Math.max(1, (row.window_start.getTime() + limit.windowMs - now.getTime()) / 1000);
}

export async function takeAttempt(db: Queryable, key: string, now: Date, limit: ThrottleLimit): Promise<ThrottleAnswer> {
  const waitSeconds = await countAttempt(db, 'request_throttles', key, now, limit);
  return waitSeconds === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.ceil(waitSeconds) };
}

export async function clearAttempts(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM request_throttles WHERE key = $1', [key]);
}
