/**
 * The local stand-ins under /dev (the mail outbox, generated tiles, and
 * later the PayPal sandbox) are mounted here and nowhere else, so the one
 * rule that keeps them out of production cannot be forgotten by the next
 * stand-in: with NODE_ENV=production none is mounted, whatever the other
 * settings say, and every /dev path answers 404 (never the site's page).
 */
import type { Hono } from 'hono';
import type { Env } from '../platform/env';
import { ApiError } from '../platform/http/errors';

export interface DevStandIn {
  /** Mounted at /dev/{name}. */
  name: string;
  /** Whether its production counterpart is unset, so the stand-in is in use. */
  inUse: boolean;
  routes: () => Hono;
}

export const DEV_PREFIX = '/dev';

export function mountDevStandIns(app: Hono, nodeEnv: Env['nodeEnv'], standIns: readonly DevStandIn[]): string[] {
  const mounted: string[] = [];
  if (nodeEnv !== 'production') {
    for (const standIn of standIns) {
      if (!standIn.inUse) continue;
      app.route(`${DEV_PREFIX}/${standIn.name}`, standIn.routes());
      mounted.push(standIn.name);
    }
  }
  app.all(`${DEV_PREFIX}/*`, () => {
    throw new ApiError(404, 'not_found', 'Not found');
  });
  app.all(DEV_PREFIX, () => {
    throw new ApiError(404, 'not_found', 'Not found');
  });
  return mounted;
}
