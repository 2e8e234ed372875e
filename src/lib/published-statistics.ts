/**
 * GET /api/statistics/published: each year's latest figures staff published, for
 * the public statistics and research pages and the staff statistics page.
 * Under the persisted 'statistics' root (src/lib/query-client.ts), so a
 * page read once shows the same figures offline (docs/decisions/0022).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublishedStatisticsAnswer } from '../domain/published-statistics-answer';
import { apiGet } from './api-client';

// Not ['statistics', 'published']: a copy saved under that key holds one snapshot, not the list.
export const publishedStatisticsKey = ['statistics', 'published-years'] as const;

export const publishedStatisticsQuery = queryOptions({
  queryKey: publishedStatisticsKey,
  queryFn: async () => (await apiGet<PublishedStatisticsAnswer>('/statistics/published')).years,
  // The saved copy shows at once (offline too), and each visit asks again: a Publish on another device shows on the next.
  staleTime: 0,
  networkMode: 'offlineFirst',
});

export const usePublishedStatistics = () => useQuery(publishedStatisticsQuery);
