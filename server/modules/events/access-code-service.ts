/**
 * POST /api/events/{id}/check-access-code: a private event's code checked
 * against its stored hash (constant time, in access-code.ts), each attempt
 * counted per address and event before the check, so guessing is slow
 * whatever the number of parallel requests or server processes.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import { verifyAccessCode } from './access-code';
import type { AccessGrants } from './access-grants';
import { isEventId } from './events-service';
import { clearAttempts, takeAttempt, type ThrottleLimit } from '../../platform/throttle';

/** Ten tries per quarter hour: a person mistyping is never stopped, a guesser is. */
export const ACCESS_CODE_LIMIT: ThrottleLimit = { max: 10, windowMs: 15 * 60_000 };
const MAX_CODE_LENGTH = 64;

export type AccessCodeOutcome =
  | { kind: 'not_found' }
  | { kind: 'throttled'; retryAfterSeconds: number }
  | { kind: 'wrong' }
  | { kind: 'granted'; accessGrant: string };

export interface AccessCodeService {
  check(eventId: string, code: unknown, address: string | null): Promise<AccessCodeOutcome>;
}

const CODE_ROW = { is_private: col.bool(), access_code_hash: col.nullable(col.text()) };

const throttleKey = (address: string | null, eventId: string) =>
  `access-code:${createHash('sha256').update(address ?? 'unknown').digest('hex').slice(0, 32)}:${eventId}`;

export function createAccessCodeService(db: Queryable, grants: AccessGrants, now: () => Date): AccessCodeService {
  return {
    async check(eventId, code, address) {
      if (!isEventId(eventId)) return { kind: 'not_found' };
      const event = await rowOf(db, CODE_ROW, 'SELECT is_private, access_code_hash FROM events WHERE event_id = $1::uuid', [eventId]);
      if (!event) return { kind: 'not_found' };
      const key = throttleKey(address, eventId);
      const attempt = await takeAttempt(db, key, now(), ACCESS_CODE_LIMIT);
      if (!attempt.allowed) return { kind: 'throttled', retryAfterSeconds: attempt.retryAfterSeconds };
      // A public event needs no code: any answer lets the visitor on.
      const right =
        !event.is_private ||
        (typeof code === 'string' &&
          code.length <= MAX_CODE_LENGTH &&
          event.access_code_hash !== null &&
          (await verifyAccessCode(code, event.access_code_hash)));
      if (!right) return { kind: 'wrong' };
      // A right code ends the count, so members sharing one address (a lodge's hall) are not held up by each other.
      await clearAttempts(db, key);
      return { kind: 'granted', accessGrant: await grants.issue(eventId) };
    },
  };
}
