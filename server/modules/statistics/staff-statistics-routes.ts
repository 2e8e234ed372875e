/**
 * /api/staff/statistics: the charity's yearly screening figures
 * (docs/decisions/0022-screening-statistics.md), staff only (requireStaff in
 * server/modules/auth/require-staff.ts). Small numbers are hidden by the one rule in
 * src/domain/small-numbers.ts before anything leaves here.
 * - GET  /?year=2025&event_type=all|community|freemasons|corporate
 *        -> {figures, years}: the year's figures (this UK year by default)
 *        and the years with results, newest first; 422 for a bad filter
 * - GET  /export.csv?year=&event_type= -> the same figures as a CSV file
 * - POST /publish {year} -> 201 {published}: the year's figures (every
 *        event type) stored as the public pages' snapshot, audited;
 *        409 year_not_over for this UK year (only a finished year),
 *        409 nothing_to_publish for a year without results,
 *        409 too_little_changed for a year published before whose
 *        figures moved by 1 to 4 since (docs/decisions/0035))
 */
import { Hono, type Context } from 'hono';
import { publishedAnswerSchema, staffStatisticsAnswerSchema, type PublishedAnswer, type StaffStatisticsAnswer } from '../../../src/domain/published-statistics-answer';
import { answers, responds } from '../../platform/http/contract';
import { londonDate } from '../../../src/domain/london-time';
import { publishBodySchema, statisticsQuerySchema } from '../../../src/domain/statistics-bodies';
import { statisticsCsvName } from '../../../src/domain/screening-stats';
import { statisticsCsv } from '../../../src/domain/statistics-csv';
import { formBodyLimit, readJsonObject } from '../../platform/http/json-body';
import type { StaffVariables } from '../auth';
import { parseOr422 } from '../../platform/http/valid-body';
import type { ScreeningStatsService } from './screening-stats-service';
import { actorOf } from '../events';

export function staffStatisticsRoutes(stats: ScreeningStatsService, now: () => Date): Hono<{ Variables: StaffVariables }> {
  const app = new Hono<{ Variables: StaffVariables }>();
  const thisYear = () => Number(londonDate(now()).slice(0, 4));
  const filters = (c: Context) => {
    const { year, event_type } = c.req.query();
    return parseOr422(statisticsQuerySchema(thisYear()), { year, event_type });
  };

  app.get('/', responds(staffStatisticsAnswerSchema), async (c) => {
    const { year, event_type } = filters(c);
    const [figures, years] = await Promise.all([stats.figures(year, event_type), stats.years()]);
    return c.json({ figures, years } satisfies StaffStatisticsAnswer);
  });

  app.get('/export.csv', answers('text/csv', 'The yearly figures as CSV'), async (c) => {
    const { year, event_type } = filters(c);
    const figures = await stats.figures(year, event_type);
    return c.body(statisticsCsv(figures), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${statisticsCsvName(figures)}"`,
    });
  });

  app.post('/publish', formBodyLimit(), responds(publishedAnswerSchema, { status: 201 }), async (c) => {
    const { year } = parseOr422(publishBodySchema(thisYear()), await readJsonObject(c));
    return c.json({ published: await stats.publish(actorOf(c), year) } satisfies PublishedAnswer, 201);
  });

  return app;
}
