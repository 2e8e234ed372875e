/**
 * Sessions and their refresh tokens. A refresh token is exchanged once for
 * a new one (rotation). Presenting an exchanged token again means it was
 * copied: the whole session is revoked, except within a short grace period
 * for a client retrying a refresh whose answer it never received, which
 * gets a fresh token instead (as Supabase Auth's reuse interval does).
 */
import type { Queryable } from '../db/adapter';
import { refreshTokenNotFound } from './auth-error';
import { hashToken, randomToken } from './secrets';

export const REUSE_GRACE_MS = 10_000;

export interface StartedSession {
  sessionId: string;
  refreshToken: string;
}

async function issueRefreshToken(db: Queryable, sessionId: string, now: Date): Promise<string> {
  const token = randomToken();
  await db.query('INSERT INTO auth_refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)', [
    hashToken(token),
    sessionId,
    now,
  ]);
  return token;
}

export async function startSession(db: Queryable, userId: string, now: Date): Promise<StartedSession> {
  const [row] = await db.query<{ id: string }>('INSERT INTO auth_sessions (user_id, created_at) VALUES ($1, $2) RETURNING id', [
    userId,
    now,
  ]);
  if (!row) throw new Error('Session insert returned nothing');
  return { sessionId: row.id, refreshToken: await issueRefreshToken(db, row.id, now) };
}

export async function isSessionLive(db: Queryable, sessionId: string, userId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM auth_sessions WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL', [
    sessionId,
    userId,
  ]);
  return rows.length > 0;
}

/**
 * Exchanges a refresh token for a new one in the same session. Run inside
 * a transaction: the token row is locked so two refreshes cannot both win.
 * A reuse revokes the session and resolves to `{ reused: true }`.
 */
export async function rotateRefreshToken(
  tx: Queryable,
  token: string,
  now: Date,
): Promise<{ sessionId: string; userId: string; refreshToken: string } | { reused: true }> {
  const [row] = await tx.query<{ session_id: string; rotated_at: Date | null; user_id: string; revoked_at: Date | null }>(
    `SELECT rt.session_id, rt.rotated_at, s.user_id, s.revoked_at
     FROM auth_refresh_tokens rt JOIN auth_sessions s ON s.id = rt.session_id
     WHERE rt.token_hash = $1
     FOR UPDATE OF rt`,
    [hashToken(token)],
  );
  if (!row || row.revoked_at) throw refreshTokenNotFound();
  if (row.rotated_at) {
    if (now.getTime() - row.rotated_at.getTime() > REUSE_GRACE_MS) {
      // Returned, not thrown: the revocation must commit with the transaction.
      await revokeSessions(tx, { sessionId: row.session_id }, now);
      return { reused: true };
    }
    // A retry within the grace period: the token it was exchanged for is retired in favour of a new one.
    await tx.query(
      'UPDATE auth_refresh_tokens SET rotated_at = $2 WHERE session_id = $1 AND rotated_at IS NULL',
      [row.session_id, now],
    );
  } else {
    await tx.query('UPDATE auth_refresh_tokens SET rotated_at = $2 WHERE token_hash = $1', [hashToken(token), now]);
  }
  return { sessionId: row.session_id, userId: row.user_id, refreshToken: await issueRefreshToken(tx, row.session_id, now) };
}

export type RevokeScope = { sessionId: string } | { userId: string; except?: string };

/** Ends sessions: one, all of a user's, or all but one. Their tokens stop working at once. */
export async function revokeSessions(db: Queryable, scope: RevokeScope, now: Date): Promise<void> {
  if ('sessionId' in scope) {
    await db.query('UPDATE auth_sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [scope.sessionId, now]);
    return;
  }
  await db.query(
    'UPDATE auth_sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR id <> $3)',
    [scope.userId, now, scope.except ?? null],
  );
}
