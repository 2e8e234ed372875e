/**
 * Reading a small JSON form body: at most MAX_FORM_BYTES (413 otherwise),
 * it must be one JSON object nested at most MAX_JSON_DEPTH deep (400
 * otherwise), and its text must pass the shared text rule at every depth
 * (422 naming the field). Field rules come after.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from './errors';
import { BAD_TEXT_MESSAGE, findBadText, MAX_JSON_DEPTH, parseJson, tooDeepMessage } from './text-rules';

export const MAX_FORM_BYTES = 16 * 1024;

export const formBodyLimit = (): MiddlewareHandler =>
  bodyLimit({
    maxSize: MAX_FORM_BYTES,
    onError: () => {
      throw new ApiError(413, 'TOO_LARGE', `The form is too large (at most ${MAX_FORM_BYTES / 1024} KB).`);
    },
  });

export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const parsed = parseJson(await c.req.text());
  if (!parsed.ok && parsed.problem === 'too_deep') throw new ApiError(400, 'bad_request', tooDeepMessage(MAX_JSON_DEPTH));
  const body = parsed.ok ? parsed.value : null;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'bad_request', 'The body must be a JSON object.');
  }
  rejectBadText(body);
  return body as Record<string, unknown>;
}

/** 422 naming the first field whose text breaks the shared rule (server/platform/http/text-rules.ts). */
export function rejectBadText(body: unknown): void {
  const path = findBadText(body);
  if (path) {
    const message = `${path} ${BAD_TEXT_MESSAGE}.`;
    throw new ApiError(422, 'validation_failed', message, [{ path, message }]);
  }
}
