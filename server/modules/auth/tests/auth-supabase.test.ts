/**
 * /auth/v1 where supabase-js expects hosted Supabase's behaviour
 * (docs/decisions/0006-auth-stand-in.md): /settings, a code on every
 * error including unknown routes, confirmation (at once and silent when
 * it is off, by emailed link when it is required), and ES256 tokens whose
 * key is published with its kid; POST /verify by token_hash or 6-digit
 * code, and POST /resend.
 */
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getJson, newAddress, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, type TestDatabase } from '../../../../tests/fixtures/db';
import { waitForMail, sentMail } from '../../../../tests/fixtures/mail';
import { postAuth, signIn, signUp, uniqueEmail, type TestSession } from '../../../../tests/fixtures/members';

describe('auth as hosted Supabase answers it', () => {
  let test: TestDatabase;
  const confirming = { AUTH_REQUIRE_EMAIL_CONFIRMATION: 'true' };
  const app = (env: Record<string, string> = {}) => testApp({ db: test.db, env });

  beforeAll(async () => {
    test = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('answers GET /settings with the email provider and whether sign-up confirms at once', async () => {
    const open = await getJson<{ external: Record<string, boolean>; mailer_autoconfirm: boolean; disable_signup: boolean }>(app(), '/auth/v1/settings');
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ external: { email: true, google: false, phone: false }, disable_signup: false, mailer_autoconfirm: true });
    expect((await getJson(app(confirming), '/auth/v1/settings')).body).toMatchObject({ mailer_autoconfirm: false });
  });

  it.each([
    ['GET', '/auth/v1/nothing-here'],
    ['POST', '/auth/v1/otp'],
    ['DELETE', '/auth/v1/user'],
  ])('answers the unknown route %s %s with a code', async (method, path) => {
    const res = await getJson<{ code: string; message: string }>(app(), path, { method });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    expect(typeof res.body.message).toBe('string');
  });

  it('with confirmation required: no session, a welcome link, sign-in refused until the link is opened', async () => {
    const email = uniqueEmail('confirm');
    const res = await postAuth<Record<string, unknown>>(
      app(confirming),
      '/signup?redirect_to=http%3A%2F%2Flocalhost%2Fsignup-success',
      { email, password: 'confirm-me-please-1' },
      {},
      newAddress(),
    );
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('access_token');
    expect(res.body).toMatchObject({ email, email_confirmed_at: null });
    const early = await postAuth(app(confirming), '/token?grant_type=password', { email, password: 'confirm-me-please-1' });
    expect(early.body).toMatchObject({ code: 'email_not_confirmed' });

    const welcome = await waitForMail(test.db, email, /confirm your email/i);
    const link = /http:\/\/localhost(\/auth\/v1\/verify\?\S+)/.exec(welcome.text)![1]!;
    const opened = await app(confirming).request(link);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('Location')).toMatch(/^http:\/\/localhost\/signup-success#access_token=.+type=signup/);
    const later = await signIn(app(confirming), email, 'confirm-me-please-1');
    expect(later.status).toBe(200);
    expect((later.body as TestSession).user.email_confirmed_at).not.toBeNull();
  });

  it('signs access tokens with ES256 and publishes the key, with its kid, at /.well-known/jwks.json', async () => {
    const session = await signUp(app());
    const jwks = await getJson<{ keys: (JWK & { kid: string })[] }>(app(), '/auth/v1/.well-known/jwks.json');
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys).toHaveLength(1);
    const [key] = jwks.body.keys;
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(key).not.toHaveProperty('d');
    expect(decodeProtectedHeader(session.access_token)).toMatchObject({ alg: 'ES256', kid: key!.kid, typ: 'JWT' });
    // What getClaims() does: verify locally against the published keys.
    const { payload } = await jwtVerify(session.access_token, createLocalJWKSet(jwks.body), { audience: 'authenticated' });
    expect(payload.sub).toBe(session.user.id);
  });

  it('keeps the key across server processes sharing the secret', async () => {
    const env = { AUTH_JWT_SECRET: 'a-shared-secret-of-at-least-32-characters' };
    const first = await getJson<{ keys: { kid: string }[] }>(app(env), '/auth/v1/.well-known/jwks.json');
    const second = await getJson<{ keys: { kid: string }[] }>(app(env), '/auth/v1/.well-known/jwks.json');
    const other = await getJson<{ keys: { kid: string }[] }>(app(), '/auth/v1/.well-known/jwks.json');
    expect(first.body.keys[0]!.kid).toBe(second.body.keys[0]!.kid);
    expect(other.body.keys[0]!.kid).not.toBe(first.body.keys[0]!.kid);
  });

  const linkToken = (text: string) => new URL(/http:\/\/localhost\/auth\/v1\/verify\?\S+/.exec(text)![0]).searchParams.get('token')!;
  const mailedCode = (text: string) => /a code instead, it is (\d{6})/.exec(text)![1]!;

  it('verifies a recovery link by token_hash with POST /verify, once', async () => {
    const email = uniqueEmail('otp-hash');
    await signUp(app(), email);
    await postAuth(app(), '/recover', { email }, {}, newAddress());
    const token = linkToken((await waitForMail(test.db, email, /reset/i)).text);
    const verified = await postAuth<TestSession>(app(), '/verify', { type: 'recovery', token_hash: token }, {}, newAddress());
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ token_type: 'bearer', user: { email } });
    const again = await postAuth(app(), '/verify', { type: 'recovery', token_hash: token }, {}, newAddress());
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ code: 'otp_expired' });
  });

  it('confirms an address with its emailed 6-digit code, and refuses a wrong one', async () => {
    const email = uniqueEmail('otp-code');
    await postAuth(app(confirming), '/signup', { email, password: 'code-confirmed-1' }, {}, newAddress());
    const code = mailedCode((await waitForMail(test.db, email, /confirm your email/i)).text);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await postAuth(app(confirming), '/verify', { type: 'signup', email, token: wrong }, {}, newAddress())).body).toMatchObject({
      code: 'otp_expired',
    });
    const verified = await postAuth<TestSession>(app(confirming), '/verify', { type: 'email', email, token: code }, {}, newAddress());
    expect(verified.status).toBe(200);
    expect(verified.body.user.email_confirmed_at).not.toBeNull();
  });

  it('lets five codes be tried for an address per quarter hour', async () => {
    const email = uniqueEmail('otp-guess');
    await postAuth(app(confirming), '/signup', { email, password: 'code-guessed-1' }, {}, newAddress());
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await postAuth(app(confirming), '/verify', { type: 'signup', email, token: `00000${i}` }, {}, newAddress())).status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 403)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  it('resends a confirmation with POST /resend, answering {} for any address', async () => {
    const email = uniqueEmail('resend');
    await postAuth(app(confirming), '/signup', { email, password: 'resend-me-please-1' }, {}, newAddress());
    await waitForMail(test.db, email, /confirm your email/i);
    const res = await postAuth(app(confirming), '/resend', { type: 'signup', email }, {}, newAddress());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    await expect
      .poll(async () => (await sentMail(test.db)).filter((m) => m.to === email && /confirm your email/i.test(m.subject)).length)
      .toBe(2);
    expect((await postAuth(app(confirming), '/resend', { type: 'signup', email: uniqueEmail('nobody') }, {}, newAddress())).body).toEqual({});
    expect((await postAuth(app(confirming), '/resend', { type: 'sms', email }, {}, newAddress())).body).toMatchObject({
      code: 'validation_failed',
    });
  });
});
