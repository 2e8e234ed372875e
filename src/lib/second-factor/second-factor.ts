/**
 * The second factor through the auth client's own MFA calls
 * (docs/rules.md#second-factor): the verified authenticator app to ask a
 * code of, a code confirmed (the session becomes aal2 and the client
 * announces MFA_CHALLENGE_VERIFIED), and adding or removing an app. The
 * server decides; these only carry his answers to it.
 */
import { getSupabase } from '../supabase';

// Read by shape, not with auth-js's isAuthApiError: importing the package here would load it with the page (src/lib/supabase.ts).
const authCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
/** A refusal (4xx) has words for him; anything else is a connection or server trouble. */
const isRefusal = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' && error.status >= 400 && error.status < 500;

/** What an authenticator app shows: six digits, every 30 seconds. */
export const CODE_PATTERN = /^\d{6}$/;

/** The code as typed, with the spaces some apps show in the middle taken out. */
export const cleanCode = (typed: string) => typed.replace(/\s+/g, '');

/** Plain words for what the server says about a code. */
function codeFailure(error: unknown): string {
  const code = authCode(error);
  if (code === 'mfa_verification_failed') {
    return 'That code is not right, or it has been used already. Enter the code your authenticator app shows now.';
  }
  if (code === 'mfa_challenge_expired') return 'That took too long. Enter the code your authenticator app shows now.';
  if (isRefusal(error) && error instanceof Error) return error.message;
  return 'Could not reach the server. Check your connection and try again.';
}

/** His confirmed authenticator app, or null when he has none. */
export async function verifiedFactorId(): Promise<string | null> {
  const { auth } = await getSupabase();
  const { data, error } = await auth.mfa.listFactors();
  if (error) throw error;
  return data.totp[0]?.id ?? null;
}

/** Confirms a code; null when the session is now at aal2, else what to tell him. */
export async function confirmCode(factorId: string, code: string): Promise<string | null> {
  try {
    const { auth } = await getSupabase();
    const { error } = await auth.mfa.challengeAndVerify({ factorId, code });
    return error ? codeFailure(error) : null;
  } catch (error) {
    return codeFailure(error);
  }
}

export interface Enrolment {
  factorId: string;
  /** The otpauth:// address the QR code carries. */
  uri: string;
  /** The same secret as text, for typing into the app. */
  secret: string;
}

/** Starts adding an authenticator app, after dropping any half-done one (its name would be taken). */
export async function startEnrolment(friendlyName: string): Promise<Enrolment> {
  const { auth } = await getSupabase();
  const listed = await auth.mfa.listFactors();
  if (listed.error) throw listed.error;
  for (const factor of listed.data.all) {
    if (factor.status !== 'verified') await auth.mfa.unenroll({ factorId: factor.id });
  }
  // The name his authenticator app shows beside the codes.
  const { data, error } = await auth.mfa.enroll({ factorType: 'totp', friendlyName, issuer: 'CHAPS' });
  if (error) throw error;
  return { factorId: data.id, uri: data.totp.uri, secret: data.totp.secret };
}

/** Removes an authenticator app; null when done, else what to tell him. */
export async function removeFactor(factorId: string): Promise<string | null> {
  const { auth } = await getSupabase();
  const { error } = await auth.mfa.unenroll({ factorId });
  if (!error) return null;
  if (authCode(error) === 'insufficient_aal') {
    return 'To remove your authenticator app, sign out and sign in again with its code first.';
  }
  return error.message;
}

/**
 * Right after a password sign-in: the authenticator app to ask a code of
 * when he has one and the session is not yet at aal2, else null. Read from
 * the session the client already holds, with no request.
 */
export async function factorToAskFor(): Promise<string | null> {
  const { auth } = await getSupabase();
  const { data, error } = await auth.mfa.getAuthenticatorAssuranceLevel();
  if (error || data.nextLevel !== 'aal2' || data.currentLevel === 'aal2') return null;
  const { data: session } = await auth.getSession();
  return session.session?.user.factors?.find((f) => f.status === 'verified' && f.factor_type === 'totp')?.id ?? null;
}

/** His confirmed authenticator app with when it was added, or null. */
export async function verifiedFactor(): Promise<{ id: string; addedAt: Date } | null> {
  const { auth } = await getSupabase();
  const { data, error } = await auth.mfa.listFactors();
  if (error) throw error;
  const factor = data.totp[0];
  return factor ? { id: factor.id, addedAt: new Date(factor.created_at) } : null;
}
