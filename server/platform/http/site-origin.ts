/**
 * The origin put into emailed links and token issuers. A request's Host
 * header is the sender's to choose, so a link built from it could point a
 * member's reset token at any site. SITE_URL is used whenever it is set,
 * and always in production (where it is required); otherwise the request's
 * own origin is used only when its host is in ALLOWED_HOSTS.
 */
import type { Context } from 'hono';
import type { Env } from '../env';
import { ApiError } from './errors';

export type SiteOriginEnv = Pick<Env, 'siteUrl' | 'nodeEnv' | 'allowedHosts'>;

/** The origin, or null when the request's host may not be used. */
export function siteOrigin(c: Context, env: SiteOriginEnv): string | null {
  if (env.siteUrl) return new URL(env.siteUrl).origin;
  if (env.nodeEnv === 'production') return null;
  const url = new URL(c.req.url);
  const host = url.host.toLowerCase();
  return env.allowedHosts.includes(host) || env.allowedHosts.includes(url.hostname.toLowerCase()) ? url.origin : null;
}

/** The origin for links a staff or API route sends, or 400 host_not_allowed when the request's host may not be used. */
export function requireSiteOrigin(c: Context, env: SiteOriginEnv): string {
  const found = siteOrigin(c, env);
  if (!found) throw new ApiError(400, 'host_not_allowed', 'This host is not accepted for links: set SITE_URL, or add it to ALLOWED_HOSTS.');
  return found;
}
