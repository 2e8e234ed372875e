/** Every news item, newest first, and the Archive dropdown's options (docs/rules.md#news). */
import { newsFrom2020 } from './items-2020';
import { newsFrom2023To2021 } from './items-2023-2021';
import type { NewsItem } from './types';

export type { NewsItem } from './types';

export const NEWS_PAGE_SIZE = 4;

// ISO dates compare as text; localeCompare would load the collator's data on every first visit to /news.
export const newsItems: NewsItem[] = [...newsFrom2023To2021, ...newsFrom2020].sort((a, b) =>
  a.date === b.date ? a.id - b.id : a.date < b.date ? 1 : -1,
);

/** Exactly the archive's options (docs/rules.md#news): value 'all' or 'YYYY-MM', written out rather than formatted when the page loads. */
export const ARCHIVE_OPTIONS: { value: string; label: string }[] = [
  { value: 'all', label: 'All News' },
  { value: '2023-08', label: 'August 2023' },
  { value: '2023-06', label: 'June 2023' },
  { value: '2022-12', label: 'December 2022' },
  { value: '2021-09', label: 'September 2021' },
  { value: '2021-05', label: 'May 2021' },
  { value: '2021-03', label: 'March 2021' },
  { value: '2020-09', label: 'September 2020' },
  { value: '2020-08', label: 'August 2020' },
  { value: '2020-07', label: 'July 2020' },
  { value: '2020-04', label: 'April 2020' },
  { value: '2020-02', label: 'February 2020' },
  { value: '2020-01', label: 'January 2020' },
];

export function newsInMonth(month: string): NewsItem[] {
  return month === 'all' ? newsItems : newsItems.filter((item) => item.date.startsWith(month));
}

export const newsPage = {
  title: 'News',
  description: 'News from CHAPS: screening events, talks, fundraising and patient stories from our PSA screening work.',
};
