/**
 * Attempt counting in the database, shared by every server process. An
 * attempt is counted before the work it guards (a password check, an
 * email) in one INSERT ... ON CONFLICT statement, which PostgreSQL runs
 * row by row: of a hundred parallel requests exactly `max` are let
 * through, however fast they arrive. A key's window opens at its first
 * attempt and closes `windowMs` later; past `max`, the key waits for that.
 */
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import { DEFAULT_AUTH_LIMITS, type AuthLimits } from '../../platform/env-auth';
import { countAttempt, countAttempts, type ThrottleLimit } from '../../platform/throttle';

export type ThrottlePolicy = ThrottleLimit;

const MINUTE = 60_000;

export { DEFAULT_AUTH_LIMITS, type AuthLimits } from '../../platform/env-auth';

export interface AuthPolicies {
  /** Password guesses from one address at one account. */
  pair: ThrottlePolicy;
  /** Password guesses (and emailed codes) from one address at any accounts. */
  address: ThrottlePolicy;
  /** New accounts from one address. */
  signup: ThrottlePolicy;
  /** Recovery and confirmation emails asked for from one address (each email also once a minute). */
  recoveryAddress: ThrottlePolicy;
}

export function authPolicies(limits: AuthLimits = DEFAULT_AUTH_LIMITS): AuthPolicies {
  return {
    pair: { max: limits.signInFailuresPerAccount, windowMs: 15 * MINUTE },
    address: { max: limits.signInFailuresPerAddress, windowMs: 15 * MINUTE },
    signup: { max: limits.signupsPerAddressPerHour, windowMs: 60 * MINUTE },
    recoveryAddress: { max: limits.emailsPerAddressPerHour, windowMs: 60 * MINUTE },
  };
}

/**
 * Failed guesses at one account from anywhere. Past this the account is
 * slowed, never locked: a lock would let anyone shut a member out.
 */
export const ACCOUNT_SLOWDOWN_POLICY: ThrottlePolicy = { max: 10, windowMs: 15 * MINUTE };
export const ACCOUNT_SLOWDOWN_MS = 2_000;
/**
 * Sign-ups answered "already registered" for one address, with email
 * confirmation off (the one answer that tells a registered address, ADR
 * 0008): a member who forgot they had an account needs one or two; past
 * this the address may not sign up at all for the hour.
 */
export const SIGNUP_TAKEN_POLICY: ThrottlePolicy = { max: 3, windowMs: 60 * MINUTE };
export const RECOVERY_INTERVAL_MS = MINUTE;
/** Emailed 6-digit codes tried for one address (a million codes; five guesses per quarter hour). */
export const CODE_POLICY: ThrottlePolicy = { max: 5, windowMs: 15 * MINUTE };

/** Counts one attempt; resolves to 0 when it is within the policy, else the seconds until the window closes. */
export function takeAttempt(db: Queryable, key: string, now: Date, policy: ThrottlePolicy): Promise<number> {
  return countAttempt(db, 'auth_throttles', key, now, policy);
}

/** Counts one attempt at each key together (takeAttempt for several keys, in one statement where it can). */
export function takeAttempts(db: Queryable, attempts: ReadonlyArray<{ key: string; policy: ThrottlePolicy }>, now: Date): Promise<number[]> {
  return countAttempts(db, 'auth_throttles', attempts.map(({ key, policy }) => ({ key, limit: policy })), now);
}

/**
 * Without counting: the seconds until `key` may be tried again when it has
 * already used its allowance, else 0. A cheap look before costly work (a
 * hash); the counting itself is still takeAttempt's.
 */
const ATTEMPTS_ROW = { attempts: col.int(), window_start: col.instant() };

export async function peekAttempts(db: Queryable, key: string, now: Date, policy: ThrottlePolicy): Promise<number> {
  const row = await rowOf(db, ATTEMPTS_ROW, 'SELECT attempts, window_start FROM auth_throttles WHERE key = $1', [key]);
  if (!row || row.attempts < policy.max) return 0;
  const closes = row.window_start.getTime() + policy.windowMs - now.getTime();
  return closes > 0 ? Math.max(1, closes / 1000) : 0;
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
export function takeOnce(db: Queryable, key: string, now: Date, intervalMs: number): Promise<number> {
  return takeAttempt(db, key, now, { max: 1, windowMs: intervalMs });
}
