/**
 * Errors of the /auth/v1 stand-in, in Supabase Auth's shape: a 4xx status
 * with `{ code, message }`
 * (https://supabase.com/docs/guides/auth/debugging/error-codes). supabase-js
 * shows `message` and branches on `code`, so both follow GoTrue's wording and
 * codes.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class AuthApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Seconds until a throttled request may be tried again (Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'AuthApiError';
  }

  get body(): Record<string, unknown> {
    return { code: this.code, message: this.message, ...this.extra };
  }
}

export const invalidCredentials = () => new AuthApiError(400, 'invalid_credentials', 'Invalid login credentials');
export const validationFailed = (message: string) => new AuthApiError(400, 'validation_failed', message);
export const noAuthorization = () =>
  new AuthApiError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
export const badJwt = () => new AuthApiError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature');
export const sessionNotFound = () =>
  new AuthApiError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
export const refreshTokenNotFound = () =>
  new AuthApiError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
export const refreshTokenReused = () =>
  new AuthApiError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');

/** Whole minutes, at least one, for a throttling message. */
export function tooManyAttempts(code: string, seconds: number, what: string): AuthApiError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const wait = seconds < 60 ? `${Math.ceil(seconds)} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AuthApiError(429, code, `${what} Please try again in ${wait}.`, {}, Math.ceil(seconds));
}
