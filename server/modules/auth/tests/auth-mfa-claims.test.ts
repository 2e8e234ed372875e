/**
 * What the second factor leaves in the token and the user object, as
 * Supabase Auth shapes them (its models/sessions.go and models/factor.go):
 * `amr` holds one entry per method, its latest time, most recent first,
 * however many codes are given; a factor carries `phone: ""`; and a
 * factor id that is no UUID is 404 validation_failed, as GoTrue's
 * loadFactor answers it, before anything else of the request is read.
 */
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { withToken } from '../../../../tests/fixtures/members';
import { TOTP_PERIOD_SECONDS, totpCode } from '../totp';
import { mfaHarness } from './mfa-harness';

interface Amr {
  method: string;
  timestamp: number;
}

describe.each(ENGINES)('the second factor in claims and factors on %s', (engine) => {
  let test: TestDatabase;
  let app: Hono;
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const { member, signedIn, token, claims, enrolled } = mfaHarness(() => app, now);

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    app = testApp({ db: test.db, now });
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('keeps one amr entry per method, most recent first, with the time of the latest code', async () => {
    const { auth, email } = await member();
    const signedInAt = Math.floor(now().getTime() / 1000);
    const { factorId, secret } = await enrolled(auth);
    const first = (await claims(auth)).amr as Amr[];
    expect(first.map((e) => e.method)).toEqual(['totp', 'password']);
    expect(first[0]!.timestamp).toBeGreaterThanOrEqual(first[1]!.timestamp);
    expect(Math.abs(first[1]!.timestamp - signedInAt)).toBeLessThan(3);

    // A later code in the same session moves the totp entry's time on; it does not add one.
    offsetMs += 10 * TOTP_PERIOD_SECONDS * 1000;
    expect((await auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret, now()) })).error).toBeNull();
    const second = (await claims(auth)).amr as Amr[];
    expect(second.map((e) => e.method)).toEqual(['totp', 'password']);
    expect(second[0]!.timestamp).toBeGreaterThanOrEqual(first[0]!.timestamp + 10 * TOTP_PERIOD_SECONDS - 1);
    expect(second[1]).toEqual(first[1]);
    // And a refresh keeps it so.
    const refreshed = await auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(((await claims(auth)).amr as Amr[]).map((e) => e.method)).toEqual(['totp', 'password']);

    // Another session of his, at aal1, says password alone.
    const other = await signedIn(email);
    expect(((await claims(other.auth)).amr as Amr[]).map((e) => e.method)).toEqual(['password']);
  });

  it('lists each factor with phone "" in the user object, as GoTrue does', async () => {
    const { auth } = await member();
    const { factorId } = await enrolled(auth);
    const user = await getJson<{ factors: Record<string, unknown>[] }>(app, '/auth/v1/user', withToken(await token(auth)));
    expect(user.body.factors).toEqual([expect.objectContaining({ id: factorId, factor_type: 'totp', status: 'verified', phone: '' })]);
    expect((await auth.mfa.listFactors()).data!.all[0]).toMatchObject({ phone: '' });
  });

  it('answers a factor id that is no UUID 404 validation_failed on every factor route, whatever the body', async () => {
    const { auth } = await member();
    const bearer = await token(auth);
    for (const [method, path, body] of [
      ['POST', '/auth/v1/factors/not-a-uuid/challenge', {}],
      ['POST', '/auth/v1/factors/not-a-uuid/verify', {}],
      ['POST', '/auth/v1/factors/not-a-uuid/verify', { challenge_id: 'x', code: '' }],
      ['DELETE', '/auth/v1/factors/not-a-uuid', undefined],
    ] as const) {
      const answer = await getJson(app, path, withToken(bearer, { method, ...(body ? { body: JSON.stringify(body) } : {}) }));
      expect(answer, `${method} ${path}`).toMatchObject({ status: 404, body: { code: 'validation_failed', message: 'factor_id must be an UUID' } });
    }
    expect((await auth.mfa.challenge({ factorId: 'not-a-uuid' })).error).toMatchObject({ status: 404, code: 'validation_failed' });
    // A UUID that is no factor of his stays mfa_factor_not_found.
    expect((await auth.mfa.challenge({ factorId: '00000000-0000-4000-8000-000000000000' })).error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
  });
});
