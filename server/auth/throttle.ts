/**
 * Attempt counting in the database, shared by every server process.
 * Sign-in: after MAX failures within WINDOW an account (or an address) is
 * locked for LOCK. Recovery emails: one per address per INTERVAL.
 */
import type { Queryable } from '../db/adapter';

export interface ThrottlePolicy {
  max: number;
  windowMs: number;
  lockMs: number;
}

export const ACCOUNT_POLICY: ThrottlePolicy = { max: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
export const ADDRESS_POLICY: ThrottlePolicy = { max: 30, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
export const RECOVERY_INTERVAL_MS = 60_000;

/** Seconds the key stays locked, or 0. */
export async function lockedFor(db: Queryable, key: string, now: Date): Promise<number> {
  const [row] = await db.query<{ locked_until: Date | null }>('SELECT locked_until FROM auth_throttles WHERE key = $1', [key]);
  const until = row?.locked_until;
  return until && until > now ? (until.getTime() - now.getTime()) / 1000 : 0;
}

/** Counts one failure; locks the key when it reaches the policy's maximum. */
export async function recordFailure(db: Queryable, key: string, now: Date, policy: ThrottlePolicy): Promise<void> {
  const windowOpen = new Date(now.getTime() - policy.windowMs);
  const [row] = await db.query<{ attempts: number }>(
    `INSERT INTO auth_throttles AS t (key, attempts, window_start) VALUES ($1, 1, $2)
     ON CONFLICT (key) DO UPDATE SET
       attempts = CASE WHEN t.window_start < $3 THEN 1 ELSE t.attempts + 1 END,
       window_start = CASE WHEN t.window_start < $3 THEN $2 ELSE t.window_start END
     RETURNING attempts`,
    [key, now, windowOpen],
  );
  if (row && row.attempts >= policy.max) {
    await db.query('UPDATE auth_throttles SET locked_until = $2, attempts = 0, window_start = $3 WHERE key = $1', [
      key,
      new Date(now.getTime() + policy.lockMs),
      now,
    ]);
  }
}

export async function clearFailures(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM auth_throttles WHERE key = $1', [key]);
}

/**
 * Takes one use of a key allowed once per `intervalMs`: resolves to 0 when
 * taken, else the seconds to wait.
 */
export async function takeOnce(db: Queryable, key: string, now: Date, intervalMs: number): Promise<number> {
  const since = new Date(now.getTime() - intervalMs);
  const [row] = await db.query<{ window_start: Date }>(
    `INSERT INTO auth_throttles AS t (key, attempts, window_start) VALUES ($1, 1, $2)
     ON CONFLICT (key) DO UPDATE SET attempts = 1, window_start = $2 WHERE t.window_start <= $3
     RETURNING window_start`,
    [key, now, since],
  );
  if (row) return 0;
  const [held] = await db.query<{ window_start: Date }>('SELECT window_start FROM auth_throttles WHERE key = $1', [key]);
  return held ? Math.max(1, (held.window_start.getTime() + intervalMs - now.getTime()) / 1000) : 0;
}
