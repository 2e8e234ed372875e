/**
 * POST /api/logs/error {errorMessage, description}: the checkout page's
 * failures (docs/rules.md#checkout-messages), kept for support with the
 * member from the token. The page ignores the answer
 * (docs/rules.md#api-shapes), so it is always 202: a missing token, a bad body,
 * a throttled or an oversized report is dropped quietly rather than turned into
 * an error the page would have to handle. Texts are cut to size; at most 30 a
 * member per 10 minutes are kept.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { MemberVerifier } from '../auth';
import type { Database } from '../../platform/db/adapter';
import type { Logger } from '../../platform/logger';
import { takeAttempt } from '../../platform/throttle';
import { withoutBadText } from '../../../src/domain/clean-text';
import { parseJson } from '../../platform/http/text-rules';
import { answers } from '../../platform/http/contract';

const MAX_BODY = 8 * 1024;
const LIMIT = { max: 30, windowMs: 10 * 60_000 };
// What the site's text rule forbids (src/domain/clean-text.ts) is stripped, not refused: the answer is 202 whatever comes.
const clean = (value: unknown, max: number) => (typeof value === 'string' ? withoutBadText(value).slice(0, max) : '');

export function logsRoutes(db: Database, verify: MemberVerifier, now: () => Date, logger: Logger) {
  const app = new Hono();
  const accepted = () => new Response(null, { status: 202 });
  app.post('/error', answers(null, 'Accepted, whatever was sent', { status: 202 }), bodyLimit({ maxSize: MAX_BODY, onError: accepted }), async (c) => {
    try {
      const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
      const member = token && token.length < 8192 ? await verify(token) : null;
      if (!member) return accepted();
      // Nesting is bounded before parsing: a deep description would overflow JSON.stringify below.
      const parsed = parseJson(await c.req.text());
      const body = parsed.ok ? parsed.value : null;
      if (!body || typeof body !== 'object') return accepted();
      const { errorMessage, description } = body as Record<string, unknown>;
      const message = clean(errorMessage, 200);
      if (!message) return accepted();
      if (!(await takeAttempt(db, `client-log:${member.userId}`, now(), LIMIT)).allowed) return accepted();
      await db.query('INSERT INTO client_error_logs (user_id, error_message, description, created_at) VALUES ($1, $2, $3, $4)', [
        member.userId,
        message,
        clean(typeof description === 'string' ? description : JSON.stringify(description ?? ''), 4000),
        now(),
      ]);
    } catch (error) {
      logger.error('Storing a page error log failed', error);
    }
    return accepted();
  });
  return app;
}
