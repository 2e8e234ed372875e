/**
 * The staff idle clock starts at sign-in and an idle session stays refused
 * (docs/rules.md#staff-idle): a session signed in and not used for the
 * idle time is refused at its first staff call; a session left alone for
 * two days, whose row another session's first call could have tidied, is
 * refused once refreshed; and a hosted project's idle session id is
 * refused for good, its row kept, since nothing here can end it.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { postAuth, signIn, signUp, uniqueEmail, withToken } from '../../../../tests/fixtures/members';

const PASSWORD = 'correct-horse-1';
const SECRET = 'hosted-project-secret-of-at-least-32-chars';
const HOSTED = { SUPABASE_URL: 'https://abcd.supabase.co', SUPABASE_JWT_SECRET: SECRET };
const START = new Date('2026-06-10T09:00:00Z');
const minutes = (n: number) => new Date(START.getTime() + n * 60_000);
const TWO_DAYS = 2 * 24 * 60;

type Tokens = { access_token: string; refresh_token: string };

describe.each(ENGINES)('the staff idle clock on %s', (engine) => {
  let test: TestDatabase;
  let clock = START;
  const app = (env: Record<string, string> = {}) => testApp({ db: test.db, now: () => clock, env: { STAFF_IDLE_MINUTES: '30', ...env } });
  const staffCall = (token: string, env?: Record<string, string>) => getJson<{ error?: string }>(app(env), '/api/staff/events', withToken(token));
  const refresh = (refreshToken: string) => postAuth<Tokens>(app(), '/token?grant_type=refresh_token', { refresh_token: refreshToken });

  /** A member with the events role (a password alone: docs/rules.md#second-factor), signed up at `clock`. */
  async function eventsStaff(): Promise<string> {
    const email = uniqueEmail('idle.start');
    await signUp(app(), email, PASSWORD);
    await test.db.query(`UPDATE auth_users SET app_metadata = app_metadata || '{"role":"events"}' WHERE email = $1`, [email]);
    return email;
  }

  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('refuses a session signed in and never used for 31 minutes at its first staff call, and ends it', async () => {
    clock = START;
    const email = await eventsStaff();
    const signedIn = await signIn(app(), email, PASSWORD);
    clock = minutes(31);
    const first = await staffCall(signedIn.body.access_token);
    expect(first.status).toBe(401);
    expect(first.body.error).toBe('session_idle');
    expect((await refresh(signedIn.body.refresh_token)).status).toBe(400);
    // One signed in 29 minutes before its first call goes on.
    const again = await signIn(app(), email, PASSWORD);
    clock = minutes(60);
    expect((await staffCall(again.body.access_token)).status).toBe(200);
  });

  it('refuses a session left alone for two days and then refreshed, though a new session tidied the rows since', async () => {
    clock = START;
    const email = await eventsStaff();
    const left = await signIn(app(), email, PASSWORD);
    expect((await staffCall(left.body.access_token)).status).toBe(200);
    // Two days on, another session's first staff call tidies the old rows.
    clock = minutes(TWO_DAYS + 1);
    const other = await signIn(app(), email, PASSWORD);
    expect((await staffCall(other.body.access_token)).status).toBe(200);
    // The refresh token lives 14 days: it still refreshes, but the session is idle.
    const refreshed = await refresh(left.body.refresh_token);
    expect(refreshed.status).toBe(200);
    const late = await staffCall(refreshed.body.access_token);
    expect(late.status).toBe(401);
    expect(late.body.error).toBe('session_idle');
    // Ended: its newest refresh token is refused too.
    expect((await refresh(refreshed.body.refresh_token)).status).toBe(400);
    expect((await staffCall(other.body.access_token)).status).toBe(200);
  });

  it("refuses a hosted project's session for good from its sign-in on: unused for 31 minutes, or idle and tidied after", async () => {
    const hostedToken = (sessionId: string, signedInAt: Date, issuedAt: Date) =>
      new SignJWT({
        email: 'hosted.events@example.org',
        role: 'authenticated',
        app_metadata: { role: 'events' },
        aal: 'aal1',
        amr: [{ method: 'password', timestamp: Math.floor(signedInAt.getTime() / 1000) }],
        session_id: sessionId,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('3b1f0c7e-2d4a-4e6b-9c8d-1a2b3c4d5e6f')
        .setAudience('authenticated')
        .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
        .setExpirationTime(Math.floor(issuedAt.getTime() / 1000) + 3600)
        .sign(new TextEncoder().encode(SECRET));

    // Signed in at 0, refreshed at 31 (a new token), first staff call at 31: idle since sign-in.
    const unused = randomUUID();
    clock = minutes(31);
    expect((await staffCall(await hostedToken(unused, START, clock), HOSTED)).body.error).toBe('session_idle');

    // Used at 0, left two days; a new session's first call comes, then the old one's refreshed token.
    const left = randomUUID();
    clock = START;
    expect((await staffCall(await hostedToken(left, START, clock), HOSTED)).status).toBe(200);
    clock = minutes(TWO_DAYS + 1);
    expect((await staffCall(await hostedToken(randomUUID(), clock, clock), HOSTED)).status).toBe(200);
    expect((await staffCall(await hostedToken(left, START, clock), HOSTED)).body.error).toBe('session_idle');
    // Its row is kept, whatever comes later: nothing here ends a hosted session.
    clock = minutes(4 * TWO_DAYS);
    expect((await staffCall(await hostedToken(randomUUID(), clock, clock), HOSTED)).status).toBe(200);
    expect((await staffCall(await hostedToken(left, START, clock), HOSTED)).body.error).toBe('session_idle');
    const kept = await test.db.query('SELECT 1 FROM staff_session_activity WHERE session_id = ANY($1::uuid[])', [[unused, left]]);
    expect(kept).toHaveLength(2);
  });
});
