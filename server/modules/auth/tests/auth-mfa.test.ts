/**
 * The second factor (docs/rules.md#second-factor) through supabase-js's
 * own auth client (@supabase/auth-js, as the site loads it), its requests
 * answered by the app in process: enrol, challenge, verify,
 * challengeAndVerify, listFactors, unenroll and
 * getAuthenticatorAssuranceLevel work unchanged; the tokens carry aal and
 * amr; a code is taken once (wrong codes: auth-mfa-guesses.test.ts); and the staff API
 * asks admin and clinical staff for aal2 on every route but /me.
 */
import { AuthClient, type AuthChangeEvent, type GoTrueClient } from '@supabase/auth-js';
import { decodeJwt } from 'jose';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromAddress, getJson, newAddress, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { signUp, uniqueEmail, withToken } from '../../../../tests/fixtures/members';
import { setStandInRole } from '../staff-role';
import { CHALLENGE_EXPIRY_MS } from '../mfa';
import { TOTP_PERIOD_SECONDS, totpCode } from '../totp';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { DEMO_STAFF_TOTP_SECRET } from '../../../platform/env-schema';

const PASSWORD = 'second-factor-please-1';

describe.each(ENGINES)('the second factor through supabase-js on %s', (engine) => {
  let test: TestDatabase;
  let app: Hono;
  // The server's clock: real time moved on by whole code steps when a test needs a later code.
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const nextStep = () => {
    offsetMs += TOTP_PERIOD_SECONDS * 1000;
  };

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    app = testApp({ db: test.db, now });
  });
  afterAll(async () => {
    await test?.dispose();
  });

  /** supabase-js's auth client as the site builds it, its requests sent to the app from one address. */
  function client(address = newAddress()) {
    const events: AuthChangeEvent[] = [];
    const auth = new AuthClient({
      url: 'http://localhost/auth/v1',
      headers: { Authorization: 'Bearer anon-key', apikey: 'anon-key' },
      persistSession: false,
      autoRefreshToken: false,
      fetch: (input, init) => Promise.resolve(app.request(input instanceof Request ? input : String(input), init, fromAddress(address))),
    });
    auth.onAuthStateChange((event) => {
      events.push(event);
    });
    return { auth, events, address };
  }

  async function member(email = uniqueEmail('mfa')) {
    await signUp(app, email, PASSWORD);
    const c = client();
    const { error } = await c.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    return { ...c, email };
  }

  const claims = async (auth: GoTrueClient) => decodeJwt((await auth.getSession()).data.session!.access_token);

  /** Enrols and confirms an authenticator app; its secret, as the app would keep it. */
  async function enrolled(auth: GoTrueClient, friendlyName = 'Phone') {
    const { data, error } = await auth.mfa.enroll({ factorType: 'totp', friendlyName });
    expect(error).toBeNull();
    const code = totpCode(data!.totp.secret, now());
    const { error: verifyError } = await auth.mfa.challengeAndVerify({ factorId: data!.id, code });
    expect(verifyError).toBeNull();
    return { factorId: data!.id, secret: data!.totp.secret, code };
  }

  it('enrols a TOTP factor: a QR code, the secret and its otpauth address, once; the factor unverified until a code is given', async () => {
    const { auth, email } = await member();
    const { data, error } = await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'My phone' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ type: 'totp', friendly_name: 'My phone' });
    expect(data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg[\s\S]*<\/svg>\s*$/);
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data!.totp.uri).toBe(`otpauth://totp/localhost:${encodeURIComponent(email)}?issuer=localhost&secret=${data!.totp.secret}&algorithm=SHA1&digits=6&period=30`);

    const listed = await auth.mfa.listFactors();
    expect(listed.data!.all).toEqual([expect.objectContaining({ id: data!.id, factor_type: 'totp', status: 'unverified', friendly_name: 'My phone' })]);
    expect(listed.data!.totp).toEqual([]);
    expect((await auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    // Never handed out again: not in the user object, and not stored as it was given.
    const user = await getJson(app, '/auth/v1/user', withToken((await auth.getSession()).data.session!.access_token));
    expect(JSON.stringify(user.body)).not.toContain(data!.totp.secret);
    const [stored] = await test.db.query<{ secret: string }>('SELECT secret FROM auth_mfa_factors WHERE id = $1', [data!.id]);
    expect(stored!.secret).not.toContain(data!.totp.secret);
  });

  it('verifies a code: a new session at aal2 with totp in amr, MFA_CHALLENGE_VERIFIED, and a refresh keeps the level', async () => {
    const { auth, events } = await member();
    const { data: factor } = await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    const { data: challenge, error: challengeError } = await auth.mfa.challenge({ factorId: factor!.id });
    expect(challengeError).toBeNull();
    expect(challenge).toMatchObject({ type: 'totp' });
    expect(Math.abs(challenge!.expires_at - (now().getTime() + CHALLENGE_EXPIRY_MS) / 1000)).toBeLessThan(3);

    const wrong = await auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code: totpCode(factor!.totp.secret, new Date(now().getTime() + 5 * 60_000)) });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    expect(events).not.toContain('MFA_CHALLENGE_VERIFIED');

    const before = (await auth.getSession()).data.session!;
    const { data, error } = await auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code: totpCode(factor!.totp.secret, now()) });
    expect(error).toBeNull();
    expect(data!.access_token).not.toBe(before.access_token);
    expect(data!.refresh_token).not.toBe(before.refresh_token);
    expect(events).toContain('MFA_CHALLENGE_VERIFIED');
    const token = await claims(auth);
    expect(token.aal).toBe('aal2');
    expect(token.session_id).toBe(decodeJwt(before.access_token).session_id);
    expect((token.amr as { method: string }[]).map((e) => e.method)).toEqual(['totp', 'password']);
    const level = (await auth.mfa.getAuthenticatorAssuranceLevel()).data!;
    expect(level).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect((await auth.mfa.listFactors()).data!.totp).toEqual([expect.objectContaining({ id: factor!.id, status: 'verified' })]);

    // A challenge is answered once.
    const again = await auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code: totpCode(factor!.totp.secret, now()) });
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' });

    // The old refresh token was spent by the raise; the new one refreshes at aal2.
    const refreshed = await auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal2' });
  });

  it('signs a man with a verified factor in with a password at aal1, nextLevel aal2; takes each code once; ends his other aal1 sessions', async () => {
    const first = await member();
    const { factorId, secret, code } = await enrolled(first.auth);

    const second = client();
    await second.auth.signInWithPassword({ email: first.email, password: PASSWORD });
    const third = client();
    await third.auth.signInWithPassword({ email: first.email, password: PASSWORD });
    const thirdToken = (await third.auth.getSession()).data.session!.access_token;
    expect((await second.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect((await claims(second.auth)).aal).toBe('aal1');

    // The code the first session used is refused, even on a fresh challenge.
    const replay = await second.auth.mfa.challengeAndVerify({ factorId, code });
    expect(replay.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    nextStep();
    const fresh = await second.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret, now()) });
    expect(fresh.error).toBeNull();
    expect((await claims(second.auth)).aal).toBe('aal2');

    // The password-only session has ended; the first (aal2) goes on.
    expect((await getJson(app, '/auth/v1/user', withToken(thirdToken))).body).toMatchObject({ code: 'session_not_found' });
    expect((await first.auth.getUser()).error).toBeNull();
  });

  it('passes the same code once when sent twice at the same moment', async () => {
    const first = await member();
    const { factorId, secret } = await enrolled(first.auth);
    nextStep();
    const address = newAddress();
    const a = client(address);
    await a.auth.signInWithPassword({ email: first.email, password: PASSWORD });
    const [ca, cb] = await Promise.all([a.auth.mfa.challenge({ factorId }), a.auth.mfa.challenge({ factorId })]);
    const code = totpCode(secret, now());
    const token = (await a.auth.getSession()).data.session!.access_token;
    const verify = (challengeId: string) =>
      getJson(app, `/auth/v1/factors/${factorId}/verify`, withToken(token, { method: 'POST', body: JSON.stringify({ challenge_id: challengeId, code }) }), address);
    // Not through the client: its lock would send them one after the other.
    const answers = await Promise.all([verify(ca.data!.id), verify(cb.data!.id)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
  });

  it('forgets a last code taken under a clock since put back, so codes work again at once', async () => {
    offsetMs += 2 * 24 * 60 * 60_000;
    const { auth, email } = await member();
    const { factorId, secret } = await enrolled(auth);
    offsetMs -= 2 * 24 * 60 * 60_000;
    const later = client();
    await later.auth.signInWithPassword({ email, password: PASSWORD });
    // One code for both: computed twice, a 30-second step could begin in between and make the second a new code.
    const code = totpCode(secret, now());
    expect((await later.auth.mfa.challengeAndVerify({ factorId, code })).error).toBeNull();
    // And that code, now the last taken, is refused again.
    const again = client();
    await again.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await again.auth.mfa.challengeAndVerify({ factorId, code })).error).toMatchObject({ code: 'mfa_verification_failed' });
  });

  it('unenrols: an unverified factor at aal1, a verified one only at aal2, and then the session falls back to aal1', async () => {
    const { auth } = await member();
    const { factorId } = await enrolled(auth);
    const { data: spare } = await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Spare' });

    const other = client();
    await other.auth.signInWithPassword({ email: (await auth.getUser()).data.user!.email!, password: PASSWORD });
    expect((await other.auth.mfa.unenroll({ factorId })).error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    expect((await other.auth.mfa.unenroll({ factorId: spare!.id })).error).toBeNull();

    const { data, error } = await auth.mfa.unenroll({ factorId });
    expect(error).toBeNull();
    expect(data).toEqual({ id: factorId });
    expect((await auth.mfa.listFactors()).data!.all).toEqual([]);
    const refreshed = await auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal1' });
    expect((refreshed.data.session!.user as { factors?: unknown[] }).factors ?? []).toEqual([]);
  });

  it('keeps friendly names unique per man, and adds a second factor only at aal2', async () => {
    const { auth } = await member();
    expect((await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })).error).toBeNull();
    expect((await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })).error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });
    // Another man may use the same name.
    expect((await (await member()).auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })).error).toBeNull();

    const { data: laptop } = await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Laptop' });
    await auth.mfa.challengeAndVerify({ factorId: laptop!.id, code: totpCode(laptop!.totp.secret, now()) });
    // The half-done 'Phone' enrolment was dropped when 'Laptop' was confirmed.
    expect((await auth.mfa.listFactors()).data!.all.map((f) => f.friendly_name)).toEqual(['Laptop']);

    const aal1 = client();
    await aal1.auth.signInWithPassword({ email: (await auth.getUser()).data.user!.email!, password: PASSWORD });
    expect((await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet' })).error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    expect((await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet' })).error).toBeNull();
    expect((await auth.mfa.enroll({ factorType: 'phone', phone: '+447700900123' })).error).toMatchObject({ code: 'mfa_phone_enroll_not_enabled' });
  });

  it('refuses an expired challenge, a challenge from another address, and another man\'s factor', async () => {
    const { auth } = await member();
    const { data: factor } = await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    const { data: challenge } = await auth.mfa.challenge({ factorId: factor!.id });
    offsetMs += CHALLENGE_EXPIRY_MS + 1000;
    const late = await auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code: totpCode(factor!.totp.secret, now()) });
    expect(late.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });

    const { data: fresh } = await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone 2' });
    const { data: c2 } = await auth.mfa.challenge({ factorId: fresh!.id });
    const token = (await auth.getSession()).data.session!.access_token;
    const elsewhere = await getJson(
      app,
      `/auth/v1/factors/${fresh!.id}/verify`,
      withToken(token, { method: 'POST', body: JSON.stringify({ challenge_id: c2!.id, code: totpCode(fresh!.totp.secret, now()) }) }),
      newAddress(),
    );
    expect(elsewhere).toMatchObject({ status: 422, body: { code: 'mfa_ip_address_mismatch' } });

    const stranger = await member();
    for (const call of [
      stranger.auth.mfa.challenge({ factorId: fresh!.id }),
      stranger.auth.mfa.unenroll({ factorId: fresh!.id }),
    ]) {
      expect((await call).error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    }
    expect((await auth.mfa.listFactors()).data!.all.map((f) => f.id)).toContain(fresh!.id);
  });

  it('seeds the demo staff account with a confirmed authenticator whose key is the documented demo one', async () => {
    const email = uniqueEmail('demo.staff');
    expect(await seedDemoStaff(test.db, { demoStaffEmail: email, demoStaffPassword: PASSWORD, demoStaffTotpSecret: DEMO_STAFF_TOTP_SECRET }, now())).toBe(true);
    const staff = client();
    await staff.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await staff.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const [factor] = (await staff.auth.mfa.listFactors()).data!.totp;
    nextStep();
    expect((await staff.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: totpCode(DEMO_STAFF_TOTP_SECRET, now()) })).error).toBeNull();
    expect((await getJson(app, '/api/staff/events', withToken((await staff.auth.getSession()).data.session!.access_token))).status).toBe(200);
  });

  it('asks admin and clinical staff for aal2 on every staff route but /me, and says so in /me', async () => {
    const admin = await member();
    await setStandInRole(test.db, admin.email, 'admin', now());
    const token = async () => (await admin.auth.getSession()).data.session!.access_token;

    const me = await getJson(app, '/api/staff/me', withToken(await token()));
    expect(me).toMatchObject({ status: 200, body: { role: 'admin', assurance: { required: 'aal2', current: 'aal1' } } });
    const events = await getJson(app, '/api/staff/events', withToken(await token()));
    expect(events).toMatchObject({ status: 403, body: { error: 'mfa_required' } });
    expect(JSON.stringify(events.body)).not.toContain('event_id');

    await enrolled(admin.auth);
    expect((await getJson(app, '/api/staff/me', withToken(await token()))).body).toMatchObject({ assurance: { required: 'aal2', current: 'aal2' } });
    expect((await getJson(app, '/api/staff/events', withToken(await token()))).status).toBe(200);

    const clinical = await member();
    await setStandInRole(test.db, clinical.email, 'clinical', now());
    expect((await getJson(app, '/api/staff/events', withToken((await clinical.auth.getSession()).data.session!.access_token))).status).toBe(403);

    const volunteer = await member();
    await setStandInRole(test.db, volunteer.email, 'volunteer', now());
    const volunteerMe = await getJson(app, '/api/staff/me', withToken((await volunteer.auth.getSession()).data.session!.access_token));
    expect(volunteerMe.body).toMatchObject({ assurance: { required: 'aal1', current: 'aal1' } });
  });
});
