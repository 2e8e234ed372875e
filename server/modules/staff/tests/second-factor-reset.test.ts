/**
 * A lost phone (docs/rules.md#second-factor): an admin resets a clinical
 * user's authenticator on the Staff API. His authenticators go and every
 * session of his ends at once, so a phone lost while signed in is signed
 * out; the Staff page shows he has none, so his next sign-in walks him
 * through adding the app again (a session below aal2 is refused,
 * server/modules/auth/tests/auth-mfa.test.ts). It is audited. An admin
 * cannot reset his own; an account with no staff role, or none at all, is
 * refused; only an admin may reset (the role matrix walks the route with
 * every role).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecondFactorReset, StaffAccountsAnswer } from '../../../../src/domain/staff-accounts';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { auditCount, makeStaff } from '../../../../tests/fixtures/staff';

const NOW = new Date('2026-06-20T09:30:00Z');

describe.each(ENGINES)('resetting a staff member’s authenticator on %s', (engine) => {
  let test: TestDatabase;
  let admin: FastMember;
  let clinical: FastMember;
  const app = () => testApp({ db: test.db, now: NOW });
  const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
  const reset = (token: string, email: string) => getJson<SecondFactorReset & { error?: string }>(app(), '/api/staff/accounts/second-factor/reset', sendJson(token, { email }));
  const listed = async () => (await getJson<StaffAccountsAnswer>(app(), '/api/staff/accounts', auth(admin.token))).body.accounts.find((a) => a.email === clinical.email);

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    admin = await makeStaff(test.db, NOW);
    clinical = await makeStaff(test.db, NOW, 'clinical');
    // His confirmed authenticator, and a second half-added one.
    await test.db.query(
      `INSERT INTO auth_mfa_factors (user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
       VALUES ($1::uuid, 'Phone', 'totp', 'verified', 'sealed', $2, $2), ($1::uuid, '', 'totp', 'unverified', 'sealed', $2, $2)`,
      [clinical.userId, NOW],
    );
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('removes his authenticators and ends every session of his, audited; he must add the app again', async () => {
    const older = await clinical.tokenAt(NOW);
    expect((await getJson(app(), '/api/staff/clinical-rules', auth(older))).status).toBe(200);
    expect(await listed()).toMatchObject({ role: 'clinical', second_factor: true });

    const done = await reset(admin.token, ` ${clinical.email.toUpperCase()} `);
    expect(done).toMatchObject({ status: 200, body: { email: clinical.email, factors_removed: 2 } });
    expect(done.body.sessions_ended).toBeGreaterThanOrEqual(1);
    expect(await test.db.query('SELECT 1 FROM auth_mfa_factors WHERE user_id = $1::uuid', [clinical.userId])).toEqual([]);
    // The phone that was signed in is signed out.
    expect((await getJson(app(), '/api/staff/clinical-rules', auth(older))).status).toBe(401);
    expect(await listed()).toMatchObject({ second_factor: false });
    const [row] = await test.db.query<{ staff_user_id: string; after: unknown }>("SELECT staff_user_id, after FROM staff_audit WHERE action = 'second_factor.reset'");
    expect(row).toEqual({ staff_user_id: admin.userId, after: done.body });
  });

  it('refuses his own, an account with no staff role and an unknown address; a second reset removes nothing', async () => {
    expect(await reset(admin.token, admin.email)).toMatchObject({ status: 409, body: { error: 'own_second_factor' } });
    const [member] = (await fastMembers(test.db, 1, NOW)) as [FastMember];
    expect(await reset(admin.token, member.email)).toMatchObject({ status: 409, body: { error: 'not_staff' } });
    expect(await reset(admin.token, 'nobody@example.org')).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await reset(admin.token, 'not an address')).toMatchObject({ status: 422 });
    expect(await reset(admin.token, clinical.email)).toMatchObject({ status: 200, body: { factors_removed: 0, sessions_ended: 0 } });
    expect(await auditCount(test.db, 'second_factor.reset')).toBe(2);
  });
});
