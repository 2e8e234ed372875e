/**
 * The steps of a staff account's sign-in written to the staff audit
 * (staff_audit, server/modules/staff/staff-audit.ts), as Supabase Auth
 * writes each to its audit log: sign-in, sign-out, and each second-factor
 * step (enrol, challenge, verify, unenrol; an admin's reset is written by
 * server/modules/staff/staff-accounts.ts). Written in the step's own
 * transaction, so a step and its row commit or roll back together; a
 * refused step writes none. A member's steps are not written: this is the
 * staff trail. The detail names sessions, factors and challenges by id,
 * never an address, a factor's name or a code (docs/rules.md#second-factor).
 */
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import { staffRoleOf } from '../../../src/domain/staff-roles';
import { recordAudit } from '../staff';

export type AuthStep =
  | 'auth.sign_in'
  | 'auth.sign_out'
  | 'auth.session_ended'
  | 'second_factor.enrol'
  | 'second_factor.challenge'
  | 'second_factor.verify'
  | 'second_factor.unenrol';

const ACCOUNT_ROW = { email: col.text(), role: col.nullable(col.text()) };

/** Writes the step when the account holds a staff role now (read in the same transaction); else nothing. */
export async function auditStaffStep(tx: Queryable, userId: string, action: AuthStep, detail: Record<string, unknown>, at: Date): Promise<void> {
  const account = await rowOf(tx, ACCOUNT_ROW, "SELECT email, app_metadata->>'role' AS role FROM auth_users WHERE id = $1::uuid", [userId]);
  const role = staffRoleOf(account?.role);
  if (!account || !role) return;
  await recordAudit(tx, { userId, email: account.email }, { action, entity: 'staff_account', entityId: userId, before: null, after: { ...detail, role } }, at);
}
