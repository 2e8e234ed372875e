/**
 * A staff account's sign-in steps in the staff audit, as Supabase Auth
 * writes each to its audit log: one row per sign-in, sign-out and
 * second-factor step (enrol, challenge, verify, unenrol; a session ended
 * for wrong codes), written with the step, and none for a step refused.
 * The rows name sessions, factors and challenges by id: no address, no
 * factor name, no code. A member's steps write nothing there.
 */
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { signUp, uniqueEmail } from '../../../../tests/fixtures/members';
import { setStandInRole } from '../staff-role';
import { TOTP_PERIOD_SECONDS, totpCode } from '../totp';
import { mfaHarness, PASSWORD } from './mfa-harness';

type AuditRow = {
  action: string;
  entity: string;
  entity_id: string;
  staff_email: string;
  before: unknown;
  after: Record<string, unknown>;
};

describe.each(ENGINES)('the staff audit of sign-in steps on %s', (engine) => {
  let test: TestDatabase;
  let app: Hono;
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const { client, signedIn, claims } = mfaHarness(() => app, now);

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    app = testApp({ db: test.db, now });
  });
  afterAll(async () => {
    await test?.dispose();
  });

  const rowsOf = (userId: string) =>
    test.db.query<AuditRow>('SELECT action, entity, entity_id, staff_email, before, after FROM staff_audit WHERE staff_user_id = $1 ORDER BY audit_id', [userId]);
  const actions = async (userId: string) => (await rowsOf(userId)).map((r) => r.action);

  async function account(role: 'clinical' | null) {
    const email = uniqueEmail('audit');
    const { user } = await signUp(app, email, PASSWORD);
    if (role) await setStandInRole(test.db, email, role, now());
    return { email, userId: user.id };
  }

  it('writes one row for each step of a clinical account, with ids and no address, name or code', async () => {
    const { email, userId } = await account('clinical');
    const { auth, address } = await signedIn(email);
    expect(await actions(userId)).toEqual(['auth.sign_in']);

    const { data: factor } = await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Nadia’s iPhone' });
    const { data: challenge } = await auth.mfa.challenge({ factorId: factor!.id });
    const code = totpCode(factor!.totp.secret, now());
    expect((await auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code })).error).toBeNull();
    const sessionId = (await claims(auth)).session_id as string;
    offsetMs += TOTP_PERIOD_SECONDS * 1000;
    expect((await auth.mfa.unenroll({ factorId: factor!.id })).error).toBeNull();
    expect((await auth.signOut({ scope: 'local' })).error).toBeNull();

    const rows = await rowsOf(userId);
    expect(rows.map((r) => r.action)).toEqual([
      'auth.sign_in',
      'second_factor.enrol',
      'second_factor.challenge',
      'second_factor.verify',
      'second_factor.unenrol',
      'auth.sign_out',
    ]);
    for (const row of rows) expect(row).toMatchObject({ entity: 'staff_account', entity_id: userId, staff_email: email, before: null });
    expect(rows[0]!.after).toEqual({ session_id: sessionId, method: 'password', role: 'clinical' });
    expect(rows[2]!.after).toEqual({ factor_id: factor!.id, challenge_id: challenge!.id, session_id: sessionId, role: 'clinical' });
    expect(rows[3]!.after).toMatchObject({ factor_id: factor!.id, challenge_id: challenge!.id, session_id: sessionId, aal: 'aal2' });
    expect(rows[5]!.after).toEqual({ session_id: sessionId, scope: 'local', role: 'clinical' });
    const text = JSON.stringify(rows);
    for (const secret of [address, 'iPhone', code, factor!.totp.secret]) expect(text).not.toContain(secret);
  });

  it('writes nothing for a step refused: a wrong password, a wrong code, an enrolment or removal at aal1', async () => {
    const { email, userId } = await account('clinical');
    const wrong = await client().auth.signInWithPassword({ email, password: 'not-his-password-1' });
    expect(wrong.error).toMatchObject({ code: 'invalid_credentials' });
    expect(await actions(userId)).toEqual([]);

    const first = await signedIn(email);
    const { data: factor } = await first.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    const badCode = totpCode(factor!.totp.secret, now()) === '000000' ? '111111' : '000000';
    expect((await first.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: badCode })).error).toMatchObject({ code: 'mfa_verification_failed' });
    expect(await actions(userId)).toEqual(['auth.sign_in', 'second_factor.enrol', 'second_factor.challenge']);
    expect((await first.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: totpCode(factor!.totp.secret, now()) })).error).toBeNull();

    const second = await signedIn(email);
    const before = (await actions(userId)).length;
    expect((await second.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet' })).error).toMatchObject({ code: 'insufficient_aal' });
    expect((await second.auth.mfa.unenroll({ factorId: factor!.id })).error).toMatchObject({ code: 'insufficient_aal' });
    expect(await actions(userId)).toHaveLength(before);
  });

  it('writes the end of a session that tried five wrong codes, once', async () => {
    const { email, userId } = await account('clinical');
    const owner = await signedIn(email);
    const { data: factor } = await owner.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    await owner.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: totpCode(factor!.totp.secret, now()) });
    const guesser = await signedIn(email);
    const sessionId = (await claims(guesser.auth)).session_id;
    const badCode = totpCode(factor!.totp.secret, now()) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) await guesser.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: badCode });
    const ended = (await rowsOf(userId)).filter((r) => r.action === 'auth.session_ended');
    expect(ended.map((r) => r.after)).toEqual([{ session_id: sessionId, reason: 'too_many_codes', role: 'clinical' }]);
  });

  it('writes nothing for a member with no staff role', async () => {
    const { email, userId } = await account(null);
    const { auth } = await signedIn(email);
    const { data: factor } = await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    await auth.mfa.challengeAndVerify({ factorId: factor!.id, code: totpCode(factor!.totp.secret, now()) });
    await auth.signOut();
    expect(await actions(userId)).toEqual([]);
  });
});
