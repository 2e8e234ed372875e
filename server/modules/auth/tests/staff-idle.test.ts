/**
 * A staff session idle for STAFF_IDLE_MINUTES needs the password again
 * (docs/rules.md#staff-idle): each staff call marks its session, a call
 * after the idle time is refused with 401 session_idle and so is every call
 * after it (the session cannot be revived, and the built-in sign-in ends
 * it: its refresh token is refused too), while a new sign-in works at once.
 * Use keeps a session going however long; a member's own pages are not
 * touched by it, and one staff session idling out leaves his others alone.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { postAuth, signIn, signUp, uniqueEmail } from '../../../../tests/fixtures/members';
import { makeStaff } from '../../../../tests/fixtures/staff';
import { signAccessToken } from '../access-tokens';
import { staffActivity } from '../staff-activity';
import { signingSecret } from '../secrets';
import { deriveSigningKeys } from '../signing-keys';

const PASSWORD = 'correct-horse-1';

const START = new Date('2026-06-10T09:00:00Z');
const minutes = (n: number) => new Date(START.getTime() + n * 60_000);

describe.each(ENGINES)('staff idle timeout on %s', (engine) => {
  let test: TestDatabase;
  let clock = START;
  const app = (idle = '30') => testApp({ db: test.db, now: () => clock, env: { STAFF_IDLE_MINUTES: idle } });
  const staffCall = (token: string, path = '/api/staff/events', idle?: string) =>
    getJson<{ error?: string; idle_minutes?: number }>(app(idle), path, { headers: { Authorization: `Bearer ${token}` } });
  const rows = async () => (await test.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM staff_session_activity'))[0]!.n;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('tells the console its idle time, from the setting', async () => {
    clock = START;
    const staff = await makeStaff(test.db, START);
    expect((await staffCall(staff.token, '/api/staff/me')).body.idle_minutes).toBe(30);
    expect((await staffCall(staff.token, '/api/staff/me', '45')).body.idle_minutes).toBe(45);
  });

  it('keeps a session in use going, and refuses it for good once idle', async () => {
    clock = START;
    const staff = await makeStaff(test.db, START);
    // A call every 29 minutes for over two hours: never idle.
    let last = 0;
    for (let at = 0; at <= 145; at += 29) {
      clock = minutes(at);
      expect((await staffCall(await refreshedToken(staff.userId, clock))).status, `at ${at} minutes`).toBe(200);
      last = at;
    }
    // Then 30 minutes with no call: refused, and still refused a moment later (no revival).
    clock = minutes(last + 30);
    const late = await staffCall(await refreshedToken(staff.userId, clock));
    expect(late.status).toBe(401);
    expect(late.body.error).toBe('session_idle');
    // The built-in sign-in has ended the session, so its tokens are now simply unauthorised.
    clock = minutes(last + 31);
    expect((await staffCall(await refreshedToken(staff.userId, clock))).status).toBe(401);
    expect((await staffCall(await refreshedToken(staff.userId, clock), '/api/staff/me')).status).toBe(401);
  });

  it('ends the built-in session too: its refresh token no longer works, and a new sign-in does', async () => {
    clock = START;
    const email = uniqueEmail('idle.staff');
    await signUp(app(), email, PASSWORD);
    // An events role, which signs in with a password alone (a clinical one would give a code too: docs/rules.md#second-factor).
    await test.db.query(`UPDATE auth_users SET app_metadata = app_metadata || '{"role":"events"}' WHERE email = $1`, [email]);
    const first = await signIn(app(), email, PASSWORD);
    expect((await staffCall(first.body.access_token)).status).toBe(200);

    clock = minutes(40);
    const refreshed = await postAuth<{ access_token: string; refresh_token: string }>(app(), '/token?grant_type=refresh_token', {
      refresh_token: first.body.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect((await staffCall(refreshed.body.access_token)).body.error).toBe('session_idle');
    // The session has ended: its newest refresh token is refused, and the member's own pages refuse its token.
    const again = await postAuth(app(), '/token?grant_type=refresh_token', { refresh_token: refreshed.body.refresh_token });
    expect(again.status).toBe(400);
    expect((await getJson(app(), '/api/me/export', { headers: { Authorization: `Bearer ${refreshed.body.access_token}` } })).status).toBe(401);

    // His password again: a new session, at once.
    const second = await signIn(app(), email, PASSWORD);
    expect((await staffCall(second.body.access_token)).status).toBe(200);
  });

  it('idles one session out without touching his other sessions', async () => {
    clock = START;
    const staff = await makeStaff(test.db, START);
    const desk = await staff.tokenAt(minutes(1));
    expect((await staffCall(staff.token)).status).toBe(200);
    clock = minutes(1);
    expect((await staffCall(desk)).status).toBe(200);
    clock = minutes(30);
    // The first session was last seen at 0: idle. The desk's, seen at 1, is not.
    expect((await staffCall(staff.token)).body.error).toBe('session_idle');
    expect((await staffCall(desk)).status).toBe(200);
  });

  it('lets two calls at the idle moment neither revive the session', async () => {
    clock = START;
    const staff = await makeStaff(test.db, START);
    expect((await staffCall(staff.token)).status).toBe(200);
    clock = minutes(30);
    const answers = await Promise.all([staffCall(staff.token), staffCall(staff.token), staffCall(staff.token, '/api/staff/me')]);
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401]);
    clock = minutes(30.5);
    expect((await staffCall(staff.token)).status).toBe(401);
  });

  it('keeps no record for a member who is not staff, whose calls are refused as before', async () => {
    clock = START;
    const before = await rows();
    const staff = await makeStaff(test.db, START);
    await test.db.query(`UPDATE auth_users SET app_metadata = app_metadata - 'role' WHERE id = $1::uuid`, [staff.userId]);
    expect((await staffCall(staff.token)).status).toBe(403);
    expect(await rows()).toBe(before);
  });

  it("refuses a hosted project's idle session for good, though nothing here can end it", async () => {
    // With SUPABASE_URL there is no session to end: the row alone keeps refusing.
    const check = staffActivity(test.db, 30, () => clock);
    const session = { sessionId: randomUUID(), userId: randomUUID(), signedInAt: START };
    clock = START;
    expect(await check(session)).toBe(true);
    clock = minutes(29);
    expect(await check(session)).toBe(true);
    clock = minutes(59);
    expect(await check(session)).toBe(false);
    clock = minutes(60);
    expect(await check(session)).toBe(false);
    // A fresh session's row cannot be taken over by another user's token naming it.
    const fresh = { sessionId: randomUUID(), userId: randomUUID(), signedInAt: clock };
    expect(await check(fresh)).toBe(true);
    expect(await check({ ...fresh, userId: randomUUID() })).toBe(false);
    expect(await check(fresh)).toBe(true);
  });

  /** A token for the staff member's first session at `at`, as a refresh then would give. */
  async function refreshedToken(userId: string, at: Date): Promise<string> {
    const [session] = await test.db.query<{ id: string }>('SELECT id::text AS id FROM auth_sessions WHERE user_id = $1::uuid ORDER BY created_at LIMIT 1', [userId]);
    await test.db.query('UPDATE auth_sessions SET refreshed_at = GREATEST(refreshed_at, $2) WHERE id = $1', [session!.id, at]);
    const [user] = await test.db.query<{ email: string }>('SELECT email FROM auth_users WHERE id = $1::uuid', [userId]);
    const keys = await deriveSigningKeys(await signingSecret(test.db, undefined));
    // As the session has it: makeStaff's sessions have given a second factor (docs/rules.md#second-factor).
    const [assurance] = await test.db.query<{ aal: 'aal1' | 'aal2'; amr: { method: string; timestamp: number }[] }>('SELECT aal, amr FROM auth_sessions WHERE id = $1', [session!.id]);
    return (
      await signAccessToken(keys, { userId, email: user!.email, userMetadata: {}, sessionId: session!.id, method: 'password', assurance: assurance! }, 'http://localhost/auth/v1', at)
    ).token;
  }
});
