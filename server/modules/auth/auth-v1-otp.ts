/**
 * POST /verify and POST /resend, as supabase-js's verifyOtp and resend
 * call them: a link's token (sent as token_hash) or the email and its
 * 6-digit code, answered with a session; and a new confirmation email,
 * answered {} whether or not the address is registered.
 */
import type { Context, Hono } from 'hono';
import { AuthApiError, validationFailed } from './auth-error';
import type { AuthService } from './auth-service';
import type { RequestOrigin } from './session-tokens';
import type { LinkKind } from './links';
import { readBody, safeRedirect } from './auth-v1-input';

// GoTrue's types: 'email' and 'signup' confirm an address; 'recovery' resets a password.
const KINDS: Record<string, LinkKind> = { email: 'signup', signup: 'signup', recovery: 'recovery' };
const CODE = /^\d{6}$/;

export interface OtpRouteHelpers {
  requestOrigin: (c: Context) => RequestOrigin;
  email: (value: unknown) => string;
}

export function otpRoutes(app: Hono, auth: AuthService, { requestOrigin, email }: OtpRouteHelpers): void {
  app.post('/verify', async (c) => {
    const body = await readBody(c);
    const kind = typeof body.type === 'string' ? KINDS[body.type] : undefined;
    if (!kind) throw validationFailed('Verify requires a type of signup, email or recovery');
    const at = requestOrigin(c);
    if (typeof body.token_hash === 'string' && body.token_hash !== '') {
      if (body.token_hash.length > 200) throw new AuthApiError(403, 'otp_expired', 'Token has expired or is invalid');
      return c.json(await auth.verifyOtp(kind, { tokenHash: body.token_hash }, at));
    }
    if (typeof body.token !== 'string' || !CODE.test(body.token)) throw validationFailed('Verify requires a token_hash, or an email and a 6-digit token');
    return c.json(await auth.verifyOtp(kind, { email: email(body.email), code: body.token }, at));
  });

  app.post('/resend', async (c) => {
    const body = await readBody(c);
    if (body.type !== 'signup') throw validationFailed('Only type signup can be resent here');
    const at = requestOrigin(c);
    const redirectTo = safeRedirect(c.req.query('redirect_to') ?? (typeof body.email_redirect_to === 'string' ? body.email_redirect_to : undefined), at.origin);
    await auth.resendConfirmation(email(body.email), redirectTo, at);
    return c.json({});
  });
}
