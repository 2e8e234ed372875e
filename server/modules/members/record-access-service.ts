/**
 * "Who has looked at your record" (docs/rules.md#record-access): the
 * signed-in member's own looks, found through his profile by his user id
 * (the token's sub), never by an id the request names; newest first, at
 * most RECORD_ACCESS_SHOWN, with `more` when older ones exist (his data
 * download has them all). Staff are named by role and first name only.
 */
import { ACCESS_REASONS, RECORD_ACCESS_SHOWN, RECORD_SEEN, type RecordAccessAnswer } from '../../../src/domain/record-access';
import { STAFF_ROLES } from '../../../src/domain/staff-roles';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowsOf } from '../../platform/db/rows';
import * as z from 'zod/mini';

const LOOK_ROW = {
  date: col.text(),
  last_at: col.instant(),
  role: col.oneOf(STAFF_ROLES),
  first_name: col.nullable(col.text()),
  reason: col.oneOf(ACCESS_REASONS),
  seen: z.array(z.enum(RECORD_SEEN)),
  event_name: col.nullable(col.text()),
};

export async function recordAccessOf(q: Queryable, userId: string): Promise<RecordAccessAnswer> {
  const rows = await rowsOf(
    q,
    LOOK_ROW,
    `SELECT to_char(r.london_day, 'YYYY-MM-DD') AS date, r.last_at, r.staff_role AS role, r.staff_first_name AS first_name,
            r.reason, r.seen, e.event_name
     FROM record_access r
     JOIN member_profiles p ON p.profile_id = r.profile_id
     LEFT JOIN events e ON e.event_id = r.event_id
     WHERE p.user_id = $1::uuid
     ORDER BY r.london_day DESC, r.last_at DESC, r.access_id DESC
     LIMIT $2`,
    [userId, RECORD_ACCESS_SHOWN + 1],
  );
  return {
    looks: rows.slice(0, RECORD_ACCESS_SHOWN).map((row) => ({ ...row, last_at: row.last_at.toISOString() })),
    more: rows.length > RECORD_ACCESS_SHOWN,
  };
}
