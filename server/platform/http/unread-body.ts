/**
 * Two ends of a request whose body was not read to the end.
 *
 * - Refused as too large (413) before it was read: the server then drains
 *   a little of it and closes the socket (@hono/node-server), so the answer
 *   says `Connection: close` rather than promising a keep-alive it breaks.
 * - Abandoned by the client mid-body: reading it fails with "aborted"
 *   (ECONNRESET). That is the visitor leaving, not a fault of ours, so it
 *   is logged as one line at info, not as an error with a stack.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { IncomingMessage } from 'node:http';

export const closeAfterTooLarge = (): MiddlewareHandler => async (c, next) => {
  await next();
  if (c.res.status === 413) c.header('Connection', 'close');
};

/** Whether `error` came from the client closing the connection before its body arrived. */
export function clientWentAway(c: Context, error: unknown): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const aborted = incoming?.readableAborted === true || c.req.raw.signal?.aborted === true;
  return aborted && error instanceof Error && (error.message === 'aborted' || (error as NodeJS.ErrnoException).code === 'ECONNRESET');
}

export const CLIENT_WENT_AWAY = 'the client closed the connection before sending the whole request';
