/**
 * Staff sessions end when idle (docs/rules.md#staff-idle): every staff
 * request marks its session as seen, and a session not seen for the idle
 * time is refused from then on, so the console needs the password again
 * (a new sign-in is a new session). The clock starts when the session was
 * signed in (its latest proof, a second factor's for staff who give one),
 * not at its first staff call. One statement decides, so two requests at
 * the idle boundary cannot both revive a session: the row is only moved on
 * while it is still fresh, and a session first seen after its idle time
 * gets a row that is already stale.
 *
 * A row is what keeps an idle session refused, so it is never cleared while
 * the session could still show a token: with the built-in sign-in only once
 * the session has ended (refused idle sessions are ended here), and with a
 * hosted project, whose sessions the server cannot end or see, never.
 */
import type { Queryable } from '../../platform/db/adapter';
import { cutOffs, LIVE, revokeSessions, type SessionLimits } from './sessions';

export interface StaffSession {
  sessionId: string;
  userId: string;
  /** When the session was signed in or last proven (its newest amr moment): the idle clock starts here. */
  signedInAt: Date;
}

/** Whether the session may go on (and is now marked as seen); false once it has been idle too long. */
export type StaffActivity = (session: StaffSession) => Promise<boolean>;

/**
 * `ownSessions`, given with the built-in sign-in, ends the idle session
 * itself, so its refresh token is refused too, and clears the rows of
 * sessions that have ended (revoked, or past the limits of sessions.ts).
 * Without it (a hosted project) nothing is cleared: the row alone refuses
 * that session id for good, and the console signs out when refused.
 */
export function staffActivity(db: Queryable, idleMinutes: number, now: () => Date, ownSessions?: { limits: SessionLimits }): StaffActivity {
  return async ({ sessionId, userId, signedInAt }) => {
    const at = now();
    const freshFrom = new Date(at.getTime() - idleMinutes * 60_000);
    // A new row is seen now if signed in within the idle time, else it is born stale (seen at sign-in) and refused from the start.
    const rows = await db.query<{ fresh: boolean; inserted: boolean }>(
      `INSERT INTO staff_session_activity (session_id, user_id, started_at, last_seen_at)
       VALUES ($1::uuid, $2::uuid, $3::timestamptz, CASE WHEN $3::timestamptz > $5::timestamptz THEN $4::timestamptz ELSE $3::timestamptz END)
       ON CONFLICT (session_id) DO UPDATE SET last_seen_at = GREATEST(staff_session_activity.last_seen_at, $4::timestamptz)
         WHERE staff_session_activity.last_seen_at > $5::timestamptz AND staff_session_activity.user_id = EXCLUDED.user_id
       RETURNING staff_session_activity.last_seen_at > $5::timestamptz AS fresh, (xmax = 0) AS inserted`,
      [sessionId, userId, signedInAt, at, freshFrom],
    );
    const row = rows[0];
    if (!row?.fresh) {
      if (ownSessions) await revokeSessions(db, { sessionId }, at);
      return false;
    }
    if (row.inserted && ownSessions) {
      await db.query(
        `DELETE FROM staff_session_activity a WHERE NOT EXISTS (SELECT 1 FROM auth_sessions s WHERE s.id = a.session_id AND ${LIVE(1)})`,
        cutOffs(at, ownSessions.limits),
      );
    }
    return true;
  };
}
