/**
 * The throttles around a password check (ADR 0008). Counted before the
 * check, in the database: one address may fail 5 times at one account
 * and 30 times in all per 15 minutes (settings: AuthLimits), then waits. The account itself is
 * never locked, so nobody can shut a member out by failing on purpose from
 * their own address; after 10 failures from anywhere each further failure
 * is answered slowly instead.
 */
import type { Queryable } from '../../platform/db/adapter';
import { tooManyAttempts } from './auth-error';
import {
  ACCOUNT_SLOWDOWN_MS,
  ACCOUNT_SLOWDOWN_POLICY,
  clearAttempts,
  refundAttempt,
  takeAttempt,
  takeAttempts,
  type AuthPolicies,
} from './throttle';

export interface SignInGuard {
  /** The password was right: the address's failures here are forgiven. */
  succeeded(): Promise<void>;
  /** The password was wrong: counts towards the account's slow-down, and waits when it applies. */
  failed(): Promise<void>;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export async function guardSignIn(db: Queryable, email: string, address: string, now: Date, policies: AuthPolicies): Promise<SignInGuard> {
  const pairKey = `signin:pair:${address}:${email}`;
  const addressKey = `signin:ip:${address}`;
  const accountKey = `signin:email:${email}`;
  const wait = Math.max(
    ...(await takeAttempts(
      db,
      [
        { key: pairKey, policy: policies.pair },
        { key: addressKey, policy: policies.address },
      ],
      now,
    )),
  );
  if (wait > 0) throw tooManyAttempts('over_request_rate_limit', wait, 'Too many failed sign-in attempts.');
  return {
    async succeeded() {
      await clearAttempts(db, pairKey);
      await refundAttempt(db, addressKey);
    },
    async failed() {
      if ((await takeAttempt(db, accountKey, now, ACCOUNT_SLOWDOWN_POLICY)) > 0) await sleep(ACCOUNT_SLOWDOWN_MS);
    },
  };
}
