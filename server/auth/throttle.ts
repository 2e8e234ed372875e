/**
 * Attempt counting in the database, shared by every server process. An
 * attempt is counted before the work it guards (a password check, an
 * email) in one INSERT ... ON CONFLICT statement, which PostgreSQL runs
 * row by row: of a hundred parallel requests exactly `max` are let
 * through, however fast they arrive. A key's window opens at its first
 * attempt and closes `windowMs` later; past `max`, the key waits for that.
 */
import type { Queryable } from '../db/adapter';

export interface ThrottlePolicy {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** Password guesses from one address at one account. */
export const PAIR_POLICY: ThrottlePolicy = { max: 5, windowMs: 15 * MINUTE };
/** Password guesses from one address at any accounts. */
export const ADDRESS_POLICY: ThrottlePolicy = { max: 30, windowMs: 15 * MINUTE };
/**
 * Failed guesses at one account from anywhere. Past this the account is
 * slowed, never locked: a lock would let anyone shut a member out.
 */
export const ACCOUNT_SLOWDOWN_POLICY: ThrottlePolicy = { max: 10, windowMs: 15 * MINUTE };
export const ACCOUNT_SLOWDOWN_MS = 2_000;
/** New accounts from one address. */
export const SIGNUP_POLICY: ThrottlePolicy = { max: 10, windowMs: 60 * MINUTE };
/** Recovery emails asked for from one address (each email also once a minute). */
export const RECOVERY_ADDRESS_POLICY: ThrottlePolicy = { max: 10, windowMs: 60 * MINUTE };
export const RECOVERY_INTERVAL_MS = MINUTE;
/** Emailed 6-digit codes tried for one address (a million codes; five guesses per quarter hour). */
export const CODE_POLICY: ThrottlePolicy = { max: 5, windowMs: 15 * MINUTE };

/** Counts one attempt; resolves to 0 when it is within the policy, else the seconds until the window closes. */
export async function takeAttempt(db: Queryable, key: string, now: Date, policy: ThrottlePolicy): Promise<number> {
  const windowClosed = new Date(now.getTime() - policy.windowMs);
  const [row] = await db.query<{ attempts: number; window_start: Date }>(
    `INSERT INTO auth_throttles AS t (key, attempts, window_start) VALUES ($1, 1, $2)
     ON CONFLICT (key) DO UPDATE SET
       attempts = CASE WHEN t.window_start <= $3 THEN 1 ELSE t.attempts + 1 END,
       window_start = CASE WHEN t.window_start <= $3 THEN $2 ELSE t.window_start END
     RETURNING attempts, window_start`,
    [key, now, windowClosed],
  );
  if (!row || row.attempts <= policy.max) return 0;
  return Math.max(1, (row.window_start.getTime() + policy.windowMs - now.getTime()) / 1000);
}

/** Gives back an attempt that turned out well (a right password), so only failures use up an address's allowance. */
export async function refundAttempt(db: Queryable, key: string): Promise<void> {
  await db.query('UPDATE auth_throttles SET attempts = attempts - 1 WHERE key = $1 AND attempts > 0', [key]);
}

export async function clearAttempts(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM auth_throttles WHERE key = $1', [key]);
}

/**
 * Takes one use of a key allowed once per `intervalMs`: resolves to 0 when
 * taken, else the seconds to wait.
 */
export async function takeOnce(db: Queryable, key: string, now: Date, intervalMs: number): Promise<number> {
  return takeAttempt(db, key, now, { max: 1, windowMs: intervalMs });
}
