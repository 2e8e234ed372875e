/**
 * The staff statistics calls: the year's figures (read on demand, not
 * saved on the phone: they are counts about men's health, and change with
 * every result), the CSV download and Publish.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublishedStatistics } from '@/domain/published-statistics';
import type { PublishedAnswer, StaffStatisticsAnswer } from '@/domain/published-statistics-answer';
import type { EventTypeFilter } from '@/domain/screening-stats';
import { memberRequest } from '@/lib/auth';
import { saveDownload } from '@/lib/save-download';
import { ensureOnline } from '@/lib/not-sent';
import { publishedStatisticsKey } from '@/lib/published-statistics';
import { staffKeys } from '../staff-keys';

const query = (year: number, eventType: EventTypeFilter) => `?${new URLSearchParams({ year: String(year), event_type: eventType })}`;

export function useStatistics(userId: string, year: number, eventType: EventTypeFilter) {
  return useQuery({
    queryKey: staffKeys.statistics(userId, year, eventType),
    queryFn: () => memberRequest<StaffStatisticsAnswer>('GET', `/staff/statistics${query(year, eventType)}`),
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}


export const downloadStatisticsCsv = (year: number, eventType: EventTypeFilter, fileName: string) =>
  saveDownload(`/staff/statistics/export.csv${query(year, eventType)}`, fileName, 'text/csv');

export function usePublish() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    retry: 0,
    mutationFn: async (year: number) => {
      await ensureOnline();
      return (await memberRequest<PublishedAnswer>('POST', '/staff/statistics/publish', { year })).published;
    },
    // The new snapshot takes its year's place in the list the public pages read.
    onSuccess: (published) =>
      client.setQueryData<PublishedStatistics[]>(publishedStatisticsKey, (years = []) =>
        [published, ...years.filter((y) => y.year !== published.year)].sort((a, b) => b.year - a.year),
      ),
  });
}
