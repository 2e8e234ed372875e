/**
 * The access tokens the scale reads are made with, got as the site's own
 * pages get them (POST /auth/v1/token, then the factor routes), once per
 * database: a token from one process is good on the others, which share
 * the database and the signing secret.
 *
 * Staff: the demo admin (SEED_DEMO) signs in with its password, then its
 * second factor raises the session to aal2 (docs/rules.md#second-factor).
 * Outside production the account comes with an authenticator whose key is
 * DEMO_STAFF_TOTP_SECRET; in production (how the bench runs servers) it
 * has none, so, as an admin's first sign-in does, an authenticator is
 * enrolled and its first code confirms it.
 */
import { Secret, TOTP } from 'otpauth';
import { DEMO_STAFF } from './page-weight.ts';

export interface StaffToken {
  token: string;
  /** 'demo': the seeded authenticator; 'enrolled': one added at this sign-in. */
  factor: 'demo' | 'enrolled';
}

async function post<T>(baseUrl: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

interface Session {
  access_token: string;
  user: { factors?: { id: string; status: string; factor_type: string }[] };
}

export const signInBody = (email: string, password: string) => ({ email, password });
export const SIGN_IN_PATH = '/auth/v1/token?grant_type=password';

export async function memberToken(baseUrl: string, email: string, password: string): Promise<string> {
  return (await post<Session>(baseUrl, SIGN_IN_PATH, signInBody(email, password))).access_token;
}

const codeOf = (secret: string) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();

export async function staffToken(baseUrl: string): Promise<StaffToken> {
  const first = await post<Session>(baseUrl, SIGN_IN_PATH, signInBody(DEMO_STAFF.email, DEMO_STAFF.password));
  const verified = first.user.factors?.find((f) => f.factor_type === 'totp' && f.status === 'verified');
  let factorId: string;
  let secret: string;
  if (verified) {
    factorId = verified.id;
    secret = DEMO_STAFF.totpSecret;
  } else {
    const enrolled = await post<{ id: string; totp: { secret: string } }>(
      baseUrl,
      '/auth/v1/factors',
      { factor_type: 'totp', friendly_name: 'Bench authenticator' },
      first.access_token,
    );
    factorId = enrolled.id;
    secret = enrolled.totp.secret;
  }
  const challenge = await post<{ id: string }>(baseUrl, `/auth/v1/factors/${factorId}/challenge`, {}, first.access_token);
  const raised = await post<Session>(
    baseUrl,
    `/auth/v1/factors/${factorId}/verify`,
    { challenge_id: challenge.id, code: codeOf(secret) },
    first.access_token,
  );
  return { token: raised.access_token, factor: verified ? 'demo' : 'enrolled' };
}
