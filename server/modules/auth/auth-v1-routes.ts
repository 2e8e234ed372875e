/**
 * /auth/v1: the endpoints supabase-js calls, with Supabase Auth's request
 * and response shapes docs/decisions/0006-auth-stand-in.md, so the site can
 * later point at a hosted project by configuration alone. Rules live in
 * server/modules/auth/auth-service.ts.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AuthApiError, validationFailed } from './auth-error';
import { admissionGate, gated, PASSWORD_GATE, refusal, type GateLimits } from './password-gate';
import type { AuthService } from './auth-service';
import type { RequestOrigin } from './session-tokens';
import { MAX_PASSWORD_BYTES } from './passwords';
import type { Env } from '../../platform/env';
import { clientAddress } from '../../platform/http/client-address';
import { siteOrigin, type SiteOriginEnv } from '../../platform/http/site-origin';
import { clientWentAway, CLIENT_WENT_AWAY } from '../../platform/http/unread-body';
import type { Logger } from '../../platform/logger';
import { otpRoutes } from './auth-v1-otp';
import { mfaRoutes } from './auth-v1-mfa';
import { authFailureRedirect, authSettingsJson, MAX_BODY_BYTES, readBody, safeRedirect, sessionFragment } from './auth-v1-input';

export const API_VERSION = '2024-01-01';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL = 254;
const MAX_METADATA_BYTES = 4096;

export type AuthRoutesEnv = SiteOriginEnv & Pick<Env, 'trustProxy' | 'authRequireEmailConfirmation'>;

function requestOrigin(c: Context, env: AuthRoutesEnv): RequestOrigin {
  const origin = siteOrigin(c, env);
  if (!origin) {
    throw new AuthApiError(400, 'validation_failed', 'This host is not accepted: set SITE_URL, or add it to ALLOWED_HOSTS');
  }
  return { origin, ip: clientAddress(c, env.trustProxy) };
}

const bearer = (c: Context) => /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];

function email(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw validationFailed('An email address is required');
  const normalised = value.trim().toLowerCase();
  if (normalised.length > MAX_EMAIL || !EMAIL.test(normalised)) {
    throw validationFailed('Unable to validate email address: invalid format');
  }
  return normalised;
}

// Only presence and size here; what a new password must be is checked by the service (password-policy.ts).
function password(value: unknown): string {
  if (typeof value !== 'string' || value === '') throw validationFailed('A password is required');
  if (Buffer.byteLength(value) > MAX_PASSWORD_BYTES) {
    throw new AuthApiError(422, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  return value;
}

function metadata(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw validationFailed('data must be an object');
  if (JSON.stringify(value).length > MAX_METADATA_BYTES) throw validationFailed('data is too large');
  return value as Record<string, unknown>;
}

/** The requests that check or set a password: sign-up, and a sign-in with one (a refresh checks none). */
const checksPassword = (c: Context) =>
  c.req.method === 'POST' && (/\/signup$/.test(c.req.path) || (/\/token$/.test(c.req.path) && c.req.query('grant_type') === 'password'));

const SUPABASE_HEADERS = { 'X-Supabase-Api-Version': API_VERSION, 'Access-Control-Expose-Headers': 'X-Supabase-Api-Version' };

/**
 * Sign-ins and sign-ups past what the password pool can take, turned away
 * before anything is read (password-gate.ts). The app mounts this on
 * /auth/v1 ahead of every other layer, and before the body limit below,
 * which reads a chunked body whole.
 */
export function passwordAdmission(limits: GateLimits = PASSWORD_GATE): MiddlewareHandler {
  return gated(admissionGate(limits), checksPassword, refusal(SUPABASE_HEADERS));
}

