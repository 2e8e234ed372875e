/**
 * TOTP for the second factor (RFC 6238 with the `otpauth` package):
 * SHA-1, six digits, 30-second steps, a code of the step before or after
 * accepted for a clock that is a little out (as Supabase Auth: skew 1).
 * The secret is kept only encrypted: AES-256-GCM under a key derived by
 * HKDF from the auth signing secret, the factor's id bound in as
 * associated data so a secret copied onto another factor's row does not
 * open (docs/rules.md#second-factor).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
const WINDOW = 1;
const VERSION = 'v1';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

const totpOf = (base32: string, issuer = '', label = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(base32) });

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(base32: string, issuer: string, account: string): string {
  return totpOf(base32, issuer, account).toString();
}

/** The time step `now` falls in. */
export const currentStep = (now: Date) => TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now.getTime() });

/** The time step a code belongs to when it is right at `now` (within the window), else null. */
export function acceptedStep(base32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = now.getTime();
  const delta = totpOf(base32).validate({ token: code, timestamp, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp }) + delta;
}

/** The code for `now` (the demo tooling and tests compute codes as an authenticator app does). */
export function totpCode(base32: string, now: Date): string {
  return totpOf(base32).generate({ timestamp: now.getTime() });
}

const keyOf = (signingSecret: string) => Buffer.from(hkdfSync('sha256', signingSecret, 'chaps-auth-mfa', 'totp-secret', 32));

export function sealSecret(signingSecret: string, factorId: string, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(signingSecret), iv);
  cipher.setAAD(Buffer.from(factorId));
  const sealed = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

/** The secret, or null when it cannot be opened (another signing secret, or a row tampered with). */
export function openSecret(signingSecret: string, factorId: string, stored: string): string | null {
  const [version, body] = stored.split(':');
  if (version !== VERSION || !body) return null;
  const bytes = Buffer.from(body, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(signingSecret), bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(factorId));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
