export { createScreeningStatsService } from './screening-stats-service';
export { staffStatisticsRoutes } from './staff-statistics-routes';
export { statisticsRoutes } from './statistics-routes';
export { mountStatistics } from './mount';
