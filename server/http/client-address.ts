/**
 * The peer's network address, for throttles. Null when the app runs
 * in-process (tests), where every request then shares one throttle key.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

export function clientAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}
