/**
 * Staff accounts and their roles, granted, changed and removed by an admin
 * (docs/rules.md#staff-roles), and volunteers assigned to events. Each
 * change is written to staff_audit in the same transaction, and takes
 * effect on the account's next request (the role is read from auth_users
 * on every staff call, server/modules/auth/staff-role.ts).
 * - GET /accounts -> {accounts}: every account holding a role, and whether
 *   he has confirmed an authenticator
 * - POST /accounts/second-factor/reset {email} -> {email, factors_removed,
 *   sessions_ended}: a lost phone: his authenticators removed and every
 *   session of his ended (docs/rules.md#second-factor); 404 no such
 *   account, 409 not_staff, 409 own_second_factor (another admin resets an
 *   admin's own)
 * - PUT /accounts/role {email, role | null} -> {email, role}: 404 no such
 *   account; 409 own_admin_role for an admin taking his own admin role away
 *   (no lock-out)
 * - GET /events/:eventId/volunteers -> {volunteers}
 * - POST /events/:eventId/volunteers {email} -> {volunteers}: 409
 *   not_volunteer unless the account holds the volunteer role
 * - DELETE /events/:eventId/volunteers/:userId -> {volunteers}
 * With a hosted Supabase project the accounts live there, not here: every
 * route answers 409 roles_unavailable, as registering a member does.
 */
import { Hono } from 'hono';
import {
  eventVolunteersSchema,
  roleChangedSchema,
  secondFactorResetSchema,
  staffAccountsAnswerSchema,
  type EventVolunteers,
  type RoleChanged,
  type SecondFactorReset,
  type StaffAccount,
} from '../../../src/domain/staff-accounts';
import { STAFF_ROLES, staffRoleOf, type StaffRole } from '../../../src/domain/staff-roles';
import type { Database, Queryable } from '../../platform/db/adapter';
import { col, rowOf, rowsOf } from '../../platform/db/rows';
import { responds } from '../../platform/http/contract';
import { ApiError, eventNotFound, fieldIssue } from '../../platform/http/errors';
import { formBodyLimit, readJsonObject } from '../../platform/http/json-body';
import type { StaffVariables } from '../auth';
import { actorOf } from '../events';
import { recordAudit, type StaffActor } from './staff-audit';

const ACCOUNT_ROW = { user_id: col.text(), email: col.text(), role: col.nullable(col.text()) };
const LISTED_ROW = { ...ACCOUNT_ROW, second_factor: col.bool() };
const COUNT_ROW = { n: col.int() };
const VOLUNTEER_ROW = { user_id: col.text(), email: col.text(), assigned_at: col.instant() };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL_MAX = 254;

const invalid = (field: string, message: string) => new ApiError(422, 'validation_failed', message, [fieldIssue(field, message)]);
const noAccount = () =>
  new ApiError(404, 'not_found', 'No account uses that email address. He signs up on the site first, then you give him a role.', [
    fieldIssue('email', 'No account uses that email address.'),
  ]);

function readEmail(body: Record<string, unknown>): string {
  const { email } = body;
  if (typeof email !== 'string' || email.trim() === '' || email.length > EMAIL_MAX || !email.includes('@')) {
    throw invalid('email', 'Enter the email address of his account.');
  }
  return email.trim().toLowerCase();
}

function readRole(body: Record<string, unknown>): StaffRole | null {
  const { role } = body;
  if (role === null) return null;
  if (typeof role !== 'string' || !(STAFF_ROLES as readonly string[]).includes(role)) {
    throw invalid('role', `role must be one of ${STAFF_ROLES.join(', ')}, or null to remove it.`);
  }
  return role as StaffRole;
}

async function volunteersOf(q: Queryable, eventId: string): Promise<EventVolunteers> {
  const rows = await rowsOf(
    q,
    VOLUNTEER_ROW,
    `SELECT va.user_id::text AS user_id, u.email, va.assigned_at FROM volunteer_assignments va JOIN auth_users u ON u.id = va.user_id
     WHERE va.event_id = $1::uuid ORDER BY u.email`,
    [eventId],
  );
  return { volunteers: rows.map((r) => ({ user_id: r.user_id, email: r.email, assigned_at: r.assigned_at.toISOString() })) };
}

/** The events `userId` is assigned to that are held on `today` (YYYY-MM-DD, UK) and not cancelled. */
export async function eventsAssignedOn(q: Queryable, userId: string, today: string): Promise<Set<string>> {
  const rows = await rowsOf(
    q,
    { event_id: col.text() },
    `SELECT va.event_id::text AS event_id FROM volunteer_assignments va JOIN events e ON e.event_id = va.event_id
     WHERE va.user_id = $1::uuid AND e.event_date = $2::date AND e.cancelled_at IS NULL`,
    [userId, today],
  );
  return new Set(rows.map((r) => r.event_id));
}