export function authV1Routes(auth: AuthService, env: AuthRoutesEnv, logger: Logger): Hono {
  const requireEmailConfirmation = env.authRequireEmailConfirmation;
  const app = new Hono();

  app.use(async (c, next) => {
    // Set before the route runs, so that they go into its answer as it is made rather than into a copy of it afterwards.
    for (const [name, value] of Object.entries(SUPABASE_HEADERS)) c.header(name, value);
    c.header('Cache-Control', 'no-store');
    await next();
  });
  // Refused before the body is read, however it is sent (Content-Length or chunked).
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new AuthApiError(413, 'request_too_large', 'Request body is too large');
      },
    }),
  );

  app.post('/signup', async (c) => {
    const body = await readBody(c);
    const at = requestOrigin(c, env);
    const result = await auth.signUp(
      email(body.email),
      password(body.password),
      metadata(body.data),
      safeRedirect(c.req.query('redirect_to'), at.origin),
      at,
    );
    // As Supabase: a session when sign-up signs in at once, else the user alone.
    return c.json(result.session ?? result.user);
  });

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    const body = await readBody(c);
    const at = requestOrigin(c, env);
    if (grant === 'password') {
      return c.json(await auth.signInWithPassword(email(body.email), password(body.password), at));
    }
    if (grant === 'refresh_token') {
      if (typeof body.refresh_token !== 'string' || body.refresh_token === '' || body.refresh_token.length > 200) {
        throw validationFailed('A refresh_token is required');
      }
      return c.json(await auth.refresh(body.refresh_token, at));
    }
    throw new AuthApiError(400, 'unsupported_grant_type', 'Unsupported grant type');
  });

  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw validationFailed('scope must be global, local or others');
    }
    await auth.signOut(bearer(c), scope);
    return c.body(null, 204);
  });

  app.get('/user', async (c) => c.json(await auth.currentUser(bearer(c))));

  app.put('/user', async (c) => {
    const body = await readBody(c);
    // An email or phone is refused by the service, after it has checked the session's level as GoTrue does first.
    const changes = {
      ...(body.password !== undefined ? { password: password(body.password) } : {}),
      ...(body.data !== undefined ? { data: metadata(body.data) } : {}),
      ...(body.email !== undefined ? { email: body.email } : {}),
      ...(body.phone !== undefined ? { phone: body.phone } : {}),
    };
    return c.json(await auth.updateUser(bearer(c), changes));
  });

  app.post('/recover', async (c) => {
    const body = await readBody(c);
    const at = requestOrigin(c, env);
    await auth.recover(email(body.email), safeRedirect(c.req.query('redirect_to'), at.origin), at);
    return c.json({});
  });

  app.get('/verify', async (c) => {
    const at = requestOrigin(c, env);
    const redirectTo = safeRedirect(c.req.query('redirect_to'), at.origin);
    const type = c.req.query('type');
    const token = c.req.query('token') ?? '';
    if ((type !== 'recovery' && type !== 'signup') || token === '' || token.length > 200) {
      return c.redirect(authFailureRedirect(redirectTo), 303);
    }
    const session = await auth.verifyLink(token, type, at);
    if (!session) return c.redirect(authFailureRedirect(redirectTo), 303);
    return c.redirect(`${redirectTo.split('#')[0]}#${sessionFragment(session, type)}`, 303);
  });

  // The ES256 public key, so clients verify tokens themselves (supabase-js getClaims()).
  app.get('/.well-known/jwks.json', async (c) => {
    return c.json({ keys: [(await auth.getKeys()).publicJwk] });
  });

  otpRoutes(app, auth, { requestOrigin: (c) => requestOrigin(c, env), email });
  mfaRoutes(app, auth, { requestOrigin: (c) => requestOrigin(c, env), bearer });
  app.get('/settings', (c) => c.json(authSettingsJson(requireEmailConfirmation)));

  // A mounted app's notFound is not used by its parent, so the catch-all is a route: every answer here carries a code.
  app.all('*', (c) => c.json({ code: 'not_found', message: `No auth route ${c.req.method} ${c.req.path}` }, 404));
  app.onError((error, c) => {
    if (error instanceof AuthApiError) {
      if (error.retryAfter !== undefined) c.header('Retry-After', String(error.retryAfter));
      return c.json(error.body, error.status);
    }
    if (clientWentAway(c, error)) {
      logger.info(`${c.req.method} ${c.req.path}: ${CLIENT_WENT_AWAY}`);
      return c.json({ code: 'bad_json', message: 'The request ended before its body was complete.' }, 400);
    }
    logger.error(`${c.req.method} ${c.req.path} failed`, error);
    return c.json({ code: 'unexpected_failure', message: 'Something went wrong on our side. Please try again.' }, 500);
  });
  return app;
}
