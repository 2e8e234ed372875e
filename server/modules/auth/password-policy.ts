/**
 * What a new password must be: at least MIN_PASSWORD_LENGTH characters
 * (the message of docs/rules.md#passwords, as GoTrue words it), not one of the
 * ~49,000 most common passwords from breach corpora, and not the member's own
 * email address (or its local part). The list is @zxcvbn-ts/language-common's,
 * a maintained package, compared case-insensitively; it is read on first use,
 * not at start. Errors are GoTrue's weak_password with its reasons.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { AuthApiError } from './auth-error';
import { MIN_PASSWORD_LENGTH } from './passwords';

let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())));

const weak = (message: string, reason: string) =>
  new AuthApiError(422, 'weak_password', message, { weak_password: { reasons: [reason] } });

/** Throws weak_password when `password` may not be chosen by the owner of `email`. */
export function checkNewPassword(password: string, email: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw weak(`Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, 'length');
  }
  const lower = password.toLowerCase();
  const address = email.toLowerCase();
  if (lower === address || lower === address.split('@')[0]) {
    throw weak('Password should not be your email address.', 'characters');
  }
  if (commonPasswords().has(lower)) {
    throw weak('Password is known to be weak and easy to guess, please choose a different one.', 'pwned');
  }
}
