/**
 * PUT /auth/v1/user for an account with a confirmed authenticator app, as
 * supabase-js's updateUser sends it (docs/rules.md#second-factor): a
 * session that has not given its code (aal1, a password or a reset link
 * alone) changes neither the password nor the email (GoTrue's 401
 * insufficient_aal, its words) nor the metadata (`data`: staff's first
 * name shows to members); the real user's password and sessions are left
 * as they were. At aal2, and for an account with no authenticator, the
 * change goes through.
 */
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, newAddress, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { waitForMail } from '../../../../tests/fixtures/mail';
import { postAuth, withToken } from '../../../../tests/fixtures/members';
import { setStandInRole } from '../staff-role';
import { TOTP_PERIOD_SECONDS, totpCode } from '../totp';
import { mfaHarness, PASSWORD } from './mfa-harness';

const AAL2_NEEDED = 'AAL2 session is required to update email or password when MFA is enabled.';

describe.each(ENGINES)('changing an account with a second factor on %s', (engine) => {
  let test: TestDatabase;
  let app: Hono;
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const nextStep = () => {
    offsetMs += TOTP_PERIOD_SECONDS * 1000;
  };
  const { client, member, signedIn, token, enrolled } = mfaHarness(() => app, now);

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    app = testApp({ db: test.db, now });
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('refuses a password, an email and a first name from an aal1 session of a clinical account, and changes nothing', async () => {
    const clinician = await member();
    await setStandInRole(test.db, clinician.email, 'clinical', now());
    await enrolled(clinician.auth);
    const before = await getJson<{ user_metadata: unknown; updated_at: string }>(app, '/auth/v1/user', withToken(await token(clinician.auth)));

    const thief = await signedIn(clinician.email);
    expect((await thief.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    for (const attributes of [{ password: 'the-thief-chose-this-1' }, { email: 'thief@example.org' }, { password: PASSWORD }]) {
      const { data, error } = await thief.auth.updateUser(attributes);
      expect(error, JSON.stringify(attributes)).toMatchObject({ status: 401, code: 'insufficient_aal', message: AAL2_NEEDED });
      expect(data.user).toBeNull();
    }
    const named = await thief.auth.updateUser({ data: { first_name: 'Mallory' } });
    expect(named.error).toMatchObject({ status: 401, code: 'insufficient_aal', message: 'AAL2 session is required to update user metadata when MFA is enabled.' });

    // Nothing changed: his password still signs in, his session goes on, his name and record are as they were.
    expect((await clinician.auth.getUser()).error).toBeNull();
    await signedIn(clinician.email);
    const after = await getJson<{ user_metadata: unknown; updated_at: string; email: string }>(app, '/auth/v1/user', withToken(await token(clinician.auth)));
    expect(after.body).toMatchObject({ email: clinician.email, user_metadata: before.body.user_metadata, updated_at: before.body.updated_at });
  });

  it('lets the same session change them once it has given a code, and an account with no authenticator at aal1', async () => {
    const staff = await member();
    await setStandInRole(test.db, staff.email, 'admin', now());
    const { factorId, secret } = await enrolled(staff.auth);
    const later = await signedIn(staff.email);
    nextStep();
    expect((await later.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret, now()) })).error).toBeNull();
    const named = await later.auth.updateUser({ data: { first_name: 'Priya' } });
    expect(named.error).toBeNull();
    expect(named.data.user!.user_metadata).toMatchObject({ first_name: 'Priya' });
    const changed = await later.auth.updateUser({ password: 'a-new-password-for-him-1' });
    expect(changed.error).toBeNull();
    expect((await client().auth.signInWithPassword({ email: staff.email, password: 'a-new-password-for-him-1' })).error).toBeNull();

    const plain = await member();
    expect((await plain.auth.updateUser({ data: { first_name: 'Sam' } })).error).toBeNull();
    expect((await plain.auth.updateUser({ password: 'another-password-here-1' })).error).toBeNull();
  });

  it('asks a reset link\'s session for the code before the new password is taken', async () => {
    const clinician = await member();
    const { factorId, secret } = await enrolled(clinician.auth);
    await postAuth(app, '/recover', { email: clinician.email }, {}, newAddress());
    const mail = await waitForMail(test.db, clinician.email, /reset/i);
    const tokenHash = new URL(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)![0]).searchParams.get('token')!;
    const reset = client();
    expect((await reset.auth.verifyOtp({ type: 'recovery', token_hash: tokenHash })).error).toBeNull();
    expect((await reset.auth.updateUser({ password: 'chosen-after-reset-1' })).error).toMatchObject({ status: 401, code: 'insufficient_aal' });
    nextStep();
    expect((await reset.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret, now()) })).error).toBeNull();
    expect((await reset.auth.updateUser({ password: 'chosen-after-reset-1' })).error).toBeNull();
  });

  it('still refuses a change of email at aal2 as unsupported here', async () => {
    const { auth } = await member();
    await enrolled(auth);
    const answer = await getJson(app, '/auth/v1/user', withToken(await token(auth), { method: 'PUT', body: JSON.stringify({ email: 'new@example.org' }) }));
    expect(answer).toMatchObject({ status: 422, body: { code: 'validation_failed' } });
  });
});
