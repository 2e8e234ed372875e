/**
 * One-time email links: password recovery (one hour) and address
 * confirmation (one day). Single use; a new recovery link retires older ones.
 */
import type { Queryable } from '../db/adapter';
import { hashToken, randomToken } from './secrets';

export type LinkKind = 'recovery' | 'signup';

export const LINK_LIFETIME_MS: Record<LinkKind, number> = {
  recovery: 60 * 60_000,
  signup: 24 * 60 * 60_000,
};

export async function createLink(db: Queryable, userId: string, kind: LinkKind, now: Date): Promise<string> {
  await db.query(
    'UPDATE auth_one_time_tokens SET used_at = $3 WHERE user_id = $1 AND kind = $2 AND used_at IS NULL',
    [userId, kind, now],
  );
  const token = randomToken();
  await db.query(
    `INSERT INTO auth_one_time_tokens (token_hash, user_id, kind, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [hashToken(token), userId, kind, now, new Date(now.getTime() + LINK_LIFETIME_MS[kind])],
  );
  return token;
}

/** Uses a link: its user id, or null when unknown, used, expired or of another kind. */
export async function consumeLink(db: Queryable, token: string, kind: LinkKind, now: Date): Promise<string | null> {
  const [row] = await db.query<{ user_id: string }>(
    `UPDATE auth_one_time_tokens SET used_at = $3
     WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3
     RETURNING user_id`,
    [hashToken(token), kind, now],
  );
  return row?.user_id ?? null;
}

/** Ends every unused link of a user (on a password change: a reset link mailed before must not undo it). */
export async function retireLinks(db: Queryable, userId: string, now: Date): Promise<void> {
  await db.query('UPDATE auth_one_time_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [userId, now]);
}
