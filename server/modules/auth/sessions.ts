/**
 * Sessions and their refresh tokens. A refresh token is exchanged once for
 * the next (rotation); a session ends when revoked, when unused for the
 * inactivity limit, or at its absolute lifetime (AUTH_SESSION_* settings).
 *
 * Presenting an exchanged token again within REUSE_GRACE_MS is what
 * several tabs refreshing at once do: as GoTrue, the answer is the
 * session's current token, so the session never forks and no tab is
 * signed out. Later than that, it means the token was copied: the whole
 * session is revoked. Only SHA-256 of a token is stored, so the current
 * token is found again by derivation: each successor is an HMAC of its
 * parent under the server's secret, which a copy of the database lacks.
 */
import { createHmac } from 'node:crypto';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import * as z from 'zod/mini';
import { AuthApiError, refreshTokenNotFound } from './auth-error';
import { hashToken, randomToken } from './secrets';
import type { Aal, AmrEntry } from './access-tokens';

export const REUSE_GRACE_MS = 10_000;
const MAX_CHAIN = 32;
const DAY_MS = 24 * 60 * 60_000;

export interface SessionLimits {
  /** A session unused (no refresh) this long has ended. */
  inactivityMs: number;
  /** A session this old has ended, however active. */
  lifetimeMs: number;
}

export const sessionLimits = (inactivityDays: number, lifetimeDays: number): SessionLimits => ({
  inactivityMs: inactivityDays * DAY_MS,
  lifetimeMs: lifetimeDays * DAY_MS,
});

export interface StartedSession {
  sessionId: string;
  refreshToken: string;
}

export const sessionExpired = () => new AuthApiError(400, 'session_expired', 'Invalid Refresh Token: Session Expired');

const SESSION_ID_ROW = { id: col.text() };
/** A refresh token with its session: whether the session was revoked, or has otherwise ended (not live). */
const REFRESH_TOKEN_ROW = {
  session_id: col.text(),
  rotated_at: col.nullable(col.instant()),
  user_id: col.text(),
  revoked: col.bool(),
  live: col.bool(),
};
const ROTATED_AT_ROW = { rotated_at: col.nullable(col.instant()) };

const successorOf = (key: string, token: string) => createHmac('sha256', key).update(`refresh-successor:${token}`).digest('base64url');

async function storeRefreshToken(db: Queryable, token: string, sessionId: string, now: Date): Promise<string> {
  await db.query('INSERT INTO auth_refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)', [
    hashToken(token),
    sessionId,
    now,
  ]);
  return token;
}

/** A new aal1 session proven by `method` (docs/rules.md#second-factor: a second factor raises it later). */
export async function startSession(db: Queryable, userId: string, now: Date, method: 'password' | 'otp' = 'password'): Promise<StartedSession> {
  const amr: AmrEntry[] = [{ method, timestamp: Math.floor(now.getTime() / 1000) }];
  const row = await rowOf(
    db,
    SESSION_ID_ROW,
    "INSERT INTO auth_sessions (user_id, created_at, refreshed_at, aal, amr) VALUES ($1, $2, $2, 'aal1', $3::jsonb) RETURNING id",
    [userId, now, JSON.stringify(amr)],
  );
  if (!row) throw new Error('Session insert returned nothing');
  return { sessionId: row.id, refreshToken: await storeRefreshToken(db, randomToken(), row.id, now) };
}

/** The SQL condition for a session (alias `s`) that has not ended; $n and $n+1 are the inactivity and lifetime cut-offs. */
export const LIVE = (n: number) => `s.revoked_at IS NULL AND s.refreshed_at > $${n} AND s.created_at > $${n + 1}`;
/** The inactivity and lifetime cut-offs of LIVE at `now`. */
export const cutOffs = (now: Date, limits: SessionLimits) => [
  new Date(now.getTime() - limits.inactivityMs),
  new Date(now.getTime() - limits.lifetimeMs),
];

export interface SessionAssurance {
  aal: Aal;
  amr: AmrEntry[];
}

const ASSURANCE_ROW = {
  aal: col.oneOf(['aal1', 'aal2']),
  amr: z.array(z.object({ method: z.string(), timestamp: z.number() })),
};

/** The live session's level and methods (what its tokens carry), or null when it has ended or is another user's. */
export async function liveSession(db: Queryable, sessionId: string, userId: string, now: Date, limits: SessionLimits): Promise<SessionAssurance | null> {
  const row = await rowOf(db, ASSURANCE_ROW, `SELECT s.aal, s.amr FROM auth_sessions s WHERE s.id = $1 AND s.user_id = $2 AND ${LIVE(3)}`, [
    sessionId,
    userId,
    ...cutOffs(now, limits),
  ]);
  return row ?? null;
}

export async function isSessionLive(db: Queryable, sessionId: string, userId: string, now: Date, limits: SessionLimits) {
  return (await liveSession(db, sessionId, userId, now, limits)) !== null;
}

/** The session's level and methods, live or not (a refresh has just checked that it is). */
export async function sessionAssurance(db: Queryable, sessionId: string): Promise<SessionAssurance> {
  const row = await rowOf(db, ASSURANCE_ROW, 'SELECT aal, amr FROM auth_sessions WHERE id = $1', [sessionId]);
  if (!row) throw new Error(`Session ${sessionId} vanished`);
  return row;
}

export type Rotation = { sessionId: string; userId: string; refreshToken: string } | { reused: true };

/**
 * Exchanges a refresh token for the session's next one. Run inside a
 * transaction: the token row is locked so two refreshes cannot both rotate
 * it. A reuse revokes the session and resolves to `{ reused: true }`.
 */
export async function rotateRefreshToken(tx: Queryable, token: string, key: string, now: Date, limits: SessionLimits): Promise<Rotation> {
  const row = await rowOf(
    tx,
    REFRESH_TOKEN_ROW,
    `SELECT rt.session_id, rt.rotated_at, s.user_id, s.revoked_at IS NOT NULL AS revoked, (${LIVE(2)}) AS live
     FROM auth_refresh_tokens rt JOIN auth_sessions s ON s.id = rt.session_id
     WHERE rt.token_hash = $1
     FOR UPDATE OF rt`,
    [hashToken(token), ...cutOffs(now, limits)],
  );
  if (!row || row.revoked) throw refreshTokenNotFound();
  if (!row.live) throw sessionExpired();
  const session = { sessionId: row.session_id, userId: row.user_id };
  if (!row.rotated_at) {
    await tx.query('UPDATE auth_refresh_tokens SET rotated_at = $2 WHERE token_hash = $1', [hashToken(token), now]);
    await tx.query('UPDATE auth_sessions SET refreshed_at = $2 WHERE id = $1', [row.session_id, now]);
    return { ...session, refreshToken: await storeRefreshToken(tx, successorOf(key, token), row.session_id, now) };
  }
  if (now.getTime() - row.rotated_at.getTime() > REUSE_GRACE_MS) {
    // Returned, not thrown: the revocation must commit with the transaction.
    await revokeSessions(tx, { sessionId: row.session_id }, now);
    return { reused: true };
  }
  // Within the grace period: walk to the token the session holds now and hand that out again.
  let current = token;
  for (let step = 0; step < MAX_CHAIN; step += 1) {
    current = successorOf(key, current);
    const next = await rowOf(
      tx,
      ROTATED_AT_ROW,
      'SELECT rotated_at FROM auth_refresh_tokens WHERE token_hash = $1 AND session_id = $2',
      [hashToken(current), row.session_id],
    );
    if (!next) break;
    if (!next.rotated_at) return { ...session, refreshToken: current };
  }
  throw refreshTokenNotFound();
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
