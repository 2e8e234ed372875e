/**
 * /auth/v1 sign-up, password sign-in, the user record and errors, in
 * Supabase Auth's shapes docs/decisions/0006-auth-stand-in.md, against a fresh
 * database per engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getJson, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { postAuth, signIn, signUp, uniqueEmail, withToken, type TestSession } from '../../../../tests/fixtures/members';
import { sentMail } from '../../../../tests/fixtures/mail';

describe.each(ENGINES)('auth sign-up and sign-in on %s', (engine) => {
  let test: TestDatabase;
  const app = () => testApp({ db: test.db });

  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('signs up with a session at once, confirmed, the metadata kept and the email lower-cased', async () => {
    const email = uniqueEmail('New');
    const res = await postAuth<TestSession>(app(), '/signup?redirect_to=http%3A%2F%2Flocalhost%2Fsignup-success', {
      email: `  ${email.toUpperCase()} `,
      password: 'secret-pass',
      data: { display_name: 'New Member', phone: '447700900001' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Supabase-Api-Version')).toBe('2024-01-01');
    expect(res.body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(res.body.access_token.split('.')).toHaveLength(3);
    expect(res.body.refresh_token.length).toBeGreaterThan(20);
    expect(res.body.user).toMatchObject({
      email: email.toLowerCase(),
      aud: 'authenticated',
      role: 'authenticated',
      email_confirmed_at: expect.any(String),
      user_metadata: { display_name: 'New Member', phone: '447700900001' },
      app_metadata: { provider: 'email', providers: ['email'] },
      is_anonymous: false,
    });
    const claims = JSON.parse(Buffer.from(res.body.access_token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: res.body.user.id, aud: 'authenticated', role: 'authenticated', aal: 'aal1' });
    expect(typeof claims.session_id).toBe('string');
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);

    // As hosted Supabase with confirmation off: confirmed at once, and no email.
    expect((await sentMail(test.db)).some((m) => m.to === email.toLowerCase())).toBe(false);
  });

  it('refuses a second account for the same email with 422 user_already_exists', async () => {
    const email = uniqueEmail();
    await signUp(app(), email);
    const res = await postAuth(app(), '/signup', { email: email.toUpperCase(), password: 'another-pass' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ code: 'user_already_exists', message: 'User already registered' });
  });

  it.each([
    ['no email', { password: 'secret-pass' }, 400, 'validation_failed'],
    ['a bad email', { email: 'not-an-email', password: 'secret-pass' }, 400, 'validation_failed'],
    ['a number for email', { email: 42, password: 'secret-pass' }, 400, 'validation_failed'],
    ['a short password', { email: 'short@example.org', password: '12345' }, 422, 'weak_password'],
    ['a 73-byte password', { email: 'long@example.org', password: 'x'.repeat(73) }, 422, 'validation_failed'],
    ['a huge email', { email: `${'a'.repeat(100_000)}@example.org`, password: 'secret-pass' }, 413, 'request_too_large'],
    ['metadata that is a list', { email: 'meta@example.org', password: 'secret-pass', data: [1] }, 400, 'validation_failed'],
    ['a JSON list', [], 400, 'bad_json'],
    ['broken JSON', '{"email":', 400, 'bad_json'],
  ])('answers %s with a 4xx in Supabase shape', async (_label, body, status, code) => {
    const res = await postAuth<{ code: string; message: string }>(app(), '/signup', body);
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(typeof res.body.message).toBe('string');
  });

  it('signs in with the password, and refuses a wrong one or an unknown email alike', async () => {
    const email = uniqueEmail();
    await signUp(app(), email, 'right-password');
    const ok = await signIn(app(), email.toUpperCase(), 'right-password');
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe(email);

    for (const [who, pass] of [
      [email, 'wrong-password'],
      [uniqueEmail('nobody'), 'right-password'],
    ] as const) {
      const res = await signIn(app(), who, pass);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  it('locks an account after five failures with 429 saying when to try again, even for the right password', async () => {
    const email = uniqueEmail('locked');
    await signUp(app(), email, 'right-password');
    for (let i = 0; i < 5; i += 1) expect((await signIn(app(), email, `wrong-${i}`)).status).toBe(400);
    const locked = await signIn(app(), email, 'right-password');
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'over_request_rate_limit' });
    expect((locked.body as unknown as { message: string }).message).toMatch(/try again in 15 minutes/);
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(800);

    const later = testApp({ db: test.db, now: new Date(Date.now() + 16 * 60_000) });
    expect((await signIn(later, email, 'right-password')).status).toBe(200);
  });

  it('refuses an unknown grant type', async () => {
    const res = await postAuth(app(), '/token?grant_type=magic', {});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'unsupported_grant_type' });
  });

  it('answers GET /user only with a valid bearer token', async () => {
    const session = await signUp(app());
    const me = await getJson<{ id: string }>(app(), '/auth/v1/user', withToken(session.access_token));
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(session.user.id);

    expect((await getJson(app(), '/auth/v1/user')).body).toMatchObject({ code: 'no_authorization' });
    const [head, payload] = session.access_token.split('.');
    const tampered = await getJson(app(), '/auth/v1/user', withToken(`${head}.${payload}.AAAA`));
    expect(tampered.status).toBe(403);
    expect(tampered.body).toMatchObject({ code: 'bad_jwt' });
  });

  it('changes the password with PUT /user, signs out other sessions, and refuses the same password', async () => {
    const email = uniqueEmail();
    const first = await signUp(app(), email, 'old-password');
    const second = (await signIn(app(), email, 'old-password')).body;
    const put = (token: string, body: unknown) =>
      getJson(app(), '/auth/v1/user', withToken(token, { method: 'PUT', body: JSON.stringify(body) }));

    expect((await put(first.access_token, { password: 'old-password' })).body).toMatchObject({ code: 'same_password' });
    expect((await put(first.access_token, { password: '123' })).status).toBe(422);
    const changed = await put(first.access_token, { password: 'new-password' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email });

    expect((await getJson(app(), '/auth/v1/user', withToken(second.access_token))).body).toMatchObject({
      code: 'session_not_found',
    });
    expect((await getJson(app(), '/auth/v1/user', withToken(first.access_token))).status).toBe(200);
    expect((await signIn(app(), email, 'old-password')).status).toBe(400);
    expect((await signIn(app(), email, 'new-password')).status).toBe(200);
  });
});
