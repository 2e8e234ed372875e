/**
 * /auth/v1 sessions: refresh rotation and reuse detection, sign-out
 * scopes, expiry, and the recovery link from request to new password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { waitForMail, sentMail } from '../../../../tests/fixtures/mail';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { postAuth, signIn, signUp, uniqueEmail, withToken, type TestSession } from '../../../../tests/fixtures/members';

describe.each(ENGINES)('auth sessions on %s', (engine) => {
  let test: TestDatabase;
  let clock = Date.now();
  const app = () => testApp({ db: test.db, now: () => new Date(clock) });
  const refresh = (token: string) => postAuth<TestSession>(app(), '/token?grant_type=refresh_token', { refresh_token: token });
  const user = (token: string) => getJson(app(), '/auth/v1/user', withToken(token));
  const logout = (token: string, scope?: string) =>
    app().request(`/auth/v1/logout${scope ? `?scope=${scope}` : ''}`, withToken(token, { method: 'POST' }));

  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('rotates the refresh token, and a reused old one ends the session', async () => {
    const session = await signUp(app());
    const next = await refresh(session.refresh_token);
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(session.refresh_token);
    expect(next.body.user.id).toBe(session.user.id);

    clock += 60_000;
    const reused = await refresh(session.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ code: 'refresh_token_already_used' });
    // The whole session is gone: the newest refresh token and the access tokens too.
    expect((await refresh(next.body.refresh_token)).body).toMatchObject({ code: 'refresh_token_not_found' });
    expect((await user(next.body.access_token)).status).toBe(403);
  });

  it('lets a client retry a refresh within ten seconds without losing the session', async () => {
    const session = await signUp(app());
    expect((await refresh(session.refresh_token)).status).toBe(200);
    clock += 2_000;
    const retry = await refresh(session.refresh_token);
    expect(retry.status).toBe(200);
    expect((await refresh(retry.body.refresh_token)).status).toBe(200);
  });

  it.each([['an unknown token', 'x'.repeat(43)], ['an empty token', ''], ['a huge token', 'x'.repeat(5000)]])(
    'refuses %s',
    async (_label, token) => {
      const res = await refresh(token);
      expect(res.status).toBe(400);
    },
  );

  it('refuses an access token after its hour is up', async () => {
    const session = await signUp(app());
    clock += 3601_000;
    expect((await user(session.access_token)).body).toMatchObject({ code: 'bad_jwt' });
    const renewed = await refresh(session.refresh_token);
    expect((await user(renewed.body.access_token)).status).toBe(200);
  });

  it('signs out locally, others, or everywhere (the default), each at once', async () => {
    const email = uniqueEmail();
    const a = await signUp(app(), email, 'password-1');
    const b = (await signIn(app(), email, 'password-1')).body;
    const c = (await signIn(app(), email, 'password-1')).body;

    expect((await logout(a.access_token, 'local')).status).toBe(204);
    expect((await user(a.access_token)).body).toMatchObject({ code: 'session_not_found' });
    expect((await refresh(a.refresh_token)).status).toBe(400);
    expect((await user(b.access_token)).status).toBe(200);

    expect((await logout(b.access_token, 'others')).status).toBe(204);
    expect((await user(c.access_token)).status).toBe(403);
    expect((await user(b.access_token)).status).toBe(200);

    const d = (await signIn(app(), email, 'password-1')).body;
    expect((await logout(b.access_token)).status).toBe(204);
    expect((await user(b.access_token)).status).toBe(403);
    expect((await user(d.access_token)).status).toBe(403);

    expect((await logout(d.access_token, 'everywhere')).status).toBe(400);
    expect((await app().request('/auth/v1/logout', { method: 'POST' })).status).toBe(401);
  });

  it('sends a single-use reset link that answers 303 with the session in the fragment', async () => {
    const email = uniqueEmail('forgot');
    await signUp(app(), email, 'forgotten-1');
    const redirect = encodeURIComponent('http://localhost/reset-password');
    const asked = await postAuth(app(), `/recover?redirect_to=${redirect}`, { email });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({});

    const mail = await waitForMail(test.db, email, /reset/i);
    const link = /http:\/\/localhost(\/auth\/v1\/verify\?\S+)/.exec(mail!.text)![1]!;
    const opened = await app().request(link);
    expect(opened.status).toBe(303);
    const location = new URL(opened.headers.get('Location')!);
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost/reset-password');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');
    const token = fragment.get('access_token')!;
    const put = await getJson(app(), '/auth/v1/user', withToken(token, { method: 'PUT', body: JSON.stringify({ password: 'remembered-2' }) }));
    expect(put.status).toBe(200);
    expect((await signIn(app(), email, 'remembered-2')).status).toBe(200);

    const again = await app().request(link);
    expect(again.headers.get('Location')).toMatch(/#error=access_denied&error_code=otp_expired/);
  });

  it('answers a reset request for an unknown email the same, sends nothing, and throttles repeats', async () => {
    const nobody = uniqueEmail('nobody');
    const res = await postAuth(app(), '/recover', { email: nobody });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect((await sentMail(test.db)).some((m) => m.to === nobody)).toBe(false);
    const repeat = await postAuth(app(), '/recover', { email: nobody });
    expect(repeat.status).toBe(429);
    expect(repeat.body).toMatchObject({ code: 'over_email_send_rate_limit' });
  });

  it('expires a reset link after an hour and never redirects off the site', async () => {
    const email = uniqueEmail('late');
    await signUp(app(), email);
    await postAuth(app(), `/recover?redirect_to=${encodeURIComponent('https://evil.example/steal')}`, { email });
    const mail = await waitForMail(test.db, email, /reset/i);
    const link = /http:\/\/localhost(\/auth\/v1\/verify\?\S+)/.exec(mail!.text)![1]!;
    expect(decodeURIComponent(link)).toContain('redirect_to=http://localhost/');
    clock += 61 * 60_000;
    const opened = await app().request(link);
    expect(opened.headers.get('Location')).toMatch(/^http:\/\/localhost\/#error=access_denied&error_code=otp_expired/);
  });
});
