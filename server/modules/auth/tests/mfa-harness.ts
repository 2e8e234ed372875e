/**
 * supabase-js's auth client as the site builds it (@supabase/auth-js), its
 * requests answered by the app in process from one address: for the tests
 * of the second factor and what it guards.
 */
import { AuthClient, type GoTrueClient } from '@supabase/auth-js';
import { decodeJwt } from 'jose';
import type { Hono } from 'hono';
import { expect } from 'vitest';
import { fromAddress, newAddress } from '../../../../tests/fixtures/app';
import { signUp, uniqueEmail } from '../../../../tests/fixtures/members';
import { totpCode } from '../totp';

export const PASSWORD = 'second-factor-please-1';

export function mfaHarness(app: () => Hono, now: () => Date) {
  function client(address = newAddress()) {
    const auth = new AuthClient({
      url: 'http://localhost/auth/v1',
      headers: { Authorization: 'Bearer anon-key', apikey: 'anon-key' },
      persistSession: false,
      autoRefreshToken: false,
      fetch: (input, init) => Promise.resolve(app().request(input instanceof Request ? input : String(input), init, fromAddress(address))),
    });
    return { auth, address };
  }

  /** A new account signed in with its password (aal1). */
  async function member(email = uniqueEmail('mfa')) {
    await signUp(app(), email, PASSWORD);
    const c = client();
    const { error } = await c.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    return { ...c, email };
  }

  /** Another session of the same account, from another address. */
  async function signedIn(email: string, address = newAddress()) {
    const c = client(address);
    const { error } = await c.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    return c;
  }

  const token = async (auth: GoTrueClient) => (await auth.getSession()).data.session!.access_token;
  const claims = async (auth: GoTrueClient) => decodeJwt(await token(auth));

  /** Enrols and confirms an authenticator app (the session is then aal2); its secret, as the app would keep it. */
  async function enrolled(auth: GoTrueClient, friendlyName = 'Phone') {
    const { data, error } = await auth.mfa.enroll({ factorType: 'totp', friendlyName });
    expect(error).toBeNull();
    const { error: verifyError } = await auth.mfa.challengeAndVerify({ factorId: data!.id, code: totpCode(data!.totp.secret, now()) });
    expect(verifyError).toBeNull();
    return { factorId: data!.id, secret: data!.totp.secret };
  }

  return { client, member, signedIn, token, claims, enrolled };
}