export interface StaffAccounts {
  list(): Promise<StaffAccount[]>;
  setRole(actor: StaffActor, email: string, role: StaffRole | null): Promise<RoleChanged>;
  resetSecondFactor(actor: StaffActor, email: string): Promise<SecondFactorReset>;
  volunteers(eventId: string): Promise<EventVolunteers>;
  assign(actor: StaffActor, eventId: string, email: string): Promise<EventVolunteers>;
  unassign(actor: StaffActor, eventId: string, userId: string): Promise<EventVolunteers>;
}

export function createStaffAccounts(db: Database, now: () => Date): StaffAccounts {
  async function mustHaveEvent(q: Queryable, eventId: string): Promise<void> {
    if (!UUID.test(eventId) || (await q.query('SELECT 1 FROM events WHERE event_id = $1::uuid', [eventId])).length === 0) throw eventNotFound();
  }

  return {
    async list() {
      const rows = await rowsOf(
        db,
        LISTED_ROW,
        `SELECT u.id::text AS user_id, u.email, u.app_metadata->>'role' AS role,
           EXISTS (SELECT 1 FROM auth_mfa_factors f WHERE f.user_id = u.id AND f.status = 'verified') AS second_factor
         FROM auth_users u WHERE u.app_metadata ? 'role' ORDER BY u.email`,
        [],
      );
      return rows.flatMap((r) => {
        const role = staffRoleOf(r.role);
        return role ? [{ user_id: r.user_id, email: r.email, role, second_factor: r.second_factor }] : [];
      });
    },

    setRole: (actor, email, role) =>
      db.transaction(async (tx) => {
        // Every admin row locked first, in one order: two admins demoting each other at once cannot leave none.
        await tx.query("SELECT id FROM auth_users WHERE app_metadata->>'role' IN ('admin', 'staff') ORDER BY id FOR UPDATE", []);
        const self = await rowOf(tx, ACCOUNT_ROW, "SELECT id::text AS user_id, email, app_metadata->>'role' AS role FROM auth_users WHERE id = $1::uuid", [actor.userId]);
        if (staffRoleOf(self?.role) !== 'admin') throw new ApiError(403, 'forbidden', 'Your staff role does not open this.');
        const target = await rowOf(tx, ACCOUNT_ROW, "SELECT id::text AS user_id, email, app_metadata->>'role' AS role FROM auth_users WHERE email = $1 FOR UPDATE", [email]);
        if (!target) throw noAccount();
        if (target.user_id === actor.userId && role !== 'admin') {
          throw new ApiError(409, 'own_admin_role', 'You cannot take away your own admin role: ask another admin to do it.');
        }
        const before = staffRoleOf(target.role);
        await tx.query(
          `UPDATE auth_users SET
             app_metadata = CASE WHEN $2::text IS NULL THEN app_metadata - 'role' ELSE app_metadata || jsonb_build_object('role', $2::text) END,
             updated_at = $3
           WHERE id = $1::uuid`,
          [target.user_id, role, now()],
        );
        // A volunteer's events go with the role: granting it again later starts with none.
        if (before === 'volunteer' && role !== 'volunteer') await tx.query('DELETE FROM volunteer_assignments WHERE user_id = $1::uuid', [target.user_id]);
        await recordAudit(tx, actor, { action: 'role.set', entity: 'staff_account', entityId: target.user_id, before: { email: target.email, role: before }, after: { email: target.email, role } }, now());
        return { email: target.email, role };
      }),

    resetSecondFactor: (actor, email) =>
      db.transaction(async (tx) => {
        const target = await rowOf(tx, ACCOUNT_ROW, "SELECT id::text AS user_id, email, app_metadata->>'role' AS role FROM auth_users WHERE email = $1 FOR UPDATE", [email]);
        if (!target) throw noAccount();
        // One stolen password and phone must not become a fresh authenticator: an admin's own is reset by another admin.
        if (target.user_id === actor.userId) {
          throw new ApiError(409, 'own_second_factor', 'You cannot reset your own authenticator here: ask another admin to do it.');
        }
        if (!staffRoleOf(target.role)) {
          throw new ApiError(409, 'not_staff', 'This account holds no staff role: only a staff account’s authenticator is reset here.', [
            fieldIssue('email', 'This account holds no staff role.'),
          ]);
        }
        const at = now();
        const factors = await rowOf(tx, COUNT_ROW, 'WITH gone AS (DELETE FROM auth_mfa_factors WHERE user_id = $1::uuid RETURNING 1) SELECT count(*)::integer AS n FROM gone', [target.user_id]);
        // A phone lost while signed in is signed out: every session of his ends, at whatever level it was.
        const sessions = await rowOf(
          tx,
          COUNT_ROW,
          'WITH ended AS (UPDATE auth_sessions SET revoked_at = $2 WHERE user_id = $1::uuid AND revoked_at IS NULL RETURNING 1) SELECT count(*)::integer AS n FROM ended',
          [target.user_id, at],
        );
        const reset = { email: target.email, factors_removed: factors?.n ?? 0, sessions_ended: sessions?.n ?? 0 };
        await recordAudit(tx, actor, { action: 'second_factor.reset', entity: 'staff_account', entityId: target.user_id, before: { email: target.email, factors: reset.factors_removed }, after: reset }, at);
        return reset;
      }),

    async volunteers(eventId) {
      await mustHaveEvent(db, eventId);
      return volunteersOf(db, eventId);
    },

    assign: (actor, eventId, email) =>
      db.transaction(async (tx) => {
        await mustHaveEvent(tx, eventId);
        const target = await rowOf(tx, ACCOUNT_ROW, "SELECT id::text AS user_id, email, app_metadata->>'role' AS role FROM auth_users WHERE email = $1 FOR UPDATE", [email]);
        if (!target) throw noAccount();
        if (staffRoleOf(target.role) !== 'volunteer') {
          throw new ApiError(409, 'not_volunteer', 'This account does not hold the volunteer role: give it the role on the Staff page first.', [
            fieldIssue('email', 'This account does not hold the volunteer role.'),
          ]);
        }
        const added = await tx.query(
          `INSERT INTO volunteer_assignments (event_id, user_id, assigned_at, assigned_by) VALUES ($1::uuid, $2::uuid, $3, $4::uuid)
           ON CONFLICT (event_id, user_id) DO NOTHING RETURNING user_id`,
          [eventId, target.user_id, now(), actor.userId],
        );
        if (added.length > 0) {
          await recordAudit(tx, actor, { action: 'volunteer.assign', entity: 'volunteer_assignment', entityId: `${eventId}/${target.user_id}`, before: null, after: { event_id: eventId, email: target.email } }, now());
        }
        return volunteersOf(tx, eventId);
      }),

    unassign: (actor, eventId, userId) =>
      db.transaction(async (tx) => {
        await mustHaveEvent(tx, eventId);
        const removed = UUID.test(userId)
          ? await tx.query('DELETE FROM volunteer_assignments WHERE event_id = $1::uuid AND user_id = $2::uuid RETURNING user_id', [eventId, userId])
          : [];
        if (removed.length === 0) throw new ApiError(404, 'not_found', 'That volunteer is not assigned to this event.');
        await recordAudit(tx, actor, { action: 'volunteer.unassign', entity: 'volunteer_assignment', entityId: `${eventId}/${userId}`, before: { event_id: eventId, user_id: userId }, after: null }, now());
        return volunteersOf(tx, eventId);
      }),
  };
}

