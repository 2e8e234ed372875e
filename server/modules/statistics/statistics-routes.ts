/**
 * /api/statistics: what the public pages show of the charity's figures
 * (docs/decisions/0022-screening-statistics.md). No sign-in: only what staff
 * published, already past the small-number rule.
 * - GET /published -> {years, published}: the latest snapshot of each
 *   published year, newest year first; and the newest of them alone, or
 *   null (what the pages before `years` read, kept for a copy of the site
 *   still running in a browser)
 */
import { Hono } from 'hono';
import { publishedStatisticsAnswerSchema, type PublishedStatisticsAnswer } from '../../../src/domain/published-statistics-answer';
import { responds } from '../../platform/http/contract';
import type { ScreeningStatsService } from './screening-stats-service';

export function statisticsRoutes(stats: Pick<ScreeningStatsService, 'published'>): Hono {
  const app = new Hono();
  app.get('/published', responds(publishedStatisticsAnswerSchema), async (c) => {
    const years = await stats.published();
    return c.json({ years, published: years[0] ?? null } satisfies PublishedStatisticsAnswer);
  });
  return app;
}
