/**
 * Wrong second-factor codes limit the guesser, not the account
 * (docs/rules.md#second-factor): a session that tries five wrong codes
 * ends, so whoever holds the password must sign in again; his address may
 * try five at that account per quarter hour, however many sessions it
 * opens; and the real user, in his own session from his own address, is
 * not held up by any of it.
 */
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, newAddress, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { withToken } from '../../../../tests/fixtures/members';
import { SESSION_ENDED } from '../mfa-guesses';
import { TOTP_PERIOD_SECONDS, totpCode } from '../totp';
import { mfaHarness } from './mfa-harness';

describe.each(ENGINES)('wrong second-factor codes on %s', (engine) => {
  let test: TestDatabase;
  let app: Hono;
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const nextStep = () => {
    offsetMs += TOTP_PERIOD_SECONDS * 1000;
  };
  const { member, signedIn, token, enrolled } = mfaHarness(() => app, now);

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    app = testApp({ db: test.db, now });
  });
  afterAll(async () => {
    await test?.dispose();
  });

  const wrongFor = (secret: string) => (totpCode(secret, now()) === '000000' ? '111111' : '000000');

  it('ends a session at its fifth wrong code, holds its address at that account, and lets the real user in from his own', async () => {
    const owner = await member();
    const { factorId, secret } = await enrolled(owner.auth);
    const guessAddress = newAddress();
    const guesser = await signedIn(owner.email, guessAddress);
    for (let i = 0; i < 4; i += 1) {
      expect((await guesser.auth.mfa.challengeAndVerify({ factorId, code: wrongFor(secret) })).error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    }
    const fifth = await guesser.auth.mfa.challengeAndVerify({ factorId, code: wrongFor(secret) });
    expect(fifth.error).toMatchObject({ status: 429, code: 'over_request_rate_limit', message: SESSION_ENDED });
    const ended = await getJson(app, '/auth/v1/user', withToken(await token(guesser.auth)));
    expect(ended).toMatchObject({ status: 403, body: { code: 'session_not_found' } });

    // He signs in again from the same address: that address has used its codes at this account, even the right one waits.
    const again = await signedIn(owner.email, guessAddress);
    nextStep();
    const held = await again.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret, now()) });
    expect(held.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });

    // The real user, signing in anew from his own address, gives his code at once.
    const real = await signedIn(owner.email);
    const verified = await real.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret, now()) });
    expect(verified.error).toBeNull();
    expect((await real.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal2' });
  });

  it('gives the real user his code after wrong ones from another session of his and a few of his own', async () => {
    const owner = await member();
    const { factorId, secret } = await enrolled(owner.auth);
    const guesser = await signedIn(owner.email);
    for (let i = 0; i < 3; i += 1) await guesser.auth.mfa.challengeAndVerify({ factorId, code: wrongFor(secret) });
    const real = await signedIn(owner.email);
    for (let i = 0; i < 4; i += 1) {
      expect((await real.auth.mfa.challengeAndVerify({ factorId, code: wrongFor(secret) })).error).toMatchObject({ code: 'mfa_verification_failed' });
    }
    nextStep();
    expect((await real.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret, now()) })).error).toBeNull();
  });

  it('refuses all but four of ten wrong codes of one session sent at once, and ends it', async () => {
    const owner = await member();
    const { factorId, secret } = await enrolled(owner.auth);
    const address = newAddress();
    const guesser = await signedIn(owner.email, address);
    const bearer = await token(guesser.auth);
    const challenges = await Promise.all(
      Array.from({ length: 10 }, () => getJson<{ id: string }>(app, `/auth/v1/factors/${factorId}/challenge`, withToken(bearer, { method: 'POST', body: '{}' }), address)),
    );
    const answers = await Promise.all(
      challenges.map((c) =>
        getJson<{ code: string }>(
          app,
          `/auth/v1/factors/${factorId}/verify`,
          withToken(bearer, { method: 'POST', body: JSON.stringify({ challenge_id: c.body.id, code: wrongFor(secret) }) }),
          address,
        ),
      ),
    );
    // Those past five are refused unchecked; the one that made five, and any later, are told the session ended (or find it gone).
    expect(answers.filter((a) => a.status === 422).length).toBeLessThanOrEqual(4);
    expect(answers.every((a) => [422, 429, 403].includes(a.status))).toBe(true);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(1);
    expect((await getJson(app, '/auth/v1/user', withToken(bearer))).status).toBe(403);
  });
});
