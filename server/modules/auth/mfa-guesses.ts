/**
 * Wrong second-factor codes counted against the guesser, never against the
 * account (docs/rules.md#second-factor): a session may try CODE_POLICY.max
 * and then ends, so whoever holds the password signs in again under the
 * sign-in limits; an address may try CODE_POLICY.max at one account and
 * the sign-in's address limit at all. Counted before the code is checked,
 * given back when it is right. The real user's own session from his own
 * address is not slowed by another's guesses.
 */
import type { Database, Queryable } from '../../platform/db/adapter';
import { auditStaffStep } from './auth-audit';
import { AuthApiError, tooManyAttempts } from './auth-error';
import { revokeSessions } from './sessions';
import { CODE_POLICY, peekAttempts, refundAttempt, takeAttempts, type ThrottlePolicy } from './throttle';

/** What a session that has tried CODE_POLICY.max wrong codes is told, as it ends. */
export const SESSION_ENDED = 'Too many wrong codes: this sign-in has ended. Sign in again with your password.';

interface Guesser {
  userId: string;
  sessionId: string;
}

export function codeGuesses(db: Database, addressPolicy: ThrottlePolicy) {
  /** Ends a session that has used up its codes (audited with it), and says so. */
  async function endSession(guesser: Guesser, at: Date): Promise<never> {
    await db.transaction(async (tx) => {
      await revokeSessions(tx, { sessionId: guesser.sessionId }, at);
      await auditStaffStep(tx, guesser.userId, 'auth.session_ended', { session_id: guesser.sessionId, reason: 'too_many_codes' }, at);
    });
    throw new AuthApiError(429, 'over_request_rate_limit', SESSION_ENDED);
  }

  return {
    endSession,

    /** Counts one code; refuses it unchecked when the session or the address has used up its codes. */
    async count(guesser: Guesser, ip: string, at: Date) {
      const sessionKey = `mfa:session:${guesser.sessionId}`;
      const keys = [
        { key: sessionKey, policy: CODE_POLICY },
        { key: `mfa:pair:${ip}:${guesser.userId}`, policy: CODE_POLICY },
        { key: `mfa:ip:${ip}`, policy: addressPolicy },
      ];
      const [sessionWait = 0, ...addressWaits] = await takeAttempts(db, keys, at);
      if (sessionWait > 0) await endSession(guesser, at);
      const wait = Math.max(0, ...addressWaits);
      if (wait > 0) throw tooManyAttempts('over_request_rate_limit', wait, 'Too many codes tried.');
      return {
        /** Whether this wrong code was the session's last. */
        sessionUsedUp: async () => (await peekAttempts(db, sessionKey, at, CODE_POLICY)) > 0,
        /** Gives the code back: it was right, or one already taken (not a guess). */
        refund: async (q: Queryable) => {
          for (const { key } of keys) await refundAttempt(q, key);
        },
      };
    },
  };
}
