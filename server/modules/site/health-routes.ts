/** GET /api/health: the browser's "am I really online?" probe, and a load balancer's. */
import { Hono } from 'hono';
import { healthAnswerSchema, type HealthAnswer } from '../../../src/domain/health';
import { responds } from '../../platform/http/contract';
import type { Queryable } from '../../platform/db/adapter';
import { ApiError } from '../../platform/http/errors';
import type { Logger } from '../../platform/logger';

export function healthRoutes(db: Queryable, logger: Logger): Hono {
  const app = new Hono();
  app.get('/', responds(healthAnswerSchema), async (c) => {
    try {
      await db.query('SELECT 1');
    } catch (error) {
      logger.error('Health check: database query failed', error);
      throw new ApiError(503, 'unavailable', 'The database is not answering.');
    }
    return c.json({ status: 'ok' } satisfies HealthAnswer);
  });
  return app;
}
