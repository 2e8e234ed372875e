/**
 * Reading a small JSON form body: at most MAX_FORM_BYTES (413 otherwise),
 * and it must be one JSON object (400 otherwise). Field rules come after.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from './errors';

export const MAX_FORM_BYTES = 16 * 1024;

export const formBodyLimit = (): MiddlewareHandler =>
  bodyLimit({
    maxSize: MAX_FORM_BYTES,
    onError: () => {
      throw new ApiError(413, 'TOO_LARGE', `The form is too large (at most ${MAX_FORM_BYTES / 1024} KB).`);
    },
  });

export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, 'bad_request', 'The body must be a JSON object.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'bad_request', 'The body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}
