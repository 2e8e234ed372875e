/** Every news item, newest first, and the Archive dropdown's options (SPEC.md section 2, News). */
import { newsFrom2020 } from './items-2020';
import { newsFrom2023To2021 } from './items-2023-2021';
import type { NewsItem } from './types';

export type { NewsItem } from './types';

export const NEWS_PAGE_SIZE = 4;

export const newsItems: NewsItem[] = [...newsFrom2023To2021, ...newsFrom2020].sort((a, b) =>
  a.date === b.date ? a.id - b.id : b.date.localeCompare(a.date),
);

/** Exactly the SPEC's options: value 'all' or 'YYYY-MM'. */
export const ARCHIVE_OPTIONS: { value: string; label: string }[] = [
  { value: 'all', label: 'All News' },
  ...[
    '2023-08', '2023-06', '2022-12', '2021-09', '2021-05', '2021-03',
    '2020-09', '2020-08', '2020-07', '2020-04', '2020-02', '2020-01',
  ].map((value) => {
    const [year = '', month = ''] = value.split('-');
    const label = new Date(Date.UTC(Number(year), Number(month) - 1, 1)).toLocaleDateString('en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return { value, label };
  }),
];

export function newsInMonth(month: string): NewsItem[] {
  return month === 'all' ? newsItems : newsItems.filter((item) => item.date.startsWith(month));
}

export const newsPage = {
  title: 'News',
  description: 'News from CHAPS: screening events, talks, fundraising and patient stories from our PSA screening work.',
};
