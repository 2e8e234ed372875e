/**
 * Staff sessions end when idle (docs/rules.md#staff-idle): every staff
 * request marks its session as seen, and a session not seen for the idle
 * time is refused from then on, so the console needs the password again
 * (a new sign-in is a new session). One statement decides, so two requests
 * at the idle boundary cannot both revive a session: the row is only moved
 * on while it is still fresh.
 */
import type { Queryable } from '../../platform/db/adapter';

/** Whether the session may go on (and is now marked as seen); false once it has been idle too long. */
export type StaffActivity = (session: { sessionId: string; userId: string }) => Promise<boolean>;

/** Rows of sessions unseen for this long are removed when a new staff session starts. */
const KEEP_DAYS = 2;

/**
 * `endSession`, given with the built-in sign-in, also ends the idle session
 * itself, so its refresh token is refused too and a row cleared later
 * cannot bring it back; a hosted project's session is ended by the
 * console signing out when refused.
 */
export function staffActivity(db: Queryable, idleMinutes: number, now: () => Date, endSession?: (sessionId: string, at: Date) => Promise<void>): StaffActivity {
  return async ({ sessionId, userId }) => {
    const at = now();
    const freshFrom = new Date(at.getTime() - idleMinutes * 60_000);
    const rows = await db.query<{ fresh: boolean; inserted: boolean }>(
      `INSERT INTO staff_session_activity (session_id, user_id, started_at, last_seen_at)
       VALUES ($1::uuid, $2::uuid, $3, $3)
       ON CONFLICT (session_id) DO UPDATE SET last_seen_at = GREATEST(staff_session_activity.last_seen_at, EXCLUDED.last_seen_at)
         WHERE staff_session_activity.last_seen_at > $4 AND staff_session_activity.user_id = EXCLUDED.user_id
       RETURNING true AS fresh, (xmax = 0) AS inserted`,
      [sessionId, userId, at, freshFrom],
    );
    const row = rows[0];
    if (!row) {
      await endSession?.(sessionId, at);
      return false;
    }
    if (row.inserted) {
      await db.query('DELETE FROM staff_session_activity WHERE last_seen_at < $1', [new Date(at.getTime() - KEEP_DAYS * 86_400_000)]);
    }
    return true;
  };
}
