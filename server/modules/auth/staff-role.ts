/**
 * Who is staff. The role is the auth user's `app_metadata.role` (the
 * Supabase convention: members cannot change app_metadata, only admins
 * can). With the stand-in the server reads it from auth_users on every
 * staff request, so taking the role away works at once rather than when
 * the member's access token expires. A hosted project's users are not in
 * this database: there the verified token's claim is all there is.
 */
import { decodeJwt } from 'jose';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import type { Member } from './member-verifier';
import { staffRoleOf, type StaffRole } from '../../../src/domain/staff-roles';

/** The role `npm run staff -- add` grants when none is named, and what the demo staff account holds. */
export const STAFF_ROLE: StaffRole = 'admin';

/** The staff role of the member holding `token` (already verified), or null when he has none. */
export type StaffCheck = (member: Member, token: string) => Promise<StaffRole | null>;

/** The role in app_metadata (->> gives text, NULL when there is none). */
const ROLE_ROW = { role: col.nullable(col.text()) };

export function ownStaffCheck(db: Queryable): StaffCheck {
  return async (member) => {
    const row = await rowOf(db, ROLE_ROW, "SELECT app_metadata->>'role' AS role FROM auth_users WHERE id = $1::uuid", [member.userId]);
    return staffRoleOf(row?.role);
  };
}

/** Only called after the verifier accepted the token's signature, so reading its claims here is safe. */
export function hostedStaffCheck(): StaffCheck {
  return async (_member, token) => {
    const appMetadata = decodeJwt(token).app_metadata;
    return typeof appMetadata === 'object' && appMetadata !== null ? staffRoleOf((appMetadata as Record<string, unknown>).role) : null;
  };
}

/** Grants (or with `role: null`, removes) a role on the stand-in's user; false when no such email. */
export async function setStandInRole(db: Queryable, email: string, role: string | null, now: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE auth_users SET
       app_metadata = CASE WHEN $2::text IS NULL THEN app_metadata - 'role' ELSE app_metadata || jsonb_build_object('role', $2::text) END,
       updated_at = $3
     WHERE email = $1 RETURNING id`,
    [email.trim().toLowerCase(), role, now],
  );
  return rows.length > 0;
}
