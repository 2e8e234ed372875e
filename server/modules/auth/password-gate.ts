/**
 * Admission to the routes that check or set a password (sign-in, sign-up),
 * decided before a request's body is read or the database is touched.
 *
 * The password pool checks PASSWORD_THREADS passwords at a time, so more
 * sign-ins in progress than that only move their database work (throttle
 * counts, the account lookup) forward and keep it waiting: on PGlite every
 * query runs on the main thread, and 200 sign-ins arriving together spent
 * most of a second of it in one stretch while /api/health waited. The gate
 * lets a few in at a time (enough to keep the pool busy), holds a bounded
 * line of the rest without reading them, and answers the excess 429 at
 * once. Each one admitted lets in the next as it finishes, so the database
 * work of a burst is spread over the burst and other requests run between.
 * Per process, as the pool is: each process has its own cores.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { PASSWORD_QUEUE_PER_THREAD, PASSWORD_THREADS, poolBusy } from './passwords';

export interface GateLimits {
  /** Requests being worked on at once. */
  active: number;
  /** Requests waiting, unread, for one of those places. */
  waiting: number;
}

/** Two per password thread keep each thread fed while the next one's lookups run. */
export const PASSWORD_GATE: GateLimits = { active: PASSWORD_THREADS * 2, waiting: PASSWORD_THREADS * PASSWORD_QUEUE_PER_THREAD };

export interface Gate {
  /** A release for the place taken, or null when every place and the line are full. */
  enter(): Promise<(() => void) | null>;
  readonly inside: number;
  readonly queued: number;
}

export function admissionGate({ active, waiting }: GateLimits): Gate {
  let inside = 0;
  const line: Array<() => void> = [];

  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = line.shift();
      // The place passes straight to the next in line, so it cannot be taken in between.
      if (next) next();
      else inside -= 1;
    };
  };

  return {
    async enter() {
      if (inside < active) {
        inside += 1;
        return releaser();
      }
      if (line.length >= waiting) return null;
      await new Promise<void>((resolve) => line.push(resolve));
      return releaser();
    },
    get inside() {
      return inside;
    },
    get queued() {
      return line.length;
    },
  };
}

/**
 * A refusal with everything written in advance: the status, the JSON body
 * and its headers, given as a plain object so the HTTP adapter
 * (@hono/node-server) writes it straight to the socket. Reading or setting
 * a header on a finished answer makes the adapter build a full web
 * Response with a stream for its body, about a tenth of a millisecond
 * each time; 150 refusals arriving together paid that several times over
 * in one stretch of the main thread while /api/health waited.
 *
 * The answer is JSON and loads nothing, so its policy is the strictest
 * one (`default-src 'none'`) rather than the site's.
 */
export function refusal(extraHeaders: Record<string, string>): () => Response {
  const error = poolBusy();
  const body = JSON.stringify(error.body);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'retry-after': String(error.retryAfter),
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    ...extraHeaders,
  };
  return () => new Response(body, { status: error.status, headers });
}

/**
 * Middleware: the route runs only once admitted; a refused request is
 * answered at once by `refuse`, with its body unread and no layer after
 * this one run. Mounted outermost, so that a refusal costs no more than
 * reading the request's head. `applies` narrows it (the token route's
 * refresh grant checks no password, so it is not held).
 */
export function gated(gate: Gate, applies: (c: Context) => boolean, refuse: () => Response): MiddlewareHandler {
  return async (c, next) => {
    if (!applies(c)) return next();
    const release = await gate.enter();
    if (!release) return refuse();
    try {
      await next();
    } finally {
      release();
    }
  };
}
