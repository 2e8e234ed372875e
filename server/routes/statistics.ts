/**
 * /api/statistics: what the public pages show of the charity's figures
 * (issue 20, docs/decisions/0022). No sign-in: only what staff published,
 * already past the small-number rule.
 * - GET /published -> {published}: the newest year's latest snapshot, or null
 */
import { Hono } from 'hono';
import type { ScreeningStatsService } from '../services/screening-stats-service';

export function statisticsRoutes(stats: Pick<ScreeningStatsService, 'published'>): Hono {
  const app = new Hono();
  app.get('/published', async (c) => c.json({ published: await stats.published() }));
  return app;
}