/** The routes; `accounts` null when a hosted Supabase project keeps the accounts. */
export function staffAccountsRoutes(accounts: StaffAccounts | null): Hono<{ Variables: StaffVariables }> {
  const app = new Hono<{ Variables: StaffVariables }>();
  const here = (): StaffAccounts => {
    if (!accounts) {
      throw new ApiError(
        409,
        'roles_unavailable',
        'Staff sign in with the hosted Supabase project: set their role (app_metadata.role) in its dashboard or admin API.',
      );
    }
    return accounts;
  };

  app.get('/accounts', responds(staffAccountsAnswerSchema), async (c) => c.json({ accounts: await here().list() }));

  app.put('/accounts/role', formBodyLimit(), responds(roleChangedSchema), async (c) => {
    const service = here();
    const body = await readJsonObject(c);
    return c.json(await service.setRole(actorOf(c), readEmail(body), readRole(body)));
  });

  app.post('/accounts/second-factor/reset', formBodyLimit(), responds(secondFactorResetSchema), async (c) => {
    const service = here();
    return c.json(await service.resetSecondFactor(actorOf(c), readEmail(await readJsonObject(c))));
  });

  app.get('/events/:eventId/volunteers', responds(eventVolunteersSchema), async (c) => c.json(await here().volunteers(c.req.param('eventId'))));

  app.post('/events/:eventId/volunteers', formBodyLimit(), responds(eventVolunteersSchema), async (c) => {
    const service = here();
    const email = readEmail(await readJsonObject(c));
    return c.json(await service.assign(actorOf(c), c.req.param('eventId'), email));
  });

  app.delete('/events/:eventId/volunteers/:userId', responds(eventVolunteersSchema), async (c) =>
    c.json(await here().unassign(actorOf(c), c.req.param('eventId'), c.req.param('userId'))),
  );

  return app;
}
