/**
 * The statistics module's public mount: the published yearly figures at /api/statistics (the staff views are
 * under /api/staff), and the job that computes again the staff figures of a year changed since they were kept.
 */
import type { AppContext } from '../../platform/app-context';
import { createScreeningStatsService } from './screening-stats-service';
import { statisticsRefreshJob } from './statistics-refresh-job';
import { statisticsRoutes } from './statistics-routes';
import { keptYearFigures } from './year-figures-kept';

export function mountStatistics({ app, db, now, jobs, logger }: AppContext): void {
  app.route('/api/statistics', statisticsRoutes(createScreeningStatsService(db, now)));
  jobs.handle({ statistics_refresh: statisticsRefreshJob(keptYearFigures(db), logger) });
}
