/**
 * An admin grants, changes and removes staff roles by email and assigns
 * volunteers to events (server/modules/staff/staff-accounts.ts,
 * docs/rules.md#staff-roles): each change is audited in its transaction and
 * takes effect on the account's next request; an admin cannot take away his
 * own admin role; with a hosted Supabase project the page answers 409.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventVolunteers, RoleChanged, StaffAccountsAnswer } from '../../../../src/domain/staff-accounts';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { auditCount, makeStaff } from '../../../../tests/fixtures/staff';

const NOW = new Date('2026-06-20T09:30:00Z');
const EVENT = makeEvent({ event_name: 'Roles Screening', event_date: '2026-06-20' });

describe.each(ENGINES)('staff roles on %s', (engine) => {
  let test: TestDatabase;
  let admin: FastMember;
  let man: FastMember;
  const app = () => testApp({ db: test.db, now: NOW });
  const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
  const setRole = (token: string, email: string, role: string | null) => getJson<RoleChanged>(app(), '/api/staff/accounts/role', sendJson(token, { email, role }, 'PUT'));
  const me = (token: string) => getJson<{ role: string }>(app(), '/api/staff/me', auth(token));

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [EVENT]);
    admin = await makeStaff(test.db, NOW);
    [man] = (await fastMembers(test.db, 1, NOW, { firstName: 'Vic' })) as [FastMember];
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('grants a role by email, audited, and it opens the console at once', async () => {
    expect((await me(man.token)).status).toBe(403);
    const granted = await setRole(admin.token, ` ${man.email.toUpperCase()} `, 'volunteer');
    expect(granted.body).toEqual({ email: man.email, role: 'volunteer' });
    expect(await me(man.token)).toMatchObject({ status: 200, body: { role: 'volunteer' } });
    const accounts = await getJson<StaffAccountsAnswer>(app(), '/api/staff/accounts', auth(admin.token));
    expect(accounts.body.accounts).toEqual(expect.arrayContaining([{ user_id: man.userId, email: man.email, role: 'volunteer', second_factor: false }, { user_id: admin.userId, email: admin.email, role: 'admin', second_factor: false }]));
    const [row] = await test.db.query<{ staff_user_id: string; before: unknown; after: unknown }>(
      "SELECT staff_user_id, before, after FROM staff_audit WHERE action = 'role.set' AND entity_id = $1",
      [man.userId],
    );
    expect(row).toEqual({ staff_user_id: admin.userId, before: { email: man.email, role: null }, after: { email: man.email, role: 'volunteer' } });
  });

  it('assigns a volunteer to an event and lists him there; only a volunteer can be assigned', async () => {
    const assigned = await getJson<EventVolunteers>(app(), `/api/staff/events/${EVENT.event_id}/volunteers`, sendJson(admin.token, { email: man.email }));
    expect(assigned.status).toBe(200);
    expect(assigned.body.volunteers).toEqual([{ user_id: man.userId, email: man.email, assigned_at: NOW.toISOString() }]);
    // Sent twice (a double tap), he is assigned and audited once.
    await getJson(app(), `/api/staff/events/${EVENT.event_id}/volunteers`, sendJson(admin.token, { email: man.email }));
    expect(await auditCount(test.db, 'volunteer.assign')).toBe(1);
    expect((await getJson(app(), `/api/staff/events/${EVENT.event_id}/attendees`, auth(man.token))).status).toBe(200);

    const notVolunteer = await getJson(app(), `/api/staff/events/${EVENT.event_id}/volunteers`, sendJson(admin.token, { email: admin.email }));
    expect(notVolunteer).toMatchObject({ status: 409, body: { error: 'not_volunteer' } });
    const nobody = await getJson(app(), `/api/staff/events/${EVENT.event_id}/volunteers`, sendJson(admin.token, { email: 'nobody@example.org' }));
    expect(nobody).toMatchObject({ status: 404, body: { error: 'not_found' } });
  });

  it('takes his events away with the role, and removing the role closes the console at once', async () => {
    expect((await setRole(admin.token, man.email, 'events')).body).toEqual({ email: man.email, role: 'events' });
    expect(await test.db.query('SELECT 1 FROM volunteer_assignments WHERE user_id = $1::uuid', [man.userId])).toEqual([]);
    expect(await me(man.token)).toMatchObject({ status: 200, body: { role: 'events' } });
    expect((await setRole(admin.token, man.email, null)).body).toEqual({ email: man.email, role: null });
    expect((await me(man.token)).status).toBe(403);
    expect(await auditCount(test.db, 'role.set')).toBe(3);
  });

  it('unassigns a volunteer, audited', async () => {
    await setRole(admin.token, man.email, 'volunteer');
    await getJson(app(), `/api/staff/events/${EVENT.event_id}/volunteers`, sendJson(admin.token, { email: man.email }));
    const removed = await getJson<EventVolunteers>(app(), `/api/staff/events/${EVENT.event_id}/volunteers/${man.userId}`, { method: 'DELETE', ...auth(admin.token) });
    expect(removed.body.volunteers).toEqual([]);
    expect(await auditCount(test.db, 'volunteer.unassign')).toBe(1);
    expect((await getJson(app(), `/api/staff/events/${EVENT.event_id}/attendees`, auth(man.token))).status).toBe(403);
  });

  it('refuses an admin taking away his own admin role, so nobody is locked out', async () => {
    for (const role of ['clinical', null]) {
      const refused = await setRole(admin.token, admin.email, role);
      expect(refused).toMatchObject({ status: 409, body: { error: 'own_admin_role' } });
    }
    expect(await me(admin.token)).toMatchObject({ body: { role: 'admin' } });
  });

  it('leaves an admin when two admins take each other\'s admin role away at the same moment', async () => {
    const other = await makeStaff(test.db, NOW);
    const answers = await Promise.all([setRole(admin.token, other.email, 'events'), setRole(other.token, admin.email, 'events')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
    const admins = await test.db.query("SELECT 1 FROM auth_users WHERE app_metadata->>'role' = 'admin' AND id = ANY($1::uuid[])", [[admin.userId, other.userId]]);
    expect(admins).toHaveLength(1);
    // Whoever is still admin puts things back for the tests below.
    const [still] = answers[0]!.status === 200 ? [admin] : [other];
    await setRole(still.token, still === admin ? other.email : admin.email, 'admin');
  });

  it('refuses a role that does not exist and a missing email, naming the field', async () => {
    expect(await setRole(admin.token, man.email, 'owner')).toMatchObject({ status: 422, body: { issues: [{ field: 'role' }] } });
    expect(await setRole(admin.token, '', 'events')).toMatchObject({ status: 422, body: { issues: [{ field: 'email' }] } });
  });

  it('answers 409 on a hosted Supabase project, whose accounts live there', async () => {
    const hosted = testApp({
      db: test.db,
      now: NOW,
      env: { SUPABASE_URL: 'https://abcd.supabase.co', SUPABASE_JWT_SECRET: 'x'.repeat(32) },
    });
    const { SignJWT } = await import('jose');
    // At aal2, as an admin must be (docs/rules.md#second-factor).
    const token = await new SignJWT({ app_metadata: { role: 'admin' }, email: 'lead@example.org', role: 'authenticated', aud: 'authenticated', session_id: randomUUID(), aal: 'aal2' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.userId)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(32)));
    const res = await getJson(hosted, '/api/staff/accounts', auth(token));
    expect(res).toMatchObject({ status: 409, body: { error: 'roles_unavailable' } });
  });
});
