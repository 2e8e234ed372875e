/**
 * How sessions end (docs/decisions/0008-threat-model.md): after a time without
 * use, at an absolute lifetime, and for everyone else when the password
 * changes, along with every pending email link. Several tabs refreshing
 * with one token get the session's current token, as from GoTrue, so the
 * session never forks and no tab is signed out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForMail } from '../../../../tests/fixtures/mail';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { postAuth, signUp, uniqueEmail, withToken, type TestSession } from '../../../../tests/fixtures/members';

const DAY = 24 * 60 * 60_000;

describe.each(ENGINES)('session limits on %s', (engine) => {
  let test: TestDatabase;
  let clock = Date.now();
  const app = (env: Record<string, string> = {}) => testApp({ db: test.db, now: () => new Date(clock), env });
  const refresh = (token: string, env: Record<string, string> = {}) =>
    postAuth<TestSession>(app(env), '/token?grant_type=refresh_token', { refresh_token: token });

  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('ends a session left unused past the inactivity limit (14 days by default)', async () => {
    const session = await signUp(app());
    clock += 13 * DAY;
    const kept = await refresh(session.refresh_token);
    expect(kept.status).toBe(200);
    clock += 15 * DAY;
    const lapsed = await refresh(kept.body.refresh_token);
    expect(lapsed.status).toBe(400);
    expect(lapsed.body).toMatchObject({ code: 'session_expired' });
  });

  it('ends a session at its absolute lifetime however often it is used', async () => {
    const env = { AUTH_SESSION_INACTIVITY_DAYS: '3', AUTH_SESSION_LIFETIME_DAYS: '10' };
    let token = (await signUp(app(env))).refresh_token;
    for (let day = 2; day <= 8; day += 2) {
      clock += 2 * DAY;
      const next = await refresh(token, env);
      expect(next.status).toBe(200);
      token = next.body.refresh_token;
    }
    clock += 2 * DAY + 60_000;
    expect((await refresh(token, env)).body).toMatchObject({ code: 'session_expired' });
  });

  it('answers tabs refreshing with one token alike: the current token, never a fork', async () => {
    const session = await signUp(app());
    const tabs = await Promise.all(Array.from({ length: 5 }, () => refresh(session.refresh_token)));
    expect(tabs.every((t) => t.status === 200)).toBe(true);
    expect(new Set(tabs.map((t) => t.body.refresh_token)).size).toBe(1);
    const current = tabs[0]!.body.refresh_token;
    // A slow tab still holding the first token, after another tab moved on twice, gets the newest.
    const next = await refresh(current);
    const newest = await refresh(next.body.refresh_token);
    clock += 3_000;
    const late = await refresh(session.refresh_token);
    expect(late.status).toBe(200);
    expect(late.body.refresh_token).toBe(newest.body.refresh_token);
    expect((await refresh(newest.body.refresh_token)).status).toBe(200);
  });

  it('revokes the other sessions and every pending email link when the password changes', async () => {
    const email = uniqueEmail('change');
    const first = await signUp(app(), email, 'first-password-1');
    const second = (await postAuth<TestSession>(app(), '/token?grant_type=password', { email, password: 'first-password-1' })).body;
    expect((await postAuth(app(), '/recover', { email })).status).toBe(200);
    const reset = await waitForMail(test.db, email, /reset/i);
    const link = /http:\/\/localhost(\/auth\/v1\/verify\?\S+)/.exec(reset!.text)![1]!;

    const changed = await getJson(
      app(),
      '/auth/v1/user',
      withToken(first.access_token, { method: 'PUT', body: JSON.stringify({ password: 'second-password-2' }) }),
    );
    expect(changed.status).toBe(200);
    expect((await getJson(app(), '/auth/v1/user', withToken(second.access_token))).status).toBe(403);
    const opened = await app().request(link);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('Location')).toContain('error_code=otp_expired');
  });
});
