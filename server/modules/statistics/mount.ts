/** The statistics module's public mount: the published yearly figures at /api/statistics (the staff views are under /api/staff). */
import type { AppContext } from '../../platform/app-context';
import { createScreeningStatsService } from './screening-stats-service';
import { statisticsRoutes } from './statistics-routes';

export function mountStatistics({ app, db, now }: AppContext): void {
  app.route('/api/statistics', statisticsRoutes(createScreeningStatsService(db, now)));
}
