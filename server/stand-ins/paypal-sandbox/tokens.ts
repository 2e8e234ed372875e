/**
 * The local sandbox's OAuth access tokens. PayPal may stop taking a token
 * before its expires_in (revoked, rotated): the stand-in keeps each token
 * it issued in dev_paypal_tokens, so one can be revoked early
 * (/dev/paypal/sandbox/revoke-tokens) and the server's client be seen to
 * drop it and ask for another (paypal-client.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../platform/db/adapter';

/** PayPal's token lifetime, seconds. */
export const TOKEN_SECONDS = 32_400;
const TOKEN = /^A21AA[0-9a-f]{32}$/;

export function sandboxTokens(db: Database, now: () => Date) {
  return {
    async issue(): Promise<{ token: string; expiresIn: number }> {
      const token = `A21AA${randomUUID().replace(/-/g, '')}`;
      await db.query('INSERT INTO dev_paypal_tokens (token, expires_at) VALUES ($1, $2)', [token, new Date(now().getTime() + TOKEN_SECONDS * 1000)]);
      return { token, expiresIn: TOKEN_SECONDS };
    },

    /** Whether `authorization` is "Bearer <a token issued here, not revoked, not expired>". */
    async valid(authorization: string | undefined): Promise<boolean> {
      const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
      if (!TOKEN.test(token)) return false;
      const rows = await db.query('SELECT 1 FROM dev_paypal_tokens WHERE token = $1 AND revoked_at IS NULL AND expires_at > $2', [token, now()]);
      return rows.length > 0;
    },

    /** Revokes every token issued so far; resolves to how many. */
    async revokeAll(): Promise<number> {
      const rows = await db.query('UPDATE dev_paypal_tokens SET revoked_at = $1 WHERE revoked_at IS NULL RETURNING 1', [now()]);
      return rows.length;
    },
  };
}
