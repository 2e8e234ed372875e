/**
 * The staff audit trail: one row per staff write, in the same transaction
 * as the write, so a change and its record commit or roll back together.
 * Access codes never reach it (only that one was set).
 */
import type { Queryable } from '../../platform/db/adapter';

/** The staff member making a change, from their verified token. */
export interface StaffActor {
  userId: string;
  email: string;
}

export interface AuditEntry {
  action: string;
  entity:
    | 'event'
    | 'check_in'
    | 'result'
    | 'result_hold'
    | 'consent_link'
    | 'job'
    | 'member'
    | 'statistics'
    | 'sample'
    | 'staff_account'
    | 'volunteer_assignment'
    | 'clinical_rule';
  entityId: string;
  before: unknown;
  after: unknown;
}

export async function recordAudit(tx: Queryable, actor: StaffActor, entry: AuditEntry, at: Date): Promise<void> {
  await tx.query(
    `INSERT INTO staff_audit (staff_user_id, staff_email, action, entity, entity_id, before, after, created_at)
     VALUES ($1::uuid, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
    [
      actor.userId,
      actor.email,
      entry.action,
      entry.entity,
      entry.entityId,
      entry.before === null || entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === null || entry.after === undefined ? null : JSON.stringify(entry.after),
      at,
    ],
  );
}
