/** The one validator hook (server/platform/http/valid-body.ts): what each kind of body is answered with. */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { cleanText, z } from '../../src/domain/schema-kit';
import { ApiError, handleError } from '../../server/platform/http/errors';
import { validBody } from '../../server/platform/http/valid-body';
import { silentLogger } from '../../server/platform/logger';

const schema = z.object({ name: cleanText(10, { notText: 'Name must be text.', empty: 'Enter a name.', tooLong: 'Name is too long.' }) });

const app = new Hono();
app.onError(handleError(silentLogger));
app.post('/default', validBody(schema), (c) => c.json({ got: c.req.valid('json') }));
app.post(
  '/own',
  validBody(schema, {
    first: (body) => {
      if (body.trap) throw new ApiError(403, 'BLOCKED', 'Blocked.');
    },
    invalid: (issues) => new ApiError(422, 'EMPTY', 'Own message.', issues),
  }),
  (c) => c.json({ got: c.req.valid('json') }),
);

const post = async (path: string, body: string) => {
  const res = await app.request(path, { method: 'POST', body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('validBody', () => {
  it.each([
    ['/default', '{"name":"  Ann "}', 200, { got: { name: 'Ann' } }],
    ['/default', '{"name":""}', 422, { error: 'validation_failed', message: 'Enter a name.', issues: [{ path: 'name', field: 'name', message: 'Enter a name.' }] }],
    ['/default', '{"name":12}', 422, { error: 'validation_failed', message: 'Name must be text.', issues: [{ path: 'name', field: 'name', message: 'Name must be text.' }] }],
    ['/default', '{"name":"a\\u0000"}', 422, { error: 'validation_failed', message: 'name contains characters that are not allowed.', issues: [{ path: 'name', message: 'name contains characters that are not allowed.' }] }],
    ['/default', '[1]', 400, { error: 'bad_request', message: 'The body must be a JSON object.' }],
    ['/default', '{"name":', 400, { error: 'bad_request', message: 'The body must be a JSON object.' }],
    ['/default', `{"name":"A","x":${'['.repeat(400)}${']'.repeat(400)}}`, 400, { error: 'bad_request', message: 'The body nests objects or arrays too deeply (at most 10 levels).' }],
    ['/own', '{"name":"A","trap":"x"}', 403, { error: 'BLOCKED', message: 'Blocked.' }],
    ['/own', '{}', 422, { error: 'EMPTY', message: 'Own message.', issues: [{ path: 'name', message: 'Name must be text.' }] }],
  ])('%s %s -> %i', async (path, body, status, answer) => {
    expect(await post(path, body)).toEqual({ status, body: answer });
  });
});
