/** Request bodies and redirects of the /auth/v1 routes. */
import type { Context } from 'hono';
import { AuthApiError } from './auth-error';
import { BAD_TEXT_MESSAGE, findBadText, MAX_JSON_DEPTH, parseJson, tooDeepMessage } from '../../platform/http/text-rules';
import type { SessionJson } from './session-tokens';

/** The largest body /auth/v1 reads; the routes' body limit refuses larger ones before reading them. */
export const MAX_BODY_BYTES = 16_384;

/** The JSON object a request carries, nested at most MAX_JSON_DEPTH deep; 400 for anything else. */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  const parsed = text === '' ? { ok: true as const, value: {} } : parseJson(text);
  if (!parsed.ok) {
    throw new AuthApiError(400, 'bad_json', parsed.problem === 'too_deep' ? tooDeepMessage(MAX_JSON_DEPTH) : 'Could not parse request body as JSON');
  }
  const body = parsed.value;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AuthApiError(400, 'bad_json', 'Request body must be a JSON object');
  }
  // The site's one text rule (server/platform/http/text-rules.ts), in GoTrue's error shape.
  const bad = findBadText(body);
  if (bad) throw new AuthApiError(422, 'validation_failed', `${bad} ${BAD_TEXT_MESSAGE}`);
  return body as Record<string, unknown>;
}

/**
 * Where an email link may send the member: a path or a URL on the site's
 * own origin; anything else becomes the home page, so the server is never
 * an open redirect.
 */
export function safeRedirect(requested: string | undefined, origin: string): string {
  if (!requested) return `${origin}/`;
  try {
    const url = new URL(requested, origin);
    return url.origin === origin ? url.toString() : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

export function sessionFragment(session: SessionJson, type: string): string {
  return new URLSearchParams({
    access_token: session.access_token,
    token_type: session.token_type,
    expires_in: String(session.expires_in),
    expires_at: String(session.expires_at),
    refresh_token: session.refresh_token,
    type,
  }).toString();
}

export function authFailureRedirect(redirectTo: string): string {
  const fragment = new URLSearchParams({
    error: 'access_denied',
    error_code: 'otp_expired',
    error_description: 'Email link is invalid or has expired',
  });
  return `${redirectTo.split('#')[0]}#${fragment}`;
}

/** GET /settings as GoTrue answers it: email sign-in only, and whether new addresses are confirmed at once. */
export function authSettingsJson(requireEmailConfirmation: boolean) {
  const providers = ['anonymous_users', 'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'github', 'gitlab', 'google', 'keycloak', 'kakao', 'linkedin_oidc', 'notion', 'phone', 'slack_oidc', 'spotify', 'twitch', 'twitter', 'workos', 'zoom'];
  return {
    external: { ...Object.fromEntries(providers.map((p) => [p, false])), email: true },
    disable_signup: false,
    mailer_autoconfirm: !requireEmailConfirmation,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}
