/**
 * One-time email links: password recovery (one hour) and address
 * confirmation (one day). Single use; a new link retires older ones of its
 * kind. Each link also has a 6-digit code, for clients that verify with
 * the email and a code (supabase-js verifyOtp) instead of the link; only
 * hashes of both are stored.
 */
import { randomInt } from 'node:crypto';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import { hashToken, randomToken } from './secrets';

export type LinkKind = 'recovery' | 'signup';

export const LINK_LIFETIME_MS: Record<LinkKind, number> = {
  recovery: 60 * 60_000,
  signup: 24 * 60 * 60_000,
};

export interface NewLink {
  token: string;
  /** Six digits. */
  code: string;
}

/** The link used: whose it was. */
const USED_LINK_ROW = { user_id: col.text() };

const codeHash = (userId: string, code: string) => hashToken(`${userId}:${code}`);

export async function createLink(db: Queryable, userId: string, kind: LinkKind, now: Date): Promise<NewLink> {
  await db.query(
    'UPDATE auth_one_time_tokens SET used_at = $3 WHERE user_id = $1 AND kind = $2 AND used_at IS NULL',
    [userId, kind, now],
  );
  const token = randomToken();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.query(
    `INSERT INTO auth_one_time_tokens (token_hash, user_id, kind, created_at, expires_at, code_hash) VALUES ($1, $2, $3, $4, $5, $6)`,
    [hashToken(token), userId, kind, now, new Date(now.getTime() + LINK_LIFETIME_MS[kind]), codeHash(userId, code)],
  );
  return { token, code };
}

/** Uses a link by its code: the user id, or null when the code is wrong, used, expired or of another kind. */
export async function consumeCode(db: Queryable, userId: string, code: string, kind: LinkKind, now: Date): Promise<string | null> {
  const row = await rowOf(
    db,
    USED_LINK_ROW,
    `UPDATE auth_one_time_tokens SET used_at = $4
     WHERE user_id = $1 AND code_hash = $2 AND kind = $3 AND used_at IS NULL AND expires_at > $4
     RETURNING user_id`,
    [userId, codeHash(userId, code), kind, now],
  );
  return row?.user_id ?? null;
}

/** Uses a link: its user id, or null when unknown, used, expired or of another kind. */
export async function consumeLink(db: Queryable, token: string, kind: LinkKind, now: Date): Promise<string | null> {
  const row = await rowOf(
    db,
    USED_LINK_ROW,
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
