/**
 * Access grants: what a right access code earns, a signed token bound to
 * one private event and valid for two hours. It may be asked for before
 * sign-in (the code modal comes first, docs/rules.md#access-codes), so it names
 * the event, not the member; the booking itself is still the signed-in
 * member's. Format: base64url(JSON {e: event id, x: expiry in epoch seconds})
 * "." base64url(HMAC). Nothing is stored: any server process can check it.
 */
import type { Signer } from '../../platform/signing';

export const ACCESS_GRANT_SECONDS = 2 * 60 * 60;
const MAX_GRANT_LENGTH = 512;

export interface AccessGrants {
  issue(eventId: string): Promise<string>;
  /** Whether `grant` is an unexpired, untampered grant for `eventId`. */
  isValid(grant: unknown, eventId: string): Promise<boolean>;
}

export function createAccessGrants(signer: Signer, now: () => Date): AccessGrants {
  return {
    async issue(eventId) {
      const expires = Math.floor(now().getTime() / 1000) + ACCESS_GRANT_SECONDS;
      const payload = Buffer.from(JSON.stringify({ e: eventId, x: expires })).toString('base64url');
      return `${payload}.${await signer.sign('access-grant', payload)}`;
    },

    async isValid(grant, eventId) {
      if (typeof grant !== 'string' || grant.length > MAX_GRANT_LENGTH) return false;
      const [payload, signature, extra] = grant.split('.');
      if (!payload || !signature || extra !== undefined) return false;
      if (!(await signer.verify('access-grant', payload, signature))) return false;
      let claims: unknown;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return false;
      }
      if (typeof claims !== 'object' || claims === null) return false;
      const { e, x } = claims as { e?: unknown; x?: unknown };
      return e === eventId && typeof x === 'number' && x * 1000 > now().getTime();
    },
  };
}
